package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestMain points the default table directory at a fresh temporary
// directory, so that no test reads or writes the user's own tables or
// proof store.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "geister-cmd-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("GEISTER_TABLES", filepath.Join(dir, "tables"))
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

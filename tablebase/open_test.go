package tablebase

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Opening never writes where it should not: a read-only open of a
// directory that is not a store (empty, foreign, missing) is an error
// naming it and leaves it untouched; a read-write one refuses a foreign
// directory; a store open for writing is ErrLocked to everyone else.
func TestOpenDirectories(t *testing.T) {
	empty := t.TempDir()
	foreign := t.TempDir()
	os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("x"), 0o644)
	missing := filepath.Join(t.TempDir(), "missing")
	for _, dir := range []string{empty, foreign} {
		_, err := OpenReadOnly(dir)
		if !errors.Is(err, ErrNotStore) || !strings.Contains(err.Error(), dir) {
			t.Errorf("OpenReadOnly(%s): %v", dir, err)
		}
	}
	if _, err := OpenReadOnly(missing); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenReadOnly(missing): %v", err)
	}
	if _, err := os.Stat(missing); err == nil {
		t.Errorf("a read-only open created %s", missing)
	}
	if ents, _ := os.ReadDir(empty); len(ents) != 0 {
		t.Errorf("a read-only open wrote %s into an empty directory", ents[0].Name())
	}
	if ents, _ := os.ReadDir(foreign); len(ents) != 1 {
		t.Errorf("a read-only open wrote into a foreign directory: %d files", len(ents))
	}
	if _, err := Open(foreign); !errors.Is(err, ErrNotStore) {
		t.Errorf("Open(foreign): %v", err)
	}
	if ents, _ := os.ReadDir(foreign); len(ents) != 1 {
		t.Errorf("a refused open wrote into a foreign directory: %d files", len(ents))
	}

	db, err := Open(empty) // an empty directory becomes a store
	if err != nil {
		t.Fatal(err)
	}
	for _, open := range []func(string) (*DB, error){Open, OpenReadOnly} {
		if _, err := open(empty); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), empty) {
			t.Errorf("opening a store open for writing: %v", err)
		}
	}
	db.Close()
	r1, err := OpenReadOnly(empty)
	if err != nil {
		t.Fatal(err)
	}
	defer r1.Close()
	r2, err := OpenReadOnly(empty)
	if err != nil {
		t.Fatalf("two readers: %v", err)
	}
	r2.Close()
}

package proofstore

import (
	"os"
	"path/filepath"
	"testing"
)

// OpenForReading never turns a directory that is not a store into one.
func TestOpenForReadingNotAStore(t *testing.T) {
	for _, kind := range []string{"empty", "foreign"} {
		dir := filepath.Join(t.TempDir(), kind)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if kind == "foreign" {
			os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644)
		}
		st, err := OpenForReading(dir)
		if err == nil {
			st.Close()
			t.Fatalf("%s directory opened as a proof store", kind)
		}
		ents, _ := os.ReadDir(dir)
		want := 0
		if kind == "foreign" {
			want = 1
		}
		if len(ents) != want {
			t.Errorf("%s directory: %d entries after the failed open, want %d", kind, len(ents), want)
		}
	}
}

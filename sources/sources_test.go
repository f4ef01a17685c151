package sources_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// A directory that is not a table store is an error when named, a
// warning otherwise; a missing one is no tables either way.
func TestOptionalTables(t *testing.T) {
	junk := t.TempDir()
	if err := os.WriteFile(filepath.Join(junk, "x"), []byte("not a store"), 0o644); err != nil {
		t.Fatal(err)
	}
	var warned []string
	warn := func(m string) { warned = append(warned, m) }
	if db, err := sources.OptionalTables(junk, true, warn); db != nil || !errors.Is(err, tablebase.ErrNotStore) {
		t.Errorf("named junk: %v %v", db, err)
	}
	if db, err := sources.OptionalTables(junk, false, warn); db != nil || err != nil || len(warned) != 1 || !strings.Contains(warned[0], junk) {
		t.Errorf("default junk: %v %v %q", db, err, warned)
	}
	if db, err := sources.OpenTables(filepath.Join(junk, "none")); db != nil || err != nil {
		t.Errorf("missing: %v %v", db, err)
	}
}

// The store is used beside an existing table directory by default, never
// with Off, and OpenStoreIfExists creates none.
func TestOpenStore(t *testing.T) {
	tables := t.TempDir()
	var warned []string
	warn := func(m string) { warned = append(warned, m) }
	if st, release := sources.OpenStore(tables, sources.Store{Off: true}, warn); st != nil {
		release()
		t.Fatal("Off opened a store")
	}
	if st, release := sources.OpenStoreIfExists(tables, sources.Store{On: true}, warn); st != nil || len(warned) != 1 {
		release()
		t.Fatalf("IfExists: %v %q", st, warned)
	}
	st, release := sources.OpenStore(tables, sources.Store{}, warn)
	if st == nil || st.ReadOnly() {
		t.Fatalf("default store beside %s: %v %q", tables, st, warned)
	}
	release()
	if _, err := os.Stat(sources.Store{}.DirFor(tables)); err != nil {
		t.Errorf("the store was not made beside the tables: %v", err)
	}
	missing := filepath.Join(tables, "none")
	if st, release := sources.OpenStore(missing, sources.Store{}, warn); st != nil {
		release()
		t.Error("a store beside a missing table directory")
	}
}

// The warning of a store another process writes ends with the caller's
// note on turning it off, when there is one.
func TestLockedStoreWarningNote(t *testing.T) {
	tables := filepath.Join(t.TempDir(), "tables")
	if err := os.MkdirAll(tables, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := sources.Store{}.DirFor(tables)
	o := proofstore.DefaultOptions()
	writer, err := proofstore.Open(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	defer writer.Close()
	for _, note := range []string{"", "--off silences this"} {
		var warned []string
		warn := func(m string) { warned = append(warned, m) }
		st, release := sources.OpenStore(tables, sources.Store{On: true, OffNote: note}, warn)
		release()
		if st != nil || len(warned) != 1 || !strings.HasSuffix(warned[0], "; going on without it"+map[bool]string{true: "", false: " (" + note + ")"}[note == ""]) {
			t.Errorf("note %q: store %v, warnings %q", note, st, warned)
		}
	}
}

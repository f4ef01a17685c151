package cliflags

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// WithBuildHint words the errors of missing tables as the commands always
// have, keeps their chain, and leaves other errors alone.
func TestWithBuildHint(t *testing.T) {
	dir := t.TempDir()
	_, err := sources.RequireTables(filepath.Join(dir, "none"))
	h := WithBuildHint(err)
	want := fmt.Sprintf("no endgame tables in %s/none (build them with geister build --pieces 5): ", dir)
	if h == nil || len(h.Error()) <= len(want) || h.Error()[:len(want)] != want || !errors.Is(h, fs.ErrNotExist) {
		t.Errorf("missing directory: %v", h)
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	_, err = tablebase.OpenReadOnly(empty)
	h = WithBuildHint(fmt.Errorf("opening: %w", err))
	want = fmt.Sprintf("opening: tablebase: %s is empty, not a table store (build one with geister build --table %s --pieces 5)", empty, empty)
	if h == nil || h.Error() != want || !errors.Is(h, tablebase.ErrNotStore) {
		t.Errorf("empty directory: %v, want %s", h, want)
	}
	h = WithBuildHint(&sources.NoTablesError{Dir: "d"})
	if h.Error() != "no endgame tables in d (build them with geister build --pieces 5)" {
		t.Errorf("no tables: %v", h)
	}
	other := errors.New("other")
	if WithBuildHint(other) != other || WithBuildHint(nil) != nil {
		t.Error("other errors changed")
	}
}

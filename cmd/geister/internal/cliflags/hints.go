package cliflags

import (
	"errors"
	"fmt"

	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// BuildTablesNote is what the commands say to do about a table directory
// without tables.
const BuildTablesNote = "(build them with geister build --pieces 5)"

// WithBuildHint words an error about missing endgame tables as the
// commands do, with how to build them: a *sources.NoTablesError or a
// *tablebase.EmptyDirError. Other errors are returned as they are; the
// chain (errors.Is, errors.As) is kept.
func WithBuildHint(err error) error {
	var none *sources.NoTablesError
	var empty *tablebase.EmptyDirError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &none) && err == error(none):
		if none.Err == nil {
			return &hinted{err, fmt.Sprintf("no endgame tables in %s %s", none.Dir, BuildTablesNote)}
		}
		return &hinted{err, fmt.Sprintf("no endgame tables in %s %s: %v", none.Dir, BuildTablesNote, none.Err)}
	case errors.As(err, &none):
		return &hinted{err, fmt.Sprintf("%v %s", err, BuildTablesNote)}
	case errors.As(err, &empty):
		return &hinted{err, fmt.Sprintf("%v (build one with geister build --table %s --pieces 5)", err, empty.Dir)}
	}
	return err
}

// hinted is an error with the commands' words.
type hinted struct {
	err  error
	text string
}

func (h *hinted) Error() string { return h.text }
func (h *hinted) Unwrap() error { return h.err }

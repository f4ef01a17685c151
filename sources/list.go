package sources

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/tablebase"
)

// ListOptions shape WriteListing's output.
type ListOptions struct {
	JSON bool         // one manifest a line, then {"proof_store":{...}}
	Warn func(string) // gets the warnings
	// EmptyNote, when not empty, follows "no classes in DIR" (what to do
	// about it, in the caller's words).
	EmptyNote string
}

// WriteListing writes what "geister tables" lists: every class of the
// tables in dir (tablebase.WriteClasses, or with o.JSON one manifest a
// line), then the summary of the proof store beside them when it exists
// (with o.JSON one more line {"proof_store":{...}}). A directory without
// tables is an error (*NoTablesError) unless the store exists; a store
// another process writes gives a warning (to o.Warn) instead of its
// figures.
func WriteListing(ctx context.Context, w io.Writer, dir string, o ListOptions) error {
	asJSON, warn := o.JSON, o.Warn
	storeDir := proofstore.DirFor(dir)
	_, noStore := os.Stat(storeDir)
	db, err := tablebase.OpenReadOnly(dir)
	if errors.Is(err, os.ErrNotExist) {
		if noStore != nil {
			return &NoTablesError{Dir: dir}
		}
		err = nil // only the proof store
	}
	if err != nil {
		return err
	}
	var ms []tablebase.Manifest
	if db != nil {
		defer db.Close()
		ms = db.Classes()
	}
	switch {
	case asJSON:
		enc := json.NewEncoder(w)
		for _, m := range ms {
			enc.Encode(m)
		}
	case len(ms) == 0:
		fmt.Fprintf(w, "no classes in %s", dir)
		if o.EmptyNote != "" {
			fmt.Fprintf(w, " %s", o.EmptyNote)
		}
		fmt.Fprintln(w)
	default:
		tablebase.WriteClasses(w, tablebase.Reports(ms), dir, "complete")
		fmt.Fprintf(w, "table directory: %s\n", dir)
	}
	if noStore != nil {
		return nil
	}
	sum, err := proofstore.Summarize(ctx, storeDir)
	if errors.Is(err, proofstore.ErrLocked) {
		warn(fmt.Sprintf("%v: its figures cannot be read while it writes", err))
		return nil
	}
	if err != nil {
		return err
	}
	if asJSON {
		return json.NewEncoder(w).Encode(map[string]proofstore.Summary{"proof_store": sum})
	}
	sum.WriteText(w)
	return nil
}

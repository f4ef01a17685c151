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

// WriteListing writes what "geister tables" lists: every class of the
// tables in dir (tablebase.WriteClasses, or with asJSON one manifest a
// line), then the summary of the proof store beside them when it exists
// (with asJSON one more line {"proof_store":{...}}). A directory without
// tables is an error unless the store exists; a store another process
// writes gives a warning (to warn) instead of its figures.
func WriteListing(ctx context.Context, w io.Writer, dir string, asJSON bool, warn func(string)) error {
	storeDir := proofstore.DirFor(dir)
	_, noStore := os.Stat(storeDir)
	db, err := tablebase.OpenReadOnly(dir)
	if errors.Is(err, os.ErrNotExist) {
		if noStore != nil {
			return fmt.Errorf("no endgame tables in %s (build them with geister build --pieces 5)", dir)
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
		fmt.Fprintf(w, "no classes in %s (build them with geister build --pieces 5)\n", dir)
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

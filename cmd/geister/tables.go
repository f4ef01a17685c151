package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/tablebase"
)

var tablesCommand = command{
	name:    "tables",
	args:    "",
	summary: "list the endgame table classes with their manifest figures",
	details: `Lists every class in the table directory: its positions (both sides to
move; "stored" counts mirror images once), the prover's sure wins and the
opponent's forced wins with the prover (P) or the opponent (O) to move, the
longest distances, the bytes of its blocks, the build time, and whether it
is complete (a class left incomplete by an interrupted build is rebuilt by
the next "geister build"). The last line gives the bytes on disk per
position.

When the proof store beside the tables exists (<table dir>.proofs, kept by
"geister solve"), its entries (wins, exact ones, no-wins, no-wins within a
bound only), bytes, and counters (hits, misses, entries written, corrupt
entries and conflicting proofs met) follow; with --json, as one more line
{"proof_store":{...}} after the classes.`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := tableDirFlag(fs)
		jsonOut := fs.Bool("json", false, "print one JSON object per class (the manifest)")
		return func(e *env, args []string) error {
			if len(args) != 0 {
				return usagef("takes no operands, got %d", len(args))
			}
			d := tableDir(*dir)
			storeDir := proofstore.DirFor(d)
			_, noStore := os.Stat(storeDir)
			db, err := tablebase.OpenReadOnly(d)
			if errors.Is(err, os.ErrNotExist) {
				if noStore != nil {
					return fmt.Errorf("no endgame tables in %s (build them with geister build --pieces 5)", d)
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
			// The proof store, if there is one.
			showStore := func() error {
				if noStore != nil {
					return nil
				}
				sum, err := summarizeStore(e, storeDir)
				if errors.Is(err, proofstore.ErrLocked) {
					fmt.Fprintf(e.stderr, "geister: %v: its figures cannot be read while it writes\n", err)
					return nil
				}
				if err != nil {
					return err
				}
				if *jsonOut {
					return json.NewEncoder(e.stdout).Encode(map[string]storeSummary{"proof_store": sum})
				}
				writeStoreSummary(e.stdout, sum)
				return nil
			}
			if *jsonOut {
				enc := json.NewEncoder(e.stdout)
				for _, m := range ms {
					enc.Encode(m)
				}
				return showStore()
			}
			if len(ms) == 0 {
				fmt.Fprintf(e.stdout, "no classes in %s (build them with geister build --pieces 5)\n", d)
				return showStore()
			}
			rs := make([]tablebase.ClassReport, len(ms))
			for i, m := range ms {
				rs[i] = tablebase.ClassReport{Manifest: m}
			}
			writeManifests(e.stdout, rs, d, "complete")
			fmt.Fprintf(e.stdout, "table directory: %s\n", d)
			return showStore()
		}
	},
}

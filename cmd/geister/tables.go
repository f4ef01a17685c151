package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/tablebase"
)

var tablesCommand = command{
	Name:    "tables",
	Args:    "[merge --out DIR STORE... | status --shared DIR | compare A B]",
	Summary: "list the endgame table classes; merge class stores; show a job build's progress",
	Details: helpText("tables"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := tableDirFlag(fs)
		jsonOut := fs.Bool("json", false, "print one JSON object per class (the manifest)")
		out := fs.String("out", "", "with merge: the store to merge into")
		shared := fs.String("shared", "", "with status: the shared directory of a build submitted with build --submit")
		return func(e *env, args []string) error {
			switch {
			case len(args) > 0 && args[0] == "merge":
				return mergeTables(e, *out, args[1:], *jsonOut)
			case len(args) == 1 && args[0] == "status":
				return tablesStatus(e, *shared, *jsonOut)
			case len(args) == 3 && args[0] == "compare":
				return compareTables(e, args[1], args[2])
			case len(args) != 0:
				return usagef("want no operands, merge --out DIR STORE..., status --shared DIR or compare A B; got %q", args[0])
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
				sum, err := proofstore.Summarize(e.Ctx, storeDir)
				if errors.Is(err, proofstore.ErrLocked) {
					fmt.Fprintf(e.Stderr, "geister: %v: its figures cannot be read while it writes\n", err)
					return nil
				}
				if err != nil {
					return err
				}
				if *jsonOut {
					return json.NewEncoder(e.Stdout).Encode(map[string]proofstore.Summary{"proof_store": sum})
				}
				sum.WriteText(e.Stdout)
				return nil
			}
			if *jsonOut {
				enc := json.NewEncoder(e.Stdout)
				for _, m := range ms {
					enc.Encode(m)
				}
				return showStore()
			}
			if len(ms) == 0 {
				fmt.Fprintf(e.Stdout, "no classes in %s (build them with geister build --pieces 5)\n", d)
				return showStore()
			}
			tablebase.WriteClasses(e.Stdout, tablebase.Reports(ms), d, "complete")
			fmt.Fprintf(e.Stdout, "table directory: %s\n", d)
			return showStore()
		}
	},
}

// mergeTables is "tables merge".
func mergeTables(e *env, out string, stores []string, jsonOut bool) error {
	if out == "" || len(stores) == 0 {
		return usagef("merge wants --out DIR and the stores to merge")
	}
	src, err := tablebase.OpenReadOnly(strings.Join(stores, string(os.PathListSeparator)))
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := tablebase.Open(out)
	if err != nil {
		return err
	}
	rep, err := tablebase.Merge(e.Ctx, dst, src)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if jsonOut {
		json.NewEncoder(e.Stdout).Encode(map[string]any{"copied": rep.Copied, "kept": rep.Kept})
	} else {
		fmt.Fprintf(e.Stdout, "%d classes copied into %s, %d complete there already\n", len(rep.Copied), out, len(rep.Kept))
	}
	return err
}

// compareTables is "tables compare".
func compareTables(e *env, a, b string) error {
	da, err := tablebase.OpenReadOnly(a)
	if err != nil {
		return err
	}
	defer da.Close()
	db, err := tablebase.OpenReadOnly(b)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := tablebase.Compare(e.Ctx, da, db)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "the %d classes complete in %s are in %s with the same entries\n", n, a, b)
	return nil
}

// tablesStatus is "tables status".
func tablesStatus(e *env, shared string, jsonOut bool) error {
	if shared == "" {
		return usagef("status wants --shared DIR")
	}
	sts, err := tablebase.Status(shared)
	if err != nil {
		return err
	}
	return tablebase.WriteStatus(e.Stdout, sts, jsonOut)
}

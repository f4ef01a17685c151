package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

var tablesCommand = command{
	Name:    "tables",
	Args:    "[merge --out DIR STORE... | status --shared DIR | compare A B]",
	Summary: "list the endgame table classes; merge class stores; show a job build's progress",
	Details: helpText("tables"),
	Flags:   commandFlags[tablesCmd],
}

// tablesCmd is geister tables: the values of its flags (declare)
// and the command itself (run).
type tablesCmd struct {
	dir     *string
	jsonOut bool
	out     string
	shared  string
}

// declare declares the flags on fs.
func (cmd *tablesCmd) declare(fs *pflag.FlagSet) {
	cmd.dir = cliflags.TableDir(fs)
	fs.BoolVar(&cmd.jsonOut, "json", false, "print one JSON object per class (the manifest)")
	fs.StringVar(&cmd.out, "out", "", "with merge: the store to merge into")
	fs.StringVar(&cmd.shared, "shared", "", "with status: the shared directory of a build submitted with build --submit")
}

func (cmd *tablesCmd) run(e *env, args []string) error {
	switch {
	case len(args) > 0 && args[0] == "merge":
		return mergeTables(e, cmd.out, args[1:], cmd.jsonOut)
	case len(args) == 1 && args[0] == "status":
		return tablesStatus(e, cmd.shared, cmd.jsonOut)
	case len(args) == 3 && args[0] == "compare":
		return compareTables(e, args[1], args[2])
	case len(args) != 0:
		return usagef("want no operands, merge --out DIR STORE..., status --shared DIR or compare A B; got %q", args[0])
	}
	return cliflags.WithBuildHint(sources.WriteListing(e.Ctx, e.Stdout, cliflags.Dir(*cmd.dir), sources.ListOptions{JSON: cmd.jsonOut, Warn: warner(e.Stderr), EmptyNote: cliflags.BuildTablesNote}))
}

// mergeTables is "tables merge".
func mergeTables(e *env, out string, stores []string, jsonOut bool) error {
	if out == "" || len(stores) == 0 {
		return usagef("merge wants --out DIR and the stores to merge")
	}
	rep, err := tablebase.MergeDirs(e.Ctx, out, stores)
	if rep == nil {
		return err
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
	n, err := tablebase.CompareDirs(e.Ctx, a, b)
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

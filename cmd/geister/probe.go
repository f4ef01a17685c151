package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

var probeCommand = command{
	name:    "probe",
	args:    "POSITION... | -",
	summary: "answer positions from the endgame tables alone",
	details: helpText("probe"),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := tableDirFlag(fs)
		jsonOut := fs.Bool("json", false, "print one JSON object per position (SPEC.md section 5)")
		prover := fs.String("prover", "", "whose sure win to ask: f (first player) or s (second); default: the side showing all its colours")
		storeOpts := addStoreFlags(fs, "It answers, after the tables, positions that solve proved before (source \"store\").")
		return func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("want positions (quoted) or - to read them from standard input")
			}
			pl, err := proverFlag(*prover)
			if err != nil {
				return err
			}
			inputs, err := positionInputs(e, args)
			if err != nil {
				return err
			}
			st, release := openStoreIfExists(e, tableDir(*dir), storeOpts)
			defer release()
			db, err := openTablesForReading(tableDir(*dir))
			if err != nil && st == nil {
				for range inputs {
				}
				return err
			}
			opts := solver.Options{LookupOnly: true, TTMegabytes: 1}
			if db != nil {
				defer db.Close()
				opts.Tables = db
			}
			if st != nil {
				opts.Store = st
			}
			s := solver.New(opts)
			failed := false
			for text := range inputs {
				p, prover, err := probeQuestion(text, pl)
				var a solver.Answer
				if err == nil {
					a, err = s.Solve(e.ctx, p, prover)
				}
				if err != nil {
					failed = true
				}
				if *jsonOut {
					writeProbeJSON(e.stdout, text, a, err)
				} else {
					writeProbeText(e.stdout, text, a, err)
				}
			}
			if failed {
				return errReported
			}
			return nil
		}
	},
}

// probeQuestion reads a probe's position and its prover (pl, or the
// default of SPEC §4), refusing a finished game.
func probeQuestion(text string, pl *engine.Player) (engine.Position, engine.Player, error) {
	p, err := engine.ParsePosition(text)
	if err != nil {
		return p, 0, err
	}
	var prover engine.Player
	if pl != nil {
		prover = *pl
		if err := purple.CheckProver(&p, prover); err != nil {
			return p, prover, err
		}
	} else if prover, err = purple.DefaultProver(&p); err != nil {
		return p, prover, err
	}
	if p.Outcome() != engine.Ongoing {
		return p, prover, fmt.Errorf("the game is over in %s", p.String())
	}
	return p, prover, nil
}

// writeProbeJSON writes solve's JSON line (exact false for an upper
// bound from the store), without nodes, with the opponent's forced win.
func writeProbeJSON(w io.Writer, text string, a solver.Answer, err error) {
	out := toJSON(solver.Job{Text: text}, a, err, true)
	out.Nodes = nil
	if a.LossPlies > 0 {
		out.LossPlies = &a.LossPlies
	}
	writeJSONLine(w, out)
}

func writeProbeText(w io.Writer, text string, a solver.Answer, err error) {
	if err != nil {
		fmt.Fprintf(w, "%s: error: %v\n", text, err)
		return
	}
	who := "first"
	if a.Prover == engine.Second {
		who = "second"
	}
	switch {
	case a.Result == solver.Win:
		within := ""
		if !a.Exact {
			within = "at most "
		}
		fmt.Fprintf(w, "%s: the %s player surely wins in %s%d plies", a.Position, who, within, a.Plies)
		if a.Move != engine.NoMove {
			fmt.Fprintf(w, " with %s", a.Move)
		}
		fmt.Fprintf(w, "; line %s", strings.Join(moveStrings(a.PV), " "))
		if a.Source == "store" {
			fmt.Fprint(w, " (proof store)")
		}
		fmt.Fprintln(w)
	case a.LossPlies > 0:
		fmt.Fprintf(w, "%s: no sure win for the %s player; the opponent forces a win in %d plies (purple pieces)\n", a.Position, who, a.LossPlies)
	case a.Source == "store":
		fmt.Fprintf(w, "%s: no sure win for the %s player (proof store)\n", a.Position, who)
	default:
		fmt.Fprintf(w, "%s: no sure win for the %s player (and no forced win for the opponent)\n", a.Position, who)
	}
}

// openTablesForReading opens an existing table directory, read-only if it
// can (other processes may read it at the same time), else read-write
// (a store left by an interrupted build needs its log replayed once).
func openTablesForReading(dir string) (*tablebase.DB, error) {
	db, err := tablebase.OpenReadOnly(dir) // a path list of stores too
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no endgame tables in %s (build them with geister build --pieces 5): %w", dir, err)
	}
	return db, err
}

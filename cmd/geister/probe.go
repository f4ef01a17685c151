package main

import (
	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/internal/cli"
	"github.com/geister-solver/geister/internal/cliflags"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
)

var probeCommand = command{
	Name:    "probe",
	Args:    "POSITION... | -",
	Summary: "answer positions from the endgame tables alone",
	Details: helpText("probe"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := cliflags.TableDir(fs)
		jsonOut := fs.Bool("json", false, "print one JSON object per position (SPEC.md section 5)")
		prover := fs.String("prover", "", "whose sure win to ask: f (first player) or s (second); default: the side showing all its colours")
		storeOpts := cliflags.AddStore(fs, "It answers, after the tables, positions that solve proved before (source \"store\").")
		return func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("want positions (quoted) or - to read them from standard input")
			}
			pl, err := cliflags.Prover(*prover)
			if err != nil {
				return err
			}
			in, err := inputs(e, args)
			if err != nil {
				return err
			}
			texts := solver.Texts(in)
			st, release := storeOpts.OpenIfExists(cliflags.Dir(*dir), warner(e.Stderr))
			defer release()
			db, err := sources.RequireTables(cliflags.Dir(*dir))
			err = cliflags.WithBuildHint(err)
			if err != nil && st == nil {
				for range texts {
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
			for text := range texts {
				a, err := s.Probe(e.Ctx, text, pl)
				if err != nil {
					failed = true
				}
				if *jsonOut {
					writeJSONLine(e.Stdout, solver.ProbeJSON(text, a, err))
				} else {
					solver.WriteProbeText(e.Stdout, text, a, err)
				}
			}
			return cli.Reported(failed)
		}
	},
}

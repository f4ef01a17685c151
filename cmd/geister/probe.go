package main

import (
	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
)

var probeCommand = command{
	Name:    "probe",
	Args:    "POSITION... | -",
	Summary: "answer positions from the endgame tables alone",
	Details: helpText("probe"),
	Flags:   commandFlags[probeCmd],
}

// probeCmd is geister probe: the values of its flags (declare)
// and the command itself (run).
type probeCmd struct {
	dir       *string
	jsonOut   bool
	prover    string
	storeOpts cliflags.Store
}

// declare declares the flags on fs.
func (cmd *probeCmd) declare(fs *pflag.FlagSet) {
	cmd.dir = cliflags.TableDir(fs)
	fs.BoolVar(&cmd.jsonOut, "json", false, "print one JSON object per position (SPEC.md section 5)")
	fs.StringVar(&cmd.prover, "prover", "", "whose sure win to ask: f (first player) or s (second); default: the side showing all its colours")
	cmd.storeOpts = cliflags.AddStore(fs, "It answers, after the tables, positions that solve proved before (source \"store\").")
}

func (cmd *probeCmd) run(e *env, args []string) error {
	if len(args) == 0 {
		return usagef("want positions (quoted) or - to read them from standard input")
	}
	pl, err := cliflags.Prover(cmd.prover)
	if err != nil {
		return err
	}
	in, err := inputs(e, args)
	if err != nil {
		return err
	}
	texts := solver.Texts(in)
	st, release := cmd.storeOpts.OpenIfExists(cliflags.Dir(*cmd.dir), warner(e.Stderr))
	defer release()
	db, err := sources.RequireTables(cliflags.Dir(*cmd.dir))
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
		if cmd.jsonOut {
			writeJSONLine(e.Stdout, solver.ProbeJSON(text, a, err))
		} else {
			solver.WriteProbeText(e.Stdout, text, a, err)
		}
	}
	return cli.Reported(failed)
}

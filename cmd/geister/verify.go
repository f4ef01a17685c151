package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/internal/cli"
	"github.com/geister-solver/geister/internal/cliflags"
	"github.com/geister-solver/geister/internal/progress"
	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

var verifyCommand = command{
	Name:    "verify",
	Args:    "FILE | - | --table DIR [CLASS...] | --store [--store-dir DIR]",
	Summary: "re-check the wins claimed by solve --json (and endgame tables, the proof store)",
	Details: helpText("verify"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		exact := fs.Bool("exact", false, "also check that no win exists in fewer plies than claimed (a second search)")
		timeLimit := fs.Duration("time", 5*time.Minute, "time limit per line, or per proof store entry (0: none)")
		ttMB := fs.Int("tt", 128, "table size in MiB of the fresh searches")
		quiet := fs.Bool("quiet", false, "print only disagreements and the summary; no progress")
		jsonOut := fs.Bool("json", false, `print one JSON object per line checked and a last {"summary":...} (with --table, --store: one report object)`)
		store := cli.AddSwitch(fs, "store", "check the proof store instead of solve output (a switch; its location is --store-dir)")
		storeDir := fs.String("store-dir", "", "the proof store's directory (default: beside the default table directory, "+proofstore.DirFor("$GEISTER_TABLES")+")")
		table := fs.String("table", "", "check the endgame tables in this directory instead of solve output (operands: the classes to check, default all)")
		sample := fs.Int("sample", 0, "random sample size: with --table, positions of each class compared with df-pn (default 200); with --store, entries re-searched (default 100); 0: none")
		seed := fs.Uint64("seed", 1, "seed of the random sample")
		nodes := fs.Uint64("nodes", 300_000, "with --table: df-pn budget of each comparison (searched positions; an unknown counts as no disagreement)")
		cli.Alias(fs, "samples", "sample")
		cli.Alias(fs, "sample-nodes", "nodes")
		return func(e *env, args []string) error {
			if store.Old != "" {
				fmt.Fprintf(e.Stderr, "geister verify: --store=%s is deprecated: use --store --store-dir %s\n", store.Old, store.Old)
				*storeDir = store.Old
			}
			if *sample < 0 || *timeLimit < 0 || *ttMB < 1 {
				return usagef("--sample and --time must not be negative, --tt at least 1")
			}
			checkStore := store.On || *storeDir != ""
			if err := cli.OnlyWith(fs,
				cli.OnlyIf(*table != "" || checkStore, "--%s applies only with --table or --store", "sample", "samples", "seed"),
				cli.OnlyIf(*table != "", "--%s applies only with --table", "nodes", "sample-nodes"),
				cli.OnlyIf(*table == "" && !checkStore, "--%s applies only to answer lines, not with --table or --store", "exact"),
			); err != nil {
				return err
			}
			switch {
			case *table != "" && checkStore:
				return usagef("give --table (check the tables) or --store (check the proof store), not both")
			case *table != "":
				if !fs.Changed("sample") && !fs.Changed("samples") {
					*sample = 200
				}
				return verifyTables(e, *table, args, solver.CrossCheckOptions{Samples: *sample, Seed: *seed, Nodes: *nodes, TTMegabytes: *ttMB}, *quiet, *jsonOut)
			case checkStore:
				if len(args) != 0 {
					return usagef("--store is a switch and takes no operands: give the store's directory with --store-dir %s", args[0])
				}
				if !fs.Changed("sample") && !fs.Changed("samples") {
					*sample = 100
				}
				dir := *storeDir
				if dir == "" {
					dir = proofstore.DirFor(tablebase.DefaultDir())
				}
				return verifyStore(e, dir, proofstore.VerifyOptions{Sample: *sample, Seed: *seed, Time: *timeLimit, TTMegabytes: *ttMB}, *quiet, *jsonOut)
			}
			if len(args) > 1 {
				return usagef("want one file (or - for standard input), got %d operands", len(args))
			}
			var r io.Reader = e.Stdin
			name := "standard input"
			switch {
			case len(args) == 1 && args[0] != "-":
				f, closeF, err := cli.OpenOperand(e, args[0])
				if err != nil {
					return err
				}
				defer closeF()
				r, name = f, args[0]
			case len(args) == 0:
				if f, ok := e.Stdin.(*os.File); ok {
					if fi, err := f.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
						return usagef("want a file of solve --json lines, or - to read them from standard input")
					}
				}
				fmt.Fprintln(e.Stderr, "geister verify: reading answer lines from standard input")
			}
			return verifyClaims(e, r, name, *exact, *timeLimit, *ttMB, *quiet, *jsonOut)
		}
	},
}

// verifyClaims checks every answer line read from r (solver.CheckLines).
func verifyClaims(e *env, r io.Reader, name string, exact bool, timeLimit time.Duration, ttMB int, quiet, asJSON bool) error {
	count, err := solver.CheckLines(e.Ctx, r, exact, timeLimit, ttMB, solver.ClaimPrinter(e.Stdout, name, quiet, asJSON))
	if err != nil {
		return fmt.Errorf("reading %s: %w", name, err)
	}
	count.Write(e.Stdout, asJSON)
	return cli.Reported(count.Failed())
}

// verifyTables checks the endgame tables in dir (sources.VerifyTables).
func verifyTables(e *env, dir string, args []string, o solver.CrossCheckOptions, quiet, asJSON bool) error {
	cs, err := cliflags.ParseClasses(args, nil)
	if err != nil {
		return err
	}
	bar := &progress.Bar{W: e.Stderr}
	show := func(p tablebase.Progress) { bar.Draw(p.Line()) }
	if quiet {
		show = nil
	}
	check, err := sources.VerifyTables(e.Ctx, dir, cs, o, show)
	bar.Finish()
	if err != nil {
		return cliflags.WithBuildHint(err)
	}
	if asJSON {
		writeJSONLine(e.Stdout, check)
	} else {
		check.WriteText(e.Stdout, o)
	}
	return cli.Reported(!check.OK)
}

// verifyStore checks the proof store in dir (sources.VerifyStore).
func verifyStore(e *env, dir string, o proofstore.VerifyOptions, quiet, asJSON bool) error {
	start := time.Now()
	show, end := progress.Over(e.Stderr)
	if !quiet {
		o.Progress = func(done, total int) {
			show(fmt.Sprintf("verify --store: %d/%d entries re-searched, %v", done, total, time.Since(start).Round(time.Second)))
		}
	}
	check, err := sources.VerifyStore(e.Ctx, dir, o)
	end()
	if err != nil {
		return err
	}
	if asJSON {
		writeJSONLine(e.Stdout, check)
	} else {
		check.WriteText(e.Stdout, quiet)
	}
	return cli.Reported(!check.OK)
}

package main

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/internal/progress"
	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

var verifyCommand = command{
	Name:    "verify",
	Args:    "FILE | - | --table DIR [CLASS...] | --store [--store-dir DIR] | --proof FILE",
	Summary: "re-check the wins claimed by solve --json (and endgame tables, the proof store)",
	Details: helpText("verify"),
	Flags:   commandFlags[verifyCmd],
}

// verifyCmd is geister verify: the values of its flags (declare)
// and the command itself (run).
type verifyCmd struct {
	given     *pflag.FlagSet // the flags as parsed: which were given
	exact     bool
	timeLimit time.Duration
	ttMB      int
	quiet     bool
	jsonOut   bool
	store     *cli.Switch
	storeDir  string
	table     string
	sample    int
	seed      uint64
	nodes     uint64
	proofFile string
}

// declare declares the flags on fs.
func (cmd *verifyCmd) declare(fs *pflag.FlagSet) {
	fs.BoolVar(&cmd.exact, "exact", false, "also check that no win exists in fewer plies than claimed (a second search)")
	fs.DurationVar(&cmd.timeLimit, "time", 5*time.Minute, "time limit per line, or per proof store entry (0: none)")
	fs.IntVar(&cmd.ttMB, "tt", 128, "table size in MiB of the fresh searches")
	fs.BoolVar(&cmd.quiet, "quiet", false, "print only disagreements and the summary; no progress")
	fs.BoolVar(&cmd.jsonOut, "json", false, `print one JSON object per line checked and a last {"summary":...} (with --table, --store: one report object)`)
	cmd.store = cli.AddSwitch(fs, "store", "check the proof store instead of solve output (a switch; its location is --store-dir)")
	fs.StringVar(&cmd.storeDir, "store-dir", "", "the proof store's directory (default: beside the default table directory, "+proofstore.DirFor("$GEISTER_TABLES")+")")
	fs.StringVar(&cmd.table, "table", "", "check the endgame tables in this directory instead of solve output (operands: the classes to check, default all)")
	fs.IntVar(&cmd.sample, "sample", 0, "random sample size: with --table, positions of each class compared with df-pn (default 200); with --store, entries re-searched (default 100); 0: none")
	fs.Uint64Var(&cmd.seed, "seed", 1, "seed of the random sample")
	fs.Uint64Var(&cmd.nodes, "nodes", 300_000, "with --table: df-pn budget of each comparison (searched positions; an unknown counts as no disagreement)")
	fs.StringVar(&cmd.proofFile, "proof", "", "check the proof file written by solve --proof instead, by the rules alone (its table leaves in the tables of --table DIR, verified first)")
	cli.Alias(fs, "samples", "sample")
	cli.Alias(fs, "sample-nodes", "nodes")
}

// parsed notes which flags were given.
func (cmd *verifyCmd) parsed(fs *pflag.FlagSet) { cmd.given = fs }

func (cmd *verifyCmd) run(e *env, args []string) error {
	if cmd.store.Old != "" {
		fmt.Fprintf(e.Stderr, "geister verify: --store=%s is deprecated: use --store --store-dir %s\n", cmd.store.Old, cmd.store.Old)
		cmd.storeDir = cmd.store.Old
	}
	if cmd.sample < 0 || cmd.timeLimit < 0 || cmd.ttMB < 1 {
		return usagef("--sample and --time must not be negative, --tt at least 1")
	}
	checkStore := cmd.store.On || cmd.storeDir != ""
	if cmd.proofFile != "" {
		if checkStore || len(args) != 0 {
			return usagef("--proof FILE checks one proof file: no operands, no --store")
		}
		if err := cli.OnlyWith(cmd.given, cli.OnlyIf(false, "--%s does not apply with --proof", "exact", "sample", "samples", "seed", "nodes", "sample-nodes", "tt")); err != nil {
			return err
		}
		return verifyProof(e, cmd.proofFile, cmd.table, cmd.timeLimit, cmd.jsonOut)
	}
	if err := cli.OnlyWith(cmd.given,
		cli.OnlyIf(cmd.table != "" || checkStore, "--%s applies only with --table or --store", "sample", "samples", "seed"),
		cli.OnlyIf(cmd.table != "", "--%s applies only with --table", "nodes", "sample-nodes"),
		cli.OnlyIf(cmd.table == "" && !checkStore, "--%s applies only to answer lines, not with --table or --store", "exact"),
	); err != nil {
		return err
	}
	switch {
	case cmd.table != "" && checkStore:
		return usagef("give --table (check the tables) or --store (check the proof store), not both")
	case cmd.table != "":
		if !cmd.given.Changed("sample") && !cmd.given.Changed("samples") {
			cmd.sample = 200
		}
		return verifyTables(e, cmd.table, args, solver.CrossCheckOptions{Samples: cmd.sample, Seed: cmd.seed, Nodes: cmd.nodes, TTMegabytes: cmd.ttMB}, cmd.quiet, cmd.jsonOut)
	case checkStore:
		if len(args) != 0 {
			return usagef("--store is a switch and takes no operands: give the store's directory with --store-dir %s", args[0])
		}
		if !cmd.given.Changed("sample") && !cmd.given.Changed("samples") {
			cmd.sample = 100
		}
		dir := cmd.storeDir
		if dir == "" {
			dir = proofstore.DirFor(tablebase.DefaultDir())
		}
		return verifyStore(e, dir, proofstore.VerifyOptions{Sample: cmd.sample, Seed: cmd.seed, Time: cmd.timeLimit, TTMegabytes: cmd.ttMB}, cmd.quiet, cmd.jsonOut)
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
	return verifyClaims(e, r, name, cmd.exact, cmd.timeLimit, cmd.ttMB, cmd.quiet, cmd.jsonOut)
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

package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
)

var enumerateCommand = command{
	Name:    "enumerate",
	Args:    "CLASS",
	Summary: "list the sure-win positions of a material class with their distances",
	Details: helpText("enumerate"),
	Flags:   commandFlags[enumerateCmd],
}

// enumerateCmd is geister enumerate: the values of its flags (declare)
// and the command itself (run).
type enumerateCmd struct {
	given     *pflag.FlagSet // the flags as parsed: which were given
	dir       *string
	dtw       int
	minDTW    int
	side      string
	unique    bool
	limit     int
	line      bool
	jsonOut   bool
	sample    int
	seed      uint64
	nodes     uint64
	timeLimit time.Duration
	threads   int
	storeOpts cliflags.Store
}

// declare declares the flags on fs.
func (cmd *enumerateCmd) declare(fs *pflag.FlagSet) {
	cmd.dir = cliflags.TableDir(fs)
	fs.IntVar(&cmd.dtw, "dtw", 0, "keep positions with exactly this distance to win (plies)")
	fs.IntVar(&cmd.minDTW, "min-dtw", 0, "keep positions with at least this distance to win")
	fs.StringVar(&cmd.side, "side", "", "keep positions with this side to move: f (the prover, first player of the canonical form) or s (the opponent)")
	fs.BoolVar(&cmd.unique, "unique", false, "keep positions (prover to move) in which exactly one move keeps the sure win")
	fs.IntVar(&cmd.limit, "limit", 0, "stop after printing this many positions (0: no limit); the counts then cover what was scanned")
	fs.BoolVar(&cmd.line, "line", false, "print a principal line after each position (the opponent resisting longest)")
	fs.BoolVar(&cmd.jsonOut, "json", false, `print one JSON object per position (SPEC.md section 5 fields) and a last {"summary":...} line`)
	fs.IntVar(&cmd.sample, "sample", 0, "instead of the tables: draw this many random positions of the class and solve them by df-pn")
	fs.Uint64Var(&cmd.seed, "seed", 1, "with --sample: the seed of the draw")
	fs.Uint64Var(&cmd.nodes, "nodes", 1_000_000, "with --sample: df-pn budget per position (searched positions)")
	fs.DurationVar(&cmd.timeLimit, "time", 30*time.Second, "with --sample: time limit per position")
	cliflags.ThreadsVar(fs, &cmd.threads, "with --sample: positions solved at once")
	cmd.storeOpts = cliflags.AddStore(fs, "With --sample it answers positions proven before (source \"store\") and keeps what the sample proves.")
}

// parsed notes which flags were given.
func (cmd *enumerateCmd) parsed(fs *pflag.FlagSet) { cmd.given = fs }

func (cmd *enumerateCmd) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want one class, like 1B1R-2U1r")
	}
	c, err := purple.ParseClass(args[0])
	if err != nil {
		return usagef("%v", err)
	}
	if !c.Valid() {
		return usagef("class %s has no positions with the game on", c)
	}
	f := solver.Filter{DTW: cmd.dtw, MinDTW: cmd.minDTW, Side: -1, Unique: cmd.unique}
	switch cmd.side {
	case "":
	case "f":
		f.Side = 0
	case "s":
		f.Side = 1
	default:
		return usagef("--side %q: want f (the prover) or s (the opponent)", cmd.side)
	}
	if err := f.Check(); err != nil {
		return usagef("%s", strings.TrimPrefix(err.Error(), "solver: "))
	}
	if cmd.limit < 0 || cmd.sample < 0 {
		return usagef("--limit and --sample must not be negative")
	}
	if err := cliflags.CheckThreads(cmd.threads); err != nil {
		return err
	}
	if err := cli.OnlyWith(cmd.given, cli.OnlyIf(cmd.sample != 0, "--%s applies only with --sample", "seed", "nodes", "time", "threads")); err != nil {
		return err
	}
	if cmd.sample > 0 {
		if cmd.unique {
			return usagef("--unique needs the tables, not --sample")
		}
		return runSample(e, c, f, cmd.sample, cmd.seed, cmd.nodes, cmd.timeLimit, cliflags.Threads(cmd.threads), cmd.limit, cmd.line, cmd.jsonOut, cliflags.Dir(*cmd.dir), cmd.storeOpts)
	}
	d := cliflags.Dir(*cmd.dir)
	db, closeDB, err := openTablesDB(d)
	if err != nil {
		return err
	}
	defer closeDB()
	if db == nil || !db.Has(c) {
		return fmt.Errorf("class %s is not complete in the tables in %s: build it (geister build --table %s %s) or use --sample K", c, d, d, c)
	}
	start := time.Now()
	printed := 0
	counts, err := sources.EnumerateTable(e.Ctx, db, c, f, cmd.line, func(en solver.Enumerated, a solver.Answer) error {
		printed++
		solver.WriteEnumerated(e.Stdout, en.Pos, a, en.Mirrors, false, cmd.jsonOut)
		if cmd.limit > 0 && printed >= cmd.limit {
			return solver.ErrStop
		}
		return nil
	}, func(scanned, total uint64) {
		fmt.Fprintf(e.Stderr, "enumerate %s: %d/%d positions scanned (%.0f%%), %v\n", c, scanned, total, 100*float64(scanned)/float64(total), time.Since(start).Round(time.Second))
	})
	if err != nil {
		return err
	}
	sum := solver.EnumSummary{Class: c.String(), Source: "table", EnumCounts: counts, ElapsedMS: solver.Milliseconds(time.Since(start))}
	return sum.Write(e.Stdout, cmd.jsonOut)
}

// runSample solves random positions of c by df-pn (solver.SampleClass).
func runSample(e *env, c purple.Class, f solver.Filter, n int, seed, nodes uint64, timeLimit time.Duration, threads, limit int, line, asJSON bool, dir string, storeOpts cliflags.Store) error {
	opts := solver.Options{Shortest: true, MaxNodes: nodes, TTMegabytes: 256}
	db, closeTables, err := openTablesDB(dir)
	if err != nil {
		return err
	}
	defer closeTables()
	if db != nil {
		opts.Tables = db
	}
	if st, release := storeOpts.Open(dir, warner(e.Stderr)); st != nil {
		defer release()
		opts.Store = st
	}
	start, last := time.Now(), time.Now()
	printed, done := 0, 0
	sc, err := solver.SampleClass(e.Ctx, c, f, n, seed, opts, threads, timeLimit, func(s solver.Sampled) {
		if done++; time.Since(last) > 2*time.Second {
			last = time.Now()
			fmt.Fprintf(e.Stderr, "sample %s: %d/%d solved, %v\n", c, done, n, time.Since(start).Round(time.Second))
		}
		if limit > 0 && printed >= limit {
			return
		}
		printed++
		a := s.Answer
		if !line {
			a.PV = nil
		}
		solver.WriteEnumerated(e.Stdout, s.Pos, a, 0, true, asJSON)
	})
	if err != nil {
		if e.Ctx.Err() != nil {
			return fmt.Errorf("interrupted: %w", err)
		}
		return err
	}
	sum := solver.SampleSummary(c.String(), sc, n, fmt.Sprintf("%d nodes, %v per position", nodes, timeLimit), time.Since(start))
	return sum.Write(e.Stdout, asJSON)
}

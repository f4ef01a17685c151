package main

import (
	"fmt"
	"runtime"
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
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := cliflags.TableDir(fs)
		dtw := fs.Int("dtw", 0, "keep positions with exactly this distance to win (plies)")
		minDTW := fs.Int("min-dtw", 0, "keep positions with at least this distance to win")
		side := fs.String("side", "", "keep positions with this side to move: f (the prover, first player of the canonical form) or s (the opponent)")
		unique := fs.Bool("unique", false, "keep positions (prover to move) in which exactly one move keeps the sure win")
		limit := fs.Int("limit", 0, "stop after printing this many positions (0: no limit); the counts then cover what was scanned")
		line := fs.Bool("line", false, "print a principal line after each position (the opponent resisting longest)")
		jsonOut := fs.Bool("json", false, `print one JSON object per position (SPEC.md section 5 fields) and a last {"summary":...} line`)
		sample := fs.Int("sample", 0, "instead of the tables: draw this many random positions of the class and solve them by df-pn")
		seed := fs.Uint64("seed", 1, "with --sample: the seed of the draw")
		nodes := fs.Uint64("nodes", 1_000_000, "with --sample: df-pn budget per position (searched positions)")
		timeLimit := fs.Duration("time", 30*time.Second, "with --sample: time limit per position")
		threads := fs.Int("threads", runtime.NumCPU(), "with --sample: positions solved at once")
		storeOpts := cliflags.AddStore(fs, "With --sample it answers positions proven before (source \"store\") and keeps what the sample proves.")
		return func(e *env, args []string) error {
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
			f := solver.Filter{DTW: *dtw, MinDTW: *minDTW, Side: -1, Unique: *unique}
			switch *side {
			case "":
			case "f":
				f.Side = 0
			case "s":
				f.Side = 1
			default:
				return usagef("--side %q: want f (the prover) or s (the opponent)", *side)
			}
			if err := f.Check(); err != nil {
				return usagef("%s", strings.TrimPrefix(err.Error(), "solver: "))
			}
			if *limit < 0 || *sample < 0 || *threads < 1 {
				return usagef("--limit and --sample must not be negative, --threads at least 1")
			}
			if err := cli.OnlyWith(fs, cli.OnlyIf(*sample != 0, "--%s applies only with --sample", "seed", "nodes", "time", "threads")); err != nil {
				return err
			}
			if *sample > 0 {
				if *unique {
					return usagef("--unique needs the tables, not --sample")
				}
				return runSample(e, c, f, *sample, *seed, *nodes, *timeLimit, *threads, *limit, *line, *jsonOut, cliflags.Dir(*dir), storeOpts)
			}
			d := cliflags.Dir(*dir)
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
			counts, err := sources.EnumerateTable(e.Ctx, db, c, f, *line, func(en solver.Enumerated, a solver.Answer) error {
				printed++
				solver.WriteEnumerated(e.Stdout, en.Pos, a, en.Mirrors, false, *jsonOut)
				if *limit > 0 && printed >= *limit {
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
			return sum.Write(e.Stdout, *jsonOut)
		}
	},
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

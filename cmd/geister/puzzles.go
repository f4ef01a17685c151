package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/puzzles"
	"github.com/geister-solver/geister/sources"
)

var puzzlesCommand = command{
	Name:    "puzzles",
	Summary: "make endgame puzzles: sure wins of a given length, sorted by kind",
	Details: helpText("puzzles"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		prover := fs.String("prover", "", "the prover's material: blues B and reds R, e.g. 2B1R (with --opponent)")
		opponent := fs.String("opponent", "", "the opponent's hidden pieces U of which r are red, e.g. 2U1r (with --prover)")
		maxPieces := fs.Int("max-pieces", 7, "without --prover/--opponent: random classes of 4 to this many pieces")
		minPlies := fs.Int("min-plies", 11, "keep sure wins of at least this many plies (exact distance)")
		unique := fs.Bool("unique", false, "keep positions with exactly one winning first move")
		count := fs.Int("count", 10, "puzzles wanted")
		seed := fs.Uint64("seed", 1, "seed of the random draws")
		draws := fs.Int("draws", 1_000_000, "stop after this many positions drawn")
		nodes := fs.Uint64("nodes", 2_000_000, "searched positions per search at most (a draw a search cannot settle is passed over)")
		ttMB := fs.Int("tt", 64, "transposition table size in MiB (taken as the search needs it)")
		buildPieces := fs.Int("build-pieces", 5, "with --prover/--opponent: build the class's table first (in a temporary directory) when the tables lack it and it has at most this many pieces; 0: never")
		tf := cliflags.AddTables(fs, "do not use the endgame tables (nor build one)")
		jsonOut := fs.Bool("json", false, "print one JSON object per puzzle")
		quiet := fs.Bool("quiet", false, "no progress lines on standard error")
		return func(e *env, args []string) error {
			if len(args) > 0 {
				return usagef("no operands expected, got %q", strings.Join(args, " "))
			}
			var class *purple.Class
			switch {
			case *prover != "" && *opponent != "":
				c, err := purple.ParseClass(*prover + "-" + *opponent)
				if err != nil {
					return usagef("--prover %s --opponent %s: %v", *prover, *opponent, err)
				}
				class = &c
			case *prover != "" || *opponent != "":
				return usagef("--prover and --opponent go together: give both, or neither for random classes")
			}
			if err := cli.Check(
				cli.Want(*count >= 1 && *minPlies >= 1 && *draws >= 1, "--count, --min-plies and --draws: want 1 or more"),
				cliflags.CheckMemory("--tt", *ttMB),
				tf.Check(),
				cli.AtLeast("--build-pieces", *buildPieces, 0, "want 0 or more"),
			); err != nil {
				return err
			}
			var tables purple.Tables
			dir, named, use := tf.Resolve()
			if !use {
				*buildPieces = 0
			}
			if use {
				db, err := sources.OptionalTables(dir, named, warner(e.Stderr))
				if err != nil {
					return err
				}
				if db != nil {
					defer db.Close()
					tables = db
				}
			}
			start := time.Now()
			opts := puzzles.Options{Class: class, MaxPieces: *maxPieces, MinPlies: *minPlies, Unique: *unique,
				Count: *count, Seed: *seed, MaxDraws: *draws, Nodes: *nodes, Tables: tables, TTMegabytes: *ttMB, BuildPieces: *buildPieces}
			if !*quiet {
				opts.Progress = func(p puzzles.Progress) {
					if p.Building != "" {
						fmt.Fprintf(e.Stderr, "puzzles: building the table of %s (and the classes it reads) in a temporary directory\n", p.Building)
						return
					}
					fmt.Fprintf(e.Stderr, "puzzles: %d drawn, %d long wins, %d found, %s\n", p.Draws, p.Wins, p.Found, time.Since(start).Round(time.Second))
				}
			}
			ps, err := puzzles.Make(e.Ctx, opts)
			for _, p := range ps {
				if *jsonOut {
					if werr := writeJSONLine(e.Stdout, p); werr != nil {
						return werr
					}
					continue
				}
				p.WriteText(e.Stdout)
			}
			if err != nil {
				return fmt.Errorf("interrupted: %w", err)
			}
			if len(ps) < *count && !*quiet {
				fmt.Fprintf(e.Stderr, "puzzles: %d of %d found within %d draws\n", len(ps), *count, *draws)
			}
			return nil
		}
	},
}

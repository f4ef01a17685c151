package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

var enumerateCommand = command{
	name:    "enumerate",
	args:    "CLASS",
	summary: "list the sure-win positions of a material class with their distances",
	details: `Streams every position of CLASS (e.g. 1B1R-3U1r: the prover's blues and
reds, then the opponent's hidden pieces and how many are red) in which the
prover surely wins, with its exact distance to win (DTW, SPEC.md section 4),
read from the endgame tables, and at the end the number of positions at
each distance.

Positions are printed in the tables' canonical form: the prover is the
first player (upper case, colours shown, exits a1 and f1) and the opponent
the second (hidden 'u'). Of a position and its left-right mirror image
only one is listed; the counts give both "positions" (mirror pairs once)
and "with mirrors" (every position). Positions with the prover as second
player are these upside down and are not listed again.

--side f keeps the positions with the prover (f, the first player of the
canonical form) to move, --side s those with the opponent to move.
--unique keeps positions, the prover to move, in which exactly one move
keeps a sure win: puzzles with a single solution (the move is printed).

For a class the tables do not hold, --sample K draws K positions of the
class uniformly at random (the side to move too, unless --side) and solves
each by df-pn with the exact distance (--shortest), under --nodes and
--time per position; the tables still answer every searched position of
a smaller class, and the proof store beside the tables answers positions
proven before and keeps what the sample proves. Answers are win, no-win
or unknown (budget spent), and the unknowns are counted.

Examples:
  geister enumerate 1B1R-2U1r --table /tmp/tables --min-dtw 17
  geister enumerate 2B1R-2U1r --table /tmp/tables --unique --dtw 15 --limit 10 --line
  geister enumerate 2B2R-3U2r --table /tmp/tables --sample 100 --nodes 1000000`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := tableDirFlag(fs)
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
		storeOpts := addStoreFlags(fs, "With --sample it answers positions proven before (source \"store\") and keeps what the sample proves.")
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
			if *sample == 0 {
				if name := changedOf(fs, "seed", "nodes", "time", "threads"); name != "" {
					return usagef("--%s applies only with --sample", name)
				}
			}
			if *sample > 0 {
				if *unique {
					return usagef("--unique needs the tables, not --sample")
				}
				return runSample(e, c, f, *sample, *seed, *nodes, *timeLimit, *threads, *limit, *line, *jsonOut, tableDir(*dir), storeOpts)
			}
			d := tableDir(*dir)
			db, closeDB, err := openTablesDB(d)
			if err != nil {
				return err
			}
			defer closeDB()
			if db == nil || !db.Has(c) {
				return fmt.Errorf("class %s is not complete in the tables in %s: build it (geister build --table %s %s) or use --sample K", c, d, d, c)
			}
			total := uint64(0)
			if m, ok := db.Manifest(c); ok {
				total = m.Stored[0] + m.Stored[1]
			}
			start := time.Now()
			printed := 0
			counts, err := solver.Enumerate(e.ctx, db, c, f, func(en solver.Enumerated) error {
				printed++
				move := en.Move
				var pv []engine.Move
				if move == engine.NoMove && en.Pos.Turn() == engine.First {
					m, _, err := db.BestMove(&en.Pos, engine.First)
					if err != nil {
						return err
					}
					move = m
				}
				if *line {
					l, err := db.Line(&en.Pos, engine.First, en.Plies)
					if err != nil {
						return err
					}
					pv = l
				}
				a := solver.Answer{Result: solver.Win, Plies: en.Plies, Move: move, PV: pv, Source: "table"}
				writeEnumerated(e.stdout, en.Pos, a, en.Mirrors, false, *jsonOut)
				if *limit > 0 && printed >= *limit {
					return solver.ErrStop
				}
				return nil
			}, func(scanned uint64) {
				if total > 0 {
					fmt.Fprintf(e.stderr, "enumerate %s: %d/%d positions scanned (%.0f%%), %v\n", c, scanned, total, 100*float64(scanned)/float64(total), time.Since(start).Round(time.Second))
				}
			})
			if err != nil {
				return err
			}
			sum := enumSummary{Class: c.String(), Source: "table", EnumCounts: counts, ElapsedMS: ms(time.Since(start))}
			writeEnumSummary(e.stdout, &sum, *jsonOut)
			return nil
		}
	},
}

func ms(d time.Duration) float64 { return math.Round(float64(d.Microseconds())/100) / 10 }

// writeEnumerated prints a position of the class with its answer (the
// prover is the first player); a sampled one with its nodes and whether
// its distance is exact.
func writeEnumerated(w io.Writer, p engine.Position, a solver.Answer, mirrors int, sampled, asJSON bool) {
	if asJSON {
		out := answerJSON{Position: p.String(), Prover: "f", Result: a.Result.String(), Mirrors: mirrors, Source: a.Source, PV: moveStrings(a.PV)}
		if a.Result == solver.Win {
			out.Plies = &a.Plies
			if sampled {
				out.Exact = &a.Exact
			}
		}
		if sampled {
			out.Nodes = &a.Nodes
		}
		if a.Move != engine.NoMove {
			out.Move = a.Move.String()
		}
		writeJSONLine(w, out)
		return
	}
	fmt.Fprintf(w, "%s  %s", p.String(), a.Result)
	if a.Result == solver.Win {
		fmt.Fprintf(w, " in %d", a.Plies)
	}
	if a.Move != engine.NoMove {
		fmt.Fprintf(w, " with %s", a.Move)
	}
	if len(a.PV) > 0 {
		fmt.Fprintf(w, ": %s", strings.Join(moveStrings(a.PV), " "))
	}
	fmt.Fprintln(w)
}

type enumSummary struct {
	Class  string `json:"class"`
	Source string `json:"source"`
	solver.EnumCounts
	// --sample only.
	Sampled   int     `json:"sampled,omitempty"`
	Wins      *int    `json:"wins,omitempty"`
	NoWins    *int    `json:"no_wins,omitempty"`
	Unknown   *int    `json:"unknown,omitempty"`
	Inexact   *int    `json:"wins_inexact,omitempty"`
	Budget    string  `json:"budget,omitempty"`
	ElapsedMS float64 `json:"elapsed_ms"`
}

func writeEnumSummary(w io.Writer, s *enumSummary, asJSON bool) {
	if asJSON {
		writeJSONLine(w, struct {
			Summary *enumSummary `json:"summary"`
		}{s})
		return
	}
	fmt.Fprintf(w, "\n%s (%s): ", s.Class, s.Source)
	if s.Sampled > 0 {
		fmt.Fprintf(w, "%d sampled: %d wins, %d no-wins, %d unknown (budget %s)", s.Sampled, *s.Wins, *s.NoWins, *s.Unknown, s.Budget)
		if *s.Inexact > 0 {
			fmt.Fprintf(w, "; %d wins without a proven exact distance (not counted by distance)", *s.Inexact)
		}
		fmt.Fprintf(w, "; %d wins with an exact distance passed the filters\n", s.Matched)
	} else {
		fmt.Fprintf(w, "%d positions scanned (mirror pairs once), %d matched (%d with mirror images)", s.Scanned, s.Matched, s.WithMirrors)
		if s.Stopped {
			fmt.Fprint(w, "; stopped at the limit: the counts cover the part scanned")
		}
		fmt.Fprintln(w)
	}
	if len(s.ByDTW) > 0 {
		fmt.Fprintf(w, "%6s %12s %14s\n", "DTW", "positions", "with mirrors")
		for _, d := range s.ByDTW {
			fmt.Fprintf(w, "%6d %12d %14d\n", d.Plies, d.Positions, d.WithMirrors)
		}
	}
	fmt.Fprintf(w, "%.1fs\n", s.ElapsedMS/1000)
}

// runSample solves random positions of c by df-pn (solver.SampleClass).
func runSample(e *env, c purple.Class, f solver.Filter, n int, seed, nodes uint64, timeLimit time.Duration, threads, limit int, line, asJSON bool, dir string, storeOpts storeFlags) error {
	opts := solver.Options{Shortest: true, MaxNodes: nodes, TTMegabytes: 256}
	t, closeTables, err := openTables(dir)
	if err != nil {
		return err
	}
	defer closeTables()
	if t != nil {
		opts.Tables = t
	}
	if st, release := openStore(e, dir, storeOpts); st != nil {
		defer release()
		opts.Store = st
	}
	start, last := time.Now(), time.Now()
	printed, done := 0, 0
	sc, err := solver.SampleClass(e.ctx, c, f, n, seed, opts, threads, timeLimit, func(s solver.Sampled) {
		if done++; time.Since(last) > 2*time.Second {
			last = time.Now()
			fmt.Fprintf(e.stderr, "sample %s: %d/%d solved, %v\n", c, done, n, time.Since(start).Round(time.Second))
		}
		if limit > 0 && printed >= limit {
			return
		}
		printed++
		a := s.Answer
		if !line {
			a.PV = nil
		}
		writeEnumerated(e.stdout, s.Pos, a, 0, true, asJSON)
	})
	if err != nil {
		if e.ctx.Err() != nil {
			return fmt.Errorf("interrupted: %w", err)
		}
		return err
	}
	sum := enumSummary{Class: c.String(), Source: "dfpn sample", EnumCounts: sc.EnumCounts, Sampled: n,
		Wins: &sc.Wins, NoWins: &sc.NoWins, Unknown: &sc.Unknown, Inexact: &sc.Inexact,
		Budget: fmt.Sprintf("%d nodes, %v per position", nodes, timeLimit), ElapsedMS: ms(time.Since(start))}
	writeEnumSummary(e.stdout, &sum, asJSON)
	return nil
}

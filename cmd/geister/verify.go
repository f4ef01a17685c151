package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"geister/engine"
	"geister/purple"
	"geister/solver"
	"geister/tablebase"
)

var verifyCommand = command{
	name:    "verify",
	args:    "[FILE | -] | --table DIR [CLASS...] | --store[=DIR]",
	summary: "re-check the wins claimed by solve --json (and endgame tables)",
	details: `Reads the JSON lines that "geister solve --json" printed (from FILE, or
standard input for - or no operand) and checks every claimed win
independently of the search that found it: the principal line is replayed
(legal moves ending in the prover's win, as long as claimed at most), and
a whole winning strategy within the claimed plies is walked, with every
opponent reply generated and checked down to a won position; the prover's
moves in it come from a fresh search with a table of its own, so a fault
in the first search's table cannot hide. With --exact (and for answers
from a table, which claim exact distances) a fresh search also confirms
that no win exists in fewer plies.

Each line gets "ok" or a disagreement; the exit status is 1 if there is
any disagreement or unreadable line.

With --table DIR it checks the endgame tables instead (the classes named,
or every complete one): every block against its checksum, every entry
against its children (Bellman consistency), and --samples random positions
of each class against a df-pn search that does not use the tables.

With --store, the proof store is checked instead: every entry against its
checksum and layout, its principal line replayed to the win, and a random
sample of --sample entries re-searched independently: a prover's win
certified as above within the stored plies, an opponent's win and every
stored "no win" (ever, within a bound, or below an exact distance) by a
fresh df-pn with a table of its own. Every corrupt entry and every
disagreement is printed; an entry not settled within --time is reported
unconfirmed, not as a disagreement.`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		exact := fs.Bool("exact", false, "also check that no win exists in fewer plies than claimed (a second search)")
		timeLimit := fs.Duration("time", 5*time.Minute, "time limit per line (0: none)")
		ttMB := fs.Int("tt", 128, "table size in MiB of the fresh search")
		quiet := fs.Bool("quiet", false, "print only disagreements and the summary")
		store := fs.String("store", "", "check the proof store instead of solve output: the one beside the default table directory ($GEISTER_TABLES), or --store=DIR for the proof store in DIR")
		fs.Lookup("store").NoOptDefVal = defaultStoreFlag
		sample := fs.Int("sample", 100, "with --store: entries re-searched, drawn at random (0: only checksums and lines)")
		seed := fs.Uint64("seed", 1, "with --store: seed of the random sample")
		tables := fs.String("table", "", "check the endgame tables in this directory instead of solve output (operands: the classes to check, default all): checksums, Bellman consistency of every entry, and agreement with df-pn on a random sample")
		samples := fs.Int("samples", 200, "with --table: random positions of each class compared with a df-pn search that does not use the tables")
		sampleNodes := fs.Uint64("sample-nodes", 300_000, "with --table: node budget of each df-pn comparison (an unknown counts as no disagreement)")
		return func(e *env, args []string) error {
			if *tables != "" {
				if *samples < 0 {
					return usagef("--samples %d: want 0 or more", *samples)
				}
				err := runVerifyTables(e, *tables, args)
				if err != nil && !errors.Is(err, errReported) {
					return err
				}
				serr := verifyTablesAgainstDfpn(e, *tables, args, *samples, *sampleNodes, *seed, *ttMB)
				if err != nil {
					return err
				}
				return serr
			}
			if *store != "" {
				if len(args) != 0 {
					return usagef("--store takes no operands, got %d", len(args))
				}
				if *sample < 0 {
					return usagef("--sample %d: want 0 or more", *sample)
				}
				return runVerifyStore(e, *store, *sample, *seed, *timeLimit, *ttMB, *quiet)
			}
			if len(args) > 1 {
				return usagef("want at most one file (or -), got %d operands", len(args))
			}
			var r io.Reader = e.stdin
			name := "standard input"
			if len(args) == 1 && args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				r, name = f, args[0]
			}
			sc := bufio.NewScanner(r)
			sc.Buffer(make([]byte, 64<<10), 16<<20)
			var ok, bad, skipped int
			for n := 1; sc.Scan(); n++ {
				line := strings.TrimSpace(sc.Text())
				if line == "" {
					continue
				}
				ctx, cancel := e.ctx, context.CancelFunc(func() {})
				if *timeLimit > 0 {
					ctx, cancel = context.WithTimeout(e.ctx, *timeLimit)
				}
				msg, checked, err := verifyLine(ctx, line, *exact, *ttMB)
				cancel()
				switch {
				case err != nil:
					bad++
					fmt.Fprintf(e.stdout, "%s:%d: DISAGREE: %v\n", name, n, err)
				case !checked:
					skipped++
					if !*quiet {
						fmt.Fprintf(e.stdout, "%s:%d: skipped: %s\n", name, n, msg)
					}
				default:
					ok++
					if !*quiet {
						fmt.Fprintf(e.stdout, "%s:%d: ok: %s\n", name, n, msg)
					}
				}
				if e.ctx.Err() != nil {
					return fmt.Errorf("interrupted after line %d", n)
				}
			}
			if err := sc.Err(); err != nil {
				return fmt.Errorf("reading %s: %w", name, err)
			}
			fmt.Fprintf(e.stdout, "%d wins confirmed, %d disagreements, %d lines without a win to check\n", ok, bad, skipped)
			if bad > 0 {
				return errReported
			}
			return nil
		}
	},
}

// verifyLine checks one solve --json line. It returns a message, whether
// a win was checked, and the disagreement if any.
func verifyLine(ctx context.Context, line string, exact bool, ttMB int) (string, bool, error) {
	var a answerJSON
	dec := json.NewDecoder(strings.NewReader(line))
	if err := dec.Decode(&a); err != nil {
		return "", false, fmt.Errorf("not a solve --json line: %v", err)
	}
	if a.Error != "" {
		return "an error line: " + a.Error, false, nil
	}
	if a.Result != "win" {
		return fmt.Sprintf("%s for %s", a.Result, a.Position), false, nil
	}
	p, err := engine.ParsePosition(a.Position)
	if err != nil {
		return "", false, err
	}
	var prover engine.Player
	switch a.Prover {
	case "f":
		prover = engine.First
	case "s":
		prover = engine.Second
	default:
		return "", false, fmt.Errorf("%s: prover %q is not f or s", a.Position, a.Prover)
	}
	if a.Plies == nil {
		return "", false, fmt.Errorf("%s: a win without plies", a.Position)
	}
	plies := *a.Plies
	if err := checkLine(p, prover, plies, a.Move, a.PV); err != nil {
		return "", false, fmt.Errorf("%s: %w", a.Position, err)
	}
	cert, err := solver.Certify(ctx, p, prover, plies, ttMB)
	if err != nil {
		return "", false, fmt.Errorf("%s: no sure win within %d plies confirmed: %w", a.Position, plies, err)
	}
	msg := fmt.Sprintf("%s: %s wins within %d plies (strategy of %d positions checked)", a.Position, a.Prover, plies, cert.Nodes)
	if (exact || a.Source == "table") && plies > 1 {
		s := solver.New(solver.Options{TTMegabytes: ttMB, MaxPlies: plies - 1})
		b, err := s.Solve(ctx, p, prover)
		switch {
		case err != nil:
			return "", false, err
		case b.Result == solver.Win:
			return "", false, fmt.Errorf("%s: a win in %d plies exists, fewer than the %d claimed exact", a.Position, b.Plies, plies)
		case b.Result == solver.Unknown:
			return "", false, fmt.Errorf("%s: could not confirm within the time that no win is shorter than %d plies", a.Position, plies)
		}
		msg += ", and none shorter"
	}
	return msg, true, nil
}

// checkLine replays a claimed principal line.
func checkLine(p engine.Position, prover engine.Player, plies int, move string, pv []string) error {
	if len(pv) > plies {
		return fmt.Errorf("the line has %d plies, more than the %d claimed", len(pv), plies)
	}
	if p.Turn() == prover && move == "" {
		return fmt.Errorf("the prover is to move but no move is given")
	}
	if move != "" && (len(pv) == 0 || pv[0] != move) {
		return fmt.Errorf("the move %s is not the first of the line %v", move, pv)
	}
	if len(pv) == 0 {
		return nil // nothing to replay (the search budget ran out before the line)
	}
	q := p
	for i, t := range pv {
		m, err := q.ParseMove(t)
		if err != nil {
			return fmt.Errorf("line move %d: %v", i+1, err)
		}
		q.Make(purple.ProverMove(&q, prover, m))
	}
	if purple.ValueOf(&q, prover) != purple.Win {
		return fmt.Errorf("the line %v ends in %s without the prover's win", pv, q.String())
	}
	return nil
}

// verifyTablesAgainstDfpn compares samples random positions of each class
// (both sides to move) with a df-pn search that does not use the tables:
// a stored win must be a df-pn win of the same exact distance, a stored
// no-win must not be a df-pn win. It prints a line per class and returns
// errReported on any disagreement.
func verifyTablesAgainstDfpn(e *env, dir string, classes []string, samples int, nodes, seed uint64, ttMB int) error {
	if samples == 0 {
		return nil
	}
	db, err := openTablesForReading(dir)
	if err != nil {
		return err
	}
	defer db.Close()
	var cs []purple.Class
	if len(classes) == 0 {
		for _, m := range db.Classes() {
			if c, err := m.PurpleClass(); err == nil && m.Complete {
				cs = append(cs, c)
			}
		}
	} else {
		for _, a := range classes {
			c, err := purple.ParseClass(a)
			if err != nil {
				return usagef("%v", err)
			}
			cs = append(cs, c)
		}
	}
	r := engine.NewRand(seed)
	s := solver.New(solver.Options{TTMegabytes: ttMB, Shortest: true, MaxNodes: nodes})
	bad := 0
	for _, c := range cs {
		var agree, unknown int
		for i := 0; i < samples; i++ {
			if err := e.ctx.Err(); err != nil {
				return err
			}
			p := c.Random(r, engine.Player(i%2))
			v, err := db.Probe(&p, engine.First)
			if errors.Is(err, tablebase.ErrGameOver) {
				continue
			}
			if err != nil {
				return fmt.Errorf("%s: %w", p.String(), err)
			}
			a, err := s.Solve(e.ctx, p, engine.First)
			if err != nil {
				return fmt.Errorf("%s: %w", p.String(), err)
			}
			switch {
			case a.Result == solver.Unknown || (a.Result == solver.Win && !a.Exact):
				unknown++
			case v.Result == purple.Win && (a.Result != solver.Win || a.Plies != v.Plies):
				bad++
				fmt.Fprintf(e.stdout, "disagreement: %s: the table says win in %d, df-pn %v in %d\n", p.String(), v.Plies, a.Result, a.Plies)
			case v.Result != purple.Win && a.Result == solver.Win:
				bad++
				fmt.Fprintf(e.stdout, "disagreement: %s: the table says no win, df-pn wins in %d (%v)\n", p.String(), a.Plies, a.PV)
			default:
				agree++
			}
		}
		fmt.Fprintf(e.stdout, "%-10s df-pn sample: %d agree, %d undecided within %d nodes\n", c, agree, unknown, nodes)
	}
	fmt.Fprintf(e.stdout, "df-pn sample: %d disagreements\n", bad)
	if bad > 0 {
		return errReported
	}
	return nil
}

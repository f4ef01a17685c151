package solver

import (
	"context"
	"github.com/geister-solver/geister/tablebase"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// liar is a table that adds one ply to every win.
type liar struct{ purple.Tables }

func (l liar) ProbeValue(p *engine.Position, prover engine.Player) (purple.Value, int, error) {
	v, n, err := l.Tables.ProbeValue(p, prover)
	if v == purple.Win {
		n++
	}
	return v, n, err
}

// CrossCheck finds no disagreement with the true table, and one for each
// decided win of a table whose distances are off by one.
func crossCheck(t *testing.T, ts *tablebase.DB, c purple.Class) {
	o := CrossCheckOptions{Samples: 40, Seed: 3, Nodes: 200_000, TTMegabytes: 16}
	good, err := CrossCheck(context.Background(), ts, []purple.Class{c}, o)
	if err != nil {
		t.Fatal(err)
	}
	bad, err := CrossCheck(context.Background(), liar{ts}, []purple.Class{c}, o)
	if err != nil {
		t.Fatal(err)
	}
	g, b := good[0], bad[0]
	if g.Class != c.String() || len(g.Disagreements) != 0 || g.Agree < 30 || g.Agree+g.Undecided > o.Samples {
		t.Fatalf("true table: %+v", g)
	}
	if len(b.Disagreements) == 0 || b.Agree+len(b.Disagreements) != g.Agree || b.Undecided != g.Undecided {
		t.Fatalf("lying table: %+v; true %+v", b, g)
	}
	for _, d := range b.Disagreements {
		if !strings.Contains(d, "the table says win in") {
			t.Errorf("%s", d)
		}
	}
}

// SampleClass's counts and the positions it passes on equal those of a
// plain loop over Sample's answers with the same draw.
func sampleClass(t *testing.T, ts *tablebase.DB, c purple.Class) {
	for _, f := range []Filter{{Side: -1}, {Side: 0, MinDTW: 9}, {Side: 1, DTW: 12}} {
		opts := Options{TTMegabytes: 16, MaxNodes: 30_000, Tables: ts}
		var emitted []string
		sc, err := SampleClass(context.Background(), c, f, 30, 5, opts, 2, 0, func(s Sampled) { emitted = append(emitted, s.Pos.String()) })
		if err != nil {
			t.Fatal(err)
		}
		opts.Shortest = true
		var want []string
		wins, noWins, unknown, inexact, byDTW := 0, 0, 0, 0, map[int]uint64{}
		err = Sample(context.Background(), c, 30, 5, f.Side, opts, 2, 0, func(s Sampled) {
			a := s.Answer
			keep := f.DTW == 0 && f.MinDTW == 0
			switch {
			case a.Result == Win && !a.Exact:
				wins++
				inexact++
				keep = false
			case a.Result == Win:
				wins++
				keep = (f.DTW == 0 || a.Plies == f.DTW) && a.Plies >= f.MinDTW
				if keep {
					byDTW[a.Plies]++
				}
			case a.Result == NoWin:
				noWins++
			default:
				unknown++
			}
			if keep {
				want = append(want, s.Pos.String())
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		got := map[int]uint64{}
		for _, d := range sc.ByDTW {
			got[d.Plies] = d.Positions
		}
		if sc.Sampled != 30 || sc.Wins != wins || sc.NoWins != noWins || sc.Unknown != unknown || sc.Inexact != inexact ||
			strings.Join(emitted, "|") != strings.Join(want, "|") || len(got) != len(byDTW) {
			t.Fatalf("%+v: %+v; plain loop %d %d %d %d, %d of %d emitted", f, sc, wins, noWins, unknown, inexact, len(emitted), len(want))
		}
		for d, n := range byDTW {
			if got[d] != n {
				t.Errorf("%+v: distance %d: %d, want %d", f, d, got[d], n)
			}
		}
	}
	if _, err := SampleClass(context.Background(), c, Filter{Side: 0, Unique: true}, 3, 1, Options{}, 1, 0, func(Sampled) {}); err == nil {
		t.Error("a sample with Unique was accepted")
	}
}

package expectimax

import (
	"context"
	"math"
	"testing"

	"github.com/geister-solver/geister/alphabeta"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
)

// positions returns positions from random games, every colour shown, with
// hide = true the side not to move hidden.
func positions(n int, seed uint64, hide bool) []engine.Position {
	r := engine.NewRand(seed)
	var out []engine.Position
	for len(out) < n {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == engine.Ongoing && p.Ply() < 80 && len(out) < n {
			if r.Intn(6) == 0 {
				q := p
				if hide {
					q.Hide(q.Turn().Other())
				}
				out = append(out, q)
			}
			p.Make(p.RandomMove(r))
		}
	}
	return out
}

// TestEqualsPurpleMaxWhenColoursAreKnown: with every colour shown there
// are no chance nodes, and the value is PurpleMax's minimax (alphabeta
// with Naotti1.1's evaluation in the purple game), with and without its
// transposition table, depths 1–4.
func TestEqualsPurpleMaxWhenColoursAreKnown(t *testing.T) {
	ps := positions(60, 1, false)
	x := New(Options{Eval: alphabeta.BlueCountDistance, PlyLimit: 200})
	for _, tt := range []int{0, 16} {
		ab := alphabeta.New(alphabeta.Options{Eval: alphabeta.BlueCountDistance, Purple: true, TTBits: tt, PlyLimit: 200})
		for i := range ps {
			for d := 1; d <= 4; d++ {
				want := ab.Search(context.Background(), &ps[i], alphabeta.Limits{Depth: d})
				got := x.Search(context.Background(), &ps[i], Limits{Depth: d}, nil)
				if got.Score != float64(want.Score) {
					t.Fatalf("%s depth %d: expectimax %g, PurpleMax %d", ps[i].String(), d, got.Score, want.Score)
				}
			}
		}
	}
}

// TestPruningKeepsTheValue compares the search with and without pruning on
// positions with hidden pieces (chance nodes), with count and with skewed
// world weights.
func TestPruningKeepsTheValue(t *testing.T) {
	ps := positions(40, 2, true)
	a := New(Options{Eval: alphabeta.BlueCountDistance, PlyLimit: 200})
	b := New(Options{Eval: alphabeta.BlueCountDistance, PlyLimit: 200})
	b.noPrune = true
	chances := 0
	for i := range ps {
		worlds := CountWorlds(&ps[i])
		skew := make([]World, len(worlds))
		for k, w := range worlds {
			skew[k] = World{Red: w.Red, W: float64(1 + k%5)}
		}
		for _, ws := range [][]World{nil, skew} {
			for d := 1; d <= 3; d++ {
				x := a.Search(context.Background(), &ps[i], Limits{Depth: d}, ws)
				y := b.Search(context.Background(), &ps[i], Limits{Depth: d}, ws)
				if math.Abs(x.Score-y.Score) > 1e-6 {
					t.Fatalf("%s depth %d: pruned %g, full %g", ps[i].String(), d, x.Score, y.Score)
				}
				if y.Score != math.Trunc(y.Score) {
					chances++
				}
			}
		}
	}
	if chances == 0 {
		t.Fatal("no search met a chance node")
	}
}

// TestCaptureIsAChanceNode: the root player can capture a hidden piece
// that is red with probability ⅔ by the counts (two hidden reds, one
// hidden blue). At depth 1 the capture's value is the weighted average of
// its two outcomes: the static evaluation if red, a won game if blue (the
// last blue taken).
func TestCaptureIsAChanceNode(t *testing.T) {
	// Second (lower case, hidden) has three pieces, two red; first to
	// move captures c3 from c4.
	p := engine.MustParsePosition("u3u1/6/2u3/2B3/6/RB3R f R2r2 0")
	x := New(Options{Eval: alphabeta.BlueCountDistance, PlyLimit: 200})
	var got float64
	capture := engine.NewMove(engine.Sq(2, 4), engine.Sq(2, 3))
	x.Search(context.Background(), &p, Limits{Depth: 1}, nil) // sets the root
	got = x.afterMove(&p, capture, 1, -inf, inf, 0)
	red, blue := p, p
	red.Make(capture.RevealRed())
	blue.Make(capture)
	if blue.Outcome() != engine.FirstWins {
		t.Fatalf("capturing the last blue should win: %s", blue.String())
	}
	vr := float64(alphabeta.Evaluate(alphabeta.BlueCountDistance, &red, engine.First))
	want := 2.0/3*vr + 1.0/3*(Win-1)
	if math.Abs(got-want) > 1e-6 {
		t.Fatalf("capture value %g, want %g (red %g, blue a win)", got, want, vr)
	}
	// With the worlds saying the c3 piece is surely red, only the red
	// outcome counts.
	j := x.ids[engine.Sq(2, 3)]
	var ws []World
	for _, w := range CountWorlds(&p) {
		if w.Red>>j&1 == 1 {
			ws = append(ws, w)
		}
	}
	x.Search(context.Background(), &p, Limits{Depth: 1}, ws)
	if got := x.afterMove(&p, capture, 1, -inf, inf, 0); got != vr {
		t.Fatalf("capture of a sure red: %g, want %g", got, vr)
	}
}

// TestEscapeIsAChanceNode: after the root player's quiet move the
// opponent, to move, has a hidden piece on its exit a6, red with
// probability ⅔: with ⅓ it escapes and wins (at ply 2), otherwise it is red and the
// position is evaluated.
func TestEscapeIsAChanceNode(t *testing.T) {
	p := engine.MustParsePosition("2u1u1/6/6/6/4BR/uR4 f R2r2 0")
	x := New(Options{Eval: alphabeta.BlueCountDistance, PlyLimit: 200})
	x.Search(context.Background(), &p, Limits{Depth: 1}, nil)
	quiet := engine.NewMove(engine.Sq(4, 5), engine.Sq(4, 4))
	got := x.afterMove(&p, quiet, 1, -inf, inf, 0)
	q := p
	q.Make(quiet)
	q.Remove(engine.Second, engine.Unknown, engine.Sq(0, 6))
	q.Put(engine.Second, engine.Red, engine.Sq(0, 6))
	want := 1.0/3*(-(Win - 2)) + 2.0/3*float64(alphabeta.Evaluate(alphabeta.BlueCountDistance, &q, engine.First))
	if math.Abs(got-want) > 1e-6 {
		t.Fatalf("quiet move: %g, want %g", got, want)
	}
	// Capturing the piece on a6 is better than leaving it there.
	r := x.Search(context.Background(), &p, Limits{Depth: 2}, nil)
	if r.Move != engine.NewMove(engine.Sq(1, 6), engine.Sq(0, 6)) {
		t.Fatalf("played %s, want b6a6", r.Move)
	}
}

// BenchmarkDepth3 searches positions from random games, the side not to
// move hidden, three plies deep with the count chances; Mnodes/cpu-s
// counts nodes over the process's CPU time.
func BenchmarkDepth3(b *testing.B) {
	ps := positions(64, 7, true)
	x := New(Options{Eval: alphabeta.BlueCountDistance, PlyLimit: 200})
	b.ResetTimer()
	cpu0 := cputime.Process()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		p := ps[i%len(ps)]
		nodes += x.Search(context.Background(), &p, Limits{Depth: 3}, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/(cputime.Process()-cpu0).Seconds()/1e6, "Mnodes/cpu-s")
}

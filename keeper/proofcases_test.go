package keeper

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

// checkNoWin checks that N (the first player) has no sure win in p: with
// the plain AND/OR solvers to depth d (against every K: purple pieces and
// both colours; against Algorithm 1 in both readings), and exactly against
// every K by df-pn over the purple game. (Exact answers against the
// algorithm come from the retrograde keeper game: df-pn cannot refute
// wins in a game this cyclic within a test's budget.)
func checkNoWin(t *testing.T, p engine.Position, d int) {
	t.Helper()
	for _, mode := range []reference.Mode{reference.Purple, reference.BothColours} {
		s := reference.New(engine.First, engine.First, mode)
		if s.WinWithin(&p, d) {
			t.Errorf("%s: the plain solver (mode %d) finds a sure win within %d plies", p.String(), mode, d)
		}
	}
	for _, r := range []Reading{Literal8bAs7, Agent} {
		if newPlain(r).win(&p, engine.NoSquare, d) {
			t.Errorf("%s: plain recursion finds a win against Algorithm 1 (%s) within %d plies", p.String(), r, d)
		}
	}
	a, err := solver.New(solver.Options{MaxNodes: 5_000_000, TTMegabytes: 32}).Solve(context.Background(), p, engine.First)
	if err != nil || a.Result != solver.NoWin {
		t.Errorf("%s: the purple solver says %v (%v), want no-win", p.String(), a.Result, err)
	}
}

// Case 2 of the proof of Theorem 1 (paper 002 §3): K has three or more
// pieces, one red, keepers on a1 and f1. In
//
//	u4u/6/2u3/6/6/B4R (K: a1 f1 c3; N: blue a6, red f6), either side to move,
//
// N has no sure win, by hand: (1) N never captures: K's one red is hidden,
// so every capture may take it, and K wins; (2) Algorithm 1's step 5 moves
// only the piece off the exits, which always has a legal move (c3 and any
// square it goes to has at least two neighbours that are not K's keepers,
// and stepping onto N's piece is a capture), so the keepers never move and
// N's blue never reaches an exit; (3) K captures only when every square
// its free piece can enter holds one of N's pieces: N has two pieces, so
// both are then next to it, and taking N's only blue is one of the
// algorithm's choices — a K win. So N wins neither by escape, nor by
// capturing blues, nor by losing its red. Against every K the same holds:
// K can play as the algorithm does.
func TestProofCase2NoWin(t *testing.T) {
	ps := []string{"u4u/6/2u3/6/6/B4R f R1r1", "u4u/6/2u3/6/6/B4R s R1r1"}
	for _, s := range ps {
		checkNoWin(t, engine.MustParsePosition(s), 7)
	}
	if !longtest.Enabled() {
		return
	}
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 1}
	for _, r := range []Reading{Literal8bAs7, Agent} {
		sv, err := SolveClasses(context.Background(), []purple.Class{c}, r, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range ps {
			p := engine.MustParsePosition(s)
			if v, ok := sv.Value(&p, engine.First, engine.NoSquare); !ok || v.Win {
				t.Errorf("%s (%s): the retrograde keeper game says %+v", s, r, v)
			}
		}
	}
}

// Case 1 of the proof: K has only its two keepers (one red, one blue). In
//
//	u4u/6/6/6/6/B4R (K: a1 f1; N: blue a6, red f6), either side to move,
//
// N has no sure win. By hand, against Algorithm 1: N never captures (K's
// last red is hidden); with both keepers on the exits K must step one off
// (step 7) and steps it back at once (step 8(a)) unless an N piece now
// stands on the exit; N's blue standing there is taken when its value is 0
// (step 8(b), the draw with probability 1-p), which takes N's only blue;
// N's red standing there is given the value 1 by the other draw and is
// then never taken, and as only one piece can hold the value, N's blue on
// an exit always has the value 0 and is taken by the piece next to it.
// The exact solvers confirm what the argument sketches.
func TestProofCase1NoWin(t *testing.T) {
	for _, s := range []string{"u4u/6/6/6/6/B4R f R1r1", "u4u/6/6/6/6/B4R s R1r1"} {
		p := engine.MustParsePosition(s)
		checkNoWin(t, p, 7)
		if v, ok := small(t).Value(&p, engine.First, engine.NoSquare); !ok || v.Win {
			t.Errorf("%s: the retrograde keeper game says %+v", s, v)
		}
	}
}

// Case 1 with a value state: the same material, N's blue on b1 holding the
// value 1 (given when it stood on a free exit earlier), N's red on e1, K
// to move:
//
//	uB2Ru/6/6/6/6/6 s R1r1, value 1 on b1.
//
// Algorithm 1 (step 7) must step a keeper onto an empty square: a1a2 or
// f1f2 (b1 and e1 hold N's pieces). After a1a2 N plays b1a1; K (step
// 8(b)) does not take a piece of value 1 and plays a step-7 move, and the
// blue escapes: 4 plies. After f1f2 N plays e1f1; the red on the free exit
// has the value 0 (only one piece holds the value 1), so K takes it — N's
// last red, and N wins: 3 plies. So N surely wins in 4 against the
// algorithm, in both readings; the theorem's proof (case 1, condition 2)
// assumes the value falls on the piece K should not take.
func TestProofCase1ValueOnBlueWins(t *testing.T) {
	p := engine.MustParsePosition("uB2Ru/6/6/6/6/6 s R1r1")
	b1 := engine.Sq(1, 1)
	for _, r := range []Reading{Literal8bAs7, Agent} {
		pl := newPlain(r)
		if !pl.win(&p, b1, 4) || pl.win(&p, b1, 3) {
			t.Errorf("%s: plain recursion: win within 4 %v, within 3 %v; want a win in exactly 4", r, pl.win(&p, b1, 4), pl.win(&p, b1, 3))
		}
	}
	if v, ok := small(t).Value(&p, engine.First, b1); !ok || !v.Win || v.Plies != 4 {
		t.Errorf("retrograde: %+v, want a win in 4", v)
	}
	// Without the value (and against every K) there is no sure win.
	checkNoWin(t, p, 7)
}

// A counterexample to Theorem 1 itself (case 1: K has its two keepers
// only, one red; no value held), found by the retrograde keeper game in
// 3B1R-2U1r:
//
//	uB2Ru/B3B1/6/6/6/6 s R1r1 (K: a1 f1; N: blues b1 a2 e2, red e1; K to move)
//
// By hand, in the paper reading: a1's keeper is hemmed in by two blues and
// f1's has only f2 free, so step 7 plays f1f2. N: e1f1, the red onto the
// free exit. Step 8(b), no value held: either the red keeps the value 0
// and is taken — N's last red, N wins (3 plies) — or it gets the value 1
// and K plays step 7, whose only move is f2f3 (e2 holds a blue, f1 the
// red). N: f1f2, the red steps off the exit onto the square between.
// Step 8(a): the free exit is empty, so the other piece goes towards it;
// its only shortening step is f2, N's red: K takes it, N's last red, and
// N wins in 5. Against every K there is no sure win: a K free to choose
// never takes the red.
//
// The win rests on how step 8 moves a piece that is not next to the free
// exit, which the paper does not say. In the cautious reading (that
// approach never takes the piece of value 1) N still wins, in 10: after
// f1f2 K must play step 7 (f3e3 or f3f4), N brings a blue to e1, K's piece
// comes back towards f1 (e3e2 or e3f3, or f4f3), N plays e1f1, and K's
// "take it" (step 8(b), value 0, the red holds 1) is a step towards f1
// that cannot reach it in one move (e2e1, or nothing from f3): the blue
// escapes.
func TestProofCase1Counterexample(t *testing.T) {
	p := engine.MustParsePosition("uB2Ru/B3B1/6/6/6/6 s R1r1")
	for _, c := range []struct {
		r   Reading
		dtw int
	}{{Literal8bAs7, 5}, {Cautious, 10}} {
		pl := newPlain(c.r)
		if !pl.win(&p, engine.NoSquare, c.dtw) || pl.win(&p, engine.NoSquare, c.dtw-1) {
			t.Errorf("%s: plain recursion: win within %d %v, within %d %v; want a win in exactly %d",
				c.r, c.dtw, pl.win(&p, engine.NoSquare, c.dtw), c.dtw-1, pl.win(&p, engine.NoSquare, c.dtw-1), c.dtw)
		}
	}
	// No sure win against every K (purple df-pn, exact; plain to 5 plies).
	if reference.New(engine.First, engine.First, reference.Purple).WinWithin(&p, 5) {
		t.Error("the plain purple solver finds a sure win within 5 plies")
	}
	a, err := solver.New(solver.Options{MaxNodes: 5_000_000, TTMegabytes: 32}).Solve(context.Background(), p, engine.First)
	if err != nil || a.Result != solver.NoWin {
		t.Errorf("the purple solver says %v (%v), want no-win", a.Result, err)
	}
}

// The same position in the readings that have no counterexample up to six
// pieces (docs/keeper.md, "Every reading of steps 7 and 8(b)"). By hand:
// after f1f2 e1f1, the red on f1 gets the value 1 with probability p, and
//   - step 7 read as "any movable piece" may choose a1's hemmed-in keeper,
//     which takes a blue on b1 or a2 (value 0);
//   - 8(b) as written or corrected: the keeper on the exit (a1) moves; it
//     has no empty square next to it, so it takes a blue;
//
// N is left with two blues around the keepers, which is not enough
// (2B1R-2U1r has no win). So the value-1 branch escapes the trap; the
// exact answer (no win at any depth) is the 6-piece run's, this checks
// that there is none within 9 plies, and that the divergence is where
// the hand analysis puts it.
func TestProofCase1CounterexampleOtherReadings(t *testing.T) {
	p := engine.MustParsePosition("uB2Ru/B3B1/6/6/6/6 s R1r1")
	after := engine.MustParsePosition("uB3R/B3Bu/6/6/6/6 s R1r1") // after f1f2 e1f1
	b := BoardOf(&after)
	for _, r := range []Reading{{Step7: Step7AnyPiece}, Agent, {Step8b: Step8bWritten}, {Step8b: Step8bCorrected}} {
		if newPlain(r).win(&p, engine.NoSquare, 9) {
			t.Errorf("%s: a win within 9 plies", r)
		}
		takes := false
		for _, c := range Choices(&b, engine.NoSquare, r, nil) {
			if c.Mark != engine.NoSquare && c.Move.From() == engine.Sq(0, 1) && after.Occupied(engine.First)&c.Move.To().Bit() != 0 {
				takes = true
			}
		}
		if !takes {
			t.Errorf("%s: after f1f2 e1f1, no choice gives the red the value 1 and takes a blue with a1's keeper", r)
		}
	}
}

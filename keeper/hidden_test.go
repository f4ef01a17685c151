package keeper

import (
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// The value cannot always be inferred from K's moves. K keeps a1, its
// other piece is on f3, N's red (its last) stands on the free exit f1, no
// value held:
//
//	u4R/6/5u/6/6/B5 s R1r1 (K: a1, f3; N: red f1, blue a6; K to move).
//
// Step 8(b): with probability 1-p the red keeps the value 0 and K takes
// it, moving towards f1 — f3f2, the only step that shortens the distance;
// with probability p it gets the value 1 and K plays step 7, one of whose
// moves is f3f2 too. After f3f2 N cannot tell whether the red holds 1.
func TestHiddenObservation(t *testing.T) {
	p := engine.MustParsePosition("u4R/6/5u/6/6/B5 s R1r1")
	h := NewHidden(Literal8bAs7, nil)
	f1 := engine.Sq(5, 1)
	got := map[string]Belief{}
	for _, o := range h.observe(&p, BeliefOf(engine.NoSquare)) {
		got[o.m.String()] = o.nb
	}
	want := map[string]Belief{
		"f3f2": BeliefOf(engine.NoSquare, f1), // value 0 (approach) or value 1 (step 7)
		"f3e3": BeliefOf(f1), "f3f4": BeliefOf(f1), "a1a2": BeliefOf(f1), "a1b1": BeliefOf(f1),
	}
	if len(got) != len(want) {
		t.Fatalf("observations %v, want %v", got, want)
	}
	for m, b := range want {
		if got[m] != b {
			t.Errorf("after %s: belief %v, want %v", m, got[m].Marks(), b.Marks())
		}
	}
}

// The shortest counterexample of the literal reading needs no knowledge of
// the value: after f1f2 e1f1, K's two outcomes of the draw show in its
// move (f2f1 takes the red: value 0; f2f3: value 1), so N knows the value
// when it matters, and wins in 5 as with the value shown.
func TestHiddenCounterexample(t *testing.T) {
	p := engine.MustParsePosition("uB2Ru/B3B1/6/6/6/6 s R1r1")
	st, d := NewHidden(Literal8bAs7, nil).Win(p, BeliefOf(engine.NoSquare), 5, 0)
	if st != HiddenWin || d != 5 {
		t.Errorf("hidden value: %v in %d, want a win in 5", st, d)
	}
	if st, _ := NewHidden(Literal8bAs7, nil).Win(p, BeliefOf(engine.NoSquare), 4, 0); st == HiddenWin {
		t.Error("a win within 4 plies")
	}
}

// On random positions of 1B1R-2U1r with one keeper (where step 8(b) is
// played): a win with the value hidden is a full-information win from
// every state of the belief and no shorter; the search with the exact
// full-information bound agrees with the one without; a smaller belief
// is never worse.
func TestHiddenConsistent(t *testing.T) {
	sv := small(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	r := engine.NewRand(5)
	withOracle, plain := NewHidden(Literal8bAs7, sv), NewHidden(Literal8bAs7, nil)
	checked, wins := 0, 0
	for i := 0; i < 300 && checked < 80; i++ {
		p, err := RandomPosition(r, c, Spec{Keepers: 1, KeeperReds: 1}, engine.Player(r.Intn(2)))
		if err != nil {
			t.Fatal(err)
		}
		marks := []engine.Square{engine.NoSquare}
		for x := p.Occupied(engine.First); x != 0; x &= x - 1 {
			marks = append(marks, sq(x&-x))
		}
		b := BeliefOf(marks[r.Intn(len(marks))], marks[r.Intn(len(marks))])
		full := 0
		for _, m := range b.Marks() {
			v, ok := sv.Value(&p, engine.First, m)
			if !ok || !v.Win {
				full = -1
				break
			}
			full = max(full, v.Plies)
		}
		if full > 9 {
			continue
		}
		checked++
		const depth = 9
		st, d := withOracle.Win(p, b, depth, 0)
		st2, d2 := plain.Win(p, b, depth, 0)
		if (st == HiddenWin) != (st2 == HiddenWin) || st == HiddenWin && d != d2 {
			t.Fatalf("%s belief %v: with the bound %v in %d, without %v in %d", p.String(), b.Marks(), st, d, st2, d2)
		}
		if st != HiddenWin {
			continue
		}
		wins++
		if full < 0 || d < full {
			t.Fatalf("%s belief %v: hidden win in %d, full information %d", p.String(), b.Marks(), d, full)
		}
		for _, m := range b.Marks() {
			if st, d1 := withOracle.Win(p, BeliefOf(m), depth, 0); st != HiddenWin || d1 > d {
				t.Fatalf("%s: belief %v wins in %d, its part %v: %v in %d", p.String(), b.Marks(), d, m, st, d1)
			}
		}
	}
	if wins < 10 {
		t.Fatalf("only %d wins among %d positions checked", wins, checked)
	}
}

package solver

import (
	"testing"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/internal/testpos"
)

// TestEvaluateAgainstReference checks the game's own facts against the
// plain AND/OR solver on random positions, both sides to move and both
// players as prover: a win within WinIn plies (the blue races of
// races among them) must exist, and no win within NoWin plies (the
// lower bound). The races of every length are met, or the test says so.
func TestEvaluateAgainstReference(t *testing.T) {
	n := 6000
	if testing.Short() {
		n = 1500
	}
	r := engine.NewRand(77)
	races := map[uint16]int{}
	for i := 0; i < n; i++ {
		prover := engine.Player(r.Intn(2))
		toMove := engine.Player(r.Intn(2))
		var p engine.Position
		if i%2 == 0 {
			p = testpos.Small(r, prover, toMove)
		} else {
			var ok bool
			if p, ok = testpos.Material(r, prover, toMove, 1+r.Intn(2), 1, 2+r.Intn(2), 1); !ok {
				continue
			}
		}
		if p.Outcome() != engine.Ongoing {
			continue
		}
		g := newGame(p, prover, prover, nil)
		ev := g.Evaluate()
		ref := reference.New(prover, prover, reference.Purple)
		if ev.WinIn != dfpn.InfLen && ev.WinIn > 0 && ev.WinIn <= 7 {
			if d := ref.DTW(&p, int(ev.WinIn)); d < 0 {
				t.Fatalf("%s prover %v: Evaluate says a win within %d, the plain solver finds none", p.String(), prover, ev.WinIn)
			}
			if p.Turn() == prover && ev.WinIn >= 3 {
				races[ev.WinIn]++
			}
		}
		if ev.NoWin > 0 && ev.NoWin != dfpn.InfLen && ev.NoWin <= 7 {
			if d := ref.DTW(&p, int(ev.NoWin)); d >= 0 {
				t.Fatalf("%s prover %v: Evaluate says no win within %d, the plain solver wins in %d", p.String(), prover, ev.NoWin, d)
			}
		}
	}
	for _, w := range []uint16{3, 5, 7} {
		if races[w] < 5 {
			t.Errorf("only %d races won within %d plies met: the test does not cover them", races[w], w)
		}
	}
	t.Logf("races: %v", races)
}

package solver

import (
	"fmt"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// TestNoWinAfter: wherever the game's child bound (NoWinAfter, which the
// shallow searches use to settle a child without playing its move) says
// "no win within k" after a move, the child's own Evaluate says so too, on
// positions of random games and of drawn material with some of the
// opponent's colours shown, the prover to move, for every move and every
// k up to 12. The bound must settle many children, some of them with
// Evaluate's "no win within" exactly k (else a bound one ply too weak
// would pass); asked one ply short (mutateBound), it must be wrong
// somewhere.
func TestNoWinAfter(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 1000
	}
	run := func(mutate bool) (wrong string, said, tight int) {
		r := engine.NewRand(77)
		eachGameOrSmall(78, n, func(p engine.Position, prover engine.Player) {
			if wrong != "" {
				return
			}
			if !revealSome(r, &p, prover.Other()) {
				return
			}
			if p.Turn() != prover {
				p.SetTurn(prover)
				if p.Validate() != nil || p.Outcome() != engine.Ongoing {
					return
				}
			}
			g := newGame(p, prover, prover, nil)
			g.mutateBound = mutate
			for _, m := range g.Moves(nil) {
				for k := uint16(1); k <= 12; k++ {
					if !g.NoWinAfter(m, k) {
						continue
					}
					said++
					g.Play(m)
					ev := g.Evaluate()
					g.Undo()
					if ev.NoWin < k || ev.WinIn <= k {
						wrong = fmt.Sprintf("%s after %v: the bound says no win within %d, Evaluate %d (win in %d)", p.String(), engine.Move(m).Plain(), k, ev.NoWin, ev.WinIn)
						return
					}
					if ev.NoWin == k {
						tight++
					}
				}
			}
		})
		return
	}
	wrong, said, tight := run(false)
	if wrong != "" {
		t.Fatal(wrong)
	}
	if said < n || tight < n/10 {
		t.Fatalf("the bound settled %d children, %d of them at Evaluate's own bound, in %d positions: the test says little", said, tight, n)
	}
	t.Logf("%d children settled, %d at Evaluate's own bound", said, tight)
	if wrong, _, _ := run(true); wrong == "" {
		t.Error("the bound asked one ply short: no wrong answer found")
	} else {
		t.Logf("one ply short: %s", wrong)
	}
}

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
// would pass); asked one ply short (mutateBoundShort), or with the
// captures forgotten (mutateBoundEscapeOnly), it must be wrong somewhere.
func TestNoWinAfter(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 1000
	}
	run := func(mut mutation) (wrong string, said, tight int) {
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
			g.mutation = mut
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
	wrong, said, tight := run(noMutation)
	if wrong != "" {
		t.Fatal(wrong)
	}
	if said < n || tight < n/10 {
		t.Fatalf("the bound settled %d children, %d of them at Evaluate's own bound, in %d positions: the test says little", said, tight, n)
	}
	t.Logf("%d children settled, %d at Evaluate's own bound", said, tight)
	for _, m := range []mutation{mutateBoundShort, mutateBoundEscapeOnly} {
		if wrong, _, _ := run(m); wrong == "" {
			t.Errorf("mutation %v: no wrong answer found", m)
		} else {
			t.Logf("mutation %v: %s", m, wrong)
		}
	}
}

// TestNoWinAfterDfpn: df-pn, with the children its shallow searches
// settle by their move (NoWinAfter), gives the plain solver's verdict and
// DTW within 9 plies (--shortest) on random positions with some of the
// opponent's colours shown, the prover's win asked; with the captures
// forgotten in the bound (mutateBoundEscapeOnly) it does not, on the full
// sample. (A bound one ply short, a subtler error, TestNoWinAfter catches
// and these positions do not: it changes a disproof's length by a ply,
// which matters only where the child's lower bound is its exact
// distance.)
func TestNoWinAfterDfpn(t *testing.T) {
	n, depth := 1500, 9
	if testing.Short() {
		n = 300
	}
	cases := shownCases(79, n, nil)
	wantDfpnAgreement(t, cases, depth)
	if testing.Short() {
		return
	}
	wantDfpnDisagreement(t, cases, depth, mutateBoundEscapeOnly)
}

// TestShuttleCount: stillTargets' count kept from the last position it
// was made for (game.shuttles) gives every lower bound a fresh game
// gives: one game walks every move and reply of positions with some of
// the opponent's colours shown, either side's win asked, its bound after
// each compared with a new game's of the same position. The kept count
// must be used somewhere; found again by the pieces that may be blue
// alone (mutateShuttleKey), it must give a wrong bound somewhere.
func TestShuttleCount(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 500
	}
	run := func(mut mutation) (wrong string, kept int) {
		r := engine.NewRand(81)
		for i := 0; i < n && wrong == ""; i++ {
			p, prover, ok := drawPosition(r, false, mixedMaterial(r))
			if !ok || !revealSome(r, &p, prover.Other()) {
				continue
			}
			orSide := prover
			if i%4 == 3 {
				orSide = prover.Other()
			}
			g := newGame(p, prover, orSide, nil)
			g.mutation = mut
			for _, m := range g.Moves(nil) {
				g.Play(m)
				for _, reply := range g.Moves(nil) {
					g.Play(reply)
					hits := g.shuttleHits
					lb := g.lowerBound()
					kept += int(g.shuttleHits - hits)
					fresh := newGame(g.pos, prover, orSide, nil)
					fresh.mutation = mut
					if want := fresh.lowerBound(); lb != want {
						wrong = fmt.Sprintf("%s (win of %v asked): lower bound %d with the kept count, %d fresh", g.pos.String(), orSide, lb, want)
					}
					g.Undo()
				}
				g.Undo()
			}
		}
		return wrong, kept
	}
	wrong, kept := run(noMutation)
	if wrong != "" {
		t.Fatal(wrong)
	}
	if kept < n {
		t.Fatalf("the kept count was used %d times: the test says little", kept)
	}
	t.Logf("the kept count used %d times", kept)
	if wrong, _ := run(mutateShuttleKey); wrong == "" {
		t.Errorf("mutation %v: no wrong bound found", mutateShuttleKey)
	} else {
		t.Logf("mutation %v: %s", mutateShuttleKey, wrong)
	}
}

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

// TestAndFacts: the AND side's facts kept in the game's table
// (andFacts: stillTargets' shuttles, guardedEscape's exits, guards and
// shuttles) give every lower bound a fresh game gives (keptFacts), on
// two draws of positions. They must be used somewhere; found again by
// the AND side's hidden pieces alone (mutateAndKey), they must give a
// wrong bound somewhere.
func TestAndFacts(t *testing.T) {
	n := 3000
	if testing.Short() {
		n = 1000
	}
	for _, seed := range []uint64{81, 83} {
		wrong, kept := keptFacts(n, seed, noMutation)
		if wrong != "" {
			t.Fatal(wrong)
		}
		if kept < n/10 {
			t.Fatalf("seed %d: the kept facts were used %d times: the test says little", seed, kept)
		}
		t.Logf("seed %d: the kept facts used %d times", seed, kept)
		if wrong, _ := keptFacts(n, seed, mutateAndKey); wrong == "" {
			t.Errorf("seed %d, mutation %v: no wrong bound found", seed, mutateAndKey)
		} else {
			t.Logf("seed %d, mutation %v: %s", seed, mutateAndKey, wrong)
		}
	}
}

// keptFacts walks every move and reply of n random positions with some
// of the opponent's colours shown, either side's win asked, with one game
// (under the mutation mut), and compares its lower bound after each move
// and each reply with a new game's of the same position: the first
// difference, and how many times the game used facts it kept.
func keptFacts(n int, seed uint64, mut mutation) (wrong string, kept int) {
	r := engine.NewRand(seed)
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
		check := func() {
			h := g.andHits
			lb := g.lowerBound()
			kept += int(g.andHits - h)
			fresh := newGame(g.pos, prover, orSide, nil)
			fresh.mutation = mut
			if want := fresh.lowerBound(); lb != want && wrong == "" {
				wrong = fmt.Sprintf("%s (win of %v asked): lower bound %d with the kept facts, %d fresh", g.pos.String(), orSide, lb, want)
			}
		}
		// The children one after the other, as a search expands a node,
		// then each child's.
		moves := g.Moves(nil)
		for _, m := range moves {
			g.Play(m)
			check()
			g.Undo()
		}
		for _, m := range moves {
			g.Play(m)
			for _, reply := range g.Moves(nil) {
				g.Play(reply)
				check()
				g.Undo()
			}
			g.Undo()
		}
	}
	return wrong, kept
}

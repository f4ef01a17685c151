package solver

import (
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
)

// TestGuardsBound checks guardedEscape against the plain solver on random
// positions, the prover as the OR side, where it sharpens lowerBound: the
// game's "no win within NoWin" holds. It must sharpen the bound on some
// positions (else the test says little), and two wrong variants must give
// a "no win" the plain solver refutes: a guarded exit counted as closed
// for good, and the guards counted as taken only by the blue that
// escapes. A third, the guards counted as standing still without a
// shuttle to move instead, is only counted (below).
func TestGuardsBound(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 30000
	}
	const depth = 9
	r := engine.NewRand(57)
	mutations := []mutation{mutateGuardsWithoutShuttle, mutateGuardsUntakeable, mutateGuardsBlueOnly}
	caught := map[mutation]int{}
	sharper, checked := 0, 0
	for i := 0; i < n; i++ {
		p, prover, ok := drawPosition(r, false, mixedMaterial(r))
		if !ok {
			continue
		}
		if i%3 == 0 && !revealSome(r, &p, prover.Other()) {
			continue
		}
		g := newGame(p, prover, prover, nil)
		ref := reference.New(prover, prover, reference.Purple)
		g.noGuards = true
		before := g.lowerBound()
		g.noGuards = false
		lb := g.lowerBound()
		if lb > before {
			sharper++
			if noWin, d, ok := checkNoWin(g, ref, depth); ok {
				checked++
				if d >= 0 {
					t.Fatalf("%s prover %v: Evaluate says no win within %d, the plain solver wins in %d", p.String(), prover, noWin, d)
				}
			}
		}
		for _, m := range mutations {
			g.mutation = m
			if g.lowerBound() > lb && refuted(g, ref, depth) {
				caught[m]++
			}
		}
	}
	if checked < n/100 {
		t.Errorf("%d positions sharpened, %d of them checked within %d plies, among %d: the test says little", sharper, checked, depth, n)
	}
	// mutateGuardsWithoutShuttle is logged, not required: its guards
	// still shuffle between an exit and the squares next to it, and no
	// position met so far forces one away (random ones, nor 142,885 with
	// the opponent's pieces all moved onto or next to the exits where the
	// variant raised the bound, each checked to 9 plies).
	for _, m := range mutations[1:] {
		if caught[m] == 0 {
			t.Errorf("mutation %v: the plain solver agrees with every bound", m)
		}
	}
	t.Logf("%d positions sharpened, %d checked; refuted: %v", sharper, checked, caught)
}

// TestGuardsBoundDfpn: df-pn, with guardedEscape pruning inside its
// search, gives the plain solver's verdict and exact distance within 9
// plies on random positions with a guard of the opponent's and a prover
// blue at most three steps from an exit; with a guarded exit counted as
// closed for good (mutateGuardsUntakeable) it does not, on the full
// sample.
func TestGuardsBoundDfpn(t *testing.T) {
	n, depth := 600, 9
	if testing.Short() {
		n = 200
	}
	r := engine.NewRand(59)
	var cases []knowledgeCase
	for len(cases) < n {
		p, prover, ok := drawPosition(r, false, mixedMaterial(r))
		if !ok {
			continue
		}
		guarded := p.Occupied(prover.Other())&guardZone[prover] != 0
		if guarded && plainEscapeMoves(&p, prover) <= 4 {
			cases = append(cases, knowledgeCase{p, prover, prover})
		}
	}
	wantDfpnAgreement(t, cases, depth)
	if testing.Short() {
		return
	}
	wantDfpnDisagreement(t, cases, depth, mutateGuardsUntakeable)
}

// TestEscapeThroughOneGuard holds escapeThrough's way with one guard to
// the way of any number (escapeThroughAny) on random squares and pieces,
// with and without the mutation that counts the guards taken by the
// escaping blue alone. Both of its shortcuts (the guard's square on the
// blue's way; no other piece) must be taken, and the long way too.
func TestEscapeThroughOneGuard(t *testing.T) {
	r := engine.NewRand(61)
	square := func() engine.Square { return engine.Sq(r.Intn(6), r.Intn(6)) }
	var through, long int
	for i := 0; i < 200000; i++ {
		sq, ex, guard := square(), square(), square()
		var others, blues uint64
		for j := r.Intn(5); j > 0; j-- {
			b := square().Bit() &^ sq.Bit()
			others |= b
			if r.Intn(2) == 0 {
				blues |= b
			}
		}
		mut := noMutation
		if i%5 == 0 {
			mut = mutateGuardsBlueOnly
		}
		gl := []engine.Square{guard}
		got, want := escapeThrough(sq, ex, gl, others, blues, mut), escapeThroughAny(sq, ex, gl, others, blues, mut)
		if got != want {
			t.Fatalf("blue %v, exit %v, guard %v, others %#x, blues %#x, mutation %v: %d moves, the general way %d", sq, ex, guard, others, blues, mut, got, want)
		}
		if sq.Distance(guard)+guard.Distance(ex) <= sq.Distance(ex)+1 {
			through++
		} else if others != 0 && mut == noMutation {
			long++
		}
	}
	if through < 1000 || long < 1000 {
		t.Fatalf("the guard on the blue's way %d times, the long way %d: the test says little", through, long)
	}
}

package solver

import (
	"context"
	"fmt"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// TestFortressAgainstTables checks fortress and fortressNext on every
// position of four classes against their endgame tables (retrograde
// analysis, which knows nothing of the rules): wherever one holds, the
// tables must give no sure win. Each wrong variant the tables can show
// (fortressMutations but the shown pieces', which the tables' classes
// have none of) must claim a position the tables call a win. 1B1R-3U2r
// has two reds left: there the rules never hold, and only the two-reds
// variant fires; 1B2R-2U1r has two prover reds, which the opponent may
// take (fortressNext).
func TestFortressAgainstTables(t *testing.T) {
	names := []string{"1B1R-2U1r", "1B2R-2U1r", "1B1R-3U1r", "1B1R-3U2r"}
	if testing.Short() {
		names = []string{"1B1R-2U1r", "1B1R-3U1r", "1B1R-3U2r"}
	}
	var classes []purple.Class
	for _, s := range names {
		c, err := purple.ParseClass(s)
		if err != nil {
			t.Fatal(err)
		}
		classes = append(classes, c)
	}
	db, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := tablebase.Build(context.Background(), db, classes, tablebase.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	muts := []mutation{noMutation, mutateFortressTwoReds, mutateFortressBlueOnExit, mutateFortressOneExit, mutateNextBlueNear, mutateNextRedIgnored}
	fired := map[mutation]int{}
	next := 0
	wrong := map[mutation]int{}
	first := map[mutation]string{}
	// One game for all positions, its position set for each: a fresh
	// one zeroes andFacts' cache (most of the test's time), whose entries
	// are keyed by the AND side's pieces and so hold from position to
	// position, as they do from node to node in a search.
	g := newGame(engine.Position{}, engine.First, engine.First, nil)
	for _, c := range classes {
		held, noWins := 0, 0
		err := db.Scan(context.Background(), c, func(p engine.Position, v tablebase.Entry) error {
			if p.Outcome() != engine.Ongoing {
				return nil
			}
			win := v.Result == purple.Win
			if !win {
				noWins++
			}
			g.pos = p
			for _, m := range muts {
				g.mutation = m
				f, fn := g.fortress(), g.fortressNext()
				if !f && !fn {
					continue
				}
				if m == noMutation {
					held++
					if fn {
						next++
					}
				}
				fired[m]++
				if win {
					wrong[m]++
					if first[m] == "" {
						first[m] = fmt.Sprintf("%s: the tables say %v", p.String(), v)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%v: the rules hold on %d of its %d positions without a sure win", c, held, noWins)
	}
	if wrong[noMutation] > 0 {
		t.Errorf("the rules hold on %d positions with a sure win, first %s", wrong[noMutation], first[noMutation])
	}
	if fired[noMutation] < 10000 || next < 10000 {
		t.Errorf("the rules held on only %d positions, fortressNext on %d: the check means little", fired[noMutation], next)
	}
	t.Logf("the rules held on %d positions, fortressNext on %d", fired[noMutation], next)
	for _, m := range muts[1:] {
		if wrong[m] == 0 {
			t.Errorf("mutation %v: the tables agree with every one of its %d claims", m, fired[m])
		} else {
			t.Logf("mutation %v: %d of %d claims wrong, first %s", m, wrong[m], fired[m], first[m])
		}
	}
}

// TestFortressAgainstReference checks fortress against the plain AND/OR
// solver on random positions in which the opponent holds both exit
// regions and has one red left, some of its colours shown for half of
// them: wherever the rule holds, no win within 9 plies. With shown pieces
// allowed (mutateFortressShown) the rule claims positions the plain
// solver wins (the prover takes a shown blue, or a hidden piece once the
// red shows).
func TestFortressAgainstReference(t *testing.T) {
	n, depth := 400, 9
	if testing.Short() {
		n = 150
	}
	r := engine.NewRand(5)
	held, claims, wrongClaims := 0, 0, 0
	var firstWrong string
	for tries := 0; held < n || claims < n/4; tries++ {
		if tries > 400*n {
			t.Fatalf("drew %d positions the rule holds on and %d the shown variant claims in %d tries", held, claims, tries)
		}
		p, prover, ok := drawPosition(r, false, func() [4]int { return [4]int{1 + r.Intn(2), 1, 2 + r.Intn(2), 1} })
		if !ok {
			continue
		}
		if tries%2 == 1 && !revealSome(r, &p, prover.Other()) {
			continue
		}
		g := newGame(p, prover, prover, nil)
		ok = g.fortress()
		g.mutation = mutateFortressShown
		mut := g.fortress() && !ok
		if !ok && !mut {
			continue
		}
		win := reference.New(prover, prover, reference.Purple).WinWithin(&p, depth)
		switch {
		case ok:
			held++
			if win {
				t.Errorf("%s prover %v: fortress holds, the plain solver wins within %d", p.String(), prover, depth)
			}
		case claims < n:
			claims++
			if win {
				wrongClaims++
				if firstWrong == "" {
					firstWrong = p.String()
				}
			}
		}
	}
	if wrongClaims == 0 {
		t.Errorf("mutation %v: the plain solver agrees with every one of its %d claims", mutateFortressShown, claims)
	} else {
		t.Logf("mutation %v: %d of %d claims won within %d, first %s", mutateFortressShown, wrongClaims, claims, depth, firstWrong)
	}
	t.Logf("the rule held on %d positions", held)
}

// TestFortressDfpnAgainstReference: df-pn, with fortress deciding nodes
// inside its search, gives the plain solver's verdict and DTW within 7
// plies on random positions where the rule, or a wrong variant of it,
// holds at the root or a child (the prover's win asked, some of the
// opponent's colours shown in half of them); with each wrong variant
// (fortressMutations) it does not, but a prover blue on an exit: the
// search asks fortress at the prover's turn only, where that blue's
// escape is a win found first (the tables' check catches that variant).
func TestFortressDfpnAgainstReference(t *testing.T) {
	n, depth := 800, 7
	r := engine.NewRand(11)
	var cases []knowledgeCase
	for tries := 0; len(cases) < n; tries++ {
		if tries > 1000*n {
			t.Fatalf("only %d positions in %d tries", len(cases), tries)
		}
		// Mostly one prover red (fortressNext asks for it), one red in
		// four two; the opponent one red or two (the two-reds variant).
		p, prover, ok := drawPosition(r, false, func() [4]int { return [4]int{1 + r.Intn(2), 1 + r.Intn(4)/3, 2 + r.Intn(2), 1 + r.Intn(2)} })
		if !ok || (tries%2 == 1 && !revealSome(r, &p, prover.Other())) {
			continue
		}
		if fortressNear(p, prover) {
			cases = append(cases, knowledgeCase{p, prover, prover})
		}
	}
	wantDfpnAgreement(t, cases, depth)
	for _, m := range fortressMutations {
		if m == mutateFortressBlueOnExit {
			continue
		}
		wantDfpnDisagreement(t, cases, depth, m)
	}
}

// fortressNear reports whether fortress or fortressNext, as written or
// any wrong variant, holds on p or a child of it (the prover's win
// asked).
func fortressNear(p engine.Position, prover engine.Player) bool {
	g := newGame(p, prover, prover, nil)
	holds := func() bool {
		for _, m := range append([]mutation{noMutation}, fortressMutations...) {
			g.mutation = m
			if g.fortress() || g.fortressNext() {
				return true
			}
		}
		return false
	}
	return holdsNear(g, holds)
}

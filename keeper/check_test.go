package keeper

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Check's counts against Algorithm 1 equal a plain serial count over
// Positions of the retrograde solution's values (one keeper: N wins
// exist); the listed wins' lines replay to N's win in their plies.
func TestCheckCountsAlgorithm(t *testing.T) {
	ctx := context.Background()
	c := mustClass(t, "1B1R-2U1r")
	spec := Spec{Keepers: 1, KeeperReds: 1}
	rep, err := Check(ctx, []purple.Class{c}, CheckOptions{Spec: spec, Algorithm: true, Reading: Paper, Threads: 2, List: 3})
	if err != nil {
		t.Fatal(err)
	}
	sv, err := SolveClasses(ctx, []purple.Class{c}, Paper, nil)
	if err != nil {
		t.Fatal(err)
	}
	var all, nToMove, wins, winsNToMove, distinct uint64
	err = Positions(ctx, c, spec, func(p engine.Position, w int) error {
		v, ok := sv.Value(&p, engine.First, engine.NoSquare)
		if !ok {
			t.Fatalf("no value for %s", p.String())
		}
		all += uint64(w)
		if p.Turn() == engine.First {
			nToMove += uint64(w)
		}
		if v.Win {
			wins += uint64(w)
			distinct++
			if p.Turn() == engine.First {
				winsNToMove += uint64(w)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r := rep.Classes[0]
	if r.Source != "retrograde" || r.Positions != all || r.NToMove != nToMove || r.NWins != wins || r.NWinsNToMove != winsNToMove || r.NWinsDistinct != distinct {
		t.Errorf("Check %+v; serial count: %d positions (%d N to move), %d wins (%d N to move, %d distinct)", r, all, nToMove, wins, winsNToMove, distinct)
	}
	if wins == 0 || len(r.Counterexamples) != 3 || len(r.Examples) != 2 || rep.Positions != all || rep.Partial {
		t.Errorf("listed %d, examples %d, report %+v", len(r.Counterexamples), len(r.Examples), rep)
	}
	for _, ex := range append(r.Examples, r.Counterexamples...) {
		p := engine.MustParsePosition(ex.Position)
		for _, s := range ex.PV {
			m, err := p.ParseMove(strings.TrimSuffix(s, "+v1"))
			if err != nil {
				t.Fatalf("%s: %q: %v", ex.Position, s, err)
			}
			p.Make(purple.ProverMove(&p, engine.First, m))
		}
		if len(ex.PV) != ex.Plies || p.Outcome() != engine.FirstWins {
			t.Errorf("example %+v does not win in its plies", ex)
		}
	}
}

// Interrupted, Check returns what it counted, marked partial, with the
// context's error.
func TestCheckInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := mustClass(t, "1B1R-2U1r")
	n := 0
	o := CheckOptions{Threads: 1, Nodes: 20000, OnClass: func(*ClassReport) { n++ }}
	o.Progress = func(string) { cancel() }
	rep, err := Check(ctx, []purple.Class{c, c}, o)
	if !errors.Is(err, context.Canceled) || rep == nil || !rep.Partial || n != 0 {
		t.Fatalf("err %v, report %+v, %d classes done", err, rep, n)
	}
	last := rep.Classes[len(rep.Classes)-1]
	if !last.Partial || rep.Positions != last.Positions || last.Positions == 0 || last.Positions >= 152592 {
		t.Errorf("partial class %+v", last)
	}
}

func mustClass(t testing.TB, s string) purple.Class {
	c, err := purple.ParseClass(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

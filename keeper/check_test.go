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
	rep, err := Check(ctx, []purple.Class{c}, CheckOptions{Spec: spec, Algorithm: true, Reading: Literal8bAs7, Threads: 2, List: 3})
	if err != nil {
		t.Fatal(err)
	}
	sv, err := SolveClasses(ctx, []purple.Class{c}, Literal8bAs7, nil)
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

// A class beyond MaxStates is answered by df-pn, with the classes its
// captures lead into solved by retrograde analysis first (the search's
// oracle), and never the class itself. Its answers agree with the
// class's retrograde solution: no N win in 2B1R-2U1r with no value held
// (within 10 plies: without a bound, a df-pn search cannot refute play
// that goes on for ever).
func TestCheckBigClassSolvesItsCaptures(t *testing.T) {
	c := mustClass(t, "2B1R-2U1r")
	var lines []string
	o := CheckOptions{Algorithm: true, Reading: Literal8bAs7, Threads: 2, Sample: 30, Seed: 3, Nodes: 2_000_000, WithinPlies: 10,
		MaxStates: States(c) - 1, Progress: func(s string) { lines = append(lines, s) }}
	rep, err := Check(context.Background(), []purple.Class{c}, o)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(lines, "\n")
	if !strings.Contains(text, "keeper game 1B1R-2U1r: ") || strings.Contains(text, "keeper game 2B1R-2U1r: ") {
		t.Errorf("solved classes:\n%s", text)
	}
	r := rep.Classes[0]
	if r.Source != "dfpn sample" || r.Positions != 30 || r.NWins != 0 || r.Unknown != 0 {
		t.Errorf("report %+v", r)
	}
}

// With WithinPlies, the df-pn answers of a sample count exactly the
// sampled positions whose retrograde distance is at most that bound, and
// every win listed is one of them.
func TestCheckWithinPlies(t *testing.T) {
	ctx := context.Background()
	c := mustClass(t, "1B1R-2U1r")
	spec := Spec{Keepers: 1, KeeperReds: 1}
	sv, err := SolveClasses(ctx, []purple.Class{c}, Agent, nil)
	if err != nil {
		t.Fatal(err)
	}
	const n, seed = 60, 7
	for _, within := range []int{5, 9} {
		want := uint64(0)
		err = samplePositions(c, spec, seed, n, func(p engine.Position) error {
			if v, ok := sv.Value(&p, engine.First, engine.NoSquare); !ok {
				t.Fatalf("no value for %s", p.String())
			} else if v.Win && v.Plies <= within {
				want++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Check(ctx, []purple.Class{c}, CheckOptions{Spec: spec, Algorithm: true, Reading: Agent, Threads: 2,
			Sample: n, Seed: seed, WithinPlies: within, MaxStates: 1, List: n})
		if err != nil {
			t.Fatal(err)
		}
		r := rep.Classes[0]
		if r.Source != "dfpn sample" || r.WithinPlies != within || r.Unknown != 0 || r.NWins != want || len(r.Counterexamples) != int(want) {
			t.Errorf("within %d: report %+v; want %d wins", within, r, want)
		}
		for _, ex := range r.Counterexamples {
			p := engine.MustParsePosition(ex.Position)
			if v, _ := sv.Value(&p, engine.First, engine.NoSquare); !v.Win || v.Plies > within || ex.Plies > within {
				t.Errorf("within %d: listed %s in %d, retrograde %+v", within, ex.Position, ex.Plies, v)
			}
		}
		t.Logf("within %d: %d wins of %d", within, want, n)
	}
}

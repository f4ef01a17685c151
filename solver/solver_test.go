package solver

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/purple"
)

// randomPosition: the prover's 1–2 blues and 1–2 reds against 2–4
// hidden pieces, on random squares.
func randomPosition(r *engine.Rand, prover engine.Player, toMove engine.Player) engine.Position {
	return testpos.Small(r, prover, toMove)
}

func refDTW(p *engine.Position, prover engine.Player, depth int, mode reference.Mode) int {
	return reference.New(prover, prover, mode).DTW(p, depth)
}

// TestAgainstReference: df-pn with --shortest agrees with the plain solver
// on the verdict and the exact DTW within the plain solver's reach, on
// random positions with both sides to move and both players as prover.
func TestAgainstReference(t *testing.T) {
	n, depth := 2000, 7
	if testing.Short() {
		n = 300
	}
	r := engine.NewRand(42)
	// Unbounded --shortest, with a node budget: "unknown" is allowed (a
	// draw in the purple game can take millions of nodes to disprove),
	// a wrong verdict or a wrong DTW is not.
	unbounded := New(Options{TTMegabytes: 16, Shortest: true, MaxNodes: 50000})
	// --max-plies D --shortest: always decided.
	bounded := New(Options{TTMegabytes: 16, Shortest: true, MaxPlies: depth})
	// "A win at all?" (the default), with a node budget.
	anyWin := New(Options{TTMegabytes: 16, MaxNodes: 50000})
	anyWin.onceBelow = 0 // by deepen, as without a budget
	wins, unknown, inexact, anyWins, anyExact := 0, 0, 0, 0, 0
	for i := 0; i < n; i++ {
		prover := engine.Player(r.Intn(2))
		p := randomPosition(r, prover, engine.Player(r.Intn(2)))
		want, b, a := checkAgainstReference(t, p, prover, bounded, unbounded, depth)
		if b.Result == Win {
			wins++
		}
		if d := checkAnyAgainstReference(t, p, prover, anyWin, want, depth); d.Result == Win && want >= 0 {
			anyWins++
			if d.Plies == want {
				anyExact++
			}
		}
		switch {
		case a.Result == Unknown:
			unknown++
		case a.Result == Win && !a.Exact:
			inexact++
		}
	}
	t.Logf("%d positions, %d wins within %d plies; unbounded: %d unknown, %d not shortened within the budget; a win at all: %d of those wins found, %d in the plain solver's distance", n, wins, depth, unknown, inexact, anyWins, anyExact)
	if wins < n/10 || unknown > n/4 || anyWins < wins*9/10 {
		t.Errorf("%d wins, %d unknown and %d wins found asking \"a win at all?\" among %d positions: the sample says little", wins, unknown, anyWins, n)
	}
}

// checkAnyAgainstReference asks s "a win at all?" (no bound, no
// Shortest) about p and fails t where the answer contradicts the plain
// solver's DTW within depth, want (-1: none): unknown is allowed; where
// the plain solver wins, no "no win", and a win no shorter than want,
// exactly want where the answer says it is exact; where it does not, no
// win within depth. A win's line must be legal and end in the prover's
// win. It returns the answer.
func checkAnyAgainstReference(t *testing.T, p engine.Position, prover engine.Player, s *Solver, want, depth int) Answer {
	t.Helper()
	a, err := s.Solve(context.Background(), p, prover)
	if err != nil {
		t.Fatalf("%s prover %v: a win at all: %v", p.String(), prover, err)
	}
	switch {
	case a.Result == Unknown:
	case want >= 0 && (a.Result != Win || a.Plies < want || (a.Exact && a.Plies != want)):
		t.Fatalf("%s prover %v: a win at all: %v in %d (exact %v), plain solver: win in %d", p.String(), prover, a.Result, a.Plies, a.Exact, want)
	case want < 0 && a.Result == Win && a.Plies <= depth:
		t.Fatalf("%s prover %v: a win at all: win in %d, plain solver: none within %d", p.String(), prover, a.Plies, depth)
	}
	if a.Result == Win {
		checkLine(t, p, prover, a)
	}
	return a
}

// checkAgainstReference asks bounded (--max-plies depth --shortest) and
// unbounded (--shortest under a node budget) about p and fails t where
// they disagree with the plain solver within depth: bounded must give
// its verdict and exact DTW; unbounded may answer unknown, or a proven
// win whose distance the budget left inexact (no shorter than the plain
// solver's), but no other distance and no win the plain solver refutes.
// Every line must be legal and end in the prover's win. It returns the
// plain solver's DTW within depth (-1: none) and both answers.
func checkAgainstReference(t *testing.T, p engine.Position, prover engine.Player, bounded, unbounded *Solver, depth int) (want int, b, a Answer) {
	t.Helper()
	want = refDTW(&p, prover, depth, reference.Purple)
	b, err := bounded.Solve(context.Background(), p, prover)
	if err != nil || b.Result == Unknown || (b.Result == Win) != (want >= 0) {
		t.Fatalf("%s prover %v: --max-plies %d says %v, plain solver DTW %d (%v)", p.String(), prover, depth, b.Result, want, err)
	}
	if b.Result == Win {
		if b.Plies != want || !b.Exact {
			t.Fatalf("%s prover %v: --max-plies %d --shortest: win in %d (exact %v), plain solver %d", p.String(), prover, depth, b.Plies, b.Exact, want)
		}
		checkLine(t, p, prover, b)
	}
	a, err = unbounded.Solve(context.Background(), p, prover)
	if err != nil {
		t.Fatalf("%s prover %v: %v", p.String(), prover, err)
	}
	switch {
	case a.Result == Unknown:
	case want >= 0 && a.Result == Win && !a.Exact && a.Plies >= want:
		// proven, but the budget ran out before the DTW was
	case want >= 0 && (a.Result != Win || a.Plies != want || !a.Exact):
		t.Fatalf("%s prover %v: %v in %d (exact %v), plain solver: win in %d", p.String(), prover, a.Result, a.Plies, a.Exact, want)
	case want < 0 && a.Result == Win && a.Plies <= depth:
		t.Fatalf("%s prover %v: win in %d, plain solver: none within %d", p.String(), prover, a.Plies, depth)
	}
	if a.Result == Win {
		checkLine(t, p, prover, a)
	}
	return want, b, a
}

// checkForOpponent asks s (ForOpponent, MaxPlies depth, Shortest) about
// p and fails t unless it gives the plain solver's verdict and exact
// distance for the opponent's win; it returns that distance (-1: no win
// within depth).
func checkForOpponent(t *testing.T, s *Solver, p engine.Position, prover engine.Player, depth int) int {
	t.Helper()
	want := reference.New(prover, prover.Other(), reference.Purple).DTW(&p, depth)
	a, err := s.Solve(context.Background(), p, prover)
	if err != nil {
		t.Fatalf("%s prover %v: the opponent's win: %v", p.String(), prover, err)
	}
	got := -1
	if a.Result == Win {
		got = a.Plies
	}
	if got != want || a.Result == Unknown {
		t.Fatalf("%s prover %v: the opponent's win: %v in %d, plain solver %d", p.String(), prover, a.Result, a.Plies, want)
	}
	return want
}

// TestEpsilonKeepsAnswers: df-pn's ε (the solver's epsilon, which the
// spread benchmark varies) and its ε at AND nodes in the searches
// expected to answer no (refute) change the order of the search, never
// its answer: --shortest at ε from 0.05 to 2, and with refute off, gives
// the tables' answer (no win, or the exact DTW) on a fifth of the tables
// suite (17–25-ply wins and no-wins of seven pieces, answers that do not
// depend on df-pn), each within a budget (an unknown allowed, a wrong
// answer not), and the values change the nodes searched on most, refute
// off against on at ε 1/4 on many (else the test would not be varying
// anything).
func TestEpsilonKeepsAnswers(t *testing.T) {
	suite, step := readTablesSuite(t), 5
	if testing.Short() {
		step = 20
	}
	type config struct {
		eps       float64
		refuteOff bool
	}
	// The last repeats the default ε with refute off: its nodes against
	// the default's (with refute on) show that refute is passed on.
	configs := []config{{0.05, false}, {dfpn.DefaultEpsilon, false}, {0.6, false}, {2, false}, {dfpn.DefaultEpsilon, true}}
	def, off := 1, len(configs)-1
	solvers := make([]*Solver, len(configs))
	for i, c := range configs {
		solvers[i] = New(Options{TTMegabytes: 32, Shortest: true, MaxNodes: 1 << 20})
		solvers[i].epsilon, solvers[i].refuteOff = c.eps, c.refuteOff
	}
	asked, unknown, differ, refuteDiffers := 0, 0, 0, 0
	for k := 0; k < len(suite); k += step {
		w := suite[k]
		asked++
		var nodes []uint64
		for i, s := range solvers {
			a := solveAgainstTables(t, s, k+1, w, fmt.Sprintf("ε %v, refute off %v", configs[i].eps, configs[i].refuteOff))
			if a.Result == Unknown {
				unknown++
			}
			nodes = append(nodes, a.Nodes)
		}
		if slices.ContainsFunc(nodes[:off], func(x uint64) bool { return x != nodes[0] }) {
			differ++
		}
		if nodes[off] != nodes[def] {
			refuteDiffers++
		}
	}
	t.Logf("%d positions asked in %d configurations: %d answers unknown within the budget, nodes differing with ε on %d positions, with refute on %d", asked, len(configs), unknown, differ, refuteDiffers)
	if unknown > asked || differ < asked/2 || refuteDiffers < asked/4 {
		t.Errorf("%d of %d answers unknown, nodes differing on %d of %d positions with ε, on %d with refute: the check says little", unknown, asked*len(configs), differ, asked, refuteDiffers)
	}
}

// solveAgainstTables solves w, line line of the tables suite, with s
// (reset first) and fails t where the answer contradicts the tables'
// (config names s's settings in the message); it returns the answer
// (Unknown: the budget ran out).
func solveAgainstTables(t *testing.T, s *Solver, line int, w tablesPosition, config string) Answer {
	t.Helper()
	s.Reset()
	a, err := s.Solve(context.Background(), w.p, w.prover)
	if err == nil && a.Result == Unknown {
		return a
	}
	if err != nil || (w.DTW == 0) != (a.Result == NoWin) || (w.DTW > 0 && (a.Plies != w.DTW || !a.Exact)) {
		t.Fatalf("line %d %s, %s: %v in %d (exact %v, %v); the tables: %s in %d", line, w.Position, config, a.Result, a.Plies, a.Exact, err, w.Result, w.DTW)
	}
	return a
}

// TestShallowKeepsAnswers: the bounded searches' nodes near the bound
// solved outright (shallowPlies, dfpn.Options.ShallowPlies) give the
// tables' exact answers on the tables suite, as the search without them
// does, and change the nodes searched (else the check would say nothing
// of it).
func TestShallowKeepsAnswers(t *testing.T) {
	suite, step := readTablesSuite(t), 4
	if testing.Short() {
		step = 16
	}
	on := New(Options{TTMegabytes: 32, Shortest: true, MaxNodes: 1 << 20})
	off := New(Options{TTMegabytes: 32, Shortest: true, MaxNodes: 1 << 20})
	off.shallowOff = true
	asked, unknown, differ := 0, 0, 0
	for k := 0; k < len(suite); k += step {
		w := suite[k]
		asked++
		var nodes [2]uint64
		for i, s := range []*Solver{on, off} {
			a := solveAgainstTables(t, s, k+1, w, fmt.Sprintf("shallow off %v", s.shallowOff))
			if a.Result == Unknown {
				unknown++
			}
			if a.Result == Win {
				checkLine(t, w.p, w.prover, a)
			}
			nodes[i] = a.Nodes
		}
		if nodes[0] != nodes[1] {
			differ++
		}
	}
	t.Logf("%d positions asked: %d answers unknown within the budget, nodes differing on %d", asked, unknown, differ)
	if unknown > asked/4 || differ < asked/2 {
		t.Errorf("%d of %d answers unknown, nodes differing on %d of %d positions: the check says little", unknown, 2*asked, differ, asked)
	}
}

// TestSearchOptions: df-pn's ε at AND nodes is refuteEpsilon in the
// searches expected to answer no (settle), oddRefuteEpsilon on the odd
// goroutines in "a win at all?" asked once (keep, no bound), and df-pn's
// own ε everywhere else (with a bound, and with refute switched off);
// scaled with ε where it is set. The answers on two threads are checked
// against the tables by TestParallelAnswers.
func TestSearchOptions(t *testing.T) {
	s := New(Options{TTMegabytes: 1, Threads: 2})
	for _, c := range []struct {
		settle, keep bool
		d            int
		eps          float64
		off          bool
		refute, odd  float64
	}{
		{true, false, 17, 0, false, refuteEpsilon, 0},
		{true, false, 0, 0, false, refuteEpsilon, 0},
		{true, false, 17, 0.5, false, 2 * refuteEpsilon, 0},
		{false, true, 0, 0, false, 0, oddRefuteEpsilon},
		{false, true, 0, 0.5, false, 0, 2 * oddRefuteEpsilon},
		{false, true, 25, 0, false, 0, 0},
		{false, false, 0, 0, false, 0, 0},
		{false, true, 0, 0, true, 0, 0},
		{true, false, 17, 0, true, 0, 0},
	} {
		s.settle, s.keep, s.epsilon, s.refuteOff = c.settle, c.keep, c.eps, c.off
		o := s.searchOptions(c.d)
		wantShallow := 0
		if c.d > 0 {
			wantShallow = shallowPlies
		}
		if o.ShallowPlies != wantShallow {
			t.Errorf("%d plies: ShallowPlies %d, want %d", c.d, o.ShallowPlies, wantShallow)
		}
		if o.RefuteEpsilon != c.refute || o.OddRefuteEpsilon != c.odd || o.MaxDepth != c.d || o.SettleChildren != c.settle || o.KeepChildren != c.keep || o.Epsilon != c.eps {
			t.Errorf("settle %v, keep %v, %d plies, ε %v, refute off %v: %+v, want ε at AND nodes %v, on the odd goroutines %v", c.settle, c.keep, c.d, c.eps, c.off, o, c.refute, c.odd)
		}
	}
}

// checkLine replays a win's principal line: legal moves, a prover win at
// its end, as long as the claimed plies when exact.
func checkLine(t *testing.T, p engine.Position, prover engine.Player, a Answer) {
	t.Helper()
	q := p
	for i, m := range a.PV {
		if !q.IsLegal(m) {
			t.Fatalf("%s: line move %d %s is illegal in %s (line %v)", p.String(), i, m, q.String(), a.PV)
		}
		q.Make(purple.ProverMove(&q, prover, m))
	}
	if q.Outcome() != engine.WinFor(prover) {
		t.Fatalf("%s: line %v ends in %s, %v", p.String(), a.PV, q.String(), q.Outcome())
	}
	if a.Exact && len(a.PV) != a.Plies || len(a.PV) > a.Plies {
		t.Fatalf("%s: line of %d plies for a win in %d (exact %v)", p.String(), len(a.PV), a.Plies, a.Exact)
	}
	if p.Turn() == prover && (len(a.PV) == 0 || a.Move != a.PV[0]) {
		t.Fatalf("%s: move %v, line %v", p.String(), a.Move, a.PV)
	}
	if p.Turn() != prover && a.Move != engine.NoMove {
		t.Fatalf("%s: opponent to move but move %v given", p.String(), a.Move)
	}
}

// TestPurpleEquivalence checks SPEC §4's claim on random positions: the
// purple game's sure wins (and their DTW) are exactly those of the game in
// which every hidden capture may be either colour, chosen against the
// prover once the counts allow both.
func TestPurpleEquivalence(t *testing.T) {
	n, depth := 600, 7
	if testing.Short() {
		n = 100
	}
	r := engine.NewRand(7)
	s := New(Options{TTMegabytes: 16, Shortest: true, MaxPlies: depth})
	ambiguous := 0
	for i := 0; i < n; i++ {
		prover := engine.Player(r.Intn(2))
		p := randomPosition(r, prover, engine.Player(r.Intn(2)))
		both := refDTW(&p, prover, depth, reference.BothColours)
		a, err := s.Solve(context.Background(), p, prover)
		if err != nil {
			t.Fatal(err)
		}
		got := -1
		if a.Result == Win {
			got = a.Plies
		}
		if got != both {
			t.Fatalf("%s prover %v: purple DTW %d, both-colours DTW %d", p.String(), prover, got, both)
		}
		if p.HiddenReds(prover.Other()) > 0 && p.HiddenBlues(prover.Other()) > 0 {
			ambiguous++
		}
	}
	if ambiguous < n/2 {
		t.Errorf("only %d of %d positions leave hidden colours open", ambiguous, n)
	}
}

// TestCertify: every win found is confirmed by the independent check;
// a claim one ply too short (when the DTW is exact) is refuted.
func TestCertify(t *testing.T) {
	r := engine.NewRand(99)
	s := New(Options{TTMegabytes: 16, Shortest: true, MaxPlies: 9})
	checked := 0
	for i := 0; i < 400 && checked < 60; i++ {
		prover := engine.Player(r.Intn(2))
		p := randomPosition(r, prover, engine.Player(r.Intn(2)))
		a, err := s.Solve(context.Background(), p, prover)
		if err != nil || a.Result != Win {
			continue
		}
		checked++
		if _, err := Certify(context.Background(), p, prover, a.Plies, 8); err != nil {
			t.Fatalf("%s: win in %d not certified: %v", p.String(), a.Plies, err)
		}
		if a.Plies > 1 {
			if _, err := Certify(context.Background(), p, prover, a.Plies-1, 8); err == nil {
				t.Fatalf("%s: DTW %d, yet a win in %d was certified", p.String(), a.Plies, a.Plies-1)
			}
		}
	}
	if checked < 30 {
		t.Fatalf("only %d wins checked", checked)
	}
}

// TestDrawsAreNoWin: in positions where neither side wins within 9
// plies, the opponent can often keep the prover out forever by going
// round in circles. Those must come out "no-win" (or "unknown"), never
// "win": a repetition is not a win. Every "win" given must be a real one,
// longer than 9 plies, confirmed by the independent check.
func TestDrawsAreNoWin(t *testing.T) {
	r := engine.NewRand(5)
	s := New(Options{TTMegabytes: 32, MaxNodes: 2_000_000})
	candidates, noWin, longWins := 0, 0, 0
	for i := 0; i < 5000 && candidates < 60; i++ {
		prover := engine.Player(r.Intn(2))
		p := randomPosition(r, prover, engine.Player(r.Intn(2)))
		if p.Count(engine.First)+p.Count(engine.Second) > 5 {
			continue
		}
		if reference.New(prover, prover, reference.Purple).DTW(&p, 9) >= 0 ||
			reference.New(prover, prover.Other(), reference.Purple).DTW(&p, 9) >= 0 {
			continue
		}
		candidates++
		a, err := s.Solve(context.Background(), p, prover)
		if err != nil {
			t.Fatal(err)
		}
		switch a.Result {
		case Win:
			longWins++
			if a.Plies <= 9 {
				t.Fatalf("%s: win in %d, but the plain solver finds none within 9", p.String(), a.Plies)
			}
			if _, err := Certify(context.Background(), p, prover, a.Plies, 8); err != nil {
				t.Fatalf("%s: win in %d (line %v) does not certify: %v", p.String(), a.Plies, a.PV, err)
			}
		case NoWin:
			noWin++
		}
	}
	if candidates < 30 || noWin < candidates/3 {
		t.Fatalf("%d candidates, %d proven no-win, %d long wins", candidates, noWin, longWins)
	}
	t.Logf("%d positions where neither side wins within 9 plies: %d no-win, %d longer wins (certified)", candidates, noWin, longWins)
}

// TestForOpponent: the mirror question (does the opponent force a win in
// the prover's purple game?) agrees with the plain solver asked for the
// opponent's win, on the verdict and the exact distance.
func TestForOpponent(t *testing.T) {
	n, depth := 500, 7
	if testing.Short() {
		n = 100
	}
	r := engine.NewRand(31)
	s := New(Options{TTMegabytes: 16, Shortest: true, MaxPlies: depth, ForOpponent: true})
	wins := 0
	for i := 0; i < n; i++ {
		prover := engine.Player(r.Intn(2))
		p := randomPosition(r, prover, engine.Player(r.Intn(2)))
		if checkForOpponent(t, s, p, prover, depth) >= 0 {
			wins++
		}
	}
	if wins < n/10 {
		t.Errorf("only %d opponent wins in %d positions", wins, n)
	}
}

// TestShortestOutOfBudgetKeepsLine: --shortest with a node budget that
// runs out after a win is found but before its exact length is known
// still answers with the proof's move and line (before, the answer was a
// win with neither).
func TestShortestOutOfBudgetKeepsLine(t *testing.T) {
	// A 17-ply win (of the published collection) whose unbounded probes
	// prove a win in 23 plies long before the iterations reach 17.
	p := engine.MustParsePosition("5R/2u1uB/3u2/1B1u2/1R4/1B4 f R2r3 0")
	inexact := 0
	for _, budget := range []uint64{25_000, 50_000, 100_000} {
		a, err := New(Options{TTMegabytes: 16, Shortest: true, MaxNodes: budget}).Solve(context.Background(), p, engine.First)
		if err != nil {
			t.Fatal(err)
		}
		if a.Result != Win || a.Exact {
			continue
		}
		inexact++
		if a.Move == engine.NoMove || len(a.PV) == 0 {
			t.Errorf("budget %d: a win in at most %d plies without a move or line: %+v", budget, a.Plies, a)
			continue
		}
		checkLine(t, p, engine.First, a)
	}
	if inexact == 0 {
		t.Error("no budget gave a win of unknown exact length: the test checks nothing")
	}
}

// TestLongBoundAgainstReference: a bound beyond the iterations' longest
// length (a game's ply limit; here the iterations stopped at 1 ply) is
// asked by deepen's iterations, up to the bound, with probes under the
// same bound (the first capped at 16 nodes, so that some small
// positions reach the iterations; the budget is checked only now and
// then, so most are settled by it all the same). Against the plain
// solver within 7 plies, with --shortest and without, on random
// positions under a node budget, asked within 7 plies and, where the
// plain solver wins, within its distance (the bound met exactly): no
// "no win" where it wins, no win it refutes, none longer than the
// bound, the exact distance where the answer says it is exact; and most
// questions decided.
func TestLongBoundAgainstReference(t *testing.T) {
	n, depth := 600, 7 // 1 s: the same with -short
	r := engine.NewRand(43)
	decided, deepened, searched := 0, 0, 0
	for i := 0; i < n; i++ {
		prover := engine.Player(r.Intn(2))
		p := randomPosition(r, prover, engine.Player(r.Intn(2)))
		want := refDTW(&p, prover, depth, reference.Purple)
		bounds := []int{depth}
		if want > 1 && want < depth {
			bounds = append(bounds, want)
		}
		for _, bound := range bounds {
			for _, shortest := range []bool{false, true} {
				iterations, searches := 0, 0
				s := New(Options{TTMegabytes: 16, MaxPlies: bound, Shortest: shortest, MaxNodes: 50000, Trace: func(tr SearchTrace) {
					searches++
					if tr.Kind == SearchIteration {
						iterations++
					}
				}})
				s.iterDepth, s.onceBelow, s.firstProbe = 1, 0, 16
				a, err := s.Solve(context.Background(), p, prover)
				if err != nil {
					t.Fatalf("%s prover %v: %v", p.String(), prover, err)
				}
				if iterations > 0 {
					deepened++
				}
				if searches > 0 {
					searched++
				}
				switch {
				case a.Result == Unknown:
					continue
				case want >= 0 && (a.Result != Win || a.Plies < want || a.Plies > bound || ((a.Exact || shortest) && a.Plies != want)):
					t.Fatalf("%s prover %v (within %d, shortest %v): %v in %d (exact %v), plain solver: win in %d", p.String(), prover, bound, shortest, a.Result, a.Plies, a.Exact, want)
				case want < 0 && a.Result == Win:
					t.Fatalf("%s prover %v (within %d, shortest %v): win in %d, plain solver: none within %d", p.String(), prover, bound, shortest, a.Plies, depth)
				}
				decided++
				if a.Result == Win {
					checkLine(t, p, prover, a)
				}
			}
		}
	}
	t.Logf("%d questions decided, %d searched, %d by iterations", decided, searched, deepened)
	if decided < 2*n*3/4 || deepened < n/50 {
		t.Errorf("%d questions decided, %d by iterations: the sample says little", decided, deepened)
	}
}

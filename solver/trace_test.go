package solver

import (
	"context"
	"testing"
)

// TestTrace checks what Options.Trace reports against the answers: on
// the deep suite's first positions (their distances from the tables),
// one thread and two, with --shortest, without (deepen's searches too,
// the first win ending them) and within the distance (the question
// asked once), every search is
// reported once with the call's position, the searches' nodes add up to
// the answer's, no search claims a win shorter than the exact distance or
// a no-win as long, the iterations ask for longer wins each time (the
// same again only after a try stopped for a restart, which every
// second position has past 300 nodes), one
// goroutine's nodes are at most all goroutines' and at least their
// share, and a probe names its cap.
func TestTrace(t *testing.T) {
	suite := readDeepSuite(t)
	if len(suite) > 12 {
		suite = suite[:12]
	}
	for _, threads := range []int{1, 2} {
		for _, mode := range []string{"shortest", "any", "within"} {
			shortest := mode == "shortest"
			for i, w := range suite {
				var ts []SearchTrace
				opts := Options{TTMegabytes: 16, Shortest: shortest, Threads: threads, Trace: func(tr SearchTrace) { ts = append(ts, tr) }}
				if mode == "within" {
					opts.MaxPlies = w.DTW
				}
				s := New(opts)
				if i%2 == 1 {
					// Every iteration past 300 nodes restarted (one thread).
					s.restartFactor, s.restartMin = 0, 300
				}
				a, err := s.Solve(context.Background(), w.p, w.prover)
				if err != nil {
					t.Fatalf("%s: %v", w.Position, err)
				}
				if a.Result != Win || a.Plies < w.DTW || ((shortest || a.Exact || mode == "within") && a.Plies != w.DTW) {
					t.Fatalf("%s (%s): %v in %d (exact %v), want a win in %d (the tables)", w.Position, mode, a.Result, a.Plies, a.Exact, w.DTW)
				}
				var sum uint64
				lastIter, lastStopped, kinds := 0, false, map[SearchKind]int{}
				for _, tr := range ts {
					sum += tr.Nodes
					kinds[tr.Kind]++
					if tr.Position != a.Position {
						t.Errorf("%s: a trace of %q", w.Position, tr.Position)
					}
					if tr.PathNodes > tr.Nodes || tr.PathNodes*uint64(threads) < tr.Nodes {
						t.Errorf("%s, %d threads: %+v: the longer path's nodes out of range", w.Position, threads, tr)
					}
					if tr.Kind == SearchLine || tr.Kind == SearchProof {
						continue // a position below the root
					}
					switch tr.Result {
					case Win:
						if tr.WinIn < w.DTW || (tr.Plies > 0 && tr.WinIn > tr.Plies) {
							t.Errorf("%s: %+v: a win in %d, the distance %d", w.Position, tr, tr.WinIn, w.DTW)
						}
					case NoWin:
						if tr.NoWin >= w.DTW || tr.NoWin < 0 || (tr.Plies > 0 && tr.NoWin < tr.Plies) {
							t.Errorf("%s: %+v: no win within %d, the distance %d", w.Position, tr, tr.NoWin, w.DTW)
						}
					}
					switch tr.Kind {
					case SearchIteration:
						// The same length again only after a try its
						// restart cap stopped (Solver.iteration).
						if tr.Plies < lastIter || (tr.Plies == lastIter && !lastStopped) {
							t.Errorf("%s: iteration of %d plies after one of %d", w.Position, tr.Plies, lastIter)
						}
						lastIter, lastStopped = tr.Plies, tr.Cap > 0 && tr.Result == Unknown
					case SearchProbe:
						if tr.Cap == 0 || tr.Plies != 0 {
							t.Errorf("%s: probe %+v", w.Position, tr)
						}
					}
				}
				if sum != a.Nodes {
					t.Errorf("%s, %d threads, %s: the traces' nodes add up to %d, the answer's %d", w.Position, threads, mode, sum, a.Nodes)
				}
				want := SearchIteration // or a probe that settles the question
				if mode == "within" {
					want = SearchQuestion
				}
				if kinds[want] == 0 && a.Nodes > 0 && !(want == SearchIteration && kinds[SearchProbe] > 0) {
					t.Errorf("%s, %s: no %s among %v", w.Position, mode, want, kinds)
				}
				if mode == "within" && (kinds[SearchIteration] > 0 || kinds[SearchProbe] > 0) {
					t.Errorf("%s, %s: iterations or probes %v for a bounded question", w.Position, mode, kinds)
				}
			}
		}
	}
}

// TestAnyWinBudget: "a win at all?", and a question whose bound is
// beyond the iterations' longest (a game's ply limit, 200), under a node
// budget smaller than AnyWinOnceBelow is the question asked once; with
// that budget or none, deepen's iterations and probes. A bound within
// the iterations' longest is asked once whatever the budget.
func TestAnyWinBudget(t *testing.T) {
	w := readDeepSuite(t)[0]
	for _, c := range []struct {
		nodes    uint64
		plyLimit int
		maxPlies int
		once     bool
	}{
		{AnyWinOnceBelow - 1, 0, 0, true}, {AnyWinOnceBelow, 0, 0, false}, {0, 0, 0, false},
		{AnyWinOnceBelow - 1, 200, 0, true}, {AnyWinOnceBelow, 200, 0, false}, {0, 200, 0, false},
		{0, 0, maxIterDepth + 1, false}, {0, 0, maxIterDepth, true}, {AnyWinOnceBelow, 0, 25, true},
	} {
		kinds := map[SearchKind]int{}
		s := New(Options{TTMegabytes: 16, MaxNodes: c.nodes, PlyLimit: c.plyLimit, MaxPlies: c.maxPlies, Trace: func(tr SearchTrace) { kinds[tr.Kind]++ }})
		a, err := s.Solve(context.Background(), w.p, w.prover)
		if err != nil || a.Result != Win || a.Plies < w.DTW {
			t.Fatalf("%s, %d nodes, ply limit %d, max plies %d: %v in %d (%v), the tables: a win in %d", w.Position, c.nodes, c.plyLimit, c.maxPlies, a.Result, a.Plies, err, w.DTW)
		}
		deepened := kinds[SearchIteration]+kinds[SearchProbe] > 0
		if (kinds[SearchQuestion] > 0) != c.once || deepened == c.once {
			t.Errorf("%s, a budget of %d nodes, ply limit %d, max plies %d: searches %v, want asked once %v", w.Position, c.nodes, c.plyLimit, c.maxPlies, kinds, c.once)
		}
	}
}

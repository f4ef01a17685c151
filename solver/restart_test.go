package solver

import (
	"context"
	"fmt"
	"testing"
)

// TestIterationRestart: an iteration searched again with the move order
// restarted (Solver.iteration) gives the same exact distances. Every
// position of testdata/deep_suite.jsonl (13–19-ply wins, their distances
// checked against the tables and Certify by TestDeepSuite) is solved with
// Shortest by a solver that restarts every iteration past 300
// nodes: each answer must be a win in exactly the recorded plies,
// restarts must happen in most questions, and each must show in the
// trace (the stopped try under its cap, undecided, then the same
// iteration again). Restarting without forgetting
// the killers must search some question in other nodes (else the test
// would not see what forgetting them does), and a wrong restart, one
// that takes the stopped try for "no win within d", must give a wrong
// distance somewhere.
func TestIterationRestart(t *testing.T) {
	suite := readDeepSuite(t)
	ctx := context.Background()
	type run struct {
		wrong, traceWrong string
		restarted, nodes  []int
	}
	solve := func(keep, skips bool) run {
		var r run
		for _, w := range suite {
			var traces []SearchTrace
			s := New(Options{TTMegabytes: 16, Shortest: true, Trace: func(t SearchTrace) { traces = append(traces, t) }})
			s.restartFactor, s.restartMin = 0, 300
			s.restartKeepsKillers, s.restartSkips = keep, skips
			a, err := s.Solve(ctx, w.p, w.prover)
			if (err != nil || a.Result != Win || !a.Exact || a.Plies != w.DTW) && r.wrong == "" {
				r.wrong = fmt.Sprintf("%s: %v in %d (exact %v, %v), recorded a win in %d", w.Position, a.Result, a.Plies, a.Exact, err, w.DTW)
			}
			// Each restart shows in the trace: the stopped try, under its
			// cap and undecided, then the same iteration again.
			shown := 0
			for i, t := range traces {
				if t.Kind == SearchIteration && t.Cap > 0 && t.Result == Unknown && i+1 < len(traces) && traces[i+1].Kind == SearchIteration && traces[i+1].Plies == t.Plies {
					shown++
				}
			}
			if shown != s.restarts && r.traceWrong == "" {
				r.traceWrong = fmt.Sprintf("%s: %d restarts, %d shown in the trace", w.Position, s.restarts, shown)
			}
			r.restarted = append(r.restarted, s.restarts)
			r.nodes = append(r.nodes, int(a.Nodes))
		}
		return r
	}
	got := solve(false, false)
	if got.wrong != "" {
		t.Fatal(got.wrong)
	}
	if got.traceWrong != "" {
		t.Fatal(got.traceWrong)
	}
	with := 0
	for _, n := range got.restarted {
		if n > 0 {
			with++
		}
	}
	if with < len(suite)/2 {
		t.Fatalf("restarts in %d of %d questions: the test checks little", with, len(suite))
	}
	t.Logf("restarts in %d of %d questions", with, len(suite))

	kept := solve(true, false)
	if kept.wrong != "" {
		t.Fatal("keeping the killers: " + kept.wrong)
	}
	differ := 0
	for i := range got.nodes {
		if got.nodes[i] != kept.nodes[i] {
			differ++
		}
	}
	if differ == 0 {
		t.Error("restarts that keep the killers search every question in the same nodes as restarts that forget them")
	}
	t.Logf("keeping the killers: %d of %d questions in other nodes", differ, len(suite))

	if skipped := solve(false, true); skipped.wrong == "" {
		t.Error("a restart that takes the stopped try for no win: every distance still right")
	} else {
		t.Logf("a restart that takes the stopped try for no win: %s", skipped.wrong)
	}
}

package solver

import (
	"cmp"
	"context"
	"slices"
	"testing"

	"github.com/geister-solver/geister/internal/longtest"
)

// TestParallelAnswers checks one position on two threads (Options.Threads,
// dfpn.Parallel) against one thread and the endgame tables' answers
// recorded in testdata/tables_suite.jsonl: "a win within DTW plies?" (a
// no-win: within 25), the exact DTW (Shortest) and "a win at all?" (no
// bound: dfpn.Parallel.SearchSplit) give the same verdict, and the same
// exact DTW, on both, and the tables' (a win at all: a proof no shorter
// than the DTW). By default the
// positions that take one thread little time (a few wins of each length
// and a few no-wins; with -short, as under the race detector in CI, one
// win of 17 plies, one of 23 and one no-win); with GEISTER_LONG=1 every
// position of the suite.
func TestParallelAnswers(t *testing.T) {
	suite := readTablesSuite(t)
	if !longtest.Enabled() {
		suite = parallelSample(suite, testing.Short())
	}
	ctx := context.Background()
	for _, w := range suite {
		for _, mode := range []string{"within", "shortest", "unbounded"} {
			shortest := mode == "shortest"
			var got [3]Answer
			for _, threads := range []int{1, 2} {
				o := Options{TTMegabytes: 32, Threads: threads, Shortest: shortest}
				if mode == "within" {
					o.MaxPlies = cmp.Or(w.DTW, tablesNoWinBound)
				}
				a, err := New(o).Solve(ctx, w.p, w.prover)
				if err != nil {
					t.Fatalf("%s, %d threads: %v", w.Position, threads, err)
				}
				got[threads] = a
			}
			for _, threads := range []int{1, 2} {
				a := got[threads]
				switch {
				case w.DTW == 0 && a.Result != NoWin:
					t.Errorf("%s (%s), %d threads: %v, the tables say no win", w.Position, mode, threads, a.Result)
				case w.DTW > 0 && a.Result != Win:
					t.Errorf("%s (%s), %d threads: %v, the tables say a win in %d", w.Position, mode, threads, a.Result, w.DTW)
				case w.DTW > 0 && shortest && (a.Plies != w.DTW || !a.Exact):
					t.Errorf("%s, %d threads: a win in %d (exact %v), the tables' DTW is %d", w.Position, threads, a.Plies, a.Exact, w.DTW)
				case w.DTW > 0 && a.Exact && a.Plies != w.DTW:
					t.Errorf("%s (%s), %d threads: a win in exactly %d, the tables' DTW is %d", w.Position, mode, threads, a.Plies, w.DTW)
				case w.DTW > 0 && mode == "within" && a.Plies > w.DTW:
					t.Errorf("%s, %d threads: a proof of %d plies within %d", w.Position, threads, a.Plies, w.DTW)
				case w.DTW > 0 && a.Plies < w.DTW:
					t.Errorf("%s (%s), %d threads: a proof of %d plies, the tables' DTW is %d", w.Position, mode, threads, a.Plies, w.DTW)
				}
			}
		}
	}
}

// parallelSample is the default sample of TestParallelAnswers: of the
// suite's wins, the first two of each length, and its first two no-wins;
// short, the first win of 17 plies, the first of 23 and the first
// no-win.
func parallelSample(suite []tablesPosition, short bool) []tablesPosition {
	lengths, per := []int{17, 19, 21, 23, 25, 0}, 2
	if short {
		lengths, per = []int{17, 23, 0}, 1
	}
	var sample []tablesPosition
	for _, dtw := range lengths {
		n := 0
		for _, w := range suite {
			if w.DTW == dtw && n < per {
				sample = append(sample, w)
				n++
			}
		}
	}
	return slices.Clip(sample)
}

// TestShortestPastIterDepth: --shortest whose iterations stop short of
// the DTW (the solver's iterDepth lowered from maxIterDepth) still gives
// the tables' exact DTW, the unbounded search that then decides giving
// an upper bound the iterations go on up to, and no win for a no-win; on
// one thread and on two. Positions: TestParallelAnswers's short sample.
func TestShortestPastIterDepth(t *testing.T) {
	ctx := context.Background()
	for _, w := range parallelSample(readTablesSuite(t), true) {
		for _, iterDepth := range []int{3, 16} {
			for _, threads := range []int{1, 2} {
				s := New(Options{TTMegabytes: 32, Threads: threads, Shortest: true})
				s.iterDepth = iterDepth
				a, err := s.Solve(ctx, w.p, w.prover)
				if err != nil {
					t.Fatalf("%s, iterations to %d, %d threads: %v", w.Position, iterDepth, threads, err)
				}
				if (w.DTW == 0 && a.Result != NoWin) || (w.DTW > 0 && (a.Result != Win || a.Plies != w.DTW || !a.Exact)) {
					t.Errorf("%s, iterations to %d, %d threads: %v in %d (exact %v), the tables: %s in %d",
						w.Position, iterDepth, threads, a.Result, a.Plies, a.Exact, w.Result, w.DTW)
				}
			}
		}
	}
}

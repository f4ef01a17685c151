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
// no-win: within 25) and the exact DTW (Shortest) give the same verdict,
// and the same exact DTW, on both, and the tables'. By default the
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
		for _, shortest := range []bool{false, true} {
			var got [3]Answer
			for _, threads := range []int{1, 2} {
				o := Options{TTMegabytes: 32, Threads: threads, Shortest: shortest}
				if !shortest {
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
					t.Errorf("%s (shortest %v), %d threads: %v, the tables say no win", w.Position, shortest, threads, a.Result)
				case w.DTW > 0 && a.Result != Win:
					t.Errorf("%s (shortest %v), %d threads: %v, the tables say a win in %d", w.Position, shortest, threads, a.Result, w.DTW)
				case w.DTW > 0 && shortest && (a.Plies != w.DTW || !a.Exact):
					t.Errorf("%s, %d threads: a win in %d (exact %v), the tables' DTW is %d", w.Position, threads, a.Plies, a.Exact, w.DTW)
				case w.DTW > 0 && !shortest && a.Plies > w.DTW:
					t.Errorf("%s, %d threads: a proof of %d plies within %d", w.Position, threads, a.Plies, w.DTW)
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

package solver

import (
	"context"
	"testing"
	"time"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
)

// hardPosition is the deep suite's position that takes the most nodes
// (a 16-ply win for the first player, nine pieces, the second to move).
const hardPosition = "1B4/u5/uu4/1u3R/2R1R1/1R4 s R4r3 0"

// BenchmarkParallel: the deep suite's hardest position solved on one
// thread and on two (Options.Threads, dfpn.Parallel), each from an empty
// 128 MiB table: "a win within 16 plies?" (maxplies) and the exact DTW
// (shortest). Reports the wall time of each and the ratio (the speedup).
// Also, for "within 16" at the df-pn level, the most nodes one goroutine
// searched (path-nodes): on a machine other processes share, the ratio of
// those counts (path-speedup) is what two free cores would give. Run with
// -benchtime 1x or more; the wall times need two idle cores to mean
// anything.
func BenchmarkParallel(b *testing.B) {
	p := engine.MustParsePosition(hardPosition)
	for _, mode := range []string{"maxplies", "shortest"} {
		var wall [3]time.Duration
		for i := 0; i < b.N; i++ {
			for _, threads := range []int{1, 2} {
				o := Options{TTMegabytes: 128, Threads: threads}
				if mode == "shortest" {
					o.Shortest = true
				} else {
					o.MaxPlies = 16
				}
				start := time.Now()
				a, err := New(o).Solve(context.Background(), p, engine.First)
				wall[threads] += time.Since(start)
				if err != nil || a.Result != Win || (mode == "shortest" && (a.Plies != 16 || !a.Exact)) {
					b.Fatalf("%s, %d threads: %v in %d (exact %v, %v), want a win in 16", mode, threads, a.Result, a.Plies, a.Exact, err)
				}
			}
		}
		n := float64(b.N)
		b.ReportMetric(float64(wall[1].Microseconds())/1000/n, mode+"-1thread-ms")
		b.ReportMetric(float64(wall[2].Microseconds())/1000/n, mode+"-2threads-ms")
		b.ReportMetric(float64(wall[1])/float64(wall[2]), mode+"-speedup")
	}
	var path [3]uint64
	for i := 0; i < b.N; i++ {
		for _, threads := range []int{1, 2} {
			tt := dfpn.NewTable(128) // one goroutine: the plain table, no locks
			if threads > 1 {
				tt = dfpn.NewSharedTable(128)
			}
			ps := dfpn.NewParallel(tt, threads)
			games := make([]dfpn.Game, threads)
			for j := range games {
				games[j] = newGame(p, engine.First, engine.First, nil)
			}
			r := ps.Search(context.Background(), games, dfpn.Options{MaxDepth: 16})
			path[threads] += r.Stats.ThreadNodes
			if r.Status != dfpn.Proven {
				b.Fatalf("%d threads: %v, want a win within 16 plies", threads, r.Status)
			}
		}
	}
	b.ReportMetric(float64(path[1])/float64(b.N), "1thread-nodes")
	b.ReportMetric(float64(path[2])/float64(b.N), "2threads-path-nodes")
	b.ReportMetric(float64(path[1])/float64(path[2]), "path-speedup")
}

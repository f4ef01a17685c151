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

// longPosition is a 27-ply win of class 2B1R-4U3r (seven pieces, the
// first player to move), its DTW from the endgame tables (geister puzzles
// --prover 2B1R --opponent 4U3r --min-plies 23 over the 7-piece tables,
// seed 1): seconds of df-pn on one thread, where hardPosition takes tens
// of milliseconds.
const longPosition = "6/4B1/2u2u/3uB1/4u1/3R2 f R1r3 0"

// hardestPosition is a 23-ply win of class 3B1R-3U2r (seven pieces, the
// first player to move), drawn like longPosition (--prover 3B1R
// --opponent 3U2r --min-plies 21): about 12 s of --shortest on one thread
// after the blue races and killers made longPosition a matter of 1-2 s.
const hardestPosition = "1u4/3u2/4B1/uB3B/1R4/6 f R1r2 0"

// BenchmarkParallel: hardPosition (16 plies), longPosition (27 plies) and
// hardestPosition (23 plies)
// solved on one thread and on two (Options.Threads, dfpn.Parallel), each
// from an empty 128 MiB table: "a win within DTW plies?" (maxplies) and
// the exact DTW (shortest). Reports the wall time of each and the ratio
// (the speedup). Also, for "within DTW" at the df-pn level, the most
// nodes one goroutine searched (path-nodes): on a machine other processes
// share, the ratio of those counts (path-speedup) is what two free cores
// would give. Run with -benchtime 1x or more; the wall times need two
// idle cores to mean anything.
func BenchmarkParallel(b *testing.B) {
	b.Run("16plies", func(b *testing.B) { benchParallel(b, hardPosition, 16) })
	b.Run("27plies", func(b *testing.B) { benchParallel(b, longPosition, 27) })
	b.Run("23plies-hardest", func(b *testing.B) { benchParallel(b, hardestPosition, 23) })
}

func benchParallel(b *testing.B, pos string, dtw int) {
	p := engine.MustParsePosition(pos)
	prover := engine.First
	for _, mode := range []string{"maxplies", "shortest"} {
		var wall [3]time.Duration
		for i := 0; i < b.N; i++ {
			for _, threads := range []int{1, 2} {
				o := Options{TTMegabytes: 128, Threads: threads}
				if mode == "shortest" {
					o.Shortest = true
				} else {
					o.MaxPlies = dtw
				}
				start := time.Now()
				a, err := New(o).Solve(context.Background(), p, prover)
				wall[threads] += time.Since(start)
				if err != nil || a.Result != Win || (mode == "shortest" && (a.Plies != dtw || !a.Exact)) {
					b.Fatalf("%s, %d threads: %v in %d (exact %v, %v), want a win in %d", mode, threads, a.Result, a.Plies, a.Exact, err, dtw)
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
				games[j] = newGame(p, prover, prover, nil)
			}
			r := ps.Search(context.Background(), games, dfpn.Options{MaxDepth: dtw})
			path[threads] += r.Stats.ThreadNodes
			if r.Status != dfpn.Proven {
				b.Fatalf("%d threads: %v, want a win within %d plies", threads, r.Status, dtw)
			}
		}
	}
	b.ReportMetric(float64(path[1])/float64(b.N), "1thread-nodes")
	b.ReportMetric(float64(path[2])/float64(b.N), "2threads-path-nodes")
	b.ReportMetric(float64(path[1])/float64(path[2]), "path-speedup")
}

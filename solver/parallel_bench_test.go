package solver

import (
	"context"
	"testing"
	"time"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
)

// BenchmarkParallel: the hardest search of the deep suite's hardest
// position for --shortest (a 15-ply win: "no win within 14 plies", a
// disproof), on one goroutine and on two sharing a table (dfpn.Parallel),
// each from an empty 128 MiB table. Reports the wall time of each, their
// ratio (the speedup), and the most nodes one goroutine searched (the
// critical path: on a machine other processes share, the ratio of those
// node counts is the speedup two free cores would give). Run with
// -benchtime 1x; the wall times need two idle cores to mean anything.
func BenchmarkParallel(b *testing.B) {
	p := engine.MustParsePosition("uuu3/1BB3/5R/6/1RR3/3R2 f R4r2 0")
	var wall [3]time.Duration
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
			start := time.Now()
			r := ps.Search(context.Background(), games, dfpn.Options{MaxDepth: 14})
			wall[threads] += time.Since(start)
			path[threads] += r.Stats.ThreadNodes
			if r.Status != dfpn.Disproven {
				b.Fatalf("%d threads: %v, want no win within 14 plies", threads, r.Status)
			}
		}
	}
	n := float64(b.N)
	b.ReportMetric(float64(wall[1].Milliseconds())/n, "1thread-ms")
	b.ReportMetric(float64(wall[2].Milliseconds())/n, "2threads-ms")
	b.ReportMetric(float64(wall[1])/float64(wall[2]), "speedup")
	b.ReportMetric(float64(path[1])/n, "1thread-nodes")
	b.ReportMetric(float64(path[2])/n, "2threads-path-nodes")
	b.ReportMetric(float64(path[1])/float64(path[2]), "path-speedup")
}

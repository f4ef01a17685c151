package solver

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
)

// BenchmarkHard: three middle-game positions that df-pn finds hard, each
// searched from a fresh 64 MiB table with a budget of 30 million nodes.
// Reports the nodes each search used and how many the budget decided; run
// with -benchtime 1x -cpu 1 and quote the CPU time.
func BenchmarkHard(b *testing.B) {
	positions := []string{"2uu2/u5/R4B/3R2/2u3/6 f R2r3 0", "3uu1/4R1/6/B5/R1u3/1B4 s R2r2 0", "2u1R1/3R2/1u1u1u/6/2B3/6 f R2r3 0"}
	tt := dfpn.NewTable(64)
	var nodes uint64
	decided := 0
	for i := 0; i < b.N; i++ {
		for _, ps := range positions {
			tt.Clear()
			g := newGame(engine.MustParsePosition(ps), engine.First, engine.First, nil)
			r := dfpn.Search(context.Background(), g, tt, dfpn.Options{MaxNodes: 30_000_000})
			nodes += r.Stats.Nodes
			if r.Status != dfpn.Undecided {
				decided++
			}
		}
	}
	b.ReportMetric(float64(nodes)/float64(b.N*len(positions)), "nodes/position")
	b.ReportMetric(float64(decided)/float64(b.N), "decided")
}

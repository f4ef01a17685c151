package analysis

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// game100 returns a record of a game between random agents that lasts 100
// plies (a draw at a 100-ply limit), the first such game by seed.
func game100(b *testing.B) match.Record {
	a, _ := player.New("random", player.Env{})
	for seed := uint64(1); ; seed++ {
		g, err := match.Play(context.Background(), a, a, seed, 100, nil, nil)
		if err != nil {
			b.Fatal(err)
		}
		if len(g.Moves) == 100 {
			return match.RecordOf(g, int(seed), "random", "random", 100)
		}
	}
}

// BenchmarkAnalyze100 analyses a 100-ply game (101 positions, both sides:
// 202 questions) with the default budget and no endgame tables.
func BenchmarkAnalyze100(b *testing.B) {
	rec := game100(b)
	o := DefaultOptions()
	var unknown int
	for b.Loop() {
		rep, err := Analyze(context.Background(), rec, o)
		if err != nil {
			b.Fatal(err)
		}
		unknown = rep.Unknown
	}
	b.ReportMetric(float64(unknown), "unknown/op")
}

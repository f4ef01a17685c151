package keeper

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/purple"
)

// BenchmarkSolveSmallest solves the keeper game of 1B1R-2U1r (4.2 M
// states) and reports states per second.
func BenchmarkSolveSmallest(b *testing.B) {
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	for i := 0; i < b.N; i++ {
		if _, err := SolveClasses(context.Background(), []purple.Class{c}, Paper, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(States(c))*float64(b.N)/b.Elapsed().Seconds(), "states/s")
}

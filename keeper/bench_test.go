package keeper

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/purple"
)

// BenchmarkSolveSmallest solves the keeper game of 1B1R-2U1r (4.2 M
// states) and reports states per second (wall and CPU time).
func BenchmarkSolveSmallest(b *testing.B) {
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	cpu0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		if _, err := SolveClasses(context.Background(), []purple.Class{c}, Literal8bAs7, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(States(c))*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(float64(States(c))*float64(b.N)/(cputime.Process()-cpu0).Seconds(), "states/cpu-s")
}

// BenchmarkVerifySmallest checks every state of the solved 1B1R-2U1r
// against its successors (Solved.Verify) and reports states per second
// (wall and CPU time).
func BenchmarkVerifySmallest(b *testing.B) {
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	s, err := SolveClasses(context.Background(), []purple.Class{c}, Literal8bAs7, nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := cputime.Process()
	var n uint64
	for i := 0; i < b.N; i++ {
		checked, bad, first, err := s.Verify(context.Background(), c)
		if err != nil || bad != 0 {
			b.Fatalf("%v: %d bad, e.g. %s", err, bad, first)
		}
		n += checked
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "states/s")
	b.ReportMetric(float64(n)/(cputime.Process()-cpu0).Seconds(), "states/cpu-s")
}

package solver

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// BenchmarkFreshSmallSolve is a one-off solve as the command makes it: a
// new solver with the default 128 MiB table, then SPEC §2's 5-ply win
// (a few hundred nodes). The table's size should not show in the time.
func BenchmarkFreshSmallSolve(b *testing.B) {
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	for i := 0; i < b.N; i++ {
		s := New(DefaultOptions())
		a, err := s.Solve(context.Background(), p, engine.First)
		if err != nil || a.Result != Win || a.Plies != 5 {
			b.Fatalf("%+v %v", a, err)
		}
	}
}

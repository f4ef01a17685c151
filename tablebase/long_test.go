package tablebase

import (
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/purple"
)

// buildUpTo builds every class with at most n pieces in memory.
func buildUpTo(t testing.TB, n, workers int) map[purple.Class]*table {
	deps := map[purple.Class]*table{}
	for _, c := range purple.Classes(n) {
		start := time.Now()
		b := buildRetro(t, c, deps, workers)
		deps[c] = b.table()
		t.Logf("%s: %d positions in %v (longest %d)", c, 2*b.lay[0].size, time.Since(start), b.maxD.Load())
	}
	return deps
}

func TestRetroAgreesWithNaive5(t *testing.T) {
	longtest.Skip(t)
	deps := buildUpTo(t, 5, 2)
	for _, c := range purple.Classes(5)[1:] {
		b := buildRetro(t, c, deps, 2)
		want := naiveSolve(t, c, func(p *engine.Position) uint8 {
			cc, _ := purple.ClassOf(p, engine.First)
			x, s := fromPosition(p, engine.First)
			return deps[cc].lookup(s, &x)
		})
		for s := 0; s < 2; s++ {
			got := b.values(s)
			for i := range got {
				if got[i] != want[s][i] {
					p := position(c, b.lay[s].board(uint64(i)), s)
					t.Fatalf("%s: retro %#x, naive %#x", p.String(), got[i], want[s][i])
				}
			}
		}
		t.Logf("%s agrees", c)
	}
}

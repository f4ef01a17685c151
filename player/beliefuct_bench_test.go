package player

import (
	"context"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
)

// benchBeliefUCT plays spec's moves in views of random games and reports
// the distribution of the time a move takes (wall clock: what a game's
// clock sees), the CPU time a move and the search's iterations per
// CPU-second.
func benchBeliefUCT(b *testing.B, spec string) {
	views := benchViews(200)
	a := mustNew(b, spec, DefaultEnv()).(*beliefUCT)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	cpu0, _ := cputime.Thread()
	var walls []time.Duration
	its, extended := 0, 0
	for i := 0; i < b.N; i++ {
		v := &views[i%len(views)]
		a.NewGame(engine.First, uint64(i))
		t0 := time.Now()
		if _, err := a.Move(context.Background(), v); err != nil {
			b.Fatal(err)
		}
		walls = append(walls, time.Since(t0))
		its += a.Last.Iterations
		if a.Last.Extended {
			extended++
		}
	}
	cpu1, _ := cputime.Thread()
	cpu := (cpu1 - cpu0).Seconds()
	sort.Slice(walls, func(i, j int) bool { return walls[i] < walls[j] })
	q := func(f float64) float64 { return walls[int(f*float64(len(walls)-1))].Seconds() * 1e3 }
	b.ReportMetric(q(0.5), "p50-ms/move")
	b.ReportMetric(q(0.9), "p90-ms/move")
	b.ReportMetric(q(1), "max-ms/move")
	b.ReportMetric(cpu*1e3/float64(b.N), "cpu-ms/move")
	b.ReportMetric(float64(extended)/float64(b.N), "extended/move")
	if cpu > 0 {
		b.ReportMetric(float64(its)/cpu/1e3, "kiterations/cpu-s")
	}
}

// BenchmarkBeliefUCTClock is beliefuct at its default clock (time=700ms):
// run with -benchtime=30x or more for a distribution.
func BenchmarkBeliefUCTClock(b *testing.B) { benchBeliefUCT(b, "beliefuct") }

// BenchmarkBeliefUCT100ms is beliefuct at time=100ms.
func BenchmarkBeliefUCT100ms(b *testing.B) { benchBeliefUCT(b, "beliefuct:time=100ms") }

// BenchmarkBeliefUCTIterations is beliefuct at a fixed 10,000 iterations
// a move: its CPU time a move and iterations per CPU-second.
func BenchmarkBeliefUCTIterations(b *testing.B) {
	benchBeliefUCT(b, "beliefuct:iterations=10000")
}

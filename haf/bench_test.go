package haf

import (
	"github.com/geister-solver/geister/internal/cputime"
	"runtime"
	"testing"

	"github.com/geister-solver/geister/engine"
)

type benchPos struct {
	p     engine.Position
	units Units
	ml    engine.MoveList
}

func benchPositions() []benchPos {
	var out []benchPos
	randomPositions(20, func(p *engine.Position, units *Units) {
		if len(out) < 1024 {
			b := benchPos{p: *p, units: *units}
			b.ml.Generate(p)
			out = append(out, b)
		}
	})
	return out
}

// BenchmarkScoreMoves scores every afterstate of a position (incremental,
// in the engine's move order); one op is one position, from random games.
func BenchmarkScoreMoves(b *testing.B) {
	w := builtin(b, "900")
	ps := benchPositions()
	var out [engine.MaxMoves]float64
	moves := 0
	cpuBench(b, func(i int) {
		x := &ps[i%len(ps)]
		if err := w.ScoreMoves(&x.p, x.p.Turn(), x.ml.Slice(), out[:x.ml.N]); err != nil {
			b.Fatal(err)
		}
		moves += x.ml.N
	})
	b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
}

// BenchmarkChoose is the policy's move choice from a position: move
// generation, incremental scores, the argmax (and the exact check when
// scores are close).
func BenchmarkChoose(b *testing.B) {
	w := builtin(b, "900")
	ps := benchPositions()
	cpuBench(b, func(i int) {
		x := &ps[i%len(ps)]
		if _, err := w.Choose(&x.p, &x.units); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkExact is the direct reading for comparison: every afterstate
// built and summed in the original order.
func BenchmarkExact(b *testing.B) {
	w := builtin(b, "900")
	ps := benchPositions()
	var buf [engine.MaxMoves]Scored
	cpuBench(b, func(i int) {
		x := &ps[i%len(ps)]
		st, err := StateFromPosition(&x.p, x.p.Turn(), &x.units)
		if err != nil {
			b.Fatal(err)
		}
		w.Afterstates(&st, buf[:0])
	})
}

// cpuBench runs body b.N times on one locked thread and reports the
// thread's CPU time per op (the machine is shared, so wall time misleads).
func cpuBench(b *testing.B, body func(i int)) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.ThreadSeconds()
	for i := 0; i < b.N; i++ {
		body(i)
	}
	b.ReportMetric((cputime.ThreadSeconds()-cpu0)*1e9/float64(b.N), "cpu-ns/op")
}

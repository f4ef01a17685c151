package sampling

import (
	"context"
	"runtime"
	"testing"

	"geister/engine"
)

// cpuBench runs f b.N times on a locked thread and reports per CPU second
// of that thread (the machine is shared: wall time means little).
func cpuBench(b *testing.B, unit string, f func(i int) int) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	c0 := threadCPU()
	n := 0
	for i := 0; i < b.N; i++ {
		n += f(i)
	}
	cpu := threadCPU() - c0
	b.ReportMetric(float64(n)/cpu, unit+"/cpu-s")
	b.ReportMetric(cpu/float64(b.N)*1e3, "cpu-ms/op")
}

// BenchmarkPlayoutStart plays random games from the start position with
// random placements to the end or the 200-ply limit: one op is one
// playout.
func BenchmarkPlayoutStart(b *testing.B) {
	for _, c := range []struct {
		name   string
		choose MoveChooser
	}{{"uniform", Uniform}, {"squarefirst", SquareFirst}} {
		b.Run(c.name, func(b *testing.B) {
			r := engine.NewRand(1)
			var starts [64]Board
			for i := range starts {
				p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
				starts[i], _ = BoardOf(&p)
			}
			plies := 0
			bd := new(Board)
			cpuBench(b, "playouts", func(i int) int {
				*bd = starts[i&63]
				bd.Playout(c.choose, r, 200)
				plies += bd.Ply()
				return 1
			})
			b.ReportMetric(float64(plies)/float64(b.N), "plies/playout")
		})
	}
}

// BenchmarkUCTStart runs UCT searches of 20,000 iterations from the start
// position: the metric is iterations per CPU second.
func BenchmarkUCTStart(b *testing.B) {
	p := engine.StartPosition(engine.Placements[10], engine.Placements[50])
	u := NewUCT(UCTOptions{Iterations: 20000}, 1)
	cpuBench(b, "iterations", func(int) int {
		r, err := u.Search(context.Background(), &p, 200)
		if err != nil {
			b.Fatal(err)
		}
		return r.Iterations
	})
}

// BenchmarkDecision is one mc or upp decision of 1,800 playouts (paper 001's
// 0.25 s at its 7,200 playouts/s) at the first player's first move and at
// positions of random games: cpu-ms/op is the CPU time of a decision.
func BenchmarkDecision(b *testing.B) {
	var views []engine.Position
	var hist [][]engine.Move
	r := engine.NewRand(3)
	for len(views) < 64 {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		var moves []engine.Move
		for p.Outcome() == engine.Ongoing && p.Ply() < 60 && len(views) < 64 {
			if p.Turn() == engine.First && p.Ply()%6 == 0 {
				v := p
				v.Hide(engine.Second)
				views = append(views, v)
				hist = append(hist, append([]engine.Move(nil), moves...))
			}
			m := p.RandomMove(r)
			moves = append(moves, m)
			p.Make(m)
		}
	}
	for _, upp := range []bool{false, true} {
		name := "mc"
		if upp {
			name = "upp"
		}
		b.Run(name, func(b *testing.B) {
			cpuBench(b, "decisions", func(i int) int {
				s := NewSampler(engine.First, SamplerOptions{UPP: upp, Playouts: 1800, Seed: uint64(i)})
				k := i % len(views)
				if _, _, err := s.Decide(context.Background(), &views[k], hist[k], 200); err != nil {
					b.Fatal(err)
				}
				return 1
			})
		})
	}
}

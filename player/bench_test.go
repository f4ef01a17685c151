package player

import (
	"context"
	"runtime"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
)

// benchViews returns views of the side to move from random games between
// random players, one per move of the first player until ply 120.
func benchViews(n int) []View {
	r := engine.NewRand(3)
	var out []View
	for len(out) < n {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == engine.Ongoing && p.Ply() < 120 && len(out) < n {
			if p.Turn() == engine.First {
				out = append(out, NewView(p, engine.First, nil, 200))
			}
			p.Make(p.RandomMove(r))
		}
	}
	return out
}

func benchAgent(b *testing.B, spec string, env Env) {
	views := benchViews(200)
	a := mustNew(b, spec, env)
	a.NewGame(engine.First, 1)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, _ := cputime.Thread()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		if _, err := a.Move(context.Background(), &views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
		if pm, ok := a.(*purpleMax); ok {
			nodes += pm.Last.Nodes
		}
	}
	cpu1, _ := cputime.Thread()
	cpu := (cpu1 - cpu0).Seconds() // 0 where there is no thread clock
	b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/move")
	b.ReportMetric(cpu*1e3/float64(b.N), "cpu-ms/move")
	if nodes > 0 {
		b.ReportMetric(float64(nodes)/cpu/1e6, "Msearchnodes/cpu-s")
	}
}

// BenchmarkPurpleMaxDepth5 is PurpleMax at the paper's depth, search only.
func BenchmarkPurpleMaxDepth5(b *testing.B) {
	benchAgent(b, "purplemax:depth=5,dfpn=0,random=false", Env{})
}

// BenchmarkPurpleMaxDefault is PurpleMax at its default settings with the
// df-pn root checks.
func BenchmarkPurpleMaxDefault(b *testing.B) { benchAgent(b, "purplemax", DefaultEnv()) }

// BenchmarkEACPDepth5 is Naotti1.1 at depth 5 over all colour placements.
func BenchmarkEACPDepth5(b *testing.B) { benchAgent(b, "naotti11:random=false", Env{}) }

// BenchmarkEACPStart is Naotti1.1's first move: depth 5 over all 70
// placements.
func BenchmarkEACPStart(b *testing.B) {
	a := mustNew(b, "naotti11:random=false", Env{})
	p := engine.MustParsePosition("1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	v := NewView(p, engine.First, nil, 200)
	a.NewGame(engine.First, 1)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a.Move(context.Background(), &v)
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/move")
}

// BenchmarkEACP70 is Naotti1.1 at depth 5 in positions from random games
// before any capture (ply 8 or later), where the opponent's 8 hidden
// pieces have all 70 colour placements.
func BenchmarkEACP70(b *testing.B) {
	r := engine.NewRand(8)
	var views []View
	for len(views) < 100 {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == engine.Ongoing && p.Count(engine.First)+p.Count(engine.Second) == 16 {
			if p.Ply() >= 8 && p.Turn() == engine.First {
				views = append(views, NewView(p, engine.First, nil, 200))
			}
			p.Make(p.RandomMove(r))
		}
	}
	a := mustNew(b, "naotti11:random=false", Env{})
	a.NewGame(engine.First, 1)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	cpu0, _ := cputime.Thread()
	for i := 0; i < b.N; i++ {
		a.Move(context.Background(), &views[i%len(views)])
	}
	b.ReportMetric(b.Elapsed().Seconds()*1e3/float64(b.N), "ms/move")
	cpu1, _ := cputime.Thread()
	b.ReportMetric((cpu1-cpu0).Seconds()*1e3/float64(b.N), "cpu-ms/move")
	b.ReportMetric(float64(len(a.(*naotti).worlds)), "placements")
}

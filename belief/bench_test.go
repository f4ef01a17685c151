package belief

import (
	"runtime"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
)

// benchTurns returns, from random games, the player's turns (view and
// moves so far) at which the opponent still has all eight pieces: the
// update then weighs all 70 placements.
func benchTurns(b *testing.B, me engine.Player) (views []engine.Position, hist [][]engine.Move) {
	for _, g := range randomGames(b, 20, 9, 0.5) {
		for i, p := range g.positions() {
			if p.Count(me.Other()) < 8 || p.Count(me) < 8 || p.Outcome() != engine.Ongoing {
				break
			}
			if p.Turn() == me && i >= 2 {
				views = append(views, view(p, me))
				hist = append(hist, g.moves[:i])
			}
		}
	}
	return views, hist
}

// BenchmarkUpdate is the HAF model's update for one opponent move against
// a full 8-piece opponent, all 70 placements alive: the move's score
// terms (haf.ColourTerms) and the likelihood of every placement. One op
// is one opponent move.
func BenchmarkUpdate(b *testing.B) {
	views, hist := benchTurns(b, engine.First)
	bels := make([]*Belief, len(views))
	for i := range views {
		bel := New(engine.First, Options{})
		if i > 0 && len(hist[i]) == len(hist[i-1])+2 {
			bel = bels[i-1]
			bels[i-1] = nil
		}
		if err := bel.Sync(&views[i], hist[i]); err != nil {
			b.Fatal(err)
		}
		bels[i] = bel
		// The turn's last Sync keeps its observations: the opponent's move.
		if len(bel.obs) == 0 {
			b.Fatalf("turn %d: no observation", i)
		}
	}
	type step struct {
		bel *Belief
		pos *engine.Position
	}
	var steps []step
	for i, bel := range bels {
		if bel != nil {
			steps = append(steps, step{bel, &views[i]})
		}
	}
	b.ReportMetric(float64(len(steps)), "positions")
	cpuBench(b, func(i int) {
		s := &steps[i%len(steps)]
		for a := range s.bel.p {
			s.bel.p[a] = 1.0 / 70
		}
		if err := s.bel.scoreObservations(s.pos); err != nil {
			b.Fatal(err)
		}
	})
}

// BenchmarkSync is an agent's Sync at its turn (its own move and the
// opponent's reply) against a full 8-piece opponent: tracker, update,
// marginals. The beliefs walk through the games turn by turn.
func BenchmarkSync(b *testing.B) {
	views, hist := benchTurns(b, engine.First)
	bel := New(engine.First, Options{})
	cpuBench(b, func(i int) {
		k := i % len(views)
		if !bel.t.Continues(hist[k]) {
			b.StopTimer()
			bel.reset(nil)
			b.StartTimer()
		}
		if err := bel.Sync(&views[k], hist[k]); err != nil {
			b.Fatal(err)
		}
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

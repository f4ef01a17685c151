package engine

import (
	"testing"
	"time"
)

// BenchmarkPerft reports leaf nodes per second of perft(5) from the start
// (the last ply counted in bulk).
func BenchmarkPerft(b *testing.B) {
	p := MustParsePosition("1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	var nodes uint64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		nodes += Perft(&p, 5)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds()/1e6, "Mleaves/s")
}

// BenchmarkPerftMidgame is perft(4) from a crowded middle game.
func BenchmarkPerftMidgame(b *testing.B) {
	p := MustParsePosition("1rb1r1/1b1rb1/2B3/3R2/1R1B2/1B1R2 f R3r3 0")
	var nodes uint64
	start := time.Now()
	for i := 0; i < b.N; i++ {
		nodes += Perft(&p, 4)
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds()/1e6, "Mleaves/s")
}

// BenchmarkMakeUnmake makes and unmakes every move of positions taken from
// random games; one op is one make plus one unmake.
func BenchmarkMakeUnmake(b *testing.B) {
	r := NewRand(1)
	var positions []Position
	for len(positions) < 256 {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == Ongoing && p.Ply() < 60 {
			positions = append(positions, p)
			p.Make(p.RandomMove(r))
		}
	}
	type pm struct {
		p  Position
		ms MoveList
	}
	var work []pm
	for _, p := range positions {
		var w pm
		w.p = p
		w.ms.Generate(&p)
		work = append(work, w)
	}
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for n < b.N {
		for i := range work {
			w := &work[i]
			for _, m := range w.ms.Moves[:w.ms.N] {
				u := w.p.Make(m)
				w.p.Unmake(u)
			}
			n += w.ms.N
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds()/1e6, "M/s")
}

// BenchmarkPlayout plays uniformly random games from random placements to
// the end or the 200-ply limit; one op is one game.
func BenchmarkPlayout(b *testing.B) {
	r := NewRand(1)
	b.ReportAllocs()
	plies := 0
	for i := 0; i < b.N; i++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		p.Playout(r, DefaultPlyLimit)
		plies += p.Ply()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(plies)/float64(b.N), "plies/game")
}

package solver

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/purple"
)

// BenchmarkDfpnSuite: df-pn speed (nodes per second, one core) over
// positions a few plies before the end of random games, each solved
// without a ply bound under a budget of 200,000 nodes.
func BenchmarkDfpnSuite(b *testing.B) {
	r := engine.NewRand(2026)
	type job struct {
		p      engine.Position
		prover engine.Player
	}
	var suite []job
	for len(suite) < 200 {
		p, w := testpos.NearEnd(r, 16)
		suite = append(suite, job{p, w})
	}
	s := New(Options{TTMegabytes: 64, MaxNodes: 200_000})
	var nodes uint64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, j := range suite {
			a, err := s.Solve(context.Background(), j.p, j.prover)
			if err != nil {
				b.Fatal(err)
			}
			nodes += a.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
}

// fullMaterialPositions returns n positions with all 16 pieces from random
// games, half with each player as prover.
func fullMaterialPositions(n int) []testJob {
	r := engine.NewRand(88)
	var out []testJob
	for len(out) < n {
		prover := engine.Player(len(out) % 2)
		if p, ok := testpos.FullMaterial(r, 10, 100, prover); ok {
			out = append(out, testJob{p, prover})
		}
	}
	return out
}

type testJob struct {
	p      engine.Position
	prover engine.Player
}

// gamePositions returns n positions at a random ply of random games
// started from random placements (eight pieces a side), half with each
// player as prover.
func gamePositions(n int) []testJob {
	r := engine.NewRand(88)
	var out []testJob
	for len(out) < n {
		prover := engine.Player(len(out) % 2)
		if p, ok := testpos.FromGame(r, 10, 150, prover); ok {
			out = append(out, testJob{p, prover})
		}
	}
	return out
}

// BenchmarkShortest8v8: 1,000 positions from random games started eight
// against eight (both provers; "full" counts those still with all sixteen
// pieces), each asked for its shortest sure win within 11 plies. Reports
// the wins found, the slowest win, and the distribution of time and nodes
// per position. Run with -benchtime 1x.
func BenchmarkShortest8v8(b *testing.B) {
	suite := gamePositions(1000)
	s := New(Options{TTMegabytes: 64, MaxPlies: 11, Shortest: true})
	for i := 0; i < b.N; i++ {
		var times []time.Duration
		var nodes []int
		wins, unknown, full := 0, 0, 0
		var winMax time.Duration
		for _, j := range suite {
			a, err := s.Solve(context.Background(), j.p, j.prover)
			if err != nil {
				b.Fatal(err)
			}
			if j.p.Count(engine.First)+j.p.Count(engine.Second) == 16 {
				full++
			}
			times = append(times, a.Elapsed)
			nodes = append(nodes, int(a.Nodes))
			switch a.Result {
			case Win:
				wins++
				winMax = max(winMax, a.Elapsed)
			case Unknown:
				unknown++
			}
		}
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		sort.Ints(nodes)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		b.ReportMetric(float64(full), "full")
		b.ReportMetric(float64(wins), "wins")
		b.ReportMetric(ms(winMax), "wins-max-ms")
		b.ReportMetric(float64(unknown), "unknown")
		b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
		b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
		b.ReportMetric(ms(times[len(times)-1]), "max-ms")
		b.ReportMetric(float64(nodes[len(nodes)/2]), "p50-nodes")
		b.ReportMetric(float64(nodes[len(nodes)-1]), "max-nodes")
	}
}

// BenchmarkNodeRatio: df-pn's nodes against the plain AND/OR solver's at
// the same depth ("a win within D plies?", D = 5 on 100 full-material
// positions, D = 7 on 300 small ones). Run with -benchtime 1x.
func BenchmarkNodeRatio(b *testing.B) {
	small := make([]testJob, 0, 300)
	r := engine.NewRand(3)
	for len(small) < 300 {
		prover := engine.Player(r.Intn(2))
		small = append(small, testJob{testpos.Small(r, prover, engine.Player(r.Intn(2))), prover})
	}
	for i := 0; i < b.N; i++ {
		for _, set := range []struct {
			name  string
			jobs  []testJob
			depth int
		}{{"full-d5", fullMaterialPositions(100), 5}, {"small-d7", small, 7}} {
			var dn, pn uint64
			for _, j := range set.jobs {
				s := New(Options{TTMegabytes: 16, MaxPlies: set.depth})
				a, err := s.Solve(context.Background(), j.p, j.prover)
				if err != nil {
					b.Fatal(err)
				}
				dn += a.Nodes
				ref := reference.New(j.prover, j.prover, reference.Purple)
				if ref.WinWithin(&j.p, set.depth) != (a.Result == Win) {
					b.Fatalf("%s: df-pn and the plain solver disagree", j.p.String())
				}
				pn += uint64(ref.Nodes)
			}
			b.ReportMetric(float64(dn)/float64(pn), set.name+"-ratio")
		}
	}
}

// BenchmarkLongWins solves, with --shortest and no tables, the 9-piece
// positions of testdata/long_wins.jsonl (15–17-ply sure wins, found by
// tools/longwins) and reports time and nodes per position.
func BenchmarkLongWins(b *testing.B) {
	type want struct {
		p   engine.Position
		dtw int
	}
	var suite []want
	for _, w := range readLongWins(b) {
		suite = append(suite, want{w.p, w.DTW})
	}
	// Default solve (a proof, its length an upper bound) and --shortest
	// (the exact distance), each with a fresh table.
	for _, shortest := range []bool{false, true} {
		var total, worst time.Duration
		var nodes uint64
		for i := 0; i < b.N; i++ {
			for _, w := range suite {
				s := New(Options{TTMegabytes: 64, Shortest: shortest})
				prover, _ := purpleProver(&w.p)
				a, err := s.Solve(context.Background(), w.p, prover)
				if err != nil || a.Result != Win || a.Plies < w.dtw || (shortest && (a.Plies != w.dtw || !a.Exact)) {
					b.Fatalf("%s: %v in %d (exact %v), recorded %d: %v", w.p.String(), a.Result, a.Plies, a.Exact, w.dtw, err)
				}
				total += a.Elapsed
				worst = max(worst, a.Elapsed)
				nodes += a.Nodes
			}
		}
		name := "solve"
		if shortest {
			name = "shortest"
		}
		n := float64(b.N * len(suite))
		b.ReportMetric(float64(total.Microseconds())/1000/n, name+"-ms/pos")
		b.ReportMetric(float64(worst.Microseconds())/1000, name+"-max-ms")
		b.ReportMetric(float64(nodes)/n, name+"-nodes/pos")
	}
}

func purpleProver(p *engine.Position) (engine.Player, error) { return purple.DefaultProver(p) }

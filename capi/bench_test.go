package main

import (
	"context"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/solver"
)

// The Go side of one solve call against the Go call it wraps, for the
// overhead of each door (the C and Python figures come from
// testdata/harness.c and python/bench.py on the same position), in CPU
// time per call:
//
//	go test ./capi -run '^$' -bench Solve -count 2
func BenchmarkSolve(b *testing.B) {
	const pos = "uu1B2/6/R5/6/6/6 f R1r1"
	p, err := engine.ParsePosition(pos)
	if err != nil {
		b.Fatal(err)
	}
	cases := []struct {
		name string
		call func()
	}{
		{"go", func() {
			s := solver.New(solver.Options{TTMegabytes: 1})
			if a, err := s.Solve(context.Background(), p, engine.First); err != nil || a.Result != solver.Win {
				b.Fatal(a, err)
			}
		}},
		{"library", func() {
			if _, err := solve(pos, solveOptions{TTMB: 1}); err != nil {
				b.Fatal(err)
			}
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			c0 := cputime.Process()
			for b.Loop() {
				c.call()
			}
			b.ReportMetric(float64(cputime.Process()-c0)/float64(time.Microsecond)/float64(b.N), "cpu-us/op")
		})
	}
}

package solver

import (
	"context"
	"os"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/tablebase"
)

// BenchmarkTableSavings: 7-piece positions near the end of random games,
// solved by df-pn with and without the endgame tables of every class up to
// 6 pieces (GEISTER_BENCH_TABLES names their directory; skipped without).
// Reports the nodes each needs on the positions both decide, and how many
// each decides within 2 million nodes. Run with -benchtime 1x.
func BenchmarkTableSavings(b *testing.B) {
	dir := os.Getenv("GEISTER_BENCH_TABLES")
	if dir == "" {
		b.Skip("set GEISTER_BENCH_TABLES to a directory with the tables up to 6 pieces")
	}
	o := tablebase.DefaultOptions()
	o.ReadOnly = true
	db, err := tablebase.OpenWith(dir, o)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	r := engine.NewRand(77)
	var suite []testJob
	for len(suite) < 150 {
		p, w := testpos.NearEnd(r, 20)
		if p.Count(engine.First)+p.Count(engine.Second) == 7 {
			suite = append(suite, testJob{p, w})
		}
	}
	for i := 0; i < b.N; i++ {
		with := New(Options{TTMegabytes: 64, MaxNodes: 2_000_000, Tables: db})
		without := New(Options{TTMegabytes: 64, MaxNodes: 2_000_000})
		var nWith, nWithout, hits uint64
		decWith, decWithout, both := 0, 0, 0
		for _, j := range suite {
			a, err := with.Solve(context.Background(), j.p, j.prover)
			if err != nil {
				b.Fatal(err)
			}
			c, err := without.Solve(context.Background(), j.p, j.prover)
			if err != nil {
				b.Fatal(err)
			}
			if a.Result != Unknown {
				decWith++
			}
			if c.Result != Unknown {
				decWithout++
			}
			if a.Result != Unknown && c.Result != Unknown {
				if a.Result != c.Result {
					b.Fatalf("%s: %v with tables, %v without", j.p.String(), a.Result, c.Result)
				}
				both++
				nWith += a.Nodes
				nWithout += c.Nodes
				hits += a.TableHits
			}
		}
		b.ReportMetric(float64(decWith), "decided-with")
		b.ReportMetric(float64(decWithout), "decided-without")
		b.ReportMetric(float64(nWith)/float64(both), "nodes-with")
		b.ReportMetric(float64(nWithout)/float64(both), "nodes-without")
		b.ReportMetric(float64(hits)/float64(both), "table-hits")
	}
}

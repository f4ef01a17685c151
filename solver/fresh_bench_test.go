package solver

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// BenchmarkFreshSmallSolve is a one-off solve as the command makes it: a
// new solver with the default 128 MiB table, then SPEC §2's 5-ply win
// (a few hundred nodes). The table's size should not show in the time.
func BenchmarkFreshSmallSolve(b *testing.B) {
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	for i := 0; i < b.N; i++ {
		s := New(DefaultOptions())
		a, err := s.Solve(context.Background(), p, engine.First)
		if err != nil || a.Result != Win || a.Plies != 5 {
			b.Fatalf("%+v %v", a, err)
		}
	}
}

// BenchmarkFreshBudgetSuite asks the hard and tables suites' 400
// positions "a win at all?" under 100 K nodes, each with a new solver and
// a 1 MiB table: the way the web board's solve asks (a solver a
// request). What a solver makes at its first search shows here: with
// the table of path-dependent disproofs made whole (6 MiB) at the first
// one, 8.8–9.4 ms a question; as made now, 4.5–4.7 ms (dfpn.condTable;
// docs/solving.md, a batch's searcher kept), the same 36,396 nodes a
// question and 308 decided. It fails on an answer the tables contradict
// and reports the time and nodes a question and the questions decided.
func BenchmarkFreshBudgetSuite(b *testing.B) {
	ws := append(readTablesFile(b, "hard_suite.jsonl"), readTablesSuite(b)...)
	var nodes uint64
	decided := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		decided = 0
		for _, w := range ws {
			s := New(Options{TTMegabytes: 1, MaxNodes: 100_000})
			a, err := s.Solve(context.Background(), w.p, w.prover)
			if a.Result != Unknown || err != nil {
				checkTablesAnswer(b, w, 1, false, a, err)
				decided++
			}
			nodes += a.Nodes
		}
	}
	q := float64(b.N * len(ws))
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/q, "ns/question")
	b.ReportMetric(float64(nodes)/q, "nodes/question")
	b.ReportMetric(float64(decided), "decided")
}

package solver

import (
	"context"
	"errors"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
)

// Batch on two threads answers every job in input order exactly as a new
// solver does each position on its own (the same answer, move and node
// count: nothing carries over from job to job, Solver.Reset), and passes
// a job's error through.
func TestBatchMatchesSolve(t *testing.T) {
	r := engine.NewRand(11)
	opts := Options{TTMegabytes: 8, Shortest: true, MaxNodes: 20_000}
	bad := errors.New("unreadable line")
	var jobs []Job
	for i := range 16 {
		if i == 7 {
			jobs = append(jobs, Job{Index: i, Text: "junk", Err: bad})
			continue
		}
		p, prover := testpos.NearEnd(r, 6)
		jobs = append(jobs, Job{Index: i, Text: p.String(), Pos: p, Prover: prover})
	}
	in := make(chan Job)
	go func() {
		for _, j := range jobs {
			in <- j
		}
		close(in)
	}()
	next, wins := 0, 0
	alone := opts
	alone.TTMegabytes = opts.TTMegabytes / 2 // each of Batch's two solvers has half
	Batch(context.Background(), opts, 2, 0, in, func(j Job, a Answer, err error) {
		if j.Index != next {
			t.Fatalf("job %d emitted where %d was due", j.Index, next)
		}
		next++
		if j.Err != nil {
			if !errors.Is(err, bad) {
				t.Errorf("job %d: error %v, want the job's own", j.Index, err)
			}
			return
		}
		if a.Result == Win {
			wins++
		}
		want, werr := New(alone).Solve(context.Background(), j.Pos, j.Prover)
		if (err == nil) != (werr == nil) || a.Result != want.Result || a.Plies != want.Plies || a.Move != want.Move || a.Nodes != want.Nodes {
			t.Errorf("job %d %s: batch %v in %d by %v, %d nodes (%v); alone %v in %d by %v, %d nodes (%v)", j.Index, j.Text, a.Result, a.Plies, a.Move, a.Nodes, err, want.Result, want.Plies, want.Move, want.Nodes, werr)
		}
	})
	if next != len(jobs) || wins < 3 {
		t.Errorf("%d of %d jobs emitted, %d wins among them", next, len(jobs), wins)
	}
}

// TestResetSearchesAsNew: a solver reset after solving a position
// searches it again as a new solver does, node for node (Solver.Reset
// keeps the searcher's buffers, dfpn.Searcher.Reset, and must forget all
// it learnt: the table, the killer moves, the path-dependent disproofs
// the unbounded searches keep from search to search). The suites'
// no-wins, whose unbounded searches meet repetitions, asked "a win at
// all?" within 300 K nodes, each twice in a row and after another.
func TestResetSearchesAsNew(t *testing.T) {
	var ws []tablesPosition
	for _, w := range append(readTablesSuite(t), readTablesFile(t, "hard_suite.jsonl")...) {
		if w.Result == "no-win" && len(ws) < 8 {
			ws = append(ws, w)
		}
	}
	opts := Options{TTMegabytes: 16, MaxNodes: 300_000}
	s := New(opts)
	for i, w := range ws {
		fresh, err := New(opts).Solve(context.Background(), w.p, w.prover)
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range []tablesPosition{w, ws[(i+1)%len(ws)], w} {
			s.Reset()
			a, err := s.Solve(context.Background(), p.p, p.prover)
			if err != nil {
				t.Fatal(err)
			}
			if p.Position == w.Position && (a.Nodes != fresh.Nodes || a.Result != fresh.Result) {
				t.Errorf("%s, solve %d after a reset: %v, %d nodes; a new solver: %v, %d nodes", w.Position, k+1, a.Result, a.Nodes, fresh.Result, fresh.Nodes)
			}
		}
	}
}

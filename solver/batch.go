package solver

import (
	"context"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/pool"
)

// Job is one position of a batch. A job that carries Err (a position that
// could not be read, say) is passed through to the output unsolved.
type Job struct {
	Index  int    // the job's number, for the caller (emit follows the input order)
	Text   string // the input as given
	Pos    engine.Position
	Prover engine.Player
	Err    error
}

// Batch solves the jobs read from in on threads goroutines, each with a
// solver of its own (the table divided between them), and calls emit for
// each job in the order in reads them (package pool). Each job is
// searched from an empty table (Solver.Reset), so that its answer, node
// count and time do not depend on the jobs before it: the puzzles of a
// file share few positions, and a table grown by one made every lookup
// of the next a miss of the cache (the 706 partly revealed 17-ply
// puzzles of docs/speed.md: 145 s in one process, 113 s each from an
// empty table).
// timeout, when > 0, bounds each position's time. Batch returns when in
// is closed and every job has been emitted. When ctx ends, the jobs still
// to come are emitted at once as Unknown with Interrupted set (as is the
// answer of a search ctx stopped), so that every job is answered and no
// interrupted one passes for a spent budget.
func Batch(ctx context.Context, opts Options, threads int, timeout time.Duration, in <-chan Job, emit func(Job, Answer, error)) {
	if threads < 1 {
		threads = 1
	}
	if opts.TTMegabytes <= 0 {
		opts.TTMegabytes = DefaultOptions().TTMegabytes
	}
	opts.TTMegabytes = max(opts.TTMegabytes/threads, 1)
	jobs := func(yield func(Job) bool) {
		for j := range in {
			if !yield(j) {
				return
			}
		}
	}
	type result struct {
		a   Answer
		err error
	}
	pool.Ordered(threads, jobs, func(int) func(Job) (result, error) {
		s := New(opts)
		fresh := true
		return func(j Job) (result, error) {
			if j.Err != nil {
				return result{err: j.Err}, nil
			}
			if ctx.Err() != nil {
				return result{a: Answer{Position: j.Pos.String(), Prover: j.Prover, Source: "dfpn", Interrupted: true}}, nil
			}
			jctx, cancel := ctx, context.CancelFunc(func() {})
			if timeout > 0 {
				jctx, cancel = context.WithTimeout(ctx, timeout)
			}
			defer cancel()
			if !fresh {
				s.Reset() // each job searched as on its own: see Batch
			}
			fresh = false
			a, err := s.Solve(jctx, j.Pos, j.Prover)
			if err == nil && a.Result == Unknown && ctx.Err() != nil {
				a.Interrupted = true
			}
			return result{a, err}, nil
		}
	}, func(j Job, r result) error {
		emit(j, r.a, r.err)
		return nil
	})
}

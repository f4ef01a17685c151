package solver

import (
	"context"
	"sync"
	"time"

	"geister/engine"
)

// Job is one position of a batch. A job that carries Err (a position that
// could not be read, say) is passed through to the output unsolved.
type Job struct {
	Index  int
	Text   string // the input as given
	Pos    engine.Position
	Prover engine.Player
	Err    error
}

// Batch solves the jobs read from in on threads goroutines, each with a
// solver of its own (the table divided between them), and calls emit for
// each job in input order (by Index, which must count 0, 1, 2, ...).
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
	type done struct {
		job Job
		a   Answer
		err error
	}
	results := make(chan done, threads)
	var wg sync.WaitGroup
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := New(opts)
			for j := range in {
				if j.Err != nil {
					results <- done{job: j, err: j.Err}
					continue
				}
				if ctx.Err() != nil {
					results <- done{job: j, a: Answer{Position: j.Pos.String(), Prover: j.Prover, Source: "dfpn", Interrupted: true}}
					continue
				}
				jctx, cancel := ctx, context.CancelFunc(func() {})
				if timeout > 0 {
					jctx, cancel = context.WithTimeout(ctx, timeout)
				}
				a, err := s.Solve(jctx, j.Pos, j.Prover)
				cancel()
				if err == nil && a.Result == Unknown && ctx.Err() != nil {
					a.Interrupted = true
				}
				results <- done{job: j, a: a, err: err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()
	pending := map[int]done{}
	next := 0
	for d := range results {
		pending[d.job.Index] = d
		for {
			d, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			emit(d.job, d.a, d.err)
			next++
		}
	}
}

package pool

import (
	"context"
	"sync"
	"sync/atomic"
)

// Range calls work(worker, i) for every i from 0 to n-1, each once, on
// workers goroutines (at least one; worker is the goroutine's number, 0 to
// workers-1, so that each can keep state of its own in a slice the caller
// merges afterwards). Indices are handed out one at a time in increasing
// order as goroutines become free, so that uneven pieces of work (the
// chunks of a scan over every state of a table) even out.
//
// The first error of work, or ctx ending, stops the handing out: calls
// under way finish, and Range returns that error (ctx.Err() for the
// context) once every goroutine has stopped; nil when every index is done.
func Range(ctx context.Context, workers int, n uint64, work func(worker int, i uint64) error) error {
	var (
		next  atomic.Uint64
		stop  atomic.Bool
		once  sync.Once
		first error
		wg    sync.WaitGroup
	)
	fail := func(err error) {
		once.Do(func() { first = err })
		stop.Store(true)
	}
	for w := range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				if err := ctx.Err(); err != nil {
					fail(err)
					return
				}
				i := next.Add(1) - 1
				if i >= n {
					return
				}
				if err := work(w, i); err != nil {
					fail(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return first
}

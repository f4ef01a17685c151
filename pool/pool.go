// Package pool runs work on several goroutines and hands the results back
// in the order the work came in: a batch of positions solved on every
// core and printed in input order, the games of a match played in
// parallel and recorded in game order, the cases of a keeper check.
//
//	err := pool.Ordered(runtime.NumCPU(), slices.Values(positions),
//		func(worker int) func(engine.Position) (solver.Answer, error) {
//			s := solver.New(opts) // one solver, with its own table, per goroutine
//			return func(p engine.Position) (solver.Answer, error) { return s.Solve(ctx, p, engine.First) }
//		},
//		func(p engine.Position, a solver.Answer) error { fmt.Println(p, a.Result); return nil })
//
// Unordered hands the results back as the work finishes (a tournament's
// games, each written as it ends). Range is the kind for index scans:
// every index of a scan (the chunks of a table being verified, the
// placements of a class being solved) handed to the next free goroutine.
package pool

import (
	"iter"
	"sync"
)

// Ordered takes the items of items one at a time, passes each to a work
// function on one of workers goroutines (at least one), and calls emit on
// the calling goroutine with each item and its result in the order items
// yielded them. newWorker is called once on each goroutine, with its
// number (0 to workers-1), before its first item: it returns that
// goroutine's work function, which may keep state of its own (a solver
// with its table, the agents of a game) and may lock the goroutine to its
// thread.
//
// At most 64 items a worker are in flight (taken but not yet emitted), so
// memory stays bounded when one item is slow. The first error, of work
// for an item (in the items' order) or of emit, stops the feeding: items
// already under way finish, emit is not called again, and Ordered returns
// that error once every goroutine has stopped. items is read on one
// goroutine of its own; an iterator that blocks (on a channel, say) holds
// up Ordered's return until it yields or ends.
// Without error Ordered returns nil when items is exhausted and every
// result emitted.
func Ordered[T, R any](workers int, items iter.Seq[T], newWorker func(worker int) func(T) (R, error), emit func(T, R) error) error {
	return run(workers, items, newWorker, emit, true)
}

// Unordered is Ordered with emit called as soon as each item's work is
// done, in the order the work finishes: a tournament's games written to
// its file as they end, none held back behind a slow one. The first
// error, of work or of emit, stops the feeding as in Ordered; the items
// already under way finish, and those that succeed are still emitted
// (unless emit itself failed). Unordered returns the first error.
func Unordered[T, R any](workers int, items iter.Seq[T], newWorker func(worker int) func(T) (R, error), emit func(T, R) error) error {
	return run(workers, items, newWorker, emit, false)
}

func run[T, R any](workers int, items iter.Seq[T], newWorker func(worker int) func(T) (R, error), emit func(T, R) error, ordered bool) error {
	workers = max(workers, 1)
	window := 64 * workers

	type job struct {
		seq  int
		item T
	}
	type done struct {
		seq  int
		item T
		r    R
		err  error
	}
	var (
		quit   = make(chan struct{})
		tokens = make(chan struct{}, window) // one per item in flight
		work   = make(chan job, window)
		// Never full: an item takes a token before it is sent to the
		// workers and gives it back only once emitted.
		results = make(chan done, window)
		fed     = make(chan struct{})
		wg      sync.WaitGroup
	)
	go func() { // the feeder: the one reader of items
		defer close(fed)
		defer close(work)
		s := 0
		for item := range items {
			select {
			case tokens <- struct{}{}:
			case <-quit:
				return
			}
			work <- job{s, item}
			s++
		}
	}()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var fn func(T) (R, error)
			for j := range work {
				select {
				case <-quit:
					continue // drain without working
				default:
				}
				if fn == nil {
					fn = newWorker(w)
				}
				r, err := fn(j.item)
				results <- done{j.seq, j.item, r, err}
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	pending := map[int]done{}
	want := 0
	var first error
	stop := func(err error) {
		if first == nil {
			first = err
			close(quit)
		}
	}
	emitFailed := false
	for d := range results {
		if !ordered {
			<-tokens
			if d.err != nil {
				stop(d.err)
			} else if !emitFailed {
				if err := emit(d.item, d.r); err != nil {
					emitFailed = true
					stop(err)
				}
			}
			continue
		}
		if first != nil {
			continue // drain what the workers still finish
		}
		pending[d.seq] = d
		for {
			d, ok := pending[want]
			if !ok {
				break
			}
			delete(pending, want)
			want++
			err := d.err
			if err == nil {
				err = emit(d.item, d.r)
			}
			if err != nil {
				stop(err)
				clear(pending)
				break
			}
			<-tokens
		}
	}
	<-fed
	return first
}

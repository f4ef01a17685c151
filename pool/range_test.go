package pool

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"
)

func TestRangeEachIndexOnce(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 8} {
		for _, n := range []uint64{0, 1, 7, 1000} {
			seen := make([]atomic.Int32, n)
			var bad atomic.Bool
			err := Range(context.Background(), workers, n, func(w int, i uint64) error {
				if w < 0 || w >= max(workers, 1) {
					bad.Store(true)
				}
				seen[i].Add(1)
				return nil
			})
			if err != nil || bad.Load() {
				t.Fatalf("workers %d n %d: %v, worker numbers out of range: %v", workers, n, err, bad.Load())
			}
			for i := range seen {
				if c := seen[i].Load(); c != 1 {
					t.Fatalf("workers %d n %d: index %d done %d times", workers, n, i, c)
				}
			}
		}
	}
}

func TestRangeStopsAtError(t *testing.T) {
	boom := errors.New("boom")
	var calls, atError atomic.Int64
	err := Range(context.Background(), 3, 10_000, func(w int, i uint64) error {
		n := calls.Add(1)
		if i == 10 {
			atError.Store(n)
			return boom
		}
		// Calls that take a while, as Range's do: a goroutine passing
		// between its error and the stop of the handing out (nanoseconds)
		// lets the others start at most one more each.
		time.Sleep(50 * time.Microsecond)
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want %v", err, boom)
	}
	// The calls started when index 10 failed (the goroutine given index
	// 10 may have waited while the others went on past it), and about one
	// more on each other goroutine (twice that for the scheduler's
	// whims); handing out that did not stop would make 10,000.
	if c, at := calls.Load(), atError.Load(); c > at+2*2 || at < 11 {
		t.Fatalf("%d calls, %d of them when index 10 failed, on 3 goroutines", c, at)
	}
}

func TestRangeStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var calls, atCancel atomic.Int64
	err := Range(ctx, 2, 1_000_000, func(w int, i uint64) error {
		if calls.Add(1) == 5 {
			cancel()
			atCancel.Store(calls.Load())
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	// Once cancel has returned, each goroutine starts at most the call
	// it had already passed its check for. The calls started while
	// cancel ran count with it (the other goroutine's calls take no time,
	// and under the race detector cancel took long enough for 4 of
	// them: a CI flake); handing out that did not stop would make a
	// million.
	if c, at := calls.Load(), atCancel.Load(); c > at+2 {
		t.Fatalf("%d calls, %d of them when cancel returned after the 5th, on 2 goroutines", c, at)
	}
}

package pool

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
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
	var calls atomic.Int64
	err := Range(context.Background(), 3, 1_000_000, func(w int, i uint64) error {
		calls.Add(1)
		if i == 10 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v, want %v", err, boom)
	}
	// indices handed out before the error was seen, and at most one more
	// on each other goroutine
	if c := calls.Load(); c > 10+1+2*2 || c < 11 {
		t.Fatalf("%d calls after an error at index 10 on 3 goroutines", c)
	}
}

func TestRangeStopsWhenCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var calls atomic.Int64
	err := Range(ctx, 2, 1_000_000, func(w int, i uint64) error {
		if calls.Add(1) == 5 {
			cancel()
		}
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if c := calls.Load(); c > 5+2 {
		t.Fatalf("%d calls after cancelling at the 5th", c)
	}
}

package pool

import (
	"errors"
	"fmt"
	"iter"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

func count(n int) iter.Seq[int] {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				return
			}
		}
	}
}

// Results come back in input order whatever order the work finishes in,
// each item once, and each goroutine builds its worker once.
func TestOrdered(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 8} {
		var built atomic.Int32
		var got []int
		err := Ordered(workers, count(500), func(w int) func(int) (int, error) {
			built.Add(1)
			if w < 0 || w >= max(workers, 1) {
				t.Errorf("worker number %d of %d", w, workers)
			}
			r := rand.New(rand.NewPCG(uint64(w), 1))
			return func(i int) (int, error) {
				if r.IntN(4) == 0 {
					time.Sleep(time.Duration(r.IntN(200)) * time.Microsecond)
				}
				return i * i, nil
			}
		}, func(i, sq int) error {
			if sq != i*i {
				t.Errorf("item %d came with result %d", i, sq)
			}
			got = append(got, i)
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, slices.Collect(count(500))) {
			t.Errorf("%d workers: emitted %d items, not 0..499 in order", workers, len(got))
		}
		if b := int(built.Load()); b < 1 || b > max(workers, 1) {
			t.Errorf("%d workers: %d workers built", workers, b)
		}
	}
}

func TestEmpty(t *testing.T) {
	err := Ordered(4, count(0), func(int) func(int) (int, error) {
		t.Error("a worker was built for no items")
		return nil
	}, func(int, int) error { t.Error("emit called for no items"); return nil })
	if err != nil {
		t.Fatal(err)
	}
}

// The first failing item in order stops everything: the items before it
// are all emitted, it and none after it are, and its error is returned.
func TestWorkError(t *testing.T) {
	boom := errors.New("boom")
	var emitted []int
	var taken atomic.Int32
	err := Ordered(4, count(100_000), func(int) func(int) (int, error) {
		return func(i int) (int, error) {
			taken.Add(1)
			if i == 37 || i == 60 {
				return 0, fmt.Errorf("item %d: %w", i, boom)
			}
			return i, nil
		}
	}, func(i, _ int) error { emitted = append(emitted, i); return nil })
	if !errors.Is(err, boom) || err.Error() != "item 37: boom" {
		t.Fatalf("err = %v, want item 37's", err)
	}
	if !slices.Equal(emitted, slices.Collect(count(37))) {
		t.Errorf("emitted %v, want 0..36", emitted)
	}
	if n := taken.Load(); n > 37+64*4 {
		t.Errorf("%d items taken after the failure: feeding did not stop", n)
	}
}

func TestEmitError(t *testing.T) {
	stop := errors.New("full")
	n := 0
	err := Ordered(2, count(1000), func(int) func(int) (int, error) {
		return func(i int) (int, error) { return i, nil }
	}, func(i, _ int) error {
		if i == 10 {
			return stop
		}
		n++
		return nil
	})
	if err != stop || n != 10 {
		t.Errorf("err = %v after %d emits, want %v after 10", err, n, stop)
	}
}

// While the first item is slow, the others may run ahead by at most the
// window (64 a worker), not through the whole input.
func TestWindow(t *testing.T) {
	release := make(chan struct{})
	var taken atomic.Int32
	done := make(chan error)
	go func() {
		done <- Ordered(2, count(10_000), func(int) func(int) (int, error) {
			return func(i int) (int, error) {
				taken.Add(1)
				if i == 0 {
					<-release
				}
				return i, nil
			}
		}, func(int, int) error { return nil })
	}()
	deadline := time.Now().Add(5 * time.Second)
	for taken.Load() < 128 && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond)
	if n := taken.Load(); n != 128 {
		t.Errorf("%d items taken while the first waits, want the window of 128", n)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := taken.Load(); n != 10_000 {
		t.Errorf("%d items taken in all, want 10000", n)
	}
}

// Unordered emits each item once, as its work finishes: a slow first item
// does not hold back the others.
func TestUnordered(t *testing.T) {
	release := make(chan struct{})
	var got []int
	err := Unordered(2, count(50), func(int) func(int) (int, error) {
		return func(i int) (int, error) {
			if i == 0 {
				<-release
			}
			return i * i, nil
		}
	}, func(i, sq int) error {
		if sq != i*i {
			t.Errorf("item %d came with result %d", i, sq)
		}
		got = append(got, i)
		if len(got) == 49 {
			close(release) // every other item came before the first
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 50 || got[49] != 0 {
		t.Fatalf("emitted %v, want 1..49 then 0", got)
	}
	slices.Sort(got)
	if !slices.Equal(got, slices.Collect(count(50))) {
		t.Errorf("emitted %v, not each item once", got)
	}
}

// A work error stops the feeding; the items under way that succeed are
// still emitted, and the error is returned. An emit error stops emit.
func TestUnorderedErrors(t *testing.T) {
	boom := errors.New("boom")
	var emitted, taken atomic.Int32
	err := Unordered(4, count(100_000), func(int) func(int) (int, error) {
		return func(i int) (int, error) {
			taken.Add(1)
			if i == 37 {
				return 0, boom
			}
			return i, nil
		}
	}, func(int, int) error { emitted.Add(1); return nil })
	if err != boom {
		t.Fatalf("err = %v", err)
	}
	if e, n := emitted.Load(), taken.Load(); n > 37+64*4+1 || e != n-1 {
		t.Errorf("%d items taken, %d emitted: want feeding stopped and every success emitted", n, e)
	}
	full := errors.New("full")
	calls := 0
	err = Unordered(2, count(1000), func(int) func(int) (int, error) {
		return func(i int) (int, error) { return i, nil }
	}, func(int, int) error {
		calls++
		if calls == 10 {
			return full
		}
		return nil
	})
	if err != full || calls != 10 {
		t.Errorf("err = %v after %d emits, want %v after 10", err, calls, full)
	}
}

package solver

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/geister-solver/geister/internal/words"
)

// ProgressPrinter returns an Options.Progress that prints a line on w
// (nodes, speed, time) for each report of a search that has run two
// seconds or more.
func ProgressPrinter(w io.Writer) func(uint64, time.Duration) {
	var mu sync.Mutex
	return func(nodes uint64, el time.Duration) {
		if el < 2*time.Second {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, "searching: %d positions, %.1f M/s, %v\n", nodes, float64(nodes)/el.Seconds()/1e6, el.Round(time.Second))
	}
}

// Tally counts a batch's answers for a progress line; it is safe for
// concurrent use.
type Tally struct {
	mu                        sync.Mutex
	done, wins, noWin, errors int
}

// Add counts one answer (or error).
func (t *Tally) Add(a Answer, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done++
	switch {
	case err != nil:
		t.errors++
	case a.Result == Win:
		t.wins++
	case a.Result == NoWin:
		t.noWin++
	}
}

// Report prints a progress line on w every period until the returned
// function is called, which prints a last line if any was printed.
func (t *Tally) Report(w io.Writer, period time.Duration) (stop func()) {
	start := time.Now()
	done := make(chan struct{})
	finished := make(chan struct{})
	printed := false
	line := func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		el := time.Since(start)
		fmt.Fprintf(w, "solve: %s in %v (%.1f/s): %d win, %d no-win, %d unknown, %s\n",
			words.Count(t.done, "position"), el.Round(time.Second), float64(t.done)/el.Seconds(), t.wins, t.noWin, t.done-t.wins-t.noWin-t.errors, words.Count(t.errors, "error"))
	}
	go func() {
		defer close(finished)
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			select {
			case <-done:
				if printed {
					line()
				}
				return
			case <-tick.C:
				printed = true
				line()
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

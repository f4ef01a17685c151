// Package progress shows the progress of long commands on a terminal-like
// writer (standard error): a line redrawn in place with "\r" (Bar, Lines)
// and counts with a k/M/G suffix (SI).
package progress

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// Bar redraws one line in place on W: each Draw overwrites the line
// before (padded to 110 columns, so that a shorter line covers a longer
// one), a line equal to the last one drawn is not drawn again, and
// Finish ends the line when one was drawn. The zero Bar with W set is
// ready to use.
type Bar struct {
	W     io.Writer
	drawn bool
	last  string
}

// Draw shows line in place of the last one.
func (b *Bar) Draw(line string) {
	if line == b.last {
		return
	}
	b.last = line
	fmt.Fprintf(b.W, "\r%-110s", line)
	b.drawn = true
}

// Finish ends the line, if any was drawn.
func (b *Bar) Finish() {
	if b.drawn {
		fmt.Fprintln(b.W)
	}
}

// Gauge is a bar of width characters, '#' for the fraction done and '-'
// for the rest: Gauge(0.5, 8) is "####----". A fraction outside 0 to 1
// is taken as its nearest end.
func Gauge(frac float64, width int) string {
	n := int(min(max(frac, 0), 1) * float64(width))
	return strings.Repeat("#", n) + strings.Repeat("-", width-n)
}

// Over returns a printer of lines over each other on w ("\r" before
// each, three spaces after to cover a longer line's end) and a function
// that ends the line, when one was printed.
func Over(w io.Writer) (show func(line string), end func()) {
	drawn := false
	show = func(line string) {
		fmt.Fprintf(w, "\r%s   ", line)
		drawn = true
	}
	end = func() {
		if drawn {
			fmt.Fprintln(w)
			drawn = false
		}
	}
	return show, end
}

// Lines returns a printer of progress lines over each other on w (Over):
// it prints at most one line every half second, and always the last
// (done == total), which ends the line. line is called only for a line
// printed.
func Lines(w io.Writer) func(done, total int, line func() string) {
	last := time.Time{}
	show, end := Over(w)
	return func(done, total int, line func() string) {
		if done < total && time.Since(last) < 500*time.Millisecond {
			return
		}
		last = time.Now()
		show(line())
		if done == total {
			end()
		}
	}
}

// SI formats n with a k, M or G suffix: 999, 1.5k, 2.3M, 1.25G.
func SI(n float64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2fG", n/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", n/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1fk", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}

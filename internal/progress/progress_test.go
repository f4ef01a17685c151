package progress

import (
	"strings"
	"testing"
)

func TestBarPadsAndFinishes(t *testing.T) {
	var out strings.Builder
	b := Bar{W: &out}
	b.Finish()
	if out.Len() != 0 {
		t.Fatalf("Finish with nothing drawn wrote %q", out.String())
	}
	b.Draw("a long line")
	b.Draw("short")
	b.Finish()
	got := out.String()
	if want := "\r" + "a long line" + strings.Repeat(" ", 99) + "\r" + "short" + strings.Repeat(" ", 105) + "\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestGaugeEnds(t *testing.T) {
	for _, c := range []struct {
		frac float64
		want string
	}{{-1, "----"}, {0, "----"}, {0.49, "#---"}, {0.5, "##--"}, {1, "####"}, {2, "####"}} {
		if got := Gauge(c.frac, 4); got != c.want {
			t.Errorf("Gauge(%v, 4) = %q, want %q", c.frac, got, c.want)
		}
	}
}

func TestLinesLastEndsLine(t *testing.T) {
	var out strings.Builder
	show := Lines(&out)
	calls := 0
	line := func() string { calls++; return "x" }
	show(1, 3, line) // printed: the first
	show(2, 3, line) // within half a second: skipped
	show(3, 3, line) // the last: always, ending the line
	if got, want := out.String(), "\rx   \rx   \n"; got != want || calls != 2 {
		t.Fatalf("got %q with %d calls, want %q with 2", got, calls, want)
	}
}

func TestOverEndsOnlyADrawnLine(t *testing.T) {
	var out strings.Builder
	show, end := Over(&out)
	end()
	show("long line")
	show("short")
	end()
	end()
	if got, want := out.String(), "\rlong line   \rshort   \n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

package keeper

import (
	"fmt"
	"strings"
	"testing"
)

// ParseReading never panics, and what it reads String writes back in a
// form it reads as the same reading.
func FuzzParseReading(f *testing.F) {
	for _, s := range []string{"paper", "agent", "", "Literal8bAs7", "agent ", "x", "paper,8b=written", "7=any,8b=corrected", "cautious,9b=exit-first", "paper,8b", "agent,8b=written,8b=step7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseReading(s)
		if err != nil {
			return
		}
		back, err := ParseReading(r.String())
		if err != nil || back != r {
			t.Fatalf("%q read as %v, whose name reads as %v (%v)", s, r, back, err)
		}
	})
}

// Every combination of the reading fields has a name that reads back.
func TestReadingNames(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range allReadings() {
		s := r.String()
		if seen[s] {
			t.Errorf("two readings named %q", s)
		}
		seen[s] = true
		if back, err := ParseReading(s); err != nil || back != r {
			t.Errorf("%q reads as %v, %v", s, back, err)
		}
	}
	if len(Grid) != len(allReadings()) || len(seen) != 32 {
		t.Errorf("%d readings in the grid, %d combinations, %d names; want 32", len(Grid), len(allReadings()), len(seen))
	}
	for name, want := range map[string]Reading{
		"literal":                             {Step8b: Step8bWritten},
		"literal-8b-as-7":                     {},
		"paper":                               {},
		"agent":                               {Step7: Step7AnyPiece, Step9b: Step9bExitFirst},
		"literal-7-any-8b-as-7-9b-exit-first": {Step7: Step7AnyPiece, Step9b: Step9bExitFirst},
		"literal-8a-cautious-8b-gap-7":        {Approach: ApproachCautious, Step8b: Step8bWrittenGap7},
		"literal-8b-as-7,8b=corrected":        {Step8b: Step8bCorrected},
		"paper,8b=step7,7=any":                {Step7: Step7AnyPiece},
	} {
		if got, err := ParseReading(name); err != nil || got != want {
			t.Errorf("%q reads as %v (%v), want %v", name, got, err, want)
		}
	}
	for _, bad := range []string{"", "literal-", "literal-8b-as-7-7-any", "literal-9b-exit-first-8b-as-7", "literal--7-any", "literalx", "paper,8b"} {
		if r, err := ParseReading(bad); err == nil {
			t.Errorf("%q read as %v, want an error", bad, r)
		} else if !strings.Contains(err.Error(), fmt.Sprintf("%q", bad)) {
			t.Errorf("%q: the error %q does not name the input", bad, err)
		}
	}
}

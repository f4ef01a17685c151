package keeper

import "testing"

// ParseReading never panics, and what it reads String writes back in a
// form it reads as the same reading.
func FuzzParseReading(f *testing.F) {
	for _, s := range []string{"paper", "agent", "", "Paper", "agent ", "x", "paper,8b=written", "7=any,8b=corrected", "cautious,9b=exit-first", "paper,8b", "agent,8b=written,8b=step7"} {
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
	if Grid[2].String() != "paper,8b=corrected" || Grid[4].String() != "paper,7=any,8b=written" {
		t.Errorf("grid names %v", Grid)
	}
}

package keeper

import "testing"

// ParseReading accepts exactly the names String gives, without panics.
func FuzzParseReading(f *testing.F) {
	for _, s := range []string{"paper", "agent", "", "Paper", "agent ", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseReading(s)
		if err != nil {
			return
		}
		if r.String() != s {
			t.Fatalf("%q read as %v", s, r)
		}
	})
}

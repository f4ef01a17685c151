package engine

import (
	"strings"
	"testing"
)

// PlayTexts never panics; what it accepts is legal move by move, and a
// game still in play gives a position string that reads back the same.
func FuzzPlayTexts(f *testing.F) {
	f.Add("uu1B2/6/R5/6/6/6 f R1r1", "d1e1 a1a2 e1f1")
	f.Add("uu1B2/6/R5/6/6/6 f R1r1", "a3a2 b1c1 a2a1(r)")
	f.Add("1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0", "b5b4 b2b3 c5c4(b)")
	f.Fuzz(func(t *testing.T, pos, moves string) {
		p, err := ParsePosition(pos)
		if err != nil {
			return
		}
		played, err := p.PlayTexts(strings.Fields(moves))
		if err != nil {
			return
		}
		if len(played) != len(strings.Fields(moves)) {
			t.Fatalf("%d moves played of %q", len(played), moves)
		}
		if p.Outcome() == Ongoing {
			q, err := ParsePosition(p.String())
			if err != nil || q.String() != p.String() {
				t.Fatalf("%s does not read back: %v", p.String(), err)
			}
		}
	})
}

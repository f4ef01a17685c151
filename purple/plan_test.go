package purple

import (
	"slices"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// capturedInto says, from the rules and independently of Captures,
// whether a capture in class c leaves class d with the game on: the
// prover takes a hidden piece revealed red (the opponent keeps a red), or
// the opponent takes a prover's blue or red (the prover keeps one of each).
func capturedInto(c, d Class) bool {
	if !d.Valid() {
		return false
	}
	switch {
	case d.Blues == c.Blues && d.Reds == c.Reds:
		return d.OppPieces == c.OppPieces-1 && d.OppReds == c.OppReds-1
	case d.OppPieces == c.OppPieces && d.OppReds == c.OppReds:
		return d.Blues == c.Blues-1 && d.Reds == c.Reds || d.Blues == c.Blues && d.Reds == c.Reds-1
	}
	return false
}

// bruteClosure grows the set of classes by every valid class a member's
// capture leads into until nothing changes (a fixed point), then sorts it.
func bruteClosure(classes []Class) []Class {
	all := Classes(8)
	in := map[Class]bool{}
	for _, c := range classes {
		in[c] = true
	}
	for changed := true; changed; {
		changed = false
		for c := range in {
			for _, d := range all {
				if !in[d] && capturedInto(c, d) {
					in[d], changed = true, true
				}
			}
		}
	}
	var out []Class
	for c := range in {
		out = append(out, c)
	}
	SortClasses(out)
	return out
}

func TestCapturesAreTheRules(t *testing.T) {
	for _, c := range Classes(8) {
		got := c.Captures()
		for _, d := range Classes(8) {
			if capturedInto(c, d) != slices.Contains(got, d) {
				t.Fatalf("%s: captures %v, and %s differs from the rules", c, got, d)
			}
		}
		if len(got) == 0 && (c.Blues > 1 || c.Reds > 1 || c.OppReds > 1) {
			t.Fatalf("%s: no captures", c)
		}
	}
}

func TestClosureIsTheFixedPoint(t *testing.T) {
	all := Classes(8)
	check := func(in []Class) {
		t.Helper()
		got := Closure(in)
		if want := bruteClosure(in); !slices.Equal(got, want) {
			t.Fatalf("closure of %v: %v, want %v", in, got, want)
		}
		// smallest first: every capture leads to a class earlier in the list
		for i, c := range got {
			for _, d := range c.Captures() {
				if j := slices.Index(got, d); j < 0 || j >= i {
					t.Fatalf("closure of %v: %s at %d reads %s at %d", in, c, i, d, j)
				}
			}
		}
	}
	for _, c := range all {
		check([]Class{c})
	}
	check(nil)
	check(all)
	r := engine.NewRand(9)
	for i := 0; i < 200; i++ {
		var in []Class
		for j := r.Intn(6); j >= 0; j-- {
			in = append(in, all[r.Intn(len(all))]) // duplicates too
		}
		check(in)
	}
}

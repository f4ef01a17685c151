package reference

import (
	"testing"

	"github.com/geister-solver/geister/engine"
)

// The examples of SPEC §2 and §4: a 5-ply win, DTW 1 cases.
func TestReferenceExamples(t *testing.T) {
	cases := []struct {
		pos    string
		prover engine.Player
		dtw    int
	}{
		{"uu1B2/6/R5/6/6/6 f R1r1", engine.First, 5},
		{"B5/6/6/6/R5/u4u f R1r1", engine.First, 1},   // blue on its exit, to move
		{"6/1R4/6/6/B5/uu4 s R1r1", engine.First, -1}, // opponent escapes at once
	}
	for _, c := range cases {
		p := engine.MustParsePosition(c.pos)
		for _, mode := range []Mode{Purple, BothColours} {
			s := New(c.prover, c.prover, mode)
			if got := s.DTW(&p, 7); got != c.dtw {
				t.Errorf("%s mode %d: DTW %d, want %d", c.pos, mode, got, c.dtw)
			}
		}
	}
}

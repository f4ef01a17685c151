package tablebase

import (
	"math/rand/v2"
	"testing"

	"github.com/geister-solver/geister/purple"
)

// The cached decoder of the builder agrees with the plain one, on indices
// in order (shared rows) and at random.
func TestUnrankerAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []purple.Class{{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}, {Blues: 2, Reds: 1, OppPieces: 5, OppReds: 2}, {Blues: 1, Reds: 2, OppPieces: 4, OppReds: 1}} {
		for s := 0; s < 2; s++ {
			l := newLayout(c, s)
			u := unranker{l: l}
			i := r.Uint64() % l.size
			for n := 0; n < 20000; n++ {
				if n%50 == 0 {
					i = r.Uint64() % l.size
				}
				if got, want := u.board(i), l.board(i); got != want {
					t.Fatalf("%s side %d index %d: unranker %+v, layout %+v", c, s, i, got, want)
				}
				i = (i + 1 + uint64(r.IntN(3))) % l.size
			}
		}
	}
}

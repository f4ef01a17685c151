package tablebase

import (
	"bytes"
	"context"
	"math/bits"
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

// movedRank's rank of a group with one piece moved equals ranking the
// moved group from scratch, for every group size, piece and destination.
func TestMovedRankAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var g movedRank
	for n := 0; n < 20000; n++ {
		k := 1 + r.IntN(maxGroupK)
		free := 30 + r.IntN(7) // squares the group is ranked among
		cm := unrankGroup(r.Uint64()%binom[free][k], k, 0)
		g.init(cm)
		if g.rank != rankMask(cm) {
			t.Fatalf("mask %#x: rank %d, want %d", cm, g.rank, rankMask(cm))
		}
		j := 0
		for m := cm; m != 0; m &= m - 1 {
			from := uint64(1) << uint(bits.TrailingZeros64(m))
			for cf := uint(0); cf < uint(free); cf++ {
				if cm&(1<<cf) != 0 {
					continue
				}
				if got, want := g.moved(j, cf), rankMask(cm^from|1<<cf); got != want {
					t.Fatalf("mask %#x, piece %d to %d: %d, want %d", cm, j, cf, got, want)
				}
			}
			j++
		}
	}
}

// Chunks of one row each (as the classes of 7 pieces and more have, where
// apply takes the prover's pieces from the chunk) give the same tables
// as the usual chunks, on every class of at most 4 pieces.
func TestOneRowChunksSameValues(t *testing.T) {
	deps := map[purple.Class]*table{}
	for _, c := range purple.Classes(4) {
		want := buildRetro(t, c, deps, 2)
		b, err := newRetro(c, deps, 2)
		if err != nil {
			t.Fatal(err)
		}
		b.setChunk(1)
		if b.rowsPer[sideO] != 1 || b.rowsPer[sideP] != 1 {
			t.Fatalf("%s: %d and %d rows a chunk", c, b.rowsPer[sideP], b.rowsPer[sideO])
		}
		if err := b.run(context.Background(), nil, nil); err != nil {
			t.Fatal(err)
		}
		for s := 0; s < 2; s++ {
			if got, w := b.values(s), want.values(s); !bytes.Equal(got, w) {
				t.Fatalf("%s side %d: one-row chunks give other values", c, s)
			}
		}
		deps[c] = want.table()
	}
}

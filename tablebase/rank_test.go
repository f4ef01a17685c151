package tablebase

import (
	"math/bits"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// RankSquares counts, as colex order does, the subsets of free of the
// same size that come before set; checked by brute force on small free
// sets, with UnrankSquares as its inverse.
func TestRankSquaresBruteForce(t *testing.T) {
	r := engine.NewRand(5)
	for range 200 {
		var free uint64
		for bits.OnesCount64(free) < 7 {
			free |= 1 << r.Intn(36)
		}
		n := bits.OnesCount64(free)
		for k := 0; k <= 3; k++ {
			if Binomial(n, k) == 0 {
				t.Fatalf("Binomial(%d, %d) = 0", n, k)
			}
			// colex order: compare by the largest differing square.
			var subsets []uint64
			for m := uint64(0); m < 1<<n; m++ {
				if bits.OnesCount64(m) == k {
					subsets = append(subsets, depositBits(m, free))
				}
			}
			for _, set := range subsets {
				want := uint64(0)
				for _, o := range subsets {
					if colexLess(o, set) {
						want++
					}
				}
				if got := RankSquares(set, free); got != want {
					t.Fatalf("RankSquares(%#x, %#x) = %d, want %d", set, free, got, want)
				}
				if back := UnrankSquares(want, k, free); back != set {
					t.Fatalf("UnrankSquares(%d, %d, %#x) = %#x, want %#x", want, k, free, back, set)
				}
			}
			if uint64(len(subsets)) != Binomial(n, k) {
				t.Fatalf("%d subsets of %d of %d squares, Binomial says %d", len(subsets), k, n, Binomial(n, k))
			}
		}
	}
}

func colexLess(a, b uint64) bool {
	d := a ^ b
	if d == 0 {
		return false
	}
	top := uint64(1) << (63 - bits.LeadingZeros64(d))
	return b&top != 0
}

// depositBits puts bit i of m on the i-th square of free.
func depositBits(m, free uint64) uint64 {
	var out uint64
	for i := 0; free != 0; free &= free - 1 {
		if m>>i&1 != 0 {
			out |= free & -free
		}
		i++
	}
	return out
}

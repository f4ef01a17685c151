package tablebase

// The binomial ranking of piece groups, exported for the other
// retrograde solver of the project (package keeper), whose states add
// dimensions to a class but rank the squares of each group the same way.

const allSquares = uint64(1)<<36 - 1

// Binomial returns C(n, k) for 0 ≤ n ≤ 36 and 0 ≤ k ≤ 8 (zero when
// k > n): the number of ways k like pieces stand on n free squares.
func Binomial(n, k int) uint64 { return binom[n][k] }

// RankSquares returns the colex rank of set among the squares of free, in
// 0 .. Binomial(|free|, |set|)-1. Both are compact boards (engine.Compact:
// bit 0 a1 to bit 35 f6), set ⊆ free and |set| ≤ 8.
func RankSquares(set, free uint64) uint64 { return rankGroup(set, allSquares&^free) }

// UnrankSquares is the inverse of RankSquares: the k squares of free
// whose rank is r.
func UnrankSquares(r uint64, k int, free uint64) uint64 {
	if k == 0 {
		return 0
	}
	return unrankGroup(r, k, allSquares&^free)
}

package tablebase

// The binomial ranking of piece groups, exported for the other
// retrograde solver of the project (package keeper), whose states add
// dimensions to a class but rank the squares of each group the same way;
// and the rank of a group with one piece moved, which the builder's
// un-moves (movedRank) and the verifier's check of them (grpRank) share.

import "math/bits"

// Binomial returns C(n, k) for 0 ≤ n ≤ 36 and 0 ≤ k ≤ 8 (zero when
// k > n): the number of ways k like pieces stand on n free squares.
func Binomial(n, k int) uint64 { return binom[n][k] }

// RankSquares returns the colex rank of set among the squares of free, in
// 0 .. Binomial(|free|, |set|)-1. Both are compact boards (engine.Compact:
// bit 0 a1 to bit 35 f6), set ⊆ free and |set| ≤ 8.
func RankSquares(set, free uint64) uint64 { return rankGroup(set, mask36&^free) }

// UnrankSquares is the inverse of RankSquares: the k squares of free
// whose rank is r.
func UnrankSquares(r uint64, k int, free uint64) uint64 {
	if k == 0 {
		return 0
	}
	return unrankGroup(r, k, mask36&^free)
}

// movedRank ranks a group with one piece moved. Pieces are in compact
// positions (the c-th square not taken by the groups the group is ranked
// among) c_0 < c_1 < ..., piece l adding C(c_l, l+1) to the colex rank.
// When piece j moves to cf, the pieces it passes shift one place in the
// order: down (index l) when it moves up, up (l+2) when it moves down.
// The prefix sums of those changes make the new rank a few lookups.
type movedRank struct {
	cm   uint64
	rank uint64
	c    [maxGroupK]uint8
	term [maxGroupK]uint64
	dn   [16]uint64 // dn[l]: sum over l' < l of C(c_l', l') - C(c_l', l'+1)
	up   [16]uint64 // up[l]: sum over l' < l of C(c_l', l'+2) - C(c_l', l'+1)
}

// init sets the group from its compact mask cm.
func (g *movedRank) init(cm uint64) {
	g.cm = cm
	var r, dn, up uint64
	l := 0
	for m := cm; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m) & 63
		t := binomT[(l+1)&15][c]
		r += t
		g.c[l&7] = uint8(c)
		g.term[l&7] = t
		dn += binomT[l&15][c] - t
		up += binomT[(l+2)&15][c] - t
		l++
		g.dn[l&15] = dn
		g.up[l&15] = up
	}
	g.rank = r
}

// moved returns the rank with piece j (in order) moved to compact
// position cf, which no piece of the group holds. The sums wrap around
// in uint64; the result is exact.
func (g *movedRank) moved(j int, cf uint) uint64 {
	// q: the other pieces below cf; the moved piece becomes the (q+1)-th.
	q := bits.OnesCount64(g.cm &^ (1 << g.c[j&7]) & (1<<cf - 1))
	// both, then a conditional move: the direction is a coin toss
	sh := g.dn[(q+1)&15] - g.dn[(j+1)&15]
	if up := g.up[j&15] - g.up[q&15]; q < j {
		sh = up
	}
	return g.rank - g.term[j&7] + sh + binomT[(q+1)&15][cf&63]
}

// compactSq returns the position of square sq among the squares not in
// excl (sq not in excl).
func compactSq(sq int, excl uint64) uint {
	return uint(sq - bits.OnesCount64(excl&(1<<uint(sq)-1)))
}

// grpRank is a group's squares in order with their compact positions
// among the squares not in excl, and its colex rank (the verifier's
// Bellman check ranks its moves with it; the builder uses movedRank).
type grpRank struct {
	n    int
	bb   uint64
	sq   [maxGroupK]int8
	c    [maxGroupK]int8
	rank uint64
}

func (g *grpRank) init(grp, excl uint64) {
	g.n = 0
	g.rank = 0
	g.bb = grp
	for ; grp != 0; grp &= grp - 1 {
		s := bits.TrailingZeros64(grp)
		c := s - bits.OnesCount64(excl&(1<<uint(s)-1))
		g.sq[g.n&7] = int8(s)
		g.c[g.n&7] = int8(c)
		g.n++
		g.rank += binomT[g.n&15][c&63]
	}
}

// moved returns the rank of the group with piece j moved to the empty
// square dst (not in excl) next to it.
func (g *grpRank) moved(j, dst int, excl uint64) uint64 {
	src := int(g.sq[j&7])
	cj := int(g.c[j&7])
	i := (j + 1) & 15
	if dst == src+1 || dst == src-1 {
		// A sideways step passes no square: same order, compact position ±1.
		return g.rank - binomT[i][cj&63] + binomT[i][(cj+dst-src)&63]
	}
	cf := dst - bits.OnesCount64(excl&(1<<uint(dst)-1))
	lo, hi := min(src, dst), max(src, dst)
	if g.bb&(1<<uint(hi)-1)&^(2<<uint(lo)-1) == 0 {
		// No piece of the group in between: same order.
		return g.rank - binomT[i][cj&63] + binomT[i][cf&63]
	}
	var r uint64
	k := 1
	ins := false
	for l := 0; l < g.n; l++ {
		if l == j {
			continue
		}
		cl := int(g.c[l&7])
		if !ins && cf < cl {
			r += binomT[k&15][cf&63]
			k++
			ins = true
		}
		r += binomT[k&15][cl&63]
		k++
	}
	if !ins {
		r += binomT[k&15][cf&63]
	}
	return r
}

package tablebase

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"

	"github.com/geister-solver/geister/purple"
)

// Boards in this package are compact 36-bit boards (engine.Compact):
// bit (rank-1)*6 + file, a1 = bit 0, f1 = bit 5, a6 = bit 30, f6 = bit 35.
// Tables hold positions in the canonical orientation of purple.Canonical:
// the prover is the first player (upper case, exits a1 f1), the opponent
// the second (exits a6 f6).
const (
	mask36    uint64 = 1<<36 - 1
	fileA     uint64 = 1 | 1<<6 | 1<<12 | 1<<18 | 1<<24 | 1<<30
	fileF     uint64 = fileA << 5
	exitsP    uint64 = 1<<0 | 1<<5   // the prover's exits a1 f1
	exitsO    uint64 = 1<<30 | 1<<35 // the opponent's exits a6 f6
	maxGroupK        = 8
)

// Sides to move in the canonical orientation.
const (
	sideP = 0 // the prover (first player) to move
	sideO = 1 // the opponent to move
)

// The three piece groups of a class: the prover's blues, the prover's reds
// and the opponent's hidden pieces.
const (
	grpB = 0
	grpR = 1
	grpO = 2
)

// board is a position of a class in canonical orientation, without the
// side to move: the prover's blues and reds and the opponent's pieces.
type board struct{ b, r, o uint64 }

func (x *board) group(g uint8) uint64 {
	switch g {
	case grpB:
		return x.b
	case grpR:
		return x.r
	}
	return x.o
}

func (x *board) setGroup(g uint8, v uint64) {
	switch g {
	case grpB:
		x.b = v
	case grpR:
		x.r = v
	default:
		x.o = v
	}
}

// mirrored returns the board reflected left-right.
func (x board) mirrored() board {
	return board{mirror36(x.b), mirror36(x.r), mirror36(x.o)}
}

// mirror36 reflects a compact board left-right (file a <-> f): each
// file's bits move to their mirror file's in all six ranks at once.
func mirror36(b uint64) uint64 {
	const a, fb, c = fileA, fileA << 1, fileA << 2 // files a, b, c
	return (b&a)<<5 | (b&fb)<<3 | (b&c)<<1 | b>>1&c | b>>3&fb | b>>5&a
}

// flip36 reflects a compact board top-bottom (rank 1 <-> 6).
func flip36(b uint64) uint64 {
	var f uint64
	for r := 0; r < 36; r += 6 {
		f |= (b >> r & 63) << (30 - r)
	}
	return f
}

// binom[n][k] = C(n, k) for n ≤ 36, k ≤ maxGroupK.
var binom = func() (t [37][maxGroupK + 1]uint64) {
	for n := 0; n <= 36; n++ {
		t[n][0] = 1
		for k := 1; k <= maxGroupK && k <= n; k++ {
			t[n][k] = t[n-1][k-1] + t[n-1][k]
		}
	}
	return
}()

// colexTab[k][r] packs the k positions (6 bits each, ascending) of the
// k-subset of colex rank r, for k ≤ colexTabK.
const colexTabK = 4

var colexTab = func() (t [colexTabK + 1][]uint32) {
	for k := 1; k <= colexTabK; k++ {
		t[k] = make([]uint32, binom[36][k])
		for r := range t[k] {
			t[k][r] = uint32(colexUnrankSlow(uint64(r), k))
		}
	}
	return
}()

// colexTab5 is colexTab for five pieces (376 992 subsets, 1.5 MB: five
// positions still fit 32 bits), made on first use: the opponent has five
// pieces in four of the 7-piece classes, where decoding them the slow way
// stood out in a profile of the build (docs/tables.md).
var colexTab5Once = sync.OnceValue(func() []uint32 {
	t := make([]uint32, binom[36][5])
	for r := range t {
		t[r] = uint32(colexUnrankSlow(uint64(r), 5))
	}
	colex5.Store(&t)
	return t
})

// colex5 holds colexTab5 once made: its load inlines where the call
// through sync.OnceValue showed in a profile of the 7-piece build.
var colex5 atomic.Pointer[[]uint32]

func colexTab5() []uint32 {
	if t := colex5.Load(); t != nil {
		return *t
	}
	return colexTab5Once()
}

// colexUnrankSlow returns the packed positions of the k-subset of colex
// rank r (the greedy decoding of the combinatorial number system).
func colexUnrankSlow(r uint64, k int) uint64 {
	var packed uint64
	c := 36
	for i := k; i >= 1; i-- {
		c--
		for binom[c][i] > r {
			c--
		}
		r -= binom[c][i]
		packed |= uint64(c) << (6 * (i - 1))
	}
	return packed
}

// binomT[i][c] = C(c, i), laid out for lookups without bounds checks.
var binomT = func() (t [16][64]uint64) {
	for i := 0; i <= maxGroupK; i++ {
		for c := 0; c <= 36; c++ {
			t[i][c] = binom[c][i]
		}
	}
	return
}()

// rankGroup returns the colex rank of the squares of g among the squares
// not in excl (binomial ranking with the squares of excl removed).
func rankGroup(g, excl uint64) uint64 {
	var r uint64
	i := 1
	for ; g != 0; g &= g - 1 {
		s := bits.TrailingZeros64(g)
		c := s - bits.OnesCount64(excl&(1<<uint(s)-1))
		r += binomT[i&15][c&63]
		i++
	}
	return r
}

// rankMask returns the colex rank of the compact subset m (bit c set: the
// c-th free square is taken).
func rankMask(m uint64) uint64 {
	var r uint64
	i := 1
	for ; m != 0; m &= m - 1 {
		r += binomT[i&15][bits.TrailingZeros64(m)&63]
		i++
	}
	return r
}

// compress returns g as a compact subset of the squares not in excl.
func compress(g, excl uint64) uint64 {
	var m uint64
	for ; g != 0; g &= g - 1 {
		s := bits.TrailingZeros64(g)
		m |= 1 << uint(s-bits.OnesCount64(excl&(1<<uint(s)-1)))
	}
	return m
}

// unrankGroup returns the k squares of colex rank r among the squares not
// in excl.
func unrankGroup(r uint64, k int, excl uint64) uint64 {
	var packed uint64
	switch {
	case k <= colexTabK:
		packed = uint64(colexTab[k][r])
	case k == 5:
		packed = uint64(colexTab5()[r])
	default:
		packed = colexUnrankSlow(r, k)
	}
	var m uint64
	for i := 0; i < k; i++ {
		m |= 1 << (packed >> (6 * i) & 63)
	}
	return expand(m, excl)
}

// expand is the inverse of compress: the squares of the compact subset m
// (bit c set: the c-th square not in excl is taken). Each square of excl,
// lowest first, opens a gap: the cost is the size of excl, without a
// data-dependent branch (placing pieces one by one showed in a profile of
// the 7-piece build).
func expand(m, excl uint64) uint64 {
	for ; excl != 0; excl &= excl - 1 {
		low := m & (excl&-excl - 1)
		m = low | (m^low)<<1
	}
	return m
}

// layout is the index of one side to move of a class: three piece groups
// in a fixed order, each ranked (colex) among the squares the groups before
// it leave free:
//
//	index = (r0*n1 + r1)*n2 + r2
//
// The prover-to-move layout puts the opponent's pieces first, the
// opponent-to-move layout the prover's (blues, reds), so that the moves of
// the side that just moved change only the low part of the index of the
// position before them (the un-moves of the retrograde builder stay inside
// one row of n1*n2 or n2 entries).
//
// The stored (folded) index keeps only the top-group configurations that
// are not larger than their mirror image; a position whose top group is
// larger is mirrored first. Positions whose top group is its own mirror
// image are stored with their mirror image (both have the same value).
type layout struct {
	grp      [3]uint8
	k        [3]int
	n        [3]uint64
	row      uint64 // n1*n2: entries per top-group configuration
	size     uint64 // n0*row
	fold     []int32
	unfold   []uint32
	symTop   []bool // by folded rank: the top configuration is its own mirror
	foldSize uint64
}

func newLayout(c purple.Class, side int) *layout {
	l := &layout{}
	l.setSizes(c, side)
	l.fold = make([]int32, l.n[0])
	for r := uint64(0); r < l.n[0]; r++ {
		t := unrankGroup(r, l.k[0], 0)
		m := mirror36(t)
		if m < t {
			l.fold[r] = -1
			continue
		}
		l.fold[r] = int32(len(l.unfold))
		l.unfold = append(l.unfold, uint32(r))
		l.symTop = append(l.symTop, m == t)
	}
	l.foldSize = uint64(len(l.unfold)) * l.row
	return l
}

// setSizes sets the groups, their sizes and the entries of the layout of
// c with side to move; not its fold tables.
func (l *layout) setSizes(c purple.Class, side int) {
	k := [3]int{grpB: c.Blues, grpR: c.Reds, grpO: c.OppPieces}
	if side == sideP {
		l.grp = [3]uint8{grpO, grpB, grpR}
	} else {
		l.grp = [3]uint8{grpB, grpR, grpO}
	}
	free := 36
	for i, g := range l.grp {
		l.k[i] = k[g]
		l.n[i] = binom[free][k[g]]
		free -= k[g]
	}
	l.row = l.n[1] * l.n[2]
	l.size = l.n[0] * l.row
}

// storedEntries is the layout's foldSize counted without making its fold
// tables (plans ask it of every class): of the top-group configurations,
// those that are their own mirror image are the unions of k/2 of the 18
// pairs of mirror squares; the others come in pairs, one stored.
func storedEntries(c purple.Class, side int) uint64 {
	var l layout
	l.setSizes(c, side)
	var self uint64
	if l.k[0]%2 == 0 {
		self = binom[18][l.k[0]/2]
	}
	return (l.n[0] + self) / 2 * l.row
}

// index returns the full (unfolded) index of x.
func (l *layout) index(x *board) uint64 {
	g0 := x.group(l.grp[0])
	g1 := x.group(l.grp[1])
	g2 := x.group(l.grp[2])
	r0 := rankGroup(g0, 0)
	r1 := rankGroup(g1, g0)
	r2 := rankGroup(g2, g0|g1)
	return (r0*l.n[1]+r1)*l.n[2] + r2
}

// unranker decodes full indices of one layout (or stored ones, with
// stored set), keeping the squares of the top group and of the top two
// groups it decoded last (indices visited in order share them). The zero
// value with l set is ready to use.
type unranker struct {
	l      *layout
	stored bool    // indices are stored (folded) ones
	d2, d1 divider // by n2, by n1
	r0     uint64  // top-group rank (folded rank if stored) plus 1; 0: nothing cached
	row    uint64  // r0*n1 + r1, plus 1; 0: nothing cached
	g0, g1 uint64
}

func (u *unranker) init() {
	u.d2 = newDivider(u.l.n[2])
	u.d1 = newDivider(u.l.n[1])
}

// divider divides numbers below 2^40 by a fixed n by a float reciprocal,
// corrected (cheaper than a 64-bit division).
type divider struct {
	n   uint64
	inv float64
}

func newDivider(n uint64) divider { return divider{n: n, inv: 1 / float64(n)} }

// divmod returns i / n and i % n.
func (d *divider) divmod(i uint64) (uint64, uint64) {
	// through int64: a single conversion instruction each way
	q := uint64(int64(float64(int64(i)) * d.inv))
	r := i - q*d.n
	if int64(r) < 0 {
		q--
		r += d.n
	} else if r >= d.n {
		q++
		r -= d.n
	}
	return q, r
}

// top returns the top-group rank (the stored one if u.stored) of the
// index groups decoded last.
func (u *unranker) top() uint64 { return u.r0 - 1 }

// groups returns the squares of the three groups (in layout order) of
// index i (full, or stored if u.stored).
func (u *unranker) groups(i uint64) (g0, g1, g2 uint64) {
	l := u.l
	if u.d2.n == 0 {
		u.init()
	}
	row, r2 := u.d2.divmod(i)
	if row+1 != u.row {
		u.row = row + 1
		r0, r1 := u.d1.divmod(row)
		if r0+1 != u.r0 {
			u.r0 = r0 + 1
			if u.stored {
				r0 = uint64(l.unfold[r0])
			}
			u.g0 = unrankGroup(r0, l.k[0], 0)
		}
		u.g1 = unrankGroup(r1, l.k[1], u.g0)
	}
	return u.g0, u.g1, unrankGroup(r2, l.k[2], u.g0|u.g1)
}

func (u *unranker) board(i uint64) board {
	l := u.l
	g0, g1, g2 := u.groups(i)
	var x board
	x.setGroup(l.grp[0], g0)
	x.setGroup(l.grp[1], g1)
	x.setGroup(l.grp[2], g2)
	return x
}

// board returns the position of full index i.
func (l *layout) board(i uint64) board {
	var x board
	r2 := i % l.n[2]
	i /= l.n[2]
	r1 := i % l.n[1]
	r0 := i / l.n[1]
	g0 := unrankGroup(r0, l.k[0], 0)
	g1 := unrankGroup(r1, l.k[1], g0)
	g2 := unrankGroup(r2, l.k[2], g0|g1)
	x.setGroup(l.grp[0], g0)
	x.setGroup(l.grp[1], g1)
	x.setGroup(l.grp[2], g2)
	return x
}

// folded returns the stored index of x: x is mirrored first when its top
// group is not canonical.
func (l *layout) folded(x *board) uint64 {
	g0 := x.group(l.grp[0])
	r0 := rankGroup(g0, 0)
	f := l.fold[r0]
	if f < 0 {
		m := x.mirrored()
		x = &m
		g0 = x.group(l.grp[0])
		f = l.fold[rankGroup(g0, 0)]
	}
	g1 := x.group(l.grp[1])
	return uint64(f)*l.row + rankGroup(g1, g0)*l.n[2] + rankGroup(x.group(l.grp[2]), g0|g1)
}

// foldedBoard returns the position of stored index i.
func (l *layout) foldedBoard(i uint64) board {
	f := i / l.row
	return l.board(uint64(l.unfold[f])*l.row + i%l.row)
}

// classSize returns the number of positions of c with one side to move.
func classSize(c purple.Class) uint64 {
	return binom[36][c.Blues] * binom[36-c.Blues][c.Reds] * binom[36-c.Blues-c.Reds][c.OppPieces]
}

func checkClass(c purple.Class) error {
	if !c.Valid() {
		return fmt.Errorf("tablebase: class %s is not valid (each side needs 1-4 blues and 1-4 reds)", c)
	}
	return nil
}

package tablebase

import "math/bits"

// Steps on compact boards. Direction d moves a piece by off[d] bits:
// up (towards rank 1), down, left (towards file a), right.
var off = [4]int{-6, 6, -1, 1}

// step returns the squares reached from the squares of s by one step in
// direction d (pieces that would leave the board are dropped).
func step(d int, s uint64) uint64 {
	switch d {
	case 0:
		return s >> 6
	case 1:
		return s << 6 & mask36
	case 2:
		return (s &^ fileA) >> 1
	}
	return (s &^ fileF) << 1
}

// quietMoves counts the steps of the pieces own onto empty squares.
func quietMoves(own, empty uint64) int {
	return bits.OnesCount64(own>>6&empty) + bits.OnesCount64(own<<6&empty) +
		bits.OnesCount64((own&^fileA)>>1&empty) + bits.OnesCount64((own&^fileF)<<1&empty)
}

// adjacent returns the squares next to a square of s.
func adjacent(s uint64) uint64 {
	return s>>6 | s<<6&mask36 | (s&^fileA)>>1 | (s&^fileF)<<1
}

// nbr[s] is the set of squares next to s.
var nbr = func() (t [64]uint64) {
	for s := 0; s < 36; s++ {
		b := uint64(1) << uint(s)
		t[s] = adjacent(b)
	}
	return
}()

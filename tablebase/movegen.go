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

// Values in memory and on disk: one byte a position, from the prover's
// side. 0: neither side forces a win (or, while building, not decided
// yet); 1..127: the prover wins in that many plies (DTW); 0x80|d: the
// opponent wins in d plies (DTL).
const (
	lossBit = 0x80
	maxDist = 0x7f
)

// goodBit[side] is the bit pattern of a win for the side to move.
var goodBit = [2]uint8{sideP: 0, sideO: lossBit}

func decodeValue(v uint8) (Value, bool) {
	switch {
	case v == 0:
		return Value{}, true
	case v == lossBit:
		return Value{}, false
	case v&lossBit != 0:
		return Value{Result: lossResult, Plies: int(v & maxDist)}, true
	}
	return Value{Result: winResult, Plies: int(v)}, true
}

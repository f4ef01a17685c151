package engine

// Zobrist keys: fixed pseudo-random constants (splitmix64 from a fixed
// seed), so hashes are the same in every run and every build.
var (
	zobristPiece [2][NumKinds][64]uint64
	zobristReds  [2][8]uint64
	zobristWon   [4]uint64 // zobristWon[Ongoing] is 0
	zobristTurn  uint64
)

func init() {
	s := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for pl := range zobristPiece {
		for k := range zobristPiece[pl] {
			for sq := range zobristPiece[pl][k] {
				zobristPiece[pl][k][sq] = next()
			}
		}
		for n := range zobristReds[pl] {
			zobristReds[pl][n] = next()
		}
	}
	for o := 1; o < len(zobristWon); o++ {
		zobristWon[o] = next()
	}
	zobristTurn = next()
}

// computeHash returns the hash of p from scratch.
func (p *Position) computeHash() uint64 {
	var h uint64
	for pl := First; pl <= Second; pl++ {
		for k := Blue; k < NumKinds; k++ {
			for b := p.pieces[pl][k]; b != 0; b &= b - 1 {
				h ^= zobristPiece[pl][k][trailingZeros(b)]
			}
		}
		h ^= zobristReds[pl][p.reds[pl]&7] // (a count outside 0–7 only in a position Validate refuses)
	}
	if p.turn == Second {
		h ^= zobristTurn
	}
	return h ^ zobristWon[p.won]
}

// RecomputeHash returns the hash computed from scratch; it equals Hash
// for every position reached by Make and Unmake.
func (p *Position) RecomputeHash() uint64 { return p.computeHash() }

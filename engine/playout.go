package engine

import "math/bits"

// Rand is a small, fast pseudo-random generator (wyrand) for playouts and
// random placements. Its zero value is usable; Seed makes runs repeatable.
type Rand struct{ s uint64 }

// NewRand returns a generator seeded with seed.
func NewRand(seed uint64) *Rand { return &Rand{s: seed} }

// Uint64 returns the next pseudo-random number.
func (r *Rand) Uint64() uint64 {
	r.s += 0xa0761d6478bd642f
	hi, lo := bits.Mul64(r.s, r.s^0xe7037ed1a0b428db)
	return hi ^ lo
}

// Intn returns a number in [0, n) for n > 0 (Lemire's multiply-shift).
func (r *Rand) Intn(n int) int {
	hi, _ := bits.Mul64(r.Uint64(), uint64(n))
	return int(hi)
}

// RandomPlacement returns one of the 70 placements, uniformly.
func (r *Rand) RandomPlacement() Placement { return Placements[r.Intn(len(Placements))] }

// DrawBit draws one of the set bits of the five sets uniformly over all
// of them (at least one must be set) and returns the set it is in and its
// square: a random move drawn among the moves counted by direction, each
// set holding the squares of one direction's moves.
func (r *Rand) DrawBit(sets *[5]uint64) (set int, s Square) {
	var counts [5]int
	n := 0
	for i, b := range sets {
		counts[i] = popcount(b)
		n += counts[i]
	}
	k := r.Intn(n)
	for k >= counts[set] {
		k -= counts[set]
		set++
	}
	b := sets[set]
	for ; k > 0; k-- {
		b &= b - 1
	}
	return set, Square(trailingZeros(b))
}

// RandomMove returns a legal move of the side to move chosen uniformly, or
// NoMove when the game is over. It draws an index among the moves counted
// by direction and finds that move's square, without listing the moves.
func (p *Position) RandomMove(r *Rand) Move {
	if p.won != Ongoing {
		return NoMove
	}
	own := p.occ[p.turn]
	free := BoardMask &^ own
	sets := [5]uint64{p.Escapers(p.turn), (own >> 8) & free, (own << 8) & free, (own >> 1) & free, (own << 1) & free}
	d, s := r.DrawBit(&sets)
	switch d {
	case 0:
		return NewMove(s, escapeTarget(s))
	case 1:
		return NewMove(s+8, s)
	case 2:
		return NewMove(s-8, s)
	case 3:
		return NewMove(s+1, s)
	}
	return NewMove(s-1, s)
}

// Playout plays uniformly random moves from p until the game ends or
// plyLimit plies have been played (counting from the start of the game,
// as the position's ply does), and returns the outcome. p is left at the
// final position.
func (p *Position) Playout(r *Rand, plyLimit int) Outcome {
	for {
		if o := p.OutcomeWithLimit(plyLimit); o != Ongoing {
			return o
		}
		p.Make(p.RandomMove(r))
	}
}

package engine

import "math/bits"

// mirrorBB reflects a frame bitboard left-right (file a <-> f).
func mirrorBB(b uint64) uint64 { return bits.ReverseBytes64(bits.Reverse64(b)) }

// flipBB reflects a frame bitboard top-bottom (rank 1 <-> 6).
func flipBB(b uint64) uint64 { return bits.ReverseBytes64(b) }

// Mirrored returns the position reflected left-right. Geister's rules are
// symmetric under it (each side's exits swap places), so it has the same
// game value.
func (p *Position) Mirrored() Position {
	q := *p
	for pl := range q.pieces {
		for k := range q.pieces[pl] {
			q.pieces[pl][k] = mirrorBB(p.pieces[pl][k])
		}
		q.occ[pl] = mirrorBB(p.occ[pl])
	}
	q.hash = q.computeHash()
	return q
}

// Swapped returns the position seen upside down with the players'
// roles exchanged: the first player's pieces become the second player's
// on the flipped squares, the reds counts and the side to move swap.
// The first player's fate in p is the second player's in the result.
func (p *Position) Swapped() Position {
	q := *p
	for pl := range q.pieces {
		for k := range q.pieces[pl] {
			q.pieces[pl^1][k] = flipBB(p.pieces[pl][k])
		}
		q.occ[pl^1] = flipBB(p.occ[pl])
		q.reds[pl^1] = p.reds[pl]
	}
	q.recount()
	q.turn = p.turn ^ 1
	switch p.won {
	case FirstWins:
		q.won = SecondWins
	case SecondWins:
		q.won = FirstWins
	}
	q.hash = q.computeHash()
	return q
}

// MirrorMove returns m reflected left-right.
func MirrorMove(m Move) Move {
	return NewMove(m.From().Mirror(), m.To().Mirror()) | m&revealRedBit
}

// SwapMove returns m on the board seen upside down (see Swapped).
func SwapMove(m Move) Move {
	return NewMove(m.From().Flip(), m.To().Flip()) | m&revealRedBit
}

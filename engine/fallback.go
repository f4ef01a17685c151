package engine

// EscapeOrRandom returns a move for the side to move that wins at once by
// an escape when there is one (the first the move generator lists), else
// a legal move drawn uniformly with r; NoMove when the game is over or no
// move is left. A move equal to except is never chosen (NoMove: none is
// excluded). It is the project's one "escape, else random" rule: the
// random agent plays by it, and the GAT client falls back on it.
func (p *Position) EscapeOrRandom(r *Rand, except Move) Move {
	if p.won != Ongoing {
		return NoMove
	}
	if except == NoMove && p.Escapers(p.turn) == 0 {
		return p.RandomMove(r)
	}
	var buf [MaxMoves]Move
	n := p.genMoves(&buf)
	rest := buf[:0]
	for _, m := range buf[:n] {
		if m == except {
			continue
		}
		if m.IsEscape() {
			return m
		}
		rest = append(rest, m)
	}
	if len(rest) == 0 {
		return NoMove
	}
	return rest[r.Intn(len(rest))]
}

package engine

// Perft counts the legal move sequences of exactly depth plies from p in
// which no move before the last ends the game (SPEC §2). The last ply is
// counted in bulk, without making the moves. p is restored on return.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return uint64(p.CountMoves())
	}
	var ml [MaxMoves]Move
	n := p.genMoves(&ml)
	var total uint64
	for _, m := range ml[:n] {
		u := p.Make(m)
		if p.won == Ongoing {
			total += Perft(p, depth-1)
		}
		p.Unmake(u)
	}
	return total
}

// PerftDivide returns, for each legal move of p, the perft count of depth
// plies that starts with it (a move that ends the game counts 1 at depth 1
// and 0 deeper).
func PerftDivide(p *Position, depth int) ([]Move, []uint64) {
	var ml [MaxMoves]Move
	n := p.genMoves(&ml)
	moves := append([]Move(nil), ml[:n]...)
	counts := make([]uint64, n)
	for i, m := range moves {
		u := p.Make(m)
		switch {
		case depth <= 1:
			counts[i] = 1
		case p.won == Ongoing:
			counts[i] = Perft(p, depth-1)
		}
		p.Unmake(u)
	}
	return moves, counts
}

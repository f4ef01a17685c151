package engine

// MaxMoves bounds the legal moves of any position: eight pieces with four
// steps each, and two escapes.
const MaxMoves = 40

// MoveList is a fixed-size move buffer that lives on the stack.
type MoveList struct {
	N     int
	Moves [MaxMoves]Move
}

// Slice returns the generated moves.
func (l *MoveList) Slice() []Move { return l.Moves[:l.N] }

// Generate fills l with the legal moves of the side to move.
func (l *MoveList) Generate(p *Position) { l.N = p.genMoves(&l.Moves) }

// AppendMoves appends the legal moves of the side to move to dst.
func (p *Position) AppendMoves(dst []Move) []Move {
	var buf [MaxMoves]Move
	n := p.genMoves(&buf)
	return append(dst, buf[:n]...)
}

// Escapers returns pl's pieces that may escape on pl's move: those on pl's
// exits that may be blue (MayBeBlue). The side to move escapes with them.
func (p *Position) Escapers(pl Player) uint64 { return p.MayBeBlue(pl) & exitMask[pl] }

// genMoves writes the legal moves into buf and returns their number. The
// order is fixed: escapes, then steps up, down, left, right, each by
// target square.
func (p *Position) genMoves(buf *[MaxMoves]Move) int {
	if p.won != Ongoing {
		return 0
	}
	own := p.occ[p.turn]
	free := BoardMask &^ own
	n := 0
	for e := p.Escapers(p.turn); e != 0; e &= e - 1 {
		s := Square(trailingZeros(e))
		buf[n] = NewMove(s, escapeTarget(s))
		n++
	}
	for t := (own >> 8) & free; t != 0; t &= t - 1 {
		s := Square(trailingZeros(t))
		buf[n] = NewMove(s+8, s)
		n++
	}
	for t := (own << 8) & free; t != 0; t &= t - 1 {
		s := Square(trailingZeros(t))
		buf[n] = NewMove(s-8, s)
		n++
	}
	for t := (own >> 1) & free; t != 0; t &= t - 1 {
		s := Square(trailingZeros(t))
		buf[n] = NewMove(s+1, s)
		n++
	}
	for t := (own << 1) & free; t != 0; t &= t - 1 {
		s := Square(trailingZeros(t))
		buf[n] = NewMove(s-1, s)
		n++
	}
	return n
}

// CountMoves returns the number of legal moves without listing them.
func (p *Position) CountMoves() int {
	if p.won != Ongoing {
		return 0
	}
	own := p.occ[p.turn]
	free := BoardMask &^ own
	return popcount((own>>8)&free) + popcount((own<<8)&free) +
		popcount((own>>1)&free) + popcount((own<<1)&free) +
		popcount(p.Escapers(p.turn))
}

// IsLegal reports whether m (squares only; the reveal flag is ignored) is
// a legal move of the side to move.
func (p *Position) IsLegal(m Move) bool {
	if p.won != Ongoing {
		return false
	}
	from, to := m.From(), m.To()
	if from >= 64 || p.occ[p.turn]&from.Bit() == 0 {
		return false
	}
	if !to.OnBoard() {
		return escapeTarget(from) == to && p.Escapers(p.turn)&from.Bit() != 0
	}
	d := int(to) - int(from)
	if d != 1 && d != -1 && d != 8 && d != -8 {
		return false
	}
	return p.occ[p.turn]&to.Bit() == 0
}

// GenerateGrouped fills l with the legal moves of the side to move in four
// groups, each in Generate's order: escapes; captures; steps of a piece of
// nearer that bring it nearer its exits (ExitDistance); the rest. It is
// Generate followed by a stable sort into those groups, done on the
// bitboards of each direction: a search that orders moves so (the
// solver's) reads them without a branch a move.
func (l *MoveList) GenerateGrouped(p *Position, nearer uint64) {
	l.N = 0
	if p.won != Ongoing {
		return
	}
	pl := p.turn & 1
	own, them := p.occ[pl], p.occ[pl^1]
	free := BoardMask &^ own
	n := 0
	for e := p.Escapers(pl); e != 0; e &= e - 1 {
		s := Square(trailingZeros(e))
		l.Moves[n] = NewMove(s, escapeTarget(s))
		n++
	}
	// The targets of each direction (from = to + stepFrom[d]), as genMoves
	// takes them, and the targets a piece of nearer reaches nearer.
	targets := [4]uint64{(own >> 8) & free, (own << 8) & free, (own >> 1) & free, (own << 1) & free}
	closer := &nearerTargets[pl]
	toward := [4]uint64{(nearer >> 8) & closer[0], (nearer << 8) & closer[1], (nearer >> 1) & closer[2], (nearer << 1) & closer[3]}
	for d := range targets {
		for t := targets[d] & them; t != 0; t &= t - 1 {
			s := Square(trailingZeros(t))
			l.Moves[n] = NewMove(s+stepFrom[d], s)
			n++
		}
	}
	for d := range targets {
		for t := targets[d] &^ them & toward[d]; t != 0; t &= t - 1 {
			s := Square(trailingZeros(t))
			l.Moves[n] = NewMove(s+stepFrom[d], s)
			n++
		}
	}
	for d := range targets {
		for t := targets[d] &^ them &^ toward[d]; t != 0; t &= t - 1 {
			s := Square(trailingZeros(t))
			l.Moves[n] = NewMove(s+stepFrom[d], s)
			n++
		}
	}
	l.N = n
}

// stepFrom is, for genMoves' four directions, the step from a move's
// target back to the square it leaves.
var stepFrom = [4]Square{8, 256 - 8, 1, 256 - 1}

// nearerTargets holds, for each player and direction, the board squares
// a step in that direction reaches from a board square farther from the
// player's exits.
var nearerTargets = func() (m [2][4]uint64) {
	for pl := First; pl <= Second; pl++ {
		for d := range stepFrom {
			for _, to := range BoardSquares {
				from := to + stepFrom[d]
				if BoardMask&from.Bit() != 0 && to.ExitDistance(pl) < from.ExitDistance(pl) {
					m[pl][d] |= to.Bit()
				}
			}
		}
	}
	return m
}()

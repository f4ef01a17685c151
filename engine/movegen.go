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
	n := appendEscapes(buf, 0, p.Escapers(p.turn))
	for d, t := range p.stepTargets() {
		n = appendSteps(buf, n, t, d)
	}
	return n
}

// stepTargets returns, for genMoves' four directions, the squares the
// side to move's pieces step to (each from the target plus stepFrom[d]).
func (p *Position) stepTargets() [4]uint64 {
	own := p.occ[p.turn&1]
	free := BoardMask &^ own
	t := shifts(own)
	for d := range t {
		t[d] &= free
	}
	return t
}

// shifts returns b shifted one step in each of genMoves' directions.
func shifts(b uint64) [4]uint64 { return [4]uint64{b >> 8, b << 8, b >> 1, b << 1} }

// stepFrom is, for genMoves' four directions, the step from a move's
// target back to the square it leaves (Square arithmetic wraps: 256 - 8
// is a step of -8).
var stepFrom = [4]Square{8, 256 - 8, 1, 256 - 1}

// appendEscapes writes the escapes of the pieces e into buf from n on and
// returns the new count.
func appendEscapes(buf *[MaxMoves]Move, n int, e uint64) int {
	for ; e != 0; e &= e - 1 {
		s := Square(trailingZeros(e))
		buf[n] = NewMove(s, escapeTarget(s))
		n++
	}
	return n
}

// appendSteps writes the steps in direction d onto the targets t into buf
// from n on and returns the new count.
func appendSteps(buf *[MaxMoves]Move, n int, t uint64, d int) int {
	for ; t != 0; t &= t - 1 {
		s := Square(trailingZeros(t))
		buf[n] = NewMove(s+stepFrom[d], s)
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
	them := p.occ[pl^1]
	n := appendEscapes(&l.Moves, 0, p.Escapers(pl))
	targets := p.stepTargets()
	toward := shifts(nearer) // where a piece of nearer steps, and nearer
	for d := range toward {
		toward[d] &= nearerTargets[pl][d]
	}
	for d, t := range targets {
		n = appendSteps(&l.Moves, n, t&them, d)
	}
	for d, t := range targets {
		n = appendSteps(&l.Moves, n, t&^them&toward[d], d)
	}
	for d, t := range targets {
		n = appendSteps(&l.Moves, n, t&^them&^toward[d], d)
	}
	l.N = n
}

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

package engine

// Outcome is the state of the game after a move.
type Outcome int8

const (
	Ongoing    Outcome = iota // no one has won
	FirstWins                 // the first player has won
	SecondWins                // the second player has won
	Draw                      // the ply limit was reached
)

func (o Outcome) String() string {
	switch o {
	case Ongoing:
		return "ongoing"
	case FirstWins:
		return "first wins"
	case SecondWins:
		return "second wins"
	case Draw:
		return "draw"
	}
	return "invalid"
}

// WinFor returns the outcome in which p wins.
func WinFor(p Player) Outcome { return FirstWins + Outcome(p) }

// Winner returns the winning player and true, or false for Ongoing/Draw.
func (o Outcome) Winner() (Player, bool) {
	switch o {
	case FirstWins:
		return First, true
	case SecondWins:
		return Second, true
	}
	return First, false
}

// DefaultPlyLimit is the draw limit of the GAT tournaments (SPEC §1).
const DefaultPlyLimit = 200

// Position is a Geister position on bitboards: each player's pieces by
// kind (blue, red, colour unknown), the reds each player still has on the
// board (shown and hidden), the side to move, the plies played, whether
// the last move ended the game, and a 64-bit Zobrist hash kept up to date
// by Make and Unmake.
//
// A Position is a value: copying it copies the game state.
type Position struct {
	pieces [2][NumKinds]uint64
	occ    [2]uint64
	reds   [2]int8
	// count, hiddenReds and hiddenBlues are each player's pieces on the
	// board, and its colour-unknown ones that are red and blue: counts of
	// the bitboards and reds above (recount), kept by Make and Unmake, so
	// that Count, MayBeBlue and the like read a byte instead of counting
	// bits (a solver's leaf evaluation asks for them a dozen times; the
	// population count of a default amd64 build tests the CPU first and
	// keeps a call in reserve, a twentieth of the search's time).
	count, hiddenReds, hiddenBlues [2]int8
	// hiddenBlue is all ones while pl has a colour-unknown blue, else
	// zero: MayBeBlue's mask, kept with hiddenBlues (a solver's
	// evaluation asks MayBeBlue half a dozen times a position, and a
	// branch on the count cost it more than the mask).
	hiddenBlue [2]uint64
	turn       Player
	won        Outcome // Ongoing, or the winner decided by the last move
	ply        int32
	hash       uint64
}

// Undo holds what Unmake needs to take a move back. It is a small value
// (two words, kept in registers): make/unmake allocate nothing.
type Undo struct {
	hash uint64
	// info packs the move (bits 0–15), the kind that moved (16–17), the
	// kind captured (18–19, NumKinds for none), whether the captured piece
	// was red (20) and the outcome before the move (21–22).
	info uint32
}

// Move returns the move that u takes back.
func (u Undo) Move() Move { return Move(u.info) }

// Captured returns the kind the captured piece had on the board (Unknown
// for a hidden piece) and whether it was, or was revealed as, red; ok is
// false when the move captured nothing.
func (u Undo) Captured() (k Kind, red bool, ok bool) {
	k = Kind(u.info >> 18 & 3)
	return k, u.info>>20&1 != 0, k != NumKinds
}

// Turn returns the side to move.
func (p *Position) Turn() Player { return p.turn }

// Ply returns the number of plies played.
func (p *Position) Ply() int { return int(p.ply) }

// SetPly sets the number of plies played (it is not part of the hash).
func (p *Position) SetPly(n int) { p.ply = int32(n) }

// Hash returns the Zobrist hash of the position (pieces by kind, reds on
// board, side to move, a decided result; not the ply).
func (p *Position) Hash() uint64 { return p.hash }

// HashAfter returns the hash of the position after m (legal in p, as
// for Make), leaving p as it is. A step to an empty square changes the
// turn and the moving piece's square only; a capture or an escape is
// Make on a copy.
func (p *Position) HashAfter(m Move) uint64 {
	us := p.turn & 1
	from, to := m.From(), m.To()
	tb := to.Bit()
	if BoardMask&tb == 0 || (p.occ[0]|p.occ[1])&tb != 0 {
		q := *p
		q.Make(m)
		return q.hash
	}
	k := p.kindOn(us, from)
	return p.hash ^ zobristTurn ^ zobristPiece[us][k][from] ^ zobristPiece[us][k][to]
}

// kindOn returns the kind of pl's piece on sq, which must hold one of
// pl's pieces. Branch-free: the kind of a moving piece is hard to
// predict.
func (p *Position) kindOn(pl Player, sq Square) Kind {
	isBlue := p.pieces[pl][Blue] >> (sq & 63) & 1
	isRed := p.pieces[pl][Red] >> (sq & 63) & 1
	return Kind(2 - 2*isBlue - isRed)
}

// The accessors below index by pl&1: a Player is First or Second, and
// the mask lets the compiler leave out the bounds check wherever they
// are inlined (the solver's evaluation asks them dozens of times a node;
// 1.3% of its instructions, docs/solving.md).

// Pieces returns the bitboard of pl's pieces of kind k.
func (p *Position) Pieces(pl Player, k Kind) uint64 { return p.pieces[pl&1][k] }

// Occupied returns the bitboard of all of pl's pieces.
func (p *Position) Occupied(pl Player) uint64 { return p.occ[pl&1] }

// Count returns how many pieces pl has on the board.
func (p *Position) Count(pl Player) int { return int(p.count[pl&1]) }

// Reds returns how many reds pl has on the board, shown and hidden.
func (p *Position) Reds(pl Player) int { return int(p.reds[pl&1]) }

// Blues returns how many blues pl has on the board, shown and hidden.
func (p *Position) Blues(pl Player) int { return int(p.count[pl&1]) - int(p.reds[pl&1]) }

// HiddenReds returns how many of pl's colour-unknown pieces are red.
func (p *Position) HiddenReds(pl Player) int {
	return int(p.hiddenReds[pl&1])
}

// HiddenBlues returns how many of pl's colour-unknown pieces are blue.
func (p *Position) HiddenBlues(pl Player) int {
	return int(p.hiddenBlues[pl&1])
}

// MayBeBlue returns pl's pieces that may be blue: its shown blues, and its
// colour-unknown pieces while one of them is blue.
func (p *Position) MayBeBlue(pl Player) uint64 {
	pl &= 1
	return p.pieces[pl][Blue] | p.pieces[pl][Unknown]&p.hiddenBlue[pl]
}

// setHiddenBlue sets hiddenBlue[pl] from hiddenBlues[pl].
func (p *Position) setHiddenBlue(pl Player) {
	p.hiddenBlue[pl] = -uint64(min(max(p.hiddenBlues[pl], 0), 1))
}

// MayBeRed returns pl's pieces that may be red: its shown reds, and its
// colour-unknown pieces while one of them is red.
func (p *Position) MayBeRed(pl Player) uint64 {
	pl &= 1
	r := p.pieces[pl][Red]
	if u := p.pieces[pl][Unknown]; u != 0 && p.hiddenReds[pl] > 0 {
		r |= u
	}
	return r
}

// AllShown reports whether every piece of pl shows its colour.
func (p *Position) AllShown(pl Player) bool { return p.pieces[pl&1][Unknown] == 0 }

// At returns the owner and kind of the piece on s, or ok = false.
func (p *Position) At(s Square) (pl Player, k Kind, ok bool) {
	b := s.Bit()
	for pl = First; pl <= Second; pl++ {
		if p.occ[pl]&b == 0 {
			continue
		}
		for k = Blue; k < NumKinds; k++ {
			if p.pieces[pl][k]&b != 0 {
				return pl, k, true
			}
		}
	}
	return First, 0, false
}

// Outcome returns Ongoing unless the last move ended the game (SPEC §1).
// The ply limit is a setting and is not part of the position; see
// OutcomeWithLimit.
func (p *Position) Outcome() Outcome { return p.won }

// OutcomeWithLimit is Outcome, with a game that has reached plyLimit
// plies undecided counted as a Draw. A limit ≤ 0 means no limit.
func (p *Position) OutcomeWithLimit(plyLimit int) Outcome {
	if p.won == Ongoing && plyLimit > 0 && int(p.ply) >= plyLimit {
		return Draw
	}
	return p.won
}

// Make plays m, which must be legal in p (as generated by Moves), and
// returns the Undo that takes it back. After the move Outcome tells
// whether it ended the game.
func (p *Position) Make(m Move) Undo {
	us := p.turn & 1
	them := us ^ 1
	from, to := m.From(), m.To()
	fb := from.Bit()
	oldHash, oldWon := p.hash, p.won
	h := oldHash ^ zobristTurn

	k := p.kindOn(us, from)
	info := uint32(m) | uint32(k)<<16 | uint32(NumKinds)<<18 | uint32(oldWon)<<21
	p.pieces[us][k] &^= fb
	p.occ[us] &^= fb
	h ^= zobristPiece[us][k][from]

	tb := to.Bit()
	if BoardMask&tb == 0 {
		// Escape: the generator offers it only to a blue, or to a hidden
		// piece that may be blue. Its owner wins at once.
		p.won = WinFor(us)
		p.count[us]--
		if k == Unknown {
			p.hiddenBlues[us]--
			p.setHiddenBlue(us)
		}
	} else {
		if p.occ[them]&tb != 0 {
			ck := Blue
			switch {
			case p.pieces[them][Red]&tb != 0:
				ck = Red
			case p.pieces[them][Unknown]&tb != 0:
				ck = Unknown
			}
			red := ck == Red
			p.count[them]--
			if ck == Unknown {
				hr, hb := p.hiddenReds[them], p.hiddenBlues[them]
				red = hr > 0 && (hb == 0 || m&revealRedBit != 0)
				if red {
					p.hiddenReds[them]--
				} else {
					p.hiddenBlues[them]--
					p.setHiddenBlue(them)
				}
			}
			info ^= uint32(NumKinds^ck) << 18
			p.pieces[them][ck] &^= tb
			p.occ[them] &^= tb
			h ^= zobristPiece[them][ck][to]
			if red {
				info |= 1 << 20
				h ^= zobristReds[them][p.reds[them]&7]
				p.reds[them]--
				h ^= zobristReds[them][p.reds[them]&7]
				if p.reds[them] == 0 {
					p.won = WinFor(them)
				}
			} else if p.count[them] == p.reds[them] {
				p.won = WinFor(us)
			}
		}
		p.pieces[us][k] |= tb
		p.occ[us] |= tb
		h ^= zobristPiece[us][k][to]
	}
	if p.won != oldWon {
		h ^= zobristWon[p.won&3] ^ zobristWon[oldWon&3]
	}
	p.turn = them
	p.ply++
	p.hash = h
	return Undo{hash: oldHash, info: info}
}

// Unmake takes back the move that Make returned u for.
func (p *Position) Unmake(u Undo) {
	us := (p.turn ^ 1) & 1
	them := us ^ 1
	p.turn = us
	p.ply--
	p.hash = u.hash
	p.won = Outcome(u.info >> 21 & 3)
	m := Move(u.info)
	k := Kind(u.info >> 16 & 3)
	fb, tb := m.From().Bit(), m.To().Bit()
	if BoardMask&tb != 0 {
		p.pieces[us][k] ^= tb | fb
		p.occ[us] ^= tb | fb
		if ck := Kind(u.info >> 18 & 3); ck != NumKinds {
			p.pieces[them][ck] |= tb
			p.occ[them] |= tb
			red := int8(u.info >> 20 & 1)
			p.reds[them] += red
			p.count[them]++
			if ck == Unknown {
				p.hiddenReds[them] += red
				p.hiddenBlues[them] += 1 - red
				p.setHiddenBlue(them)
			}
		}
		return
	}
	p.pieces[us][k] |= fb
	p.occ[us] |= fb
	p.count[us]++
	if k == Unknown {
		p.hiddenBlues[us]++
		p.setHiddenBlue(us)
	}
}

// recount sets count, hiddenReds, hiddenBlues and hiddenBlue from the
// bitboards and the reds: every change of the position but Make and
// Unmake ends with it.
func (p *Position) recount() {
	for pl := range p.count {
		p.count[pl] = int8(popcount(p.occ[pl]))
		p.hiddenReds[pl] = p.reds[pl] - int8(popcount(p.pieces[pl][Red]))
		p.hiddenBlues[pl] = int8(popcount(p.pieces[pl][Unknown])) - p.hiddenReds[pl]
		p.setHiddenBlue(Player(pl))
	}
}

package haf

import (
	"fmt"
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// The original program sees the board from its own side (docs/haf.md §1):
// x = column 0..5 left to right, y = row 0..5 from the opponent's back row
// to its own, square index s = x + 6y, its exits at s = 0 and s = 5. For
// the first player that is file x, rank y+1 of the engine's board; for the
// second player the board turned around.

// square returns the engine square of index s (0..35) in side's frame.
func square(s int, side engine.Player) engine.Square {
	if side == engine.Second {
		s = 35 - s
	}
	return engine.Sq(s%6, s/6+1)
}

// index returns the index 0..35 of board square sq in side's frame.
func index(sq engine.Square, side engine.Player) int {
	s := sq.File() + 6*(sq.Rank()-1)
	if side == engine.Second {
		s = 35 - s
	}
	return s
}

// compact returns the bitboard b as 36 bits in side's frame.
func compact(b uint64, side engine.Player) uint64 {
	c := engine.Compact(b)
	if side == engine.Second {
		c = bits.Reverse64(c) >> 28
	}
	return c
}

// Dir is a direction of the original program's moves, in its order.
type Dir uint8

const (
	East  Dir = iota // x+1
	South            // y+1, towards the mover's own back row
	West             // x−1
	North            // y−1, towards the opponent
)

// String returns E, S, W or N.
func (d Dir) String() string { return string("ESWN"[d&3]) }

// Move is a move as the original program names it: a piece A..H (Unit
// 0..7) and a direction. The legal moves are listed piece by piece, A
// first, and for each piece E, S, W, N; that order breaks ties.
type Move struct {
	Unit uint8
	Dir  Dir
}

// String returns the protocol's form, e.g. "A,N".
func (m Move) String() string { return string(rune('A'+m.Unit)) + "," + m.Dir.String() }

// key orders moves as the original lists them.
func (m Move) key() int { return 4*int(m.Unit) + int(m.Dir) }

// OffBoard is the Square of a Unit that has left the board.
const OffBoard = -1

// Unit is one of the mover's pieces A..H: its square index 0..35 in the
// mover's frame, or OffBoard, and whether it is red.
type Unit struct {
	Square int8
	Red    bool
}

// State is a position as the original program sees it at its turn: its
// eight pieces in the order A..H, where the opponent's pieces stand (their
// colours are never used), and the capture counts. It is the plain,
// direct reading of docs/haf.md §1–3, used to list moves in the original
// order and to compute exact scores; Scorer is the fast path for engine
// positions.
type State struct {
	Side  engine.Player // the engine side the mover plays (for square names)
	Units [8]Unit
	Opp   uint64 // the opponent's squares, bit s = index s
	// Counts: [0] opponent blues we captured, [1] opponent reds we
	// captured, [2] our blues lost, [3] our reds lost.
	Counts  [4]int
	Escaped bool // a piece is at (8,8): the game is over
}

// StateFromGAT reads the state from a GAT board string as the mover
// (viewer, who plays side) receives it, in the original program's way
// (docs/haf.md §1–2): pieces A–H in the string's order; our pieces at
// (9,9) counted by colour, the opponent's at (9,9) counted when the letter
// is b or r; any piece at (8,8) sets the escape flag.
func StateFromGAT(g engine.GATBoard, side engine.Player) (State, error) {
	s := State{Side: side}
	for i, e := range g {
		c := e.C
		if i < 8 && c >= 'a' && c <= 'z' {
			c -= 'a' - 'A' // the client uppercases its own pieces
		}
		switch {
		case e.Escaped():
			s.Escaped = true
			if i < 8 {
				s.Units[i].Square = OffBoard
			}
		case e.Captured():
			switch {
			case i < 8 && c == 'B':
				s.Counts[2]++
			case i < 8 && c == 'R':
				s.Counts[3]++
			case i >= 8 && c == 'b':
				s.Counts[0]++
			case i >= 8 && c == 'r':
				s.Counts[1]++
			}
			if i < 8 {
				s.Units[i].Square = OffBoard
			}
		case e.OnBoard():
			sq := int(e.X) + 6*int(e.Y)
			if i >= 8 {
				s.Opp |= 1 << sq
				continue
			}
			if c != 'B' && c != 'R' {
				return State{}, fmt.Errorf("haf: GAT board %s: our piece %c has letter %c, want B or R", g, 'A'+i, e.C)
			}
			s.Units[i] = Unit{Square: int8(sq), Red: c == 'R'}
		}
	}
	return s, s.check()
}

func (s *State) check() error {
	for t, n := range s.Counts {
		if n > 3 {
			return fmt.Errorf("haf: %d pieces of one colour captured (count %d): the game is over", n, t)
		}
	}
	return nil
}

// Units names the mover's pieces A..H by their engine squares, NoSquare
// for a piece that has left the board. The original program lists its
// moves piece by piece in this order.
type Units [8]engine.Square

// StartUnits returns the pieces A..H of side at the start of a game
// (engine.HomeSquares).
func StartUnits(side engine.Player) Units { return Units(engine.HomeSquares(side)) }

// ReadingUnits returns side's pieces in p lettered A.. in side's reading
// order (rows nearest the opponent first, each from side's left), which
// at the start of a game is the order of StartUnits. Positions do not
// record which piece is which; this is the order engine.GATBoardOf uses.
func ReadingUnits(p *engine.Position, side engine.Player) Units {
	var u Units
	n := 0
	for c := compact(p.Occupied(side), side); c != 0; c &= c - 1 {
		u[n] = square(bits.TrailingZeros64(c), side)
		n++
	}
	return u
}

// UnitsFromGAT returns the squares of the receiver's pieces A..H of a GAT
// board string, the receiver playing side.
func UnitsFromGAT(g engine.GATBoard, side engine.Player) Units {
	var u Units
	for i := 0; i < 8; i++ {
		if g[i].OnBoard() {
			u[i] = square(int(g[i].X)+6*int(g[i].Y), side)
		}
	}
	return u
}

// Play follows move m (of either player) on the pieces: a piece of ours
// that moves goes with it (off the board for an escape), a piece of ours
// that the opponent captures leaves the board.
func (u *Units) Play(m engine.Move) {
	from, to := m.From(), m.To()
	for i, sq := range u {
		if sq == engine.NoSquare {
			continue
		}
		if sq == from {
			if m.IsEscape() {
				to = engine.NoSquare
			}
			u[i] = to
			return
		}
	}
	for i, sq := range u {
		if sq == to && sq != engine.NoSquare {
			u[i] = engine.NoSquare
			return
		}
	}
}

// Matches reports whether the pieces stand exactly on side's squares in p.
func (u *Units) Matches(p *engine.Position, side engine.Player) bool {
	var b uint64
	n := 0
	for _, sq := range u {
		if sq != engine.NoSquare {
			if !sq.OnBoard() || b&sq.Bit() != 0 {
				return false
			}
			b |= sq.Bit()
			n++
		}
	}
	return b == p.Occupied(side)
}

// StateFromPosition returns side's view of p as the original program
// sees it, with side's pieces lettered by units (nil: ReadingUnits).
// side's colours must be shown in p.
func StateFromPosition(p *engine.Position, side engine.Player, units *Units) (State, error) {
	if p.Pieces(side, engine.Unknown) != 0 {
		return State{}, fmt.Errorf("haf: position %s: the %s player's colours must be shown", p, sideWord(side))
	}
	if units == nil {
		r := ReadingUnits(p, side)
		units = &r
	} else if !units.Matches(p, side) {
		return State{}, fmt.Errorf("haf: position %s: the lettered pieces %v are not the %s player's pieces", p, units, sideWord(side))
	}
	s := State{Side: side}
	for i, sq := range units {
		if sq == engine.NoSquare {
			s.Units[i].Square = OffBoard
			continue
		}
		s.Units[i] = Unit{Square: int8(index(sq, side)), Red: p.Pieces(side, engine.Red)&sq.Bit() != 0}
	}
	opp := side.Other()
	s.Opp = compact(p.Occupied(opp), side)
	s.Counts = [4]int{4 - p.Blues(opp), 4 - p.Reds(opp), 4 - p.Blues(side), 4 - p.Reds(side)}
	return s, s.check()
}

func sideWord(pl engine.Player) string {
	if pl == engine.First {
		return "first"
	}
	return "second"
}

func (s *State) own() uint64 {
	var b uint64
	for _, u := range s.Units {
		if u.Square >= 0 {
			b |= 1 << u.Square
		}
	}
	return b
}

// Bits returns the current-state vector (docs/haf.md §2), without the
// bias bit.
func (s *State) Bits() Bits {
	var b Bits
	for _, u := range s.Units {
		switch {
		case u.Square < 0:
		case u.Red:
			b.Set(42 + int(u.Square))
		default:
			b.Set(int(u.Square))
		}
	}
	for x := s.Opp; x != 0; x &= x - 1 {
		b.Set(84 + bits.TrailingZeros64(x))
	}
	for t, n := range s.Counts {
		if n >= 1 && n <= 3 {
			b.Set(42*(n-1) + 36 + t)
		}
	}
	if s.Escaped {
		b.Set(EscapeFlag)
	}
	return b
}

// target returns where m leads: the square index, or escape.
func (s *State) target(m Move) (to int, escape, ok bool) {
	u := s.Units[m.Unit]
	if u.Square < 0 {
		return 0, false, false
	}
	x, y := int(u.Square)%6, int(u.Square)/6
	switch m.Dir {
	case East:
		if x == 5 {
			return 0, true, y == 0 && !u.Red
		}
		x++
	case South:
		if y == 5 {
			return 0, false, false
		}
		y++
	case West:
		if x == 0 {
			return 0, true, y == 0 && !u.Red
		}
		x--
	case North:
		if y == 0 {
			return 0, false, false
		}
		y--
	}
	to = x + 6*y
	return to, false, s.own()&(1<<to) == 0
}

// Moves appends the legal moves in the original order (docs/haf.md §1):
// pieces A..H on the board, each E, S, W, N.
func (s *State) Moves(dst []Move) []Move {
	for i := range s.Units {
		for d := East; d <= North; d++ {
			m := Move{uint8(i), d}
			if _, _, ok := s.target(m); ok {
				dst = append(dst, m)
			}
		}
	}
	return dst
}

// After returns the afterstate vector of the legal move m (docs/haf.md
// §3): the piece moves; an escape sets the escape flag, a capture sets
// the capture flag and removes the opponent's piece; the counts stay; the
// bias is set.
func (s *State) After(m Move) Bits {
	b := s.Bits()
	u := s.Units[m.Unit]
	plane := 0
	if u.Red {
		plane = 42
	}
	b.Clear(plane + int(u.Square))
	to, escape, _ := s.target(m)
	if escape {
		b.Set(EscapeFlag)
	} else {
		if s.Opp&(1<<to) != 0 {
			b.Set(CaptureFlag)
			b.Clear(84 + to)
		}
		b.Set(plane + to)
	}
	b.Set(Bias)
	return b
}

// EngineMove returns m as an engine move of s.Side.
func (s *State) EngineMove(m Move) engine.Move {
	from := square(int(s.Units[m.Unit].Square), s.Side)
	to, escape, _ := s.target(m)
	if escape {
		// The engine steps off the board beyond the exit.
		if s.Side == engine.First {
			return engine.NewMove(from, engine.Sq(from.File(), 0))
		}
		return engine.NewMove(from, engine.Sq(from.File(), 7))
	}
	return engine.NewMove(from, square(to, s.Side))
}

// Scored is one legal move with its afterstate and exact score.
type Scored struct {
	Move   Move
	Engine engine.Move // the same move in the engine's notation
	Bits   Bits        // the afterstate, bias included
	H      float64     // h of the afterstate, the in-order sum
}

// Afterstates appends every legal move of s in the original order with
// its afterstate and exact h (docs/haf.md §3–5).
func (w *Weights) Afterstates(s *State, dst []Scored) []Scored {
	var buf [4 * 8]Move
	for _, m := range s.Moves(buf[:0]) {
		b := s.After(m)
		dst = append(dst, Scored{Move: m, Engine: s.EngineMove(m), Bits: b, H: w.H(b)})
	}
	return dst
}

// Best returns the index of the move the policy plays: the first maximum
// of h (numpy's argmax), or -1 when there are no moves.
func Best(sc []Scored) int {
	best := -1
	for i := range sc {
		if best < 0 || sc[i].H > sc[best].H {
			best = i
		}
	}
	return best
}

package engine

import (
	"fmt"
	"strings"
)

// Move is one ply: a piece steps from From to To. An escape steps from an
// exit to the frame square beyond it (a1→a0, f1→f0, a6→a7, f6→f7), so the
// from-to text of SPEC §3 is the move's own squares.
//
// Bits 0–5 hold From, bits 6–11 To, and bit 12 the reveal flag, which says
// how a capture of a colour-unknown piece resolves when the counts leave
// both colours possible (see RevealRed). The zero Move is no move.
type Move uint16

// NoMove is the zero Move.
const NoMove Move = 0

const revealRedBit Move = 1 << 12

// NewMove returns the move from → to.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<6 }

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m & 63) }

// To returns the square the piece enters (beyond the board for escapes).
func (m Move) To() Square { return Square(m >> 6 & 63) }

// IsEscape reports whether m takes a piece off the board through an exit.
func (m Move) IsEscape() bool { return m != NoMove && !m.To().OnBoard() }

// RevealRed returns m with the reveal flag set: if m captures a piece
// whose colour is unknown and the owner still has hidden pieces of both
// colours, the captured piece is red (without the flag it is blue). Where
// the counts decide the colour the flag is ignored. The purple-piece game
// of SPEC §4 sets it on every prover capture.
func (m Move) RevealRed() Move { return m | revealRedBit }

// Plain returns m without the reveal flag: the squares only.
func (m Move) Plain() Move { return m &^ revealRedBit }

// In reports whether list holds a move with m's squares (reveal flags
// aside).
func (m Move) In(list []Move) bool {
	for _, e := range list {
		if e.Plain() == m.Plain() {
			return true
		}
	}
	return false
}

// String returns the from-to text, e.g. "d1e1" or "a1a0".
func (m Move) String() string {
	if m == NoMove {
		return "-"
	}
	return m.From().String() + m.To().String()
}

// ParseMove reads move text (SPEC §3) without a position: from-to
// ("d1e1", escapes "a1a0", "f1f0", "a6a7", "f6f7") or an arrow relative to
// the printed board: "d1>", "a3^", "d2v", "b6<" (also ↑ ↓ ← →, as in the
// papers). An arrow off the board at an exit corner is that exit's escape.
// It checks only the shape: whether the move is legal is a question for
// Position.ParseMove.
func ParseMove(s string) (Move, error) {
	t := strings.TrimSpace(s)
	// The papers append the piece colour: "a3↑(R)".
	if i := strings.IndexByte(t, '('); i > 0 && strings.HasSuffix(t, ")") {
		t = t[:i]
	}
	rs := []rune(t) // characters, so that no error splits one
	if len(rs) < 3 {
		return NoMove, fmt.Errorf("engine: move %q: want from-to like d1e1 or an arrow like d1>", s)
	}
	from, ok := parseSquare(string(rs[:2]), 1, 6)
	if !ok {
		return NoMove, fmt.Errorf("engine: move %q: %q is not a board square", s, string(rs[:2]))
	}
	rest := string(rs[2:])
	df, dr := 0, 0
	switch rest {
	case "^", "↑":
		dr = -1
	case "v", "↓":
		dr = 1
	case "<", "←":
		df = -1
	case ">", "→":
		df = 1
	default:
		to, ok := parseSquare(rest, 0, 7)
		if !ok {
			return NoMove, fmt.Errorf("engine: move %q: %q is neither a square nor an arrow (^ v < >)", s, rest)
		}
		df, dr = to.File()-from.File(), to.Rank()-from.Rank()
		if df*df+dr*dr != 1 {
			return NoMove, fmt.Errorf("engine: move %q: %s is not next to %s", s, to, from)
		}
		if !to.OnBoard() && escapeTarget(from) != to {
			return NoMove, fmt.Errorf("engine: move %q: %s is off the board (escapes are a1a0, f1f0, a6a7, f6f7)", s, to)
		}
		return NewMove(from, to), nil
	}
	f, r := from.File()+df, from.Rank()+dr
	if f >= 0 && f <= 5 && r >= 1 && r <= 6 {
		return NewMove(from, Sq(f, r)), nil
	}
	if e := escapeTarget(from); e != NoSquare {
		// An arrow off the board from an exit corner: both arrows that leave
		// the board there mean the escape (GAT.md: N or W from (0,0)).
		return NewMove(from, e), nil
	}
	return NoMove, fmt.Errorf("engine: move %q: leaves the board away from an exit", s)
}

// parseSquare reads "<file a-f><rank>" with rank in [lo, hi]; ranks 0
// and 7 name the frame rows beyond the board.
func parseSquare(s string, lo, hi int) (Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'f' || s[1] < byte('0'+lo) || s[1] > byte('0'+hi) {
		return NoSquare, false
	}
	return Sq(int(s[0]-'a'), int(s[1]-'0')), true
}

// ParseSquare reads a board square name such as "d1".
func ParseSquare(s string) (Square, error) {
	sq, ok := parseSquare(s, 1, 6)
	if !ok {
		return NoSquare, fmt.Errorf("engine: %q is not a board square (a1..f6)", s)
	}
	return sq, nil
}

// ParseMove reads move text (see the function ParseMove) and checks that
// it is legal in p, saying why when it is not.
func (p *Position) ParseMove(s string) (Move, error) {
	m, err := ParseMove(s)
	if err != nil {
		return NoMove, err
	}
	if p.IsLegal(m) {
		return m, nil
	}
	from, to := m.From(), m.To()
	us := p.turn
	why := ""
	switch {
	case p.won != Ongoing:
		why = "the game is over"
	case p.occ[us]&from.Bit() == 0:
		why = fmt.Sprintf("no %s-player piece on %s", us.Name(), from)
	case m.IsEscape() && exitMask[us]&from.Bit() == 0:
		why = fmt.Sprintf("%s is not an exit of the %s player", from, us.Name())
	case m.IsEscape():
		why = fmt.Sprintf("the piece on %s cannot be blue, and only a blue escapes", from)
	default:
		why = fmt.Sprintf("%s holds a %s-player piece", to, us.Name())
	}
	return NoMove, fmt.Errorf("engine: move %q is not legal in %s: %s", s, p.String(), why)
}

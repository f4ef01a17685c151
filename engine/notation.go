package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// ParseError is the error of a position string that cannot be read. It
// names the field (1 board, 2 side to move, 3 reds, 4 ply), the bad value
// and the fault.
type ParseError struct {
	Field  int    // 1..4, or 0 for the string as a whole
	Value  string // the offending text
	Reason string
}

var fieldNames = [...]string{"position", "board", "side to move", "reds", "ply"}

func (e *ParseError) Error() string {
	if e.Field == 0 {
		return fmt.Sprintf("engine: position %q: %s", e.Value, e.Reason)
	}
	return fmt.Sprintf("engine: position field %d (%s) %q: %s", e.Field, fieldNames[e.Field], e.Value, e.Reason)
}

// ErrInvalidPosition is matched (errors.Is) by every ParseError.
var ErrInvalidPosition = errors.New("engine: invalid position")

// Is makes errors.Is(err, ErrInvalidPosition) true for a ParseError.
func (e *ParseError) Is(target error) bool { return target == ErrInvalidPosition }

const pieceLetters = "BRUbru"

// PieceLetter returns the position string's letter of a piece of pl and
// kind k (SPEC §2): B R U for the first player, b r u for the second.
func PieceLetter(pl Player, k Kind) byte { return pieceLetters[int(pl)*int(NumKinds)+int(k)] }

// PieceOfLetter reads a piece letter of the position string; ok is false
// for any other byte.
func PieceOfLetter(c byte) (pl Player, k Kind, ok bool) {
	i := strings.IndexByte(pieceLetters, c)
	if i < 0 {
		return 0, 0, false
	}
	return Player(i / int(NumKinds)), Kind(i % int(NumKinds)), true
}

// ParsePosition reads a position string (SPEC §2):
//
//	<board> <side f|s> R<n>r<m> [<ply>]
//
// e.g. "uu1B2/6/R5/6/6/6 f R1r1". Fields are separated by spaces.
func ParsePosition(s string) (Position, error) {
	var p Position
	f := strings.Fields(s)
	if len(f) < 3 {
		return p, &ParseError{Value: s, Reason: fmt.Sprintf("has %d fields, want 3 or 4: <board> <f|s> R<n>r<m> [<ply>]", len(f))}
	}
	if len(f) > 4 {
		return p, &ParseError{Value: s, Reason: fmt.Sprintf("has %d fields, want 3 or 4: <board> <f|s> R<n>r<m> [<ply>]", len(f))}
	}
	if err := p.parseBoard(f[0]); err != nil {
		return Position{}, err
	}
	turn, ok := ParsePlayer(f[1])
	if !ok {
		return Position{}, &ParseError{2, f[1], "want f (first player) or s (second player)"}
	}
	p.turn = turn
	r := f[2]
	if len(r) != 4 || r[0] != 'R' || r[2] != 'r' || r[1] < '0' || r[1] > '9' || r[3] < '0' || r[3] > '9' {
		return Position{}, &ParseError{3, r, "want R<n>r<m>, e.g. R2r3: reds on the board of the first (n) and the second (m) player"}
	}
	p.reds = [2]int8{int8(r[1] - '0'), int8(r[3] - '0')}
	if len(f) == 4 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 0 || n > 1_000_000 || f[3][0] == '+' {
			return Position{}, &ParseError{4, f[3], "want the number of plies played, 0 or more"}
		}
		p.ply = int32(n)
	}
	p.recount()
	if err := p.validate(r); err != nil {
		return Position{}, err
	}
	p.hash = p.computeHash()
	return p, nil
}

// MustParsePosition is ParsePosition for strings known to be valid (tests,
// embedded data); it panics on an error.
func MustParsePosition(s string) Position {
	p, err := ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return p
}

func (p *Position) parseBoard(b string) error {
	ranks := strings.Split(b, "/")
	if len(ranks) != 6 {
		return &ParseError{1, b, fmt.Sprintf("has %d ranks, want 6 separated by /", len(ranks))}
	}
	for i, rk := range ranks {
		file := 0
		for _, c := range rk { // runes: a stray character is named whole
			switch {
			case c >= '1' && c <= '6':
				file += int(c - '0')
			case c < utf8.RuneSelf && strings.IndexByte(pieceLetters, byte(c)) >= 0:
				if file < 6 {
					pl, k, _ := PieceOfLetter(byte(c))
					s := Sq(file, i+1)
					p.pieces[pl][k] |= s.Bit()
					p.occ[pl] |= s.Bit()
				}
				file++
			default:
				return &ParseError{1, b, fmt.Sprintf("rank %d %q: %q is not a piece (B R U b r u) or a count of empty squares (1-6)", i+1, rk, string(c))}
			}
		}
		if file != 6 {
			return &ParseError{1, b, fmt.Sprintf("rank %d %q adds up to %d squares, want 6", i+1, rk, file)}
		}
	}
	return nil
}

// validate checks the counts against the board (SPEC §2); field is the
// text of the reds field for the message.
func (p *Position) validate(field string) error {
	for pl := First; pl <= Second; pl++ {
		name := pl.Name()
		n, reds := popcount(p.occ[pl]), int(p.reds[pl])
		blues := n - reds
		switch {
		case n > 8:
			return &ParseError{1, p.BoardString(), fmt.Sprintf("the %s player has %d pieces, at most 8", name, n)}
		case reds > 4:
			return &ParseError{3, field, fmt.Sprintf("the %s player has %d reds, at most 4", name, reds)}
		case reds < 1:
			return &ParseError{3, field, fmt.Sprintf("the %s player has no red left: the game is over", name)}
		case blues > 4:
			return &ParseError{3, field, fmt.Sprintf("the %s player has %d pieces and %d reds, so %d blues, at most 4", name, n, reds, blues)}
		case blues < 1:
			return &ParseError{3, field, fmt.Sprintf("the %s player has %d pieces and %d reds, so no blue left: the game is over", name, n, reds)}
		}
		if sr := popcount(p.pieces[pl][Red]); sr > reds {
			return &ParseError{3, field, fmt.Sprintf("the board shows %d red pieces of the %s player, more than its %d reds", sr, name, reds)}
		}
		if sb := popcount(p.pieces[pl][Blue]); sb > blues {
			return &ParseError{3, field, fmt.Sprintf("the board shows %d blue pieces of the %s player, more than its %d blues (%d pieces, %d reds)", sb, name, blues, n, reds)}
		}
	}
	return nil
}

// Validate checks a position built with Put and SetReds against SPEC §2
// (at most 8 pieces, 1–4 reds and 1–4 blues a player, shown colours
// within the counts) and brings its hash up to date.
func (p *Position) Validate() error {
	// The reds field's text is made only for an error of that field (a
	// table build validates every position it puts together); the
	// board's errors carry the board.
	if err := p.validate(""); err != nil {
		if pe, ok := err.(*ParseError); ok && pe.Field == 3 {
			pe.Value = fmt.Sprintf("R%dr%d", p.reds[0], p.reds[1])
		}
		return err
	}
	p.hash = p.computeHash()
	return nil
}

// BoardString returns the board field of the position string.
func (p *Position) BoardString() string {
	var b strings.Builder
	b.Grow(40)
	for r := 1; r <= 6; r++ {
		if r > 1 {
			b.WriteByte('/')
		}
		empty := 0
		for f := 0; f < 6; f++ {
			c := p.letter(Sq(f, r))
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
	}
	return b.String()
}

// letter returns the position-string letter of the piece on s, or 0.
func (p *Position) letter(s Square) byte {
	pl, k, ok := p.At(s)
	if !ok {
		return 0
	}
	return PieceLetter(pl, k)
}

// String returns the position string with all four fields, e.g.
// "uu1B2/6/R5/6/6/6 f R1r1 0".
func (p *Position) String() string {
	return fmt.Sprintf("%s %s R%dr%d %d", p.BoardString(), p.turn, p.reds[0], p.reds[1], p.ply)
}

// Put places a piece of pl and kind k on the empty board square s. With
// SetReds, SetTurn and Validate it builds positions square by square.
func (p *Position) Put(pl Player, k Kind, s Square) { p.PutAll(pl, k, s.Bit()) }

// PutAll places a piece of pl and kind k on every square of squares, a
// bitboard of empty board squares (Square.Bit): Put for each, counted once.
func (p *Position) PutAll(pl Player, k Kind, squares uint64) {
	p.pieces[pl][k] |= squares
	p.occ[pl] |= squares
	for b := squares; b != 0; b &= b - 1 {
		p.hash ^= zobristPiece[pl][k][trailingZeros(b)]
	}
	p.recount()
}

// FromBoards returns the position whose pieces of player pl and kind k
// stand on the squares of pieces[pl][k] (bitboards of board squares,
// Square.Bit), with reds[pl] of pl's pieces red and toMove to move, at
// ply 0: PutAll of each bitboard, SetReds, SetTurn and Validate in one
// step, the counts and the hash made once (a table scan makes a position
// for every entry). Reds counts are kept as SetReds keeps them. It fails
// as Validate does, and where a bitboard holds a square off the board,
// two bitboards share a square or toMove is not a player.
func FromBoards(pieces [2][NumKinds]uint64, reds [2]int, toMove Player) (Position, error) {
	var p Position
	var all uint64
	for pl := range pieces {
		for _, b := range pieces[pl] {
			if b&^BoardMask != 0 || b&all != 0 {
				return Position{}, &ParseError{1, fmt.Sprintf("%#x", b), fmt.Sprintf("the %s player's pieces overlap others or lie off the board", Player(pl).Name())}
			}
			all |= b
			p.occ[pl] |= b
		}
		p.reds[pl] = redsCount(reds[pl])
	}
	if toMove != First && toMove != Second {
		return Position{}, &ParseError{2, fmt.Sprint(int(toMove)), "not a player"}
	}
	p.pieces, p.turn = pieces, toMove
	p.recount()
	if err := p.Validate(); err != nil {
		return Position{}, err
	}
	return p, nil
}

// Remove takes the piece of pl and kind k off square s.
func (p *Position) Remove(pl Player, k Kind, s Square) {
	p.pieces[pl][k] &^= s.Bit()
	p.occ[pl] &^= s.Bit()
	p.hash ^= zobristPiece[pl][k][s]
	p.recount()
}

// SetReds sets how many reds pl has on the board (0..4). Validate refuses
// any other count, naming it (see redsCount); a count read from a file
// never panics.
func (p *Position) SetReds(pl Player, n int) {
	pl &= 1
	p.hash ^= zobristReds[pl][p.reds[pl]&7]
	p.reds[pl] = redsCount(n)
	p.hash ^= zobristReds[pl][p.reds[pl]&7]
	p.recount()
}

// redsCount is the reds count n as a position keeps it: a count below -1
// as -1 and one above 99 as 99, so that none wraps round into a valid one
// (Validate refuses all but 1–4); the hash reads any count within its
// table (zobristReds, a count's low three bits).
func redsCount(n int) int8 { return int8(min(max(n, -1), 99)) }

// SetTurn sets the side to move.
func (p *Position) SetTurn(pl Player) {
	if p.turn != pl {
		p.hash ^= zobristTurn
	}
	p.turn = pl
}

// Hide turns every piece of pl into a colour-unknown piece: the position
// as pl's opponent sees it. The reds count is kept.
func (p *Position) Hide(pl Player) {
	p.pieces[pl][Unknown] = p.occ[pl]
	p.pieces[pl][Blue], p.pieces[pl][Red] = 0, 0
	p.recount()
	p.hash = p.computeHash()
}

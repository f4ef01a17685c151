package engine

import "math/bits"

// Player is a side: First (先手, upper case in the position string) or
// Second (後手, lower case).
type Player uint8

const (
	First  Player = 0
	Second Player = 1
)

// Other returns the opponent of p.
func (p Player) Other() Player { return p ^ 1 }

// String returns "f" or "s", the side letter of the position string.
func (p Player) String() string {
	if p == First {
		return "f"
	}
	return "s"
}

// ParsePlayer reads a side letter: "f" is First, "s" is Second; ok is
// false for anything else.
func ParsePlayer(s string) (p Player, ok bool) {
	switch s {
	case "f":
		return First, true
	case "s":
		return Second, true
	}
	return First, false
}

// Kind is what a piece is known to be: Blue, Red, or Unknown (a hidden
// piece whose colour the position does not show).
type Kind uint8

const (
	Blue Kind = iota
	Red
	Unknown
	NumKinds
)

func (k Kind) String() string {
	switch k {
	case Blue:
		return "blue"
	case Red:
		return "red"
	case Unknown:
		return "unknown"
	}
	return "invalid"
}

// Square is a square of the 8×8 frame that holds the 6×6 board (seed paper
// 004 §5.3): index = rank*8 + file + 1 with rank 1..6 and file 0..5 (a..f),
// so that every board square has a frame square on each side. The frame
// squares beyond the exit corners (a0, f0, a7, f7) are the targets of
// escapes, which makes an escape an ordinary from-to step.
type Square uint8

// NoSquare is returned where no square applies.
const NoSquare Square = 0

// Sq returns the square of file (0..5 = a..f) and rank (1..6). Ranks 0 and
// 7 name the frame rows beyond the board.
func Sq(file, rank int) Square { return Square(rank*8 + file + 1) }

// File returns 0..5 for files a..f (and -1 or 6 for frame columns).
func (s Square) File() int { return int(s&7) - 1 }

// Rank returns 1..6 on the board (0 or 7 in the frame rows).
func (s Square) Rank() int { return int(s >> 3) }

// Distance returns the number of orthogonal steps from s to t (the
// Manhattan distance), from a table: the solver's bounds ask for it at
// every node.
func (s Square) Distance(t Square) int { return int(distances[s&63][t&63]) }

var distances = func() (d [64][64]uint8) {
	for a := range Square(64) {
		for b := range Square(64) {
			df, dr := a.File()-b.File(), a.Rank()-b.Rank()
			d[a][b] = uint8(max(df, -df) + max(dr, -dr))
		}
	}
	return d
}()

// OnBoard reports whether s is one of the 36 board squares.
func (s Square) OnBoard() bool { return s < 64 && BoardMask&(1<<s) != 0 }

// Bit returns the bitboard with only s set.
func (s Square) Bit() uint64 { return 1 << s }

// String returns the square's name, e.g. "d1"; frame squares beyond the
// exits print as "a0", "f0", "a7", "f7".
func (s Square) String() string {
	f, r := s.File(), s.Rank()
	if f < 0 || f > 5 || r < 0 || r > 7 {
		return "??"
	}
	return string([]byte{byte('a' + f), byte('0' + r)})
}

// Mirror returns the square reflected left-right (file a <-> f).
func (s Square) Mirror() Square { return Sq(5-s.File(), s.Rank()) }

// Flip returns the square reflected top-bottom (rank 1 <-> 6).
func (s Square) Flip() Square { return Sq(s.File(), 7-s.Rank()) }

// Bitboard masks over the 8×8 frame.
const (
	// BoardMask has the 36 board squares set.
	BoardMask uint64 = 0x007e7e7e7e7e7e00
	rank1     uint64 = 0x7e << 8
	rank6     uint64 = 0x7e << 48
)

// Exits returns the bitboard of p's two exit squares: a1, f1 for First;
// a6, f6 for Second.
func Exits(p Player) uint64 { return exitMask[p&1] }

var exitMask = [2]uint64{
	Sq(0, 1).Bit() | Sq(5, 1).Bit(),
	Sq(0, 6).Bit() | Sq(5, 6).Bit(),
}

// escapeTarget maps an exit square to the frame square beyond it.
func escapeTarget(s Square) Square {
	switch s {
	case Sq(0, 1):
		return Sq(0, 0)
	case Sq(5, 1):
		return Sq(5, 0)
	case Sq(0, 6):
		return Sq(0, 7)
	case Sq(5, 6):
		return Sq(5, 7)
	}
	return NoSquare
}

// HomeSquares returns p's eight start squares in the GAT/paper 002 order
// A..H: A–D the front row and E–H the back row, each from the player's own
// left to right (GAT.md: A–D at x = 1..4, y = 4 of the player's frame).
func HomeSquares(p Player) [8]Square {
	var h [8]Square
	for i := 0; i < 4; i++ {
		if p == First {
			h[i] = Sq(1+i, 5)
			h[4+i] = Sq(1+i, 6)
		} else {
			h[i] = Sq(4-i, 2)
			h[4+i] = Sq(4-i, 1)
		}
	}
	return h
}

func popcount(b uint64) int { return bits.OnesCount64(b) }

// Neighbours returns the bitboard of every board square orthogonally next
// to a square of b (the squares a piece on b can step to, exits aside).
func Neighbours(b uint64) uint64 {
	return ((b >> 8) | (b << 8) | (b >> 1) | (b << 1)) & BoardMask
}

// ExitDistance returns the number of orthogonal steps from s to pl's
// nearer exit square (of Exits(pl): a1/f1 for First, a6/f6 for Second);
// escaping from the exit takes one move more.
func (s Square) ExitDistance(pl Player) int { return int(exitDistance[pl&1][s&63]) }

var exitDistance = func() (d [2][64]uint8) {
	for _, s := range BoardSquares {
		f, r := s.File(), s.Rank()
		side := min(f, 5-f)
		d[First][s] = uint8(side + r - 1)
		d[Second][s] = uint8(side + 6 - r)
	}
	return d
}()

// BoardSquares lists the 36 board squares from a1 to f6, rank by rank.
var BoardSquares = func() [36]Square {
	var s [36]Square
	for r := 1; r <= 6; r++ {
		for f := 0; f < 6; f++ {
			s[(r-1)*6+f] = Sq(f, r)
		}
	}
	return s
}()

func trailingZeros(b uint64) int { return bits.TrailingZeros64(b) }

// Compact packs the 36 board squares of a frame bitboard into bits 0–35,
// square a1 first and f6 last (the order of BoardSquares).
// Squares off the board are dropped. Rank r's six squares are bits
// 8r+1..8r+6 of the frame: shifted down by 9 the ranks are the low six
// bits of bytes 0–5, and three steps close the gaps (bytes to 12-bit
// pairs, pairs to 36 bits) instead of a loop over the ranks.
func Compact(b uint64) uint64 {
	x := b >> 9 & 0x3f3f3f3f3f3f
	x = x&0x003f003f003f | x>>2&0x0fc00fc00fc0
	return x&0xfff | x>>4&0xfff000 | x>>8&0xfff000000
}

// Expand is the inverse of Compact (bits above 35 dropped).
func Expand(c uint64) uint64 {
	y := c&0xfff | (c&0xfff000)<<4 | (c&0xfff000000)<<8
	y = y&0x003f003f003f | (y&0x0fc00fc00fc0)<<2
	return y << 9
}

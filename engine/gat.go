package engine

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// GATPiece is one entry of a GAT board string: its square in the frame of
// the player the board is sent to (X, Y in 0..5), or (9, 9) when captured,
// or (8, 8) when escaped; and its letter C (GAT.md).
type GATPiece struct {
	X, Y int8
	C    byte
}

// Captured and Escaped report where a piece off the board went.
func (g GATPiece) Captured() bool { return g.X == 9 && g.Y == 9 }
func (g GATPiece) Escaped() bool  { return g.X == 8 && g.Y == 8 }
func (g GATPiece) OnBoard() bool  { return g.X >= 0 && g.X <= 5 && g.Y >= 0 && g.Y <= 5 }

// GATBoard is the board string of the GAT protocol: the receiver's pieces
// A–H (entries 0–7), then the opponent's a–h (entries 8–15), in the
// receiver's own frame, where its home rows are y = 4, 5.
type GATBoard [16]GATPiece

// ParseGATBoard reads the 48-character board string, e.g.
// "14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u". A leading "MOV?",
// "WON:", "LST:" or "DRW:" is accepted and ignored.
func ParseGATBoard(s string) (GATBoard, error) {
	var g GATBoard
	t := strings.TrimSpace(s)
	for _, pre := range []string{"MOV?", "WON:", "LST:", "DRW:"} {
		t = strings.TrimPrefix(t, pre)
	}
	if n := utf8.RuneCountInString(t); n != 48 || len(t) != 48 {
		if n == 48 {
			for i, c := range []rune(t) {
				if c >= utf8.RuneSelf || c == utf8.RuneError {
					return g, fmt.Errorf("engine: GAT board %q: character %d %q is not a digit or a piece letter", s, i+1, string(c))
				}
			}
		}
		return g, fmt.Errorf("engine: GAT board %q: has %d characters, want 48 (16 entries of xyC)", s, n)
	}
	var seen [6][6]bool
	for i := range g {
		e := t[3*i : 3*i+3]
		x, y, c := e[0], e[1], e[2]
		if x < '0' || x > '9' || y < '0' || y > '9' {
			return g, fmt.Errorf("engine: GAT board %q: entry %d %q: position %q is not two digits", s, i+1, e, e[:2])
		}
		p := GATPiece{int8(x - '0'), int8(y - '0'), c}
		own := i < 8
		switch {
		case p.OnBoard():
			if seen[p.X][p.Y] {
				return g, fmt.Errorf("engine: GAT board %q: entry %d %q: square %c%c holds two pieces", s, i+1, e, x, y)
			}
			seen[p.X][p.Y] = true
			if strings.IndexByte("RBrb", c) < 0 && (own || c != 'u') {
				return g, fmt.Errorf("engine: GAT board %q: entry %d %q: %q is not a piece letter here (R B r b%s)", s, i+1, e, string(rune(c)), map[bool]string{true: "", false: " u"}[own])
			}
		case p.Captured():
			if strings.IndexByte("RBrb", c) < 0 {
				return g, fmt.Errorf("engine: GAT board %q: entry %d %q: a captured piece shows its colour r or b, not %q", s, i+1, e, string(rune(c)))
			}
		case p.Escaped():
			if c != 'b' && c != 'B' {
				return g, fmt.Errorf("engine: GAT board %q: entry %d %q: only a blue escapes, not %q", s, i+1, e, string(rune(c)))
			}
		default:
			return g, fmt.Errorf("engine: GAT board %q: entry %d %q: position %q is off the board and neither 99 (captured) nor 88 (escaped)", s, i+1, e, e[:2])
		}
		g[i] = p
	}
	return g, nil
}

// String returns the 48-character board string.
func (g GATBoard) String() string {
	b := make([]byte, 0, 48)
	for _, p := range g {
		b = append(b, byte('0'+p.X), byte('0'+p.Y), p.C)
	}
	return string(b)
}

// gatSquare maps a square of the receiver's frame to the board.
func gatSquare(x, y int8, viewer Player) Square {
	if viewer == First {
		return Sq(int(x), int(y)+1)
	}
	return Sq(5-int(x), 6-int(y))
}

// gatXY maps a board square to the receiver's frame.
func gatXY(s Square, viewer Player) (int8, int8) {
	if viewer == First {
		return int8(s.File()), int8(s.Rank() - 1)
	}
	return int8(5 - s.File()), int8(6 - s.Rank())
}

// Position returns the position the board shows to viewer, who receives
// it, with toMove to move: viewer's colours shown, the opponent's pieces
// on the board hidden (unless the board shows their colours, as at the
// end of a game), reds counted from the captured pieces. It fails for a
// board whose game is over (an escape, no red or no blue left).
func (g GATBoard) Position(viewer, toMove Player) (Position, error) {
	var p Position
	var capturedReds [2]int
	for i, e := range g {
		pl := viewer
		if i >= 8 {
			pl = viewer.Other()
		}
		switch {
		case e.Escaped():
			return Position{}, fmt.Errorf("engine: GAT board %s: piece %c escaped: the game is over", g, gatLetter(i))
		case e.Captured():
			if e.C == 'r' || e.C == 'R' {
				capturedReds[pl]++
			}
		default:
			k := Unknown
			switch e.C {
			case 'R', 'r':
				k = Red
			case 'B', 'b':
				k = Blue
			}
			p.Put(pl, k, gatSquare(e.X, e.Y, viewer))
		}
	}
	for pl := First; pl <= Second; pl++ {
		if capturedReds[pl] > 4 {
			return Position{}, fmt.Errorf("engine: GAT board %s: %d captured red pieces of one player, at most 4", g, capturedReds[pl])
		}
		p.reds[pl] = int8(4 - capturedReds[pl])
	}
	p.recount()
	p.turn = toMove
	if err := p.Validate(); err != nil {
		return Position{}, fmt.Errorf("engine: GAT board %s: %w", g, err)
	}
	return p, nil
}

func gatLetter(i int) byte {
	if i < 8 {
		return byte('A' + i)
	}
	return byte('a' + i - 8)
}

// GATBoardOf returns the board string that viewer receives in p: viewer's
// pieces with their colours (all must be shown), the opponent's as 'u',
// captured pieces at 99 with their colours. Positions do not record which
// piece is which, so each side's pieces are lettered in its own reading
// order (front row first, left to right), which at the start of a game is
// the A–H of GAT.md.
func GATBoardOf(p *Position, viewer Player) (GATBoard, error) {
	var g GATBoard
	if !p.AllShown(viewer) {
		return g, fmt.Errorf("engine: GAT board of %s: the %s player's colours must be shown", p, viewer.Name())
	}
	for side := 0; side < 2; side++ {
		pl := viewer
		if side == 1 {
			pl = viewer.Other()
		}
		var entries []GATPiece
		for b := p.occ[pl]; b != 0; b &= b - 1 {
			s := Square(trailingZeros(b))
			x, y := gatXY(s, viewer)
			c := byte('u')
			if side == 0 {
				c = 'B'
				if p.pieces[pl][Red]&s.Bit() != 0 {
					c = 'R'
				}
			}
			entries = append(entries, GATPiece{x, y, c})
		}
		// Reading order in pl's own frame: rows nearest the opponent first
		// (A–D are the front row), left to right.
		sort.Slice(entries, func(i, j int) bool {
			a, b := entries[i], entries[j]
			if side == 1 {
				a.X, a.Y, b.X, b.Y = 5-a.X, 5-a.Y, 5-b.X, 5-b.Y
			}
			if a.Y != b.Y {
				return a.Y < b.Y
			}
			return a.X < b.X
		})
		for i := 0; i < 4-p.Reds(pl); i++ {
			entries = append(entries, GATPiece{9, 9, 'r'})
		}
		for i := 0; i < 4-p.Blues(pl); i++ {
			entries = append(entries, GATPiece{9, 9, 'b'})
		}
		if len(entries) != 8 {
			return g, fmt.Errorf("engine: GAT board of %s: the %s player has %d pieces and captures, want 8", p, pl.Name(), len(entries))
		}
		copy(g[side*8:], entries)
	}
	return g, nil
}

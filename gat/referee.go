package gat

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
)

// referee is the server's state of one game: the position with every
// colour shown, and where each lettered piece of each player is.
type referee struct {
	pos   engine.Position
	reds  [2]engine.Placement
	at    [2][8]engine.Square // NoSquare when off the board
	gone  [2][8]byte          // 0 on the board, 'c' captured, 'e' escaped
	moves []engine.Move
}

func (r *referee) start(first, second engine.Placement, moves []engine.Move) {
	r.pos = engine.StartPosition(first, second)
	r.reds = [2]engine.Placement{first, second}
	r.moves = moves[:0]
	for pl := engine.First; pl <= engine.Second; pl++ {
		home := engine.HomeSquares(pl)
		r.at[pl] = home
		r.gone[pl] = [8]byte{}
	}
}

// move plays piece (0..7) of pl one step in dir of pl's frame. It returns
// what the move captured ('R', 'B' or 0), or why it is illegal.
func (r *referee) move(pl engine.Player, piece int, dir Dir) (byte, error) {
	if r.pos.Outcome() != engine.Ongoing {
		return 0, fmt.Errorf("the game is over")
	}
	if pl != r.pos.Turn() {
		return 0, fmt.Errorf("it is not the %s player's turn", pl.Name())
	}
	letter := byte('A' + piece)
	switch r.gone[pl][piece] {
	case 'c':
		return 0, fmt.Errorf("piece %c was captured", letter)
	case 'e':
		return 0, fmt.Errorf("piece %c escaped", letter)
	}
	from := r.at[pl][piece]
	x, y := xyOf(from, pl)
	dx, dy := dir.delta()
	nx, ny := x+dx, y+dy
	red := r.reds[pl]&(1<<piece) != 0
	var m engine.Move
	if nx < 0 || nx > 5 || ny < 0 || ny > 5 {
		// Off the board: an escape only from the player's own exit
		// corners (0,0) and (5,0), northwards or outwards, and only for
		// a blue.
		if y != 0 || (x != 0 && x != 5) || (x == 0 && dir == East) || (x == 5 && dir == West) {
			return 0, fmt.Errorf("piece %c at (%d,%d) would leave the board away from an exit", letter, x, y)
		}
		if red {
			return 0, fmt.Errorf("piece %c is red, and only a blue escapes", letter)
		}
		to := engine.Sq(from.File(), 0)
		if pl == engine.Second {
			to = engine.Sq(from.File(), 7)
		}
		m = engine.NewMove(from, to)
	} else {
		to := squareOf(nx, ny, pl)
		if owner, _, ok := r.pos.At(to); ok && owner == pl {
			return 0, fmt.Errorf("piece %c would step onto your own piece at (%d,%d)", letter, nx, ny)
		}
		m = engine.NewMove(from, to)
	}
	if !r.pos.IsLegal(m) {
		// The checks above are the protocol's rules; the engine agrees
		// with them, so this is only a guard.
		// The message names the move only: the position shows both
		// players' colours.
		return 0, fmt.Errorf("piece %c: %s is not legal", letter, m)
	}
	var captured byte
	opp := pl.Other()
	if m.IsEscape() {
		r.gone[pl][piece] = 'e'
		r.at[pl][piece] = engine.NoSquare
	} else {
		to := m.To()
		for k := 0; k < 8; k++ {
			if r.gone[opp][k] == 0 && r.at[opp][k] == to {
				r.gone[opp][k] = 'c'
				r.at[opp][k] = engine.NoSquare
				captured = 'B'
				if r.reds[opp]&(1<<k) != 0 {
					captured = 'R'
				}
				break
			}
		}
		r.at[pl][piece] = to
	}
	r.pos.Make(m)
	r.moves = append(r.moves, m)
	return captured, nil
}

// board returns the board string viewer receives: its own pieces with
// their colours (upper case while on the board, lower case once captured
// or escaped), the opponent's as u while on the board, or with their
// colours in lower case when global (the end of a game).
func (r *referee) board(viewer engine.Player, global bool) engine.GATBoard {
	var b engine.GATBoard
	for side := 0; side < 2; side++ {
		pl := viewer
		if side == 1 {
			pl = viewer.Other()
		}
		for k := 0; k < 8; k++ {
			c := byte('b')
			if r.reds[pl]&(1<<k) != 0 {
				c = 'r'
			}
			var e engine.GATPiece
			switch r.gone[pl][k] {
			case 'c':
				e = engine.GATPiece{X: 9, Y: 9, C: c}
			case 'e':
				e = engine.GATPiece{X: 8, Y: 8, C: c}
			default:
				x, y := xyOf(r.at[pl][k], viewer)
				switch {
				case side == 0:
					c -= 'a' - 'A'
				case !global:
					c = 'u'
				}
				e = engine.GATPiece{X: x, Y: y, C: c}
			}
			b[side*8+k] = e
		}
	}
	return b
}

// over returns the outcome with the ply limit applied.
func (r *referee) over(plyLimit int) engine.Outcome { return r.pos.OutcomeWithLimit(plyLimit) }

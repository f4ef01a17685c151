package gat

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
)

// tracker rebuilds a game from the boards one player receives: it keeps
// the board as it must stand (its own moves applied as the server
// accepts them), infers the opponent's move, captures and escapes by
// comparing each new board with it, and keeps the player's view of the
// game (its own colours, the opponent's pieces colour-unknown) and the
// moves played, for the agent.
type tracker struct {
	me    engine.Player
	reds  engine.Placement
	board engine.GATBoard
	pos   engine.Position
	moves []engine.Move
	// The move sent and not yet seen on a board: its engine move, its
	// piece, and the server's answer so far.
	sent     engine.Move
	sentMsg  Message
	answer   Kind // 0: none yet; KindOK or KindNG
	captured byte // from OKR / OKB
	// oppReds holds the opponent's colours once a board shows them all.
	oppReds  engine.Placement
	oppKnown bool
}

// reset starts a game in which the player me placed reds.
func (t *tracker) reset(me engine.Player, reds engine.Placement) {
	t.me, t.reds = me, reds
	t.board = StartBoard(reds)
	// The opponent's placement does not matter: its pieces are hidden.
	other := engine.Placement(0x0f)
	if me == engine.First {
		t.pos = engine.StartPosition(reds, other)
	} else {
		t.pos = engine.StartPosition(other, reds)
	}
	t.pos.Hide(me.Other())
	t.moves = t.moves[:0]
	t.sent, t.answer, t.captured = engine.NoMove, 0, 0
	t.oppKnown, t.oppReds = false, 0
}

// message returns the MOV: message of move m (legal in t.pos) and
// remembers it as sent.
func (t *tracker) message(m engine.Move) (Message, error) {
	from := m.From()
	x, y := xyOf(from, t.me)
	piece := -1
	for i := 0; i < 8; i++ {
		if e := t.board[i]; e.X == x && e.Y == y {
			piece = i
			break
		}
	}
	if piece < 0 {
		return Message{}, fmt.Errorf("gat: no piece of ours on %s (%d,%d) in %s", from, x, y, t.board)
	}
	var d Dir
	if m.IsEscape() {
		d = North
	} else {
		tx, ty := xyOf(m.To(), t.me)
		switch {
		case ty == y-1:
			d = North
		case ty == y+1:
			d = South
		case tx == x+1:
			d = East
		default:
			d = West
		}
	}
	msg := Message{Kind: KindMove, Piece: piece, Dir: d}
	t.sent, t.sentMsg, t.answer, t.captured = m, msg, 0, 0
	return msg, nil
}

// answered records the server's OK (with what it captured) or NG.
func (t *tracker) answered(m Message) {
	t.answer, t.captured = m.Kind, m.Captured
}

// observe takes a new board: the turn's board of MOV? (final false) or
// the end board of WON/LST/DRW (final true), which may show the
// opponent's colours. It applies our move sent since the last board,
// infers the opponent's move, and checks that the board is exactly what
// these moves give. An error says why the board cannot follow.
func (t *tracker) observe(b *engine.GATBoard, final bool) error {
	if err := t.applyOwn(b, final); err != nil {
		return err
	}
	if err := t.applyOpponent(b, final); err != nil {
		return err
	}
	for i := 0; i < 16; i++ {
		got, want := b[i], t.board[i]
		if got == want {
			continue
		}
		if final && i >= 8 && got.X == want.X && got.Y == want.Y && want.C == 'u' && (got.C == 'r' || got.C == 'b' || got.C == 'R' || got.C == 'B') {
			continue
		}
		return fmt.Errorf("gat: board %s: entry %d (%c) is %c%c%c, but the game so far (%d plies) puts it at %c%c%c (board %s)",
			b, i+1, letterOf(i), '0'+got.X, '0'+got.Y, got.C, len(t.moves), '0'+want.X, '0'+want.Y, want.C, t.board)
	}
	if final {
		var reds engine.Placement
		n := 0
		for k := 0; k < 8; k++ {
			switch b[8+k].C {
			case 'r', 'R':
				reds |= 1 << k
				n++
			case 'b', 'B':
				n++
			}
		}
		if n == 8 && reds.Valid() {
			t.oppReds, t.oppKnown = reds, true
		}
	}
	return nil
}

func letterOf(i int) byte {
	if i < 8 {
		return byte('A' + i)
	}
	return byte('a' + i - 8)
}

// applyOwn applies the move we sent, when the server took it: on OK; on
// an end board that arrived before any answer, when the board shows the
// piece moved.
func (t *tracker) applyOwn(b *engine.GATBoard, final bool) error {
	if t.sent == engine.NoMove {
		return nil
	}
	m, piece := t.sent, t.sentMsg.Piece
	answer := t.answer
	t.sent = engine.NoMove
	switch answer {
	case KindNG:
		return nil
	case 0:
		if !final {
			return fmt.Errorf("gat: board %s arrived before the answer to our move %c,%s", b, 'A'+piece, t.sentMsg.Dir)
		}
		if b[piece] == t.board[piece] {
			return nil // the game ended before the server took the move
		}
	}
	e := &t.board[piece]
	vm := m
	if m.IsEscape() {
		c := byte('b')
		if b[piece].C == 'B' {
			c = 'B'
		}
		*e = engine.GATPiece{X: 8, Y: 8, C: c}
	} else {
		x, y := xyOf(m.To(), t.me)
		e.X, e.Y = x, y
		for k := 8; k < 16; k++ {
			o := &t.board[k]
			if o.X != x || o.Y != y {
				continue
			}
			c := b[k].C
			if b[k].X != 9 || b[k].Y != 9 || (c != 'r' && c != 'b') {
				return fmt.Errorf("gat: board %s: our move %c,%s captured %c, which the board shows as %c%c%c, not captured (99r or 99b)", b, 'A'+piece, t.sentMsg.Dir, letterOf(k), '0'+b[k].X, '0'+b[k].Y, c)
			}
			if t.captured != 0 && t.captured != c-('a'-'A') {
				return fmt.Errorf("gat: board %s: the server answered OK%c to our capture of %c, but the board shows it %c", b, t.captured, letterOf(k), c)
			}
			*o = engine.GATPiece{X: 9, Y: 9, C: c}
			if c == 'r' {
				vm = m.RevealRed()
			}
		}
	}
	t.pos.Make(vm)
	t.moves = append(t.moves, m)
	return nil
}

// applyOpponent infers the opponent's move from the board, if it moved.
func (t *tracker) applyOpponent(b *engine.GATBoard, final bool) error {
	opp := t.me.Other()
	changed := -1
	for k := 8; k < 16; k++ {
		if b[k].X != t.board[k].X || b[k].Y != t.board[k].Y {
			if changed >= 0 {
				return fmt.Errorf("gat: board %s: the opponent's pieces %c and %c both moved since %s", b, letterOf(changed), letterOf(k), t.board)
			}
			changed = k
		}
	}
	if len(t.moves) == 0 && !final {
		switch {
		case t.me == engine.First && changed >= 0:
			return fmt.Errorf("gat: the first board %s shows the opponent has moved already: we are the second player, not the first (the second player connects to port %d)", b, SecondPort)
		case t.me == engine.Second && changed < 0:
			return fmt.Errorf("gat: the first board %s shows no move of the opponent: we are the first player, not the second (the first player connects to port %d)", b, FirstPort)
		}
	}
	if changed < 0 {
		if !final && t.pos.Turn() != t.me {
			return fmt.Errorf("gat: board %s: it is our turn, but the opponent has not moved since %s", b, t.board)
		}
		return nil
	}
	if t.pos.Turn() != opp {
		return fmt.Errorf("gat: board %s: the opponent's piece %c moved, but it was our turn (board %s)", b, letterOf(changed), t.board)
	}
	old, now := t.board[changed], b[changed]
	if !old.OnBoard() {
		return fmt.Errorf("gat: board %s: the opponent's piece %c moved from %c%c, off the board", b, letterOf(changed), '0'+old.X, '0'+old.Y)
	}
	from := squareOf(old.X, old.Y, t.me)
	var m engine.Move
	switch {
	case now.Escaped():
		// The opponent's exits are (0,5) and (5,5) of our frame.
		if old.Y != 5 || (old.X != 0 && old.X != 5) {
			return fmt.Errorf("gat: board %s: the opponent's piece %c escaped from %c%c, which is not its exit", b, letterOf(changed), '0'+old.X, '0'+old.Y)
		}
		rank := 0
		if opp == engine.Second {
			rank = 7
		}
		m = engine.NewMove(from, engine.Sq(from.File(), rank))
	case now.OnBoard():
		dx, dy := now.X-old.X, now.Y-old.Y
		if dx*dx+dy*dy != 1 {
			return fmt.Errorf("gat: board %s: the opponent's piece %c jumped from %c%c to %c%c", b, letterOf(changed), '0'+old.X, '0'+old.Y, '0'+now.X, '0'+now.Y)
		}
		m = engine.NewMove(from, squareOf(now.X, now.Y, t.me))
	default:
		return fmt.Errorf("gat: board %s: the opponent's piece %c went from %c%c to %c%c on its own move", b, letterOf(changed), '0'+old.X, '0'+old.Y, '0'+now.X, '0'+now.Y)
	}
	if !t.pos.IsLegal(m) {
		return fmt.Errorf("gat: board %s: the opponent's move %s (%c) is not legal in %s", b, m, letterOf(changed), t.pos.String())
	}
	t.board[changed].X, t.board[changed].Y = now.X, now.Y
	if now.Escaped() {
		t.board[changed].C = now.C
	} else {
		for i := 0; i < 8; i++ {
			if e := &t.board[i]; e.X == now.X && e.Y == now.Y {
				*e = engine.GATPiece{X: 9, Y: 9, C: e.C + ('a' - 'A')}
			}
		}
	}
	t.pos.Make(m)
	t.moves = append(t.moves, m)
	return nil
}

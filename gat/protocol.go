package gat

import (
	"errors"
	"fmt"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// The tournament server's ports: the first player connects to FirstPort,
// the second to SecondPort.
const (
	FirstPort  = 10000
	SecondPort = 10001
)

// DefaultMaxLine bounds a protocol line in bytes, CRLF included. The
// longest legal message is a board message of 54 bytes ("MOV?" + 48 +
// CRLF); a peer that sends more without a line end is flooding.
const DefaultMaxLine = 256

// Kind is the kind of a protocol message.
type Kind uint8

const (
	// Server to client.
	KindSetQ  Kind = iota + 1 // SET?: send your placement
	KindMoveQ                 // MOV?<board>: your turn
	KindOK                    // OK , OKR, OKB: accepted (and what was captured)
	KindNG                    // NG: refused (an illegal placement or move)
	KindWon                   // WON:<board>
	KindLost                  // LST:<board>
	KindDraw                  // DRW:<board>
	// Client to server.
	KindSet  // SET:<four red letters>
	KindMove // MOV:<piece>,<dir>
)

func (k Kind) String() string {
	switch k {
	case KindSetQ:
		return "SET?"
	case KindMoveQ:
		return "MOV?"
	case KindOK:
		return "OK"
	case KindNG:
		return "NG"
	case KindWon:
		return "WON"
	case KindLost:
		return "LST"
	case KindDraw:
		return "DRW"
	case KindSet:
		return "SET"
	case KindMove:
		return "MOV"
	}
	return "invalid"
}

// Dir is a step in the mover's own frame: North is towards the
// opponent (y − 1), South towards the mover's home rows.
type Dir uint8

const (
	North Dir = iota
	East
	West
	South
)

// delta returns the step (dx, dy) of d in the mover's frame.
func (d Dir) delta() (int8, int8) {
	switch d {
	case North:
		return 0, -1
	case East:
		return 1, 0
	case West:
		return -1, 0
	}
	return 0, 1
}

// String returns the one-letter name N, E, W or S.
func (d Dir) String() string { return string("NEWS"[d&3]) }

// Message is one protocol line, parsed.
type Message struct {
	Kind Kind
	// Board is the board of MOV?, WON:, LST: and DRW:, in the receiver's
	// frame.
	Board engine.GATBoard
	// Captured is 'R' or 'B' for OKR and OKB (a move that captured a red
	// or a blue), else 0.
	Captured byte
	// Reds is the placement of SET:.
	Reds engine.Placement
	// Piece (0..7 for A..H) and Dir are the move of MOV:.
	Piece int
	Dir   Dir
}

// ErrEmpty is returned for an empty line.
var ErrEmpty = errors.New("gat: empty message")

// quote returns s quoted for an error message, cut to 80 bytes.
func quote(s string) string {
	if len(s) > 80 {
		return fmt.Sprintf("%q... (%d bytes)", s[:80], len(s))
	}
	return fmt.Sprintf("%q", s)
}

// ParseServerMessage reads one line a server sends (without its CRLF):
// SET?, MOV?<board>, OK (with or without its trailing space), OKR, OKB,
// NG (with or without its space), WON:<board>, LST:<board>, DRW:<board>.
// Boards are checked as engine.ParseGATBoard checks them.
func ParseServerMessage(line string) (Message, error) {
	if line == "" {
		return Message{}, ErrEmpty
	}
	var m Message
	switch {
	case line == "SET?":
		m.Kind = KindSetQ
		return m, nil
	case strings.TrimRight(line, " ") == "OK":
		m.Kind = KindOK
		return m, nil
	case line == "OKR" || line == "OKB":
		m.Kind, m.Captured = KindOK, line[2]
		return m, nil
	case strings.TrimRight(line, " ") == "NG":
		m.Kind = KindNG
		return m, nil
	}
	if len(line) < 4 {
		return Message{}, fmt.Errorf("gat: unknown server message %s", quote(line))
	}
	switch line[:4] {
	case "MOV?":
		m.Kind = KindMoveQ
	case "WON:":
		m.Kind = KindWon
	case "LST:":
		m.Kind = KindLost
	case "DRW:":
		m.Kind = KindDraw
	default:
		return Message{}, fmt.Errorf("gat: unknown server message %s", quote(line))
	}
	body := line[4:]
	if len(body) != 48 {
		return Message{}, fmt.Errorf("gat: server message %s: the board has %d characters, want 48 (16 entries of xyC)", quote(line), len(body))
	}
	b, err := engine.ParseGATBoard(body)
	if err != nil {
		return Message{}, fmt.Errorf("gat: server message %s: %w", quote(line), err)
	}
	m.Board = b
	return m, nil
}

// ParseClientMessage reads one line a client sends (without its CRLF):
// SET:<four distinct letters A-H> or MOV:<piece A-H>,<N|E|W|S|NORTH|EAST|
// WEST|SOUTH>. It is strict: upper case only (lower-case letters name the
// opponent's pieces in board strings), no spaces.
func ParseClientMessage(line string) (Message, error) {
	if line == "" {
		return Message{}, ErrEmpty
	}
	var m Message
	switch {
	case strings.HasPrefix(line, "SET:"):
		reds := line[4:]
		if len(reds) != 4 {
			return Message{}, fmt.Errorf("gat: placement %s: want SET: and the four red letters A-H, e.g. SET:BCFG", quote(line))
		}
		for i := 0; i < 4; i++ {
			c := reds[i]
			if c < 'A' || c > 'H' {
				return Message{}, fmt.Errorf("gat: placement %s: %q is not a piece letter A-H", quote(line), c)
			}
			bit := engine.Placement(1) << (c - 'A')
			if m.Reds&bit != 0 {
				return Message{}, fmt.Errorf("gat: placement %s: %c named twice", quote(line), c)
			}
			m.Reds |= bit
		}
		m.Kind = KindSet
		return m, nil
	case strings.HasPrefix(line, "MOV:"):
		rest := line[4:]
		if len(rest) < 3 || rest[1] != ',' {
			return Message{}, fmt.Errorf("gat: move %s: want MOV:<piece A-H>,<N|E|W|S>, e.g. MOV:A,N", quote(line))
		}
		c := rest[0]
		switch {
		case c >= 'a' && c <= 'h':
			return Message{}, fmt.Errorf("gat: move %s: %c names an opponent's piece; yours are A-H", quote(line), c)
		case c < 'A' || c > 'H':
			return Message{}, fmt.Errorf("gat: move %s: %q is not a piece letter A-H", quote(line), c)
		}
		m.Piece = int(c - 'A')
		switch rest[2:] {
		case "N", "NORTH":
			m.Dir = North
		case "E", "EAST":
			m.Dir = East
		case "W", "WEST":
			m.Dir = West
		case "S", "SOUTH":
			m.Dir = South
		default:
			return Message{}, fmt.Errorf("gat: move %s: direction %s: want N, E, W or S (or NORTH, EAST, WEST, SOUTH)", quote(line), quote(rest[2:]))
		}
		m.Kind = KindMove
		return m, nil
	}
	return Message{}, fmt.Errorf("gat: unknown client message %s: want SET:<reds> or MOV:<piece>,<dir>", quote(line))
}

// AppendMessage appends m as a protocol line with its CRLF.
func AppendMessage(dst []byte, m Message) []byte {
	switch m.Kind {
	case KindSetQ:
		dst = append(dst, "SET?"...)
	case KindMoveQ, KindWon, KindLost, KindDraw:
		switch m.Kind {
		case KindMoveQ:
			dst = append(dst, "MOV?"...)
		case KindWon:
			dst = append(dst, "WON:"...)
		case KindLost:
			dst = append(dst, "LST:"...)
		default:
			dst = append(dst, "DRW:"...)
		}
		dst = appendBoard(dst, &m.Board)
	case KindOK:
		dst = append(dst, "OK"...)
		if m.Captured != 0 {
			dst = append(dst, m.Captured)
		} else {
			dst = append(dst, ' ')
		}
	case KindNG:
		dst = append(dst, "NG "...)
	case KindSet:
		dst = append(dst, "SET:"...)
		for i := 0; i < 8; i++ {
			if m.Reds&(1<<i) != 0 {
				dst = append(dst, byte('A'+i))
			}
		}
	case KindMove:
		dst = append(dst, "MOV:"...)
		dst = append(dst, byte('A'+m.Piece), ',', "NEWS"[m.Dir&3])
	}
	return append(dst, '\r', '\n')
}

func appendBoard(dst []byte, b *engine.GATBoard) []byte {
	for _, e := range b {
		dst = append(dst, byte('0'+e.X), byte('0'+e.Y), e.C)
	}
	return dst
}

// Frame mapping. A player's own frame has x = 0..5 left to right and
// y = 0..5 top to bottom, its home rows at y = 4, 5 and its exits at
// (0,0) and (5,0). The first player's frame is the printed board (x ->
// file, y -> rank y+1); the second player's is turned by 180°.

// squareOf returns the board square at (x, y) of pl's frame.
func squareOf(x, y int8, pl engine.Player) engine.Square {
	if pl == engine.First {
		return engine.Sq(int(x), int(y)+1)
	}
	return engine.Sq(5-int(x), 6-int(y))
}

// xyOf returns the coordinates of board square s in pl's frame.
func xyOf(s engine.Square, pl engine.Player) (int8, int8) {
	if pl == engine.First {
		return int8(s.File()), int8(s.Rank() - 1)
	}
	return int8(5 - s.File()), int8(6 - s.Rank())
}

// homeXY returns where piece i (0..7 for A..H) starts in its owner's
// frame: A-D at (1..4, 4), E-H at (1..4, 5).
func homeXY(i int) (int8, int8) { return int8(i%4 + 1), int8(i/4 + 4) }

// StartBoard returns the board a player with placement reds sees before
// any move: its pieces with their colours, the opponent's as u.
func StartBoard(reds engine.Placement) engine.GATBoard {
	var b engine.GATBoard
	for i := 0; i < 8; i++ {
		x, y := homeXY(i)
		c := byte('B')
		if reds&(1<<i) != 0 {
			c = 'R'
		}
		b[i] = engine.GATPiece{X: x, Y: y, C: c}
		b[8+i] = engine.GATPiece{X: 5 - x, Y: 5 - y, C: 'u'}
	}
	return b
}

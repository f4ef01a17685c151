package analysis

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
)

// MaxRecordBytes caps what ReadGames reads.
const MaxRecordBytes = 16 << 20

// ReadGames reads game records: our JSON lines (what match, play and the
// GAT server write; see match.Record), or a GAT protocol log (ParseGATLog).
// The format is told by the first character that is not blank: '{' for
// JSON lines.
func ReadGames(r io.Reader) ([]match.Record, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxRecordBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxRecordBytes {
		return nil, fmt.Errorf("analysis: records larger than %d MiB", MaxRecordBytes>>20)
	}
	t := bytes.TrimSpace(data)
	if len(t) == 0 {
		return nil, errors.New("analysis: no games: the input is empty")
	}
	if t[0] == '{' {
		recs, err := match.ReadRecords(bytes.NewReader(t))
		if err != nil {
			return nil, err
		}
		return recs, nil
	}
	return ParseGATLog(string(t))
}

// boardRE finds a GAT board message anywhere on a line (a log may put a
// time, a direction or a player's name before it).
var boardRE = regexp.MustCompile(`(MOV\?|WON:|LST:|DRW:)((?:[0-9]{2}[RBrbu]){16})`)

// startOpponent is the opponent's part of a board at the start of a game,
// in the receiver's frame (GAT.md).
const startOpponent = "41u31u21u11u40u30u20u10u"

// ParseGATLog reads the games of a GAT protocol log as one player saw
// them: the lines it received, "MOV?<board>" for each of its turns and
// "WON:", "LST:" or "DRW:<board>" at the end (other lines, and anything
// before the message on a line, are ignored, so a log of both directions
// or with time stamps reads the same). Moves are worked out by comparing
// consecutive boards; the opponent's colours come from the final board,
// which shows every colour. The player is the first player when its
// first board shows the opponent still on its start squares. Each game
// becomes a record in our format, checked by replaying it.
func ParseGATLog(text string) ([]match.Record, error) {
	type msg struct {
		kind  string
		board engine.GATBoard
		line  int
	}
	var game []msg
	var recs []match.Record
	for n, line := range strings.Split(text, "\n") {
		m := boardRE.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		b, err := engine.ParseGATBoard(m[2])
		if err != nil {
			return recs, fmt.Errorf("analysis: GAT log line %d: %w", n+1, err)
		}
		game = append(game, msg{m[1], b, n + 1})
		if m[1] == "MOV?" {
			continue
		}
		var boards []engine.GATBoard
		for _, g := range game {
			boards = append(boards, g.board)
		}
		rec, err := gameFromBoards(boards, m[1])
		if err != nil {
			return recs, fmt.Errorf("analysis: GAT log, game ending on line %d: %w", n+1, err)
		}
		rec.Game = len(recs)
		recs = append(recs, rec)
		game = nil
	}
	if len(game) > 0 {
		return recs, fmt.Errorf("analysis: GAT log: the game from line %d has no final board (WON:, LST: or DRW:), so the opponent's colours are unknown", game[0].line)
	}
	if len(recs) == 0 {
		return nil, errors.New("analysis: GAT log: no board messages (MOV?, WON:, LST:, DRW:) found")
	}
	return recs, nil
}

// gameFromBoards rebuilds one game from the boards its player received.
func gameFromBoards(boards []engine.GATBoard, end string) (match.Record, error) {
	var rec match.Record
	if len(boards) < 2 {
		return rec, errors.New("a game needs at least one MOV? board before its end")
	}
	final := boards[len(boards)-1]
	first := boards[0]
	viewer := engine.First
	if first.String()[24:] != startOpponent {
		viewer = engine.Second
		// the start board, before the opponent's first move
		start, err := engine.ParseGATBoard(first.String()[:24] + startOpponent)
		if err != nil {
			return rec, err
		}
		boards = append([]engine.GATBoard{start}, boards...)
	}
	// Placements: the player's own colours are on every board, the
	// opponent's on the final one.
	var reds [2]string
	for i := 0; i < 16; i++ {
		c := final[i].C
		if i >= 8 && c == 'u' {
			return rec, fmt.Errorf("the final board %s hides the colour of opponent piece %c", final, 'a'+i-8)
		}
		if c == 'R' || c == 'r' {
			reds[i/8] += string(rune('A' + i%8))
		}
	}
	own, opp := viewer, viewer.Other()
	placements := map[engine.Player]string{own: reds[0], opp: reds[1]}
	rec.FirstReds, rec.SecondReds = placements[engine.First], placements[engine.Second]
	for i, b := range boards[:len(boards)-1] {
		next := boards[i+1]
		// The player moves first from each board it was sent (the start
		// board of a second player is the opponent's turn).
		order := []engine.Player{own, opp}
		if viewer == engine.Second && i == 0 {
			order = []engine.Player{opp}
		}
		var moved [2]engine.Move
		var found [2]bool
		for _, mover := range order {
			m, ok, err := movedPiece(b, next, mover == own, viewer)
			if err != nil {
				return rec, fmt.Errorf("from board %d to %d: %w", i+1, i+2, err)
			}
			moved[mover], found[mover] = m, ok
		}
		if len(order) == 2 && !found[own] && found[opp] {
			// The player's piece moved and was taken on its new square:
			// the boards show it captured; the opponent's move shows where.
			to := moved[opp].To()
			for j := 0; j < 8; j++ {
				if b[j].OnBoard() && next[j].Captured() && square(b[j], viewer).Distance(to) == 1 {
					moved[own], found[own] = engine.NewMove(square(b[j], viewer), to), true
				}
			}
		}
		for _, mover := range order {
			if !found[mover] {
				if i+1 == len(boards)-1 && mover == opp {
					continue // the game ended on the player's move
				}
				return rec, fmt.Errorf("from board %d to %d: no piece of the %s moved", i+1, i+2, map[bool]string{true: "player", false: "opponent"}[mover == own])
			}
			rec.Moves = append(rec.Moves, moved[mover].String())
		}
	}
	rec.First, rec.Second = "opponent", "opponent"
	if viewer == engine.First {
		rec.First = "log"
	} else {
		rec.Second = "log"
	}
	winner := map[string]engine.Player{"WON:": own, "LST:": opp}
	rec.Result = "draw"
	if w, ok := winner[end]; ok {
		rec.Result = sideName(w)
	}
	rec.Plies = len(rec.Moves)
	positions, _, err := rec.Replay()
	if err != nil {
		// The server may end a game for a reason the boards do not show
		// (time, a disconnect): keep the moves, say so.
		last := positions[len(positions)-1]
		if last.Outcome() == engine.Ongoing && len(positions) == len(rec.Moves)+1 {
			rec.Reason, rec.Detail = match.ReasonError, "the server ended the game ("+strings.TrimSuffix(end, ":")+") for a reason the boards do not show"
			return rec, nil
		}
		return rec, err
	}
	last := positions[len(positions)-1]
	if last.Outcome() == engine.Ongoing {
		// the server drew it at a limit of its own
		rec.Reason = match.ReasonPlyLimit
		return rec, nil
	}
	lastMove, err := engine.ParseMove(rec.Moves[len(rec.Moves)-1])
	if err != nil {
		return rec, err
	}
	rec.Reason = string(match.ReasonOf(last.EndAfter(lastMove, 0)))
	return rec, nil
}

// movedPiece finds the one piece of one side (own: the receiver's) that
// moved from board a to board b, as a move on the board. A piece that
// went to 99 was captured, not moved.
func movedPiece(a, b engine.GATBoard, own bool, viewer engine.Player) (engine.Move, bool, error) {
	lo := 8
	if own {
		lo = 0
	}
	var found []engine.Move
	for i := lo; i < lo+8; i++ {
		pa, pb := a[i], b[i]
		if pa.X == pb.X && pa.Y == pb.Y || pb.Captured() {
			continue
		}
		if !pa.OnBoard() {
			return 0, false, fmt.Errorf("piece %c comes back onto the board", gatName(i))
		}
		from := square(pa, viewer)
		var to engine.Square
		switch {
		case pb.Escaped():
			switch from.Rank() {
			case 1:
				to = engine.Sq(from.File(), 0)
			case 6:
				to = engine.Sq(from.File(), 7)
			default:
				return 0, false, fmt.Errorf("piece %c escapes from %s, which is no exit", gatName(i), from)
			}
		default:
			to = square(pb, viewer)
		}
		found = append(found, engine.NewMove(from, to))
	}
	switch len(found) {
	case 0:
		return 0, false, nil
	case 1:
		return found[0], true, nil
	}
	return 0, false, fmt.Errorf("%d pieces of one side moved at once", len(found))
}

func gatName(i int) rune {
	if i < 8 {
		return rune('A' + i)
	}
	return rune('a' + i - 8)
}

// square maps a board entry, in the receiver's frame, to the board.
func square(p engine.GATPiece, viewer engine.Player) engine.Square {
	if viewer == engine.First {
		return engine.Sq(int(p.X), int(p.Y)+1)
	}
	return engine.Sq(5-int(p.X), 6-int(p.Y))
}

package match

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// Record is one game as a JSON line: the agents, the game's seed, the
// placements (red letters A–H), the moves in from-to form, the result
// ("first", "second" or "draw") and how it ended.
type Record struct {
	Game       int      `json:"game"`
	Seed       uint64   `json:"seed"`
	First      string   `json:"first"`
	Second     string   `json:"second"`
	FirstReds  string   `json:"first_reds"`
	SecondReds string   `json:"second_reds"`
	Moves      []string `json:"moves"`
	Result     string   `json:"result"`
	Reason     string   `json:"reason"`
	Detail     string   `json:"detail,omitempty"`
	Plies      int      `json:"plies"`
	PlyLimit   int      `json:"ply_limit,omitempty"`
}

// RecordOf returns the record of game g, number i, between the agents
// first and second.
func RecordOf(g Game, i int, first, second string, plyLimit int) Record {
	r := Record{Game: i, Seed: g.Seed, First: first, Second: second,
		FirstReds: g.FirstReds.String(), SecondReds: g.SecondReds.String(),
		Moves: make([]string, len(g.Moves)), Reason: string(g.Reason), Detail: g.Detail,
		Plies: len(g.Moves), PlyLimit: plyLimit}
	for j, m := range g.Moves {
		r.Moves[j] = m.String()
	}
	switch g.Outcome {
	case engine.FirstWins:
		r.Result = "first"
	case engine.SecondWins:
		r.Result = "second"
	default:
		r.Result = "draw"
	}
	return r
}

// ReadRecords reads JSON lines of records; blank lines are skipped. An
// error names the line.
func ReadRecords(r io.Reader) ([]Record, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var out []Record
	line := 0
	for sc.Scan() {
		line++
		text := strings.TrimSpace(sc.Text())
		if text == "" {
			continue
		}
		rec, err := ParseRecord(text)
		if err != nil {
			return out, fmt.Errorf("line %d: %w", line, err)
		}
		out = append(out, rec)
	}
	if err := sc.Err(); err != nil {
		return out, fmt.Errorf("line %d: %w", line+1, err)
	}
	return out, nil
}

// ParseRecord reads one record line and checks that its fields are
// present and well formed (not that the game is legal: see Replay).
func ParseRecord(line string) (Record, error) {
	var rec Record
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return Record{}, fmt.Errorf("match: record: %w", err)
	}
	if dec.More() {
		return Record{}, errors.New("match: record: more than one JSON value on the line")
	}
	switch rec.Result {
	case "first", "second", "draw":
	default:
		return Record{}, fmt.Errorf("match: record: result %q: want first, second or draw", rec.Result)
	}
	return rec, nil
}

// Replay plays the record's game from its placements and returns the
// positions before each move and after the last (every colour shown), and
// the moves. It fails, naming the move, when a move is not legal or the
// result disagrees with the moves, and with ErrNotPlayed for a game
// forfeited before a player placed its pieces (a referee's record of a
// player that never answered, say), which has no position.
func (rec *Record) Replay() ([]engine.Position, []engine.Move, error) {
	if len(rec.Moves) == 0 && Reason(rec.Reason).Forfeit() && (rec.FirstReds == "" || rec.SecondReds == "") {
		return nil, nil, fmt.Errorf("match: game %d: %w", rec.Game, ErrNotPlayed)
	}
	fr, err := engine.ParsePlacement(rec.FirstReds)
	if err != nil {
		return nil, nil, fmt.Errorf("match: game %d: first_reds: %w", rec.Game, err)
	}
	sr, err := engine.ParsePlacement(rec.SecondReds)
	if err != nil {
		return nil, nil, fmt.Errorf("match: game %d: second_reds: %w", rec.Game, err)
	}
	p := engine.StartPosition(fr, sr)
	positions := []engine.Position{p}
	moves := make([]engine.Move, 0, len(rec.Moves))
	for i, s := range rec.Moves {
		if p.Outcome() != engine.Ongoing {
			return positions, moves, fmt.Errorf("match: game %d: move %d %q after the game ended", rec.Game, i+1, s)
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return positions, moves, fmt.Errorf("match: game %d: move %d: %w", rec.Game, i+1, err)
		}
		p.Make(m)
		positions = append(positions, p)
		moves = append(moves, m)
	}
	want := "draw"
	if w, ok := p.Outcome().Winner(); ok {
		want = map[engine.Player]string{engine.First: "first", engine.Second: "second"}[w]
	}
	forfeit := Reason(rec.Reason).Forfeit()
	if want != rec.Result && !(forfeit && want == "draw" && p.Outcome() == engine.Ongoing) {
		return positions, moves, fmt.Errorf("match: game %d: the moves end in %s, the record says %s", rec.Game, want, rec.Result)
	}
	if rec.Result == "draw" && p.Outcome() == engine.Ongoing && rec.PlyLimit > 0 && p.Ply() < rec.PlyLimit {
		return positions, moves, fmt.Errorf("match: game %d: a draw after %d plies, before the limit %d", rec.Game, p.Ply(), rec.PlyLimit)
	}
	return positions, moves, nil
}

package gat

import (
	"fmt"
	"strings"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/match"
)

// SideOf is the side a client plays: side ("first" or "f", "second" or
// "s", any case), or when side is "" the side of port (FirstPort: first,
// SecondPort: second; another port must say its side).
func SideOf(port int, side string) (engine.Player, error) {
	switch strings.ToLower(side) {
	case "":
		switch port {
		case FirstPort:
			return engine.First, nil
		case SecondPort:
			return engine.Second, nil
		}
		return engine.First, fmt.Errorf("--port %d: say --side first or --side second (the tournament's first player connects to %d, the second to %d)", port, FirstPort, SecondPort)
	case "first", "f":
		return engine.First, nil
	case "second", "s":
		return engine.Second, nil
	}
	return engine.First, fmt.Errorf("--side %q: want first or second", side)
}

// ClientGameJSON is a client's game as "geister gat connect --json"
// prints it.
type ClientGameJSON struct {
	Game      int    `json:"game"`
	Side      string `json:"side"`
	Result    string `json:"result"`
	Reason    string `json:"reason,omitempty"`
	How       string `json:"how"`
	Plies     int    `json:"plies"`
	Fallbacks int    `json:"fallback_moves"`
	Detail    string `json:"detail,omitempty"`
}

// JSON is the game without its record, for a line of JSON.
func (g ClientGame) JSON() ClientGameJSON {
	return ClientGameJSON{g.Number, g.Side.Name(), g.Result, string(g.Reason), g.How, g.Plies, g.Fallbacks, g.Detail}
}

// ServedGameJSON is a refereed game as "geister gat serve --json" prints
// it.
type ServedGameJSON struct {
	Game   int    `json:"game"`
	Result string `json:"result"`
	Reason string `json:"reason"`
	Detail string `json:"detail,omitempty"`
	Plies  int    `json:"plies"`
	First  string `json:"first"`
	Second string `json:"second"`
	// MoveTimes are each player's move times, first then second, from
	// the server's MOV? to the player's answer.
	MoveTimes [2]MoveTimes `json:"move_times"`
}

// MoveTimes are a player's move times in one game, in milliseconds.
type MoveTimes = match.MoveTimes

// JSON is the game without its moves, for a line of JSON.
func (g ServedGame) JSON() ServedGameJSON {
	return ServedGameJSON{g.Number, g.Result(), string(g.Game.Reason), g.Game.Detail, len(g.Game.Moves), g.Players[0], g.Players[1], g.Game.MoveTimes()}
}

// Line is the game in one line: "game K: first won (escape, 41 plies)",
// with the detail of an irregular end after a colon.
func (g ServedGame) Line() string {
	what := "drawn"
	if w, ok := g.Game.Outcome.Winner(); ok {
		what = w.Name() + " won"
	}
	s := fmt.Sprintf("game %d: %s (%s, %s)", g.Number, what, g.Game.Reason, words.Count(len(g.Game.Moves), "ply"))
	if g.Game.Detail != "" {
		s += ": " + g.Game.Detail
	}
	return s
}

package match

import (
	"errors"
	"fmt"

	"github.com/geister-solver/geister/engine"
)

// Reason is how a game ended: by a rule of the game (an engine.End:
// escape, blues taken, reds given, ply limit) or by a forfeit the referee
// decided (an illegal move, an agent's error, a clock run out, a
// disconnect). Its text is what records and reports show.
type Reason string

// How games end (Game.Reason).
const (
	ByEscape      Reason = "escape"       // the winner's blue left the board
	ByBluesTaken  Reason = "blues taken"  // the winner captured every opponent blue
	ByRedsGiven   Reason = "reds given"   // the winner's four reds were all captured
	ByPlyLimit    Reason = "ply limit"    // a draw at the limit
	ByIllegalMove Reason = "illegal move" // the loser's move, placement or message broke the rules
	ByAgentError  Reason = "agent error"  // the loser's agent failed
	ByTimeout     Reason = "timeout"      // the loser's clock ran out
	ByDisconnect  Reason = "disconnect"   // the loser's connection closed or failed
	// ByForfeit is a forfeit a player saw without being told why: the
	// referee ended the game where the moves do not.
	ByForfeit Reason = "forfeit"
)

// The reasons' earlier names, kept as untyped strings so that they still
// fit string fields; each compares equal to the Reason of the same text.
// New code names the Reason constants above.
const (
	ReasonEscape     = "escape"
	ReasonBluesTaken = "blues taken"
	ReasonRedsGiven  = "reds given"
	ReasonPlyLimit   = "ply limit"
	ReasonIllegal    = "illegal move"
	ReasonError      = "agent error"
)

// Reasons lists the reasons in the order reports show them.
var Reasons = []Reason{ByEscape, ByBluesTaken, ByRedsGiven, ByPlyLimit, ByIllegalMove, ByAgentError, ByTimeout, ByDisconnect, ByForfeit}

// ReasonOf returns the reason of a game that ended by the rules as e says
// (engine.Position.EndAfter); "" for engine.NotEnded.
func ReasonOf(e engine.End) Reason { return Reason(e.String()) }

// Forfeit reports whether r is a forfeit: the game ended by the
// referee's decision, not by a rule of the game, so its moves need not
// end it.
func (r Reason) Forfeit() bool {
	switch r {
	case ByIllegalMove, ByAgentError, ByTimeout, ByDisconnect, ByForfeit:
		return true
	}
	return false
}

// ParseReason reads a reason's text as records hold it.
func ParseReason(s string) (Reason, error) {
	for _, r := range Reasons {
		if string(r) == s {
			return r, nil
		}
	}
	return "", fmt.Errorf("match: reason %q: want one of escape, blues taken, reds given, ply limit, illegal move, agent error, timeout, disconnect, forfeit", s)
}

// ErrNotPlayed is Record.Replay's error for a game forfeited before both
// players had placed their pieces: it has no position to replay.
var ErrNotPlayed = errors.New("match: the game was forfeited before it began")

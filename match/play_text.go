package match

import (
	"errors"
	"fmt"
	"io"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/player"
)

// WriteEnd writes the end of a game as "geister play" does: the result
// with the plies and the placements (and the detail of a forfeit), after
// the final position with every colour shown when a person played
// (showFinal). names are the agents' specs, agents the agents (a person is
// a *player.Interruptible): a person who resigned loses, said in its
// place; one whose input ended abandons the game, which then has no
// result, and WriteEnd reports it.
func (g Game) WriteEnd(w io.Writer, names [2]string, plyLimit int, agents [2]player.Agent, showFinal bool) (abandoned bool) {
	rec := RecordOf(g, 0, names[0], names[1], plyLimit)
	final := rec.Final()
	for side, a := range agents {
		h, ok := a.(*player.Interruptible)
		if !ok || h.Stopped == nil || g.Reason != ByAgentError {
			continue
		}
		name := engine.Player(side).Name()
		if errors.Is(h.Stopped, io.EOF) {
			fmt.Fprintf(w, "\ngame abandoned at ply %d: the input ended before the %s player's move (type resign to resign)\n", len(g.Moves), name)
			return true
		}
		fmt.Fprintf(w, "\nfinal position, every colour shown:\n%s", final.Pretty())
		fmt.Fprintf(w, "result: %s wins: the %s player resigned at ply %d\n", engine.Player(1-side).Name(), name, len(g.Moves))
		return false
	}
	if showFinal {
		fmt.Fprintf(w, "\nfinal position, every colour shown:\n%s", final.Pretty())
	}
	fmt.Fprintf(w, "result: %s (%s) after %s; placements: first %s, second %s\n", rec.Result, rec.Reason, words.Count(rec.Plies, "ply"), rec.FirstReds, rec.SecondReds)
	if g.Detail != "" {
		fmt.Fprintf(w, "detail: %s\n", g.Detail)
	}
	return false
}

package gat

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/match"
)

// finish reads the end board and says how the game ended.
func (c *client) finish(g ClientGame, m Message, placed bool, refused string, gameSeed uint64) ClientGame {
	switch m.Kind {
	case KindWon:
		g.Result = "won"
	case KindLost:
		g.Result = "lost"
	default:
		g.Result = "drawn"
	}
	if !placed {
		g.How = "the game ended before it began: " + m.Kind.String()
		return g
	}
	followed := true
	if err := c.t.observe(&m.Board, true); err != nil {
		followed = false
		g.Detail = fmt.Sprintf("the last board does not follow the game: %v", err)
	}
	g.Plies = len(c.t.moves)
	end := engine.NotEnded
	if followed {
		last := engine.NoMove
		if k := len(c.t.moves); k > 0 {
			last = c.t.moves[k-1]
		}
		end = c.t.pos.EndAfter(last, 0)
	}
	reason := match.ReasonOf(end)
	g.How = string(reason)
	switch {
	case reason != "":
	case !followed:
		g.How = "a last board that does not follow the game"
	case m.Kind == KindDraw:
		reason = match.ByPlyLimit
		g.How = fmt.Sprintf("ply limit, %s", words.Count(g.Plies, "ply"))
	case refused != "":
		reason = match.ByIllegalMove
		g.How = "illegal move: " + refused
	case m.Kind == KindWon:
		reason = match.ByForfeit
		g.How = fmt.Sprintf("the opponent forfeited at ply %d: an illegal move, its clock or a disconnect", g.Plies+1)
	default:
		reason = match.ByForfeit
		g.How = fmt.Sprintf("forfeit at ply %d without a decisive board: our clock?", g.Plies+1)
	}
	g.Reason = reason
	if !followed {
		return g
	}
	if !c.t.oppKnown {
		g.Detail = "the last board does not show the opponent's colours: no record"
		return g
	}
	rec := match.Record{Game: g.Number, Seed: gameSeed, Moves: make([]string, len(c.t.moves)), Reason: string(reason), Plies: g.Plies}
	if refused != "" {
		rec.Detail = refused
	}
	for i, mv := range c.t.moves {
		rec.Moves[i] = mv.String()
	}
	opp := "opponent at " + c.cfg.Addr
	mine, theirs := c.t.reds.String(), c.t.oppReds.String()
	if c.cfg.Side == engine.First {
		rec.First, rec.Second, rec.FirstReds, rec.SecondReds = c.cfg.Name, opp, mine, theirs
	} else {
		rec.First, rec.Second, rec.FirstReds, rec.SecondReds = opp, c.cfg.Name, theirs, mine
	}
	switch g.Result {
	case "drawn":
		rec.Result = "draw"
		rec.PlyLimit = g.Plies
	case "won":
		rec.Result = c.cfg.Side.Name()
	default:
		rec.Result = c.cfg.Side.Other().Name()
	}
	g.Record = &rec
	return g
}

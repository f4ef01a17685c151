package player

import (
	"context"

	"github.com/geister-solver/geister/engine"
)

// randomAgent plays uniformly random legal moves but escapes when it can
// (paper 000 §5: "to keep the win conditions simple, it escapes when it
// can do so in one move").
type randomAgent struct {
	placer
	rng *engine.Rand
}

func newRandom(o *options, env Env) (Agent, error) {
	return &randomAgent{placer: newPlacer(o)}, nil
}

func (a *randomAgent) NewGame(side engine.Player, seed uint64) engine.Placement {
	a.rng = a.rand(seed)
	return a.place(a.rng, nil)
}

func (a *randomAgent) Move(ctx context.Context, v *View) (engine.Move, error) {
	p := &v.pos
	if esc := escapeSquares(p, p.Turn()); esc != 0 {
		var ml engine.MoveList
		ml.Generate(p)
		m, _ := escapeMove(&ml)
		return m, nil
	}
	return p.RandomMove(a.rng), nil
}

// escapeSquares returns pl's pieces that may escape now.
func escapeSquares(p *engine.Position, pl engine.Player) uint64 {
	esc := p.Pieces(pl, engine.Blue)
	if u := p.Pieces(pl, engine.Unknown); u != 0 && p.HiddenBlues(pl) > 0 {
		esc |= u
	}
	return esc & engine.Exits(pl)
}

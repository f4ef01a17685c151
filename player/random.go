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
	return v.pos.EscapeOrRandom(a.rng, engine.NoMove), nil
}

package player

import (
	"context"

	"geister/engine"
	"geister/haf"
)

// hayazashi is the policy that won GAT2021 (package haf): for every legal
// move the afterstate's score h, the sum of θ over its active bit pairs;
// it plays the first move of maximum h in the original program's order
// (its pieces A..H, each E, S, W, N) and places its reds uniformly at
// random. No search, no forced escape.
type hayazashi struct {
	placer
	w   *haf.Weights
	rng *engine.Rand
	// units letters the agent's pieces A..H as they started, followed
	// through the game's moves; seen moves of the game are applied. When
	// the game did not start from the start position (tracked false) the
	// pieces are lettered in reading order.
	units   haf.Units
	seen    int
	tracked bool
}

func newHayazashi(o *options, env Env) (Agent, error) {
	w, err := haf.Load(o.raw("weights"))
	if err != nil {
		return nil, err
	}
	return &hayazashi{placer: newPlacer(o), w: w}, nil
}

func (a *hayazashi) NewGame(side engine.Player, seed uint64) engine.Placement {
	a.rng = a.rand(seed)
	a.units, a.seen, a.tracked = haf.StartUnits(side), 0, true
	return a.place(a.rng, nil)
}

func (a *hayazashi) Move(ctx context.Context, v *View) (engine.Move, error) {
	p := &v.pos
	if a.tracked {
		if v.NumMoves() < a.seen {
			a.tracked = false
		} else {
			for ; a.seen < v.NumMoves(); a.seen++ {
				a.units.Play(v.MoveAt(a.seen))
			}
			a.tracked = a.units.Matches(p, v.me)
		}
	}
	var units *haf.Units
	if a.tracked {
		units = &a.units
	}
	m, err := a.w.Choose(p, units)
	if err != nil {
		return engine.NoMove, err
	}
	if m == engine.NoMove {
		return engine.NoMove, errorf("no legal move in %s", p)
	}
	return m, nil
}

// HAFWeights returns the θ that a hayazashi agent plays by, or nil for any
// other agent.
func HAFWeights(a Agent) *haf.Weights {
	if h, ok := a.(*hayazashi); ok {
		return h.w
	}
	return nil
}

package player

import (
	"context"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
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

// Decision is an agent's move in one position, and for hayazashi why.
type Decision struct {
	Move engine.Move
	// GATMove is the move in the GAT protocol's form, e.g. "C,N" (empty
	// when the mover's colours are not all shown).
	GATMove string
	// Scored lists, for hayazashi, every legal move in the original
	// order with its afterstate and h; Best is the index of the move
	// played (the first maximum). Empty for other agents.
	Scored []haf.Scored
	Best   int
}

// Decide returns the move agent a plays in p as p's side to move sees it
// (a game starting at p, seeded by seed, with draw limit plyLimit). The
// mover's pieces are lettered A..H by units (nil: reading order) for the
// GAT form of the move and for hayazashi's move order. The side to move
// must show its colours.
func Decide(ctx context.Context, a Agent, p engine.Position, units *haf.Units, seed uint64, plyLimit int) (Decision, error) {
	me := p.Turn()
	if p.Outcome() != engine.Ongoing || p.CountMoves() == 0 {
		return Decision{}, errorf("player: the game is over in %s: no move to choose", p.String())
	}
	if p.Pieces(me, engine.Unknown) != 0 {
		return Decision{}, errorf("player: %s: the side to move must show its colours (an agent knows its own pieces)", p.String())
	}
	st, err := haf.StateFromPosition(&p, me, units)
	if err != nil {
		return Decision{}, err
	}
	var d Decision
	if w := HAFWeights(a); w != nil {
		d.Scored = w.Afterstates(&st, nil)
		d.Best = haf.Best(d.Scored)
		d.Move = d.Scored[d.Best].Engine
	} else {
		a.NewGame(me, seed)
		v := NewView(p, me, nil, plyLimit)
		m, err := a.Move(ctx, &v)
		if err != nil {
			return Decision{}, err
		}
		if !p.IsLegal(m) {
			return Decision{}, errorf("player: the agent played %s, which is not legal in %s", m, p.String())
		}
		d.Move = m.Plain()
	}
	if hm, ok := st.FromEngine(d.Move); ok {
		d.GATMove = hm.String()
	}
	return d, nil
}

package player

import (
	"sort"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/sampling"
)

// world is one colouring of the opponent's hidden pieces (Pos shows every
// colour) with its probability under a belief.
type world struct {
	Pos engine.Position
	P   float64
}

// colourBelief is what beliefuct asks of a belief over the opponent's
// colours: follow the game, list the worlds it gives weight to (summing
// to 1, likeliest first) and draw one.
type colourBelief interface {
	Sync(pos *engine.Position, moves []engine.Move) error
	Worlds(pos *engine.Position) []world
	Sample(r *engine.Rand, pos *engine.Position) engine.Position
}

// uniformBelief gives the same weight to every placement of the opponent's
// eight pieces that agrees with what was seen (captures and the reds
// count): no inference from how the opponent moves. Placements that differ
// only in captured pieces' colours make one world, weighted by how many
// they are.
type uniformBelief struct {
	t      *sampling.Tracker
	worlds []world
	ok     []engine.Placement
}

func newUniformBelief(me engine.Player) *uniformBelief {
	return &uniformBelief{t: sampling.NewTracker(me)}
}

func (b *uniformBelief) Sync(pos *engine.Position, moves []engine.Move) error {
	if err := b.t.Sync(pos, moves); err != nil {
		return err
	}
	b.ok = b.ok[:0]
	for _, pl := range engine.Placements {
		if b.t.Consistent(pl) {
			b.ok = append(b.ok, pl)
		}
	}
	return nil
}

func (b *uniformBelief) Worlds(pos *engine.Position) []world {
	on := b.t.OnBoard()
	w := map[engine.Placement]int{}
	for _, pl := range b.ok {
		w[pl&engine.Placement(on)]++
	}
	b.worlds = b.worlds[:0]
	for pl, n := range w {
		b.worlds = append(b.worlds, world{Pos: b.t.World(pos, pl), P: float64(n) / float64(len(b.ok))})
	}
	sort.Slice(b.worlds, func(i, j int) bool {
		if b.worlds[i].P != b.worlds[j].P {
			return b.worlds[i].P > b.worlds[j].P
		}
		return b.worlds[i].Pos.Hash() < b.worlds[j].Pos.Hash()
	})
	return b.worlds
}

func (b *uniformBelief) Sample(r *engine.Rand, pos *engine.Position) engine.Position {
	if len(b.ok) == 0 {
		return *pos
	}
	return b.t.World(pos, b.ok[r.Intn(len(b.ok))])
}

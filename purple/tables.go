package purple

import "github.com/geister-solver/geister/engine"

// Tables gives exact values of purple-game positions: endgame tables.
// The solver, the alpha-beta search, the keeper game and the players
// all probe through it; *tablebase.DB implements it. A nil Tables means
// no tables.
type Tables interface {
	// Has reports whether material class c is complete in the tables.
	Has(c Class) bool
	// ProbeValue returns the value of p for prover, either side to move:
	// Win with the plies to the prover's forced win (DTW), Loss with the
	// plies to the opponent's forced win, or Ongoing when neither side
	// forces a win. A class the tables do not hold is an error.
	ProbeValue(p *engine.Position, prover engine.Player) (v Value, plies int, err error)
}

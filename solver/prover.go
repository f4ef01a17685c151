package solver

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// ParseProver reads a prover as users write it: "f" or "s" for the first
// or the second player, "" for SPEC §4's default (nil: the side showing
// all its colours, which depends on the position; see ProverOf).
func ParseProver(v string) (*engine.Player, error) {
	if v == "" {
		return nil, nil
	}
	p, ok := engine.ParsePlayer(v)
	if !ok {
		return nil, fmt.Errorf("prover %q: want f or s", v)
	}
	return &p, nil
}

// ProverOf returns the prover of a question about p: prover, whose pieces
// must all show their colours (purple.CheckProver), or SPEC §4's default
// when prover is nil (purple.DefaultProver).
func ProverOf(p *engine.Position, prover *engine.Player) (engine.Player, error) {
	if prover == nil {
		return purple.DefaultProver(p)
	}
	return *prover, purple.CheckProver(p, *prover)
}

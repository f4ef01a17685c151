// Package testpos generates positions for tests and benchmarks: random
// small material, and positions taken from random games.
package testpos

import (
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// Material places the prover's blues and reds (shown) and the opponent's
// hidden pieces, reds of them red, on random squares, with toMove to
// move. It returns false for counts no position can have.
func Material(r *engine.Rand, prover, toMove engine.Player, blues, reds, opp, oppReds int) (engine.Position, bool) {
	if blues < 1 || reds < 1 || oppReds < 1 || opp-oppReds < 1 || blues > 4 || reds > 4 || oppReds > 4 || opp-oppReds > 4 {
		return engine.Position{}, false
	}
	var p engine.Position
	put := func(pl engine.Player, k engine.Kind) { PutRandom(r, &p, pl, k) }
	for i := 0; i < blues; i++ {
		put(prover, engine.Blue)
	}
	for i := 0; i < reds; i++ {
		put(prover, engine.Red)
	}
	for i := 0; i < opp; i++ {
		put(prover.Other(), engine.Unknown)
	}
	p.SetReds(prover, reds)
	p.SetReds(prover.Other(), oppReds)
	p.SetTurn(toMove)
	return p, p.Validate() == nil
}

// PutRandom puts a piece of pl of kind k on a random empty square of p
// (p must have one).
func PutRandom(r *engine.Rand, p *engine.Position, pl engine.Player, k engine.Kind) {
	occ := p.Occupied(engine.First) | p.Occupied(engine.Second)
	for {
		s := engine.BoardSquares[r.Intn(36)]
		if occ&s.Bit() == 0 {
			p.Put(pl, k, s)
			return
		}
	}
}

// Small returns a random position with the prover's 1–2 blues and 1–2
// reds against 2–4 hidden pieces.
func Small(r *engine.Rand, prover, toMove engine.Player) engine.Position {
	for {
		opp := 2 + r.Intn(3)
		if p, ok := Material(r, prover, toMove, 1+r.Intn(2), 1+r.Intn(2), opp, 1+r.Intn(opp-1)); ok {
			return p
		}
	}
}

// NearEnd plays random games from random placements to their end and
// returns, from a game someone won, the position back plies before the
// end (1 ≤ back) as the winner sees it (the loser's pieces hidden), with
// the winner. Many such positions are sure wins, some are not.
func NearEnd(r *engine.Rand, maxBack int) (engine.Position, engine.Player) {
	for {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		var undos []engine.Undo
		for p.OutcomeWithLimit(engine.DefaultPlyLimit) == engine.Ongoing {
			undos = append(undos, p.Make(p.RandomMove(r)))
		}
		winner, ok := p.Outcome().Winner()
		if !ok {
			continue
		}
		back := 1 + r.Intn(min(maxBack, len(undos)))
		for i := 0; i < back; i++ {
			p.Unmake(undos[len(undos)-1-i])
		}
		p.Hide(winner.Other())
		return p, winner
	}
}

// FullMaterial plays a random game and returns a position in which both
// sides still have all eight pieces, after at least minPly plies, as
// prover sees it. It returns false if the game lost a piece first.
func FullMaterial(r *engine.Rand, minPly, maxPly int, prover engine.Player) (engine.Position, bool) {
	p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
	stop := minPly + r.Intn(maxPly-minPly+1)
	for p.Ply() < stop {
		p.Make(p.RandomMove(r))
		if p.Outcome() != engine.Ongoing || p.Count(engine.First) < 8 || p.Count(engine.Second) < 8 {
			return engine.Position{}, false
		}
	}
	p.Hide(prover.Other())
	return p, true
}

// FromGame plays a random game from random placements and returns the
// position at a random ply in [minPly, maxPly] as prover sees it, or
// false if the game ended before.
func FromGame(r *engine.Rand, minPly, maxPly int, prover engine.Player) (engine.Position, bool) {
	p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
	stop := minPly + r.Intn(maxPly-minPly+1)
	for p.Ply() < stop {
		p.Make(p.RandomMove(r))
		if p.Outcome() != engine.Ongoing {
			return engine.Position{}, false
		}
	}
	p.Hide(prover.Other())
	return p, true
}

// NearestExit returns the steps from pl's nearest blue to its nearer exit
// (99 without blues).
func NearestExit(p *engine.Position, pl engine.Player) int {
	d := 99
	for b := p.Pieces(pl, engine.Blue); b != 0; b &= b - 1 {
		d = min(d, engine.Square(bits.TrailingZeros64(b)).ExitDistance(pl))
	}
	return d
}

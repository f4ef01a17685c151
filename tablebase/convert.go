package tablebase

import (
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// fromPosition returns the board and side to move of p in the canonical
// orientation for prover (the prover as first player; the mirror is not
// folded here). The caller checks the class.
func fromPosition(p *engine.Position, prover engine.Player) (board, int) {
	opp := prover.Other()
	x := board{
		b: engine.Compact(p.Pieces(prover, engine.Blue)),
		r: engine.Compact(p.Pieces(prover, engine.Red)),
		o: engine.Compact(p.Occupied(opp)),
	}
	if prover == engine.Second {
		x = board{flip36(x.b), flip36(x.r), flip36(x.o)}
	}
	s := sideP
	if p.Turn() != prover {
		s = sideO
	}
	return x, s
}

// position returns the engine position of x with side s to move, the
// prover as first player, every opponent piece hidden.
func position(c purple.Class, x board, s int) engine.Position {
	var pieces [2][engine.NumKinds]uint64
	pieces[engine.First][engine.Blue] = engine.Expand(x.b)
	pieces[engine.First][engine.Red] = engine.Expand(x.r)
	pieces[engine.Second][engine.Unknown] = engine.Expand(x.o)
	toMove := engine.First
	if s != sideP {
		toMove = engine.Second
	}
	p, err := engine.FromBoards(pieces, [2]int{c.Reds, c.OppReds}, toMove)
	if err != nil {
		panic("tablebase: " + err.Error()) // a board of a valid class is a valid position
	}
	return p
}

package player

import (
	"context"

	"github.com/geister-solver/geister/engine"
)

// chototsu is the rule-based charge (猪突) of paper 001 §1 and paper 000
// §5, with pieces of one colour charging:
//
//  1. escape if a blue can;
//  2. else, if a charging piece stands on the far row (the row of the own
//     exits), step it towards the nearer exit;
//  3. else step the charging piece nearest the far row one square forward
//     (ties at random; a piece whose way is blocked by an own piece gives
//     way to the next nearest);
//  4. else (every charging piece blocked) play a random legal move.
//
// blue-chototsu charges with blues, red-chototsu with reds (paper 000 §5);
// chototsu is blue-chototsu with paper 001's fixed placement, the outer
// four pieces (A D E H) blue and the inner four (B C F G) red.
type chototsu struct {
	placer
	colour engine.Kind
	rng    *engine.Rand
}

// chototsuPlacement is paper 001 §1's: inner four red.
var chototsuPlacement, _ = engine.ParsePlacement("BCFG")

func newChototsu(colour engine.Kind, fixed bool) func(o *options, env Env) (Agent, error) {
	return func(o *options, env Env) (Agent, error) {
		a := &chototsu{placer: newPlacer(o), colour: colour}
		if fixed && !a.hasFixed {
			a.fixed, a.hasFixed = chototsuPlacement, true
		}
		return a, nil
	}
}

func (a *chototsu) NewGame(side engine.Player, seed uint64) engine.Placement {
	a.rng = a.rand(seed)
	return a.place(a.rng, nil)
}

func (a *chototsu) Move(ctx context.Context, v *View) (engine.Move, error) {
	return chototsuMove(&v.pos, a.colour, a.rng), nil
}

func chototsuMove(p *engine.Position, colour engine.Kind, rng *engine.Rand) engine.Move {
	me := p.Turn()
	own := p.Occupied(me)
	var ml engine.MoveList
	ml.Generate(p)
	if m, ok := escapeMove(&ml); ok {
		return m
	}
	pieces := p.Pieces(me, colour)
	far := farRank(me)
	// 2. On the far row: towards the nearer exit.
	var cands [8]engine.Move
	n := 0
	for b := pieces; b != 0; b &= b - 1 {
		s := engine.Square(trailing(b))
		if s.Rank() != far || engine.Exits(me)&s.Bit() != 0 {
			continue
		}
		df := -1
		if s.File() >= 3 {
			df = 1
		}
		if t, ok := step(s, df, 0); ok && own&t.Bit() == 0 {
			cands[n] = engine.NewMove(s, t)
			n++
		}
	}
	if n > 0 {
		return cands[rng.Intn(n)]
	}
	// 3. The piece nearest the far row steps forward; ties at random.
	for dist := 1; dist <= 5; dist++ {
		n = 0
		for b := pieces; b != 0; b &= b - 1 {
			s := engine.Square(trailing(b))
			d := s.Rank() - far
			if d < 0 {
				d = -d
			}
			if d != dist {
				continue
			}
			if t, ok := step(s, 0, forward(me)); ok && own&t.Bit() == 0 {
				cands[n] = engine.NewMove(s, t)
				n++
			}
		}
		if n > 0 {
			return cands[rng.Intn(n)]
		}
	}
	return ml.Moves[rng.Intn(ml.N)]
}

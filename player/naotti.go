package player

import (
	"context"

	"github.com/geister-solver/geister/alphabeta"
	"github.com/geister-solver/geister/engine"
)

// naotti is EACP, enumerating all colour placements (paper 000 §4.1, §5):
// for each legal move and each assignment of colours to the opponent's
// hidden pieces that agrees with the reds it has left (at most 70), an
// alpha-beta search of the given depth (the move counts as the first ply)
// scores the move in that world, with every colour shown; the move's value
// is the minimum over the worlds, and the move of greatest value is
// played. Naotti1.0 evaluates the blue-count difference, Naotti1.1
// b − 0.001·D (alphabeta.BlueCount, alphabeta.BlueCountDistance).
//
// The minimum over worlds and the maximum over moves are computed with
// exact pruning: a world is searched in the window (best so far, the
// move's minimum so far), and a move stops being searched as soon as one
// world shows it cannot beat the best. The result equals the plain
// computation (tested against it).
type naotti struct {
	placer
	eval   alphabeta.Eval
	depth  int
	random bool
	rng    *engine.Rand
	s      *alphabeta.Searcher
	worlds []engine.Position
	nodes  uint64
}

func newNaotti(e alphabeta.Eval) func(o *options, env Env) (Agent, error) {
	return func(o *options, env Env) (Agent, error) {
		d := o.int("depth")
		if d < 1 || d > 12 {
			return nil, errorf("depth=%d: want 1 to 12", d)
		}
		return &naotti{placer: newPlacer(o), eval: e, depth: d, random: o.bool("random")}, nil
	}
}

func (a *naotti) NewGame(side engine.Player, seed uint64) engine.Placement {
	a.rng = a.rand(seed)
	return a.place(a.rng, nil)
}

// Worlds returns every position that agrees with p for the side to move:
// the opponent's hidden pieces given colours in every way that leaves the
// opponent its hidden reds.
func Worlds(p *engine.Position, dst []engine.Position) []engine.Position {
	me := p.Turn()
	opp := me.Other()
	hidden := p.Pieces(opp, engine.Unknown)
	var squares [8]engine.Square
	n := 0
	for b := hidden; b != 0; b &= b - 1 {
		squares[n] = engine.Square(trailing(b))
		n++
	}
	reds := p.HiddenReds(opp)
	dst = dst[:0]
	for mask := 0; mask < 1<<n; mask++ {
		if popcount(uint64(mask)) != reds {
			continue
		}
		w := *p
		for i := 0; i < n; i++ {
			w.Remove(opp, engine.Unknown, squares[i])
			k := engine.Blue
			if mask&(1<<i) != 0 {
				k = engine.Red
			}
			w.Put(opp, k, squares[i])
		}
		if err := w.Validate(); err != nil {
			continue
		}
		dst = append(dst, w)
	}
	return dst
}

func (a *naotti) Move(ctx context.Context, v *View) (engine.Move, error) {
	p := v.Position()
	if a.s == nil {
		a.s = alphabeta.New(alphabeta.Options{Eval: a.eval, TTBits: 16, PlyLimit: v.PlyLimit()})
	}
	a.worlds = Worlds(&p, a.worlds)
	var ml engine.MoveList
	ml.Generate(&p)
	if m, ok := escapeMove(&ml); ok {
		return m, nil
	}
	best, ties := eacp(ctx, a.s, a.worlds, ml.Slice(), a.depth, a.random, &a.nodes)
	if ctx.Err() != nil && best == engine.NoMove {
		return engine.NoMove, ctx.Err()
	}
	if a.random && len(ties) > 1 {
		return ties[a.rng.Intn(len(ties))], nil
	}
	return best, nil
}

const inf = alphabeta.Win + 1

// eacp returns the move of greatest minimum value over the worlds, and
// with wantTies every move of that value (else only the first such move
// in the order given). nodes accumulates the nodes searched.
func eacp(ctx context.Context, s *alphabeta.Searcher, worlds []engine.Position, moves []engine.Move, depth int, wantTies bool, nodes *uint64) (engine.Move, []engine.Move) {
	best := -inf
	var bestMove engine.Move
	var ties []engine.Move
	first := 0 // the world that refuted the last move is tried first
	for _, m := range moves {
		cur := inf
		for j := range worlds {
			wi := (first + j) % len(worlds)
			alpha := best
			if wantTies {
				alpha = best - 1
			}
			v := s.AfterMove(ctx, &worlds[wi], m, depth, alpha, cur)
			*nodes += s.Nodes()
			if v < cur {
				cur = v
			}
			if cur <= alpha {
				first = wi
				break
			}
		}
		if ctx.Err() != nil {
			break
		}
		switch {
		case cur > best:
			best, bestMove = cur, m
			ties = append(ties[:0], m)
		case cur == best && wantTies:
			ties = append(ties, m)
		}
	}
	return bestMove, ties
}

package keeper

import (
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Step is one ply of a keeper-game line: the move, and for a keeper move
// the opponent piece it gives the value 1 (step 8(b)), else NoSquare.
type Step struct {
	Move engine.Move
	Mark engine.Square
}

// String returns the move text, with "+v1" after a keeper move that gives
// the exit piece the value 1 first.
func (s Step) String() string {
	if s.Mark != engine.NoSquare {
		return s.Move.String() + "+v1"
	}
	return s.Move.String()
}

// Line returns a principal line of N's sure win from p (prover n, K's
// piece of value 1 on marked) against the algorithm: N's fastest moves
// against the choices that delay longest, until the game ends (at most
// maxPlies). It fails when p is not a solved N win.
func (s *Solved) Line(p engine.Position, n engine.Player, marked engine.Square, maxPlies int) ([]Step, error) {
	v, ok := s.Value(&p, n, marked)
	if !ok || !v.Win {
		return nil, errorf("%s is no solved win of %s against the algorithm", p.String(), n)
	}
	k := n.Other()
	var line []Step
	var buf []Choice
	// after returns the distance of N's win after m (0: the game is won),
	// or -1 when the position after m is no N win.
	after := func(m engine.Move, mark engine.Square) int {
		next := NextMark(&p, k, marked, m, mark)
		q := p
		q.Make(m)
		if q.Outcome() != engine.Ongoing {
			if w, ok := q.Outcome().Winner(); ok && w == n {
				return 0
			}
			return -1
		}
		if nv, ok := s.Value(&q, n, next); ok && nv.Win {
			return nv.Plies
		}
		return -1
	}
	for len(line) < maxPlies && p.Outcome() == engine.Ongoing {
		cur, _ := s.Value(&p, n, marked)
		best, bestD := Step{}, -1
		if p.Turn() == n {
			var ml engine.MoveList
			ml.Generate(&p)
			for _, m := range ml.Slice() {
				m = purple.ProverMove(&p, n, m)
				if d := after(m, engine.NoSquare); d >= 0 && d < cur.Plies && (bestD < 0 || d < bestD) {
					best, bestD = Step{m, engine.NoSquare}, d
				}
			}
		} else {
			b := BoardOf(&p)
			buf = Choices(&b, marked, s.reading, buf[:0])
			for _, c := range buf {
				d := after(c.Move, c.Mark)
				if d < 0 {
					return line, errorf("the solved values are inconsistent at %s: %s is no N win", p.String(), c.Move)
				}
				if d > bestD {
					best, bestD = Step(c), d
				}
			}
		}
		if bestD < 0 || bestD != cur.Plies-1 {
			return line, errorf("the solved values are inconsistent at %s (value %d, best successor %d)", p.String(), cur.Plies, bestD)
		}
		line = append(line, best)
		marked = NextMark(&p, k, marked, best.Move, best.Mark)
		p.Make(best.Move)
	}
	return line, nil
}

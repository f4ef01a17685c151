package keeper

import (
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// Reach is the outcome of a backward check of whether keeper play can
// have led to a position.
type Reach struct {
	// Consistent: some sequence of Depth plies ends in the position, with
	// every keeper move in it one of Algorithm 1's choices (for some value
	// state of the algorithm) and every opponent move legal.
	Consistent bool
	Depth      int
	// Line is such a sequence (oldest first) when Consistent, with the
	// position it starts from.
	Line  []engine.Move
	Start string
}

// Consistent checks the last depth plies before p (N the prover, K the
// other side, all K's pieces hidden): is there a sequence of depth plies
// leading to p in which K's moves are Algorithm 1's choices? It is a
// necessary condition of reachability by keeper play, not a sufficient
// one: what came before the window is not checked. Captures are taken
// back too (of either colour where the counts allow), escapes cannot be.
func Consistent(p engine.Position, n engine.Player, r Reading, depth int) Reach {
	q := p
	if n == engine.Second {
		q = p.Swapped()
	}
	var line []engine.Move
	var start engine.Position
	var back func(p *engine.Position, d int) bool
	back = func(p *engine.Position, d int) bool {
		if d == 0 {
			start = *p
			return true
		}
		ok := false
		predecessors(p, r, func(pred *engine.Position, m engine.Move) bool {
			if back(pred, d-1) {
				line = append(line, m)
				ok = true
				return false
			}
			return true
		})
		return ok
	}
	res := Reach{Depth: depth}
	if back(&q, depth) {
		res.Consistent = true
		if n == engine.Second {
			start = start.Swapped()
			for i := range line {
				line[i] = engine.SwapMove(line[i])
			}
		}
		res.Line, res.Start = line, start.String()
	}
	return res
}

// predecessors calls fn with each position one ply before p (N = first
// player) from which the last move leads to p and, for a keeper move, is
// one of Algorithm 1's choices; fn returns false to stop.
func predecessors(p *engine.Position, r Reading, fn func(*engine.Position, engine.Move) bool) {
	mover := p.Turn().Other()
	k := engine.Second
	occ := p.Occupied(engine.First) | p.Occupied(engine.Second)
	var buf []Choice
	for x := p.Occupied(mover); x != 0; x &= x - 1 {
		to := engine.Square(bits.TrailingZeros64(x))
		_, kind, _ := p.At(to)
		for z := engine.Neighbours(to.Bit()); z != 0; z &= z - 1 {
			from := engine.Square(bits.TrailingZeros64(z))
			if occ&from.Bit() != 0 {
				continue
			}
			m := engine.NewMove(from, to)
			// The captured piece, if any: none, or each kind the counts allow.
			for _, cap := range captives(p, mover) {
				q := *p
				q.Remove(mover, kind, to)
				q.Put(mover, kind, from)
				victim := mover.Other()
				if cap.ok {
					q.Put(victim, cap.kind, to)
					q.SetReds(victim, p.Reds(victim)+cap.red)
				}
				q.SetTurn(mover)
				q.SetPly(0)
				if q.Validate() != nil {
					continue
				}
				if mover == k && !keeperMay(&q, m, r, &buf) {
					continue
				}
				if !fn(&q, m) {
					return
				}
			}
		}
	}
}

type captive struct {
	ok   bool
	kind engine.Kind
	red  int
}

// captives lists what the last move of mover may have captured: nothing,
// or a piece of the other side of each colour its counts leave room for
// (hidden for K's pieces, shown for N's).
func captives(p *engine.Position, mover engine.Player) []captive {
	out := []captive{{}}
	v := mover.Other()
	if p.Count(v) >= 8 {
		return out
	}
	kind := engine.Unknown
	if v == engine.First {
		if p.Blues(v) < 4 {
			out = append(out, captive{true, engine.Blue, 0})
		}
		if p.Reds(v) < 4 {
			out = append(out, captive{true, engine.Red, 1})
		}
		return out
	}
	if p.Blues(v) < 4 {
		out = append(out, captive{true, kind, 0})
	}
	if p.Reds(v) < 4 {
		out = append(out, captive{true, kind, 1})
	}
	return out
}

// keeperMay reports whether Algorithm 1 may play m in q for some value
// state: no piece of value 1, or (where the algorithm can hold one) any
// of N's pieces.
func keeperMay(q *engine.Position, m engine.Move, r Reading, buf *[]Choice) bool {
	b := BoardOf(q)
	marks := []engine.Square{engine.NoSquare}
	if bits.OnesCount64(b.K) == 2 && b.NReds == 1 {
		for x := b.N; x != 0; x &= x - 1 {
			marks = append(marks, engine.Square(bits.TrailingZeros64(x)))
		}
	}
	for _, mk := range marks {
		*buf = Choices(&b, mk, r, (*buf)[:0])
		for _, c := range *buf {
			if c.Move == m {
				return true
			}
		}
	}
	return false
}

package player

import (
	"context"
	"math/bits"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/sampling"
	"github.com/geister-solver/geister/solver"
)

// exactKnowledge is what beliefuct knows for certain: the prover's sure
// wins (df-pn over the purple game, the tables first), the opponent's
// sure wins in a world (its colours shown, ours purple to it), and the
// tables' values at the leaves of the search.
type exactKnowledge struct {
	me     engine.Player
	tables purple.Tables
	limit  int
	ttMB   int
	// solvers by question and budget: each keeps its transposition
	// table through the game.
	solvers map[solverKey]*solver.Solver
	// cache of leaf probes: key the world's hash with the prover in bit 0,
	// value 1 + the outcome (0: empty slot).
	keys [1 << 14]uint64
	vals [1 << 14]int8
	// Probes counts the tables' leaf probes (cache misses).
	Probes int
}

func newExactKnowledge(me engine.Player, tables purple.Tables, plyLimit int, ttMB int) *exactKnowledge {
	return &exactKnowledge{me: me, tables: tables, limit: plyLimit, ttMB: ttMB, solvers: map[solverKey]*solver.Solver{}}
}

type solverKey struct {
	opp      bool
	nodes    uint64
	maxPlies int
}

func (e *exactKnowledge) solver(k solverKey) *solver.Solver {
	s := e.solvers[k]
	if s == nil {
		s = solver.New(solver.Options{PlyLimit: e.limit, TTMegabytes: e.ttMB, Tables: e.tables, MaxNodes: k.nodes, MaxPlies: k.maxPlies})
		e.solvers[k] = s
	}
	return s
}

// sureWin returns our winning move in p (our view: our colours shown, the
// opponent's hidden), if the tables or df-pn within nodes prove one of at
// most maxPlies plies (0: any length).
func (e *exactKnowledge) sureWin(ctx context.Context, p *engine.Position, nodes uint64, maxPlies int) (engine.Move, int, bool) {
	a, err := e.solver(solverKey{nodes: nodes, maxPlies: maxPlies}).Solve(ctx, *p, e.me)
	if err != nil || a.Result != solver.Win || a.Move == engine.NoMove || !p.IsLegal(a.Move) {
		return engine.NoMove, 0, false
	}
	return a.Move.Plain(), a.Plies, true
}

// oppWins reports whether, in world w (every colour shown) with the
// opponent to move, the opponent surely wins: it knows its own colours,
// ours are hidden from it. Within the tables the answer is exact; beyond
// them df-pn searches for a win of at most maxPlies plies within nodes.
func (e *exactKnowledge) oppWins(ctx context.Context, w *engine.Position, nodes uint64, maxPlies int) (proved bool, used uint64) {
	opp := e.me.Other()
	q := *w
	q.Hide(e.me)
	if e.tables != nil {
		if c, ok := purple.ClassOf(&q, opp); ok && e.tables.Has(c) {
			v, plies, err := e.tables.ProbeValue(&q, opp)
			return err == nil && v == purple.Win && e.inTime(&q, plies), 0
		}
	}
	if nodes == 0 {
		return false, 0
	}
	a, err := e.solver(solverKey{opp: true, nodes: nodes, maxPlies: maxPlies}).Solve(ctx, q, opp)
	return err == nil && a.Result == solver.Win, a.Nodes
}

// inTime reports whether a win plies away from p comes before the draw
// limit.
func (e *exactKnowledge) inTime(p *engine.Position, plies int) bool {
	return e.limit <= 0 || p.Ply()+plies <= e.limit
}

// leaf returns the tables' outcome of world p (every colour shown) when
// either side surely wins there in the tables, or Ongoing.
func (e *exactKnowledge) leaf(p *engine.Position) engine.Outcome {
	if e.tables == nil || bits.OnesCount64(p.Occupied(engine.First)|p.Occupied(engine.Second)) > 8 {
		return engine.Ongoing
	}
	h := p.Hash()
	for _, pr := range [2]engine.Player{p.Turn(), p.Turn().Other()} {
		key := h&^1 | uint64(pr)
		slot := key & (uint64(len(e.keys)) - 1)
		if e.vals[slot] != 0 && e.keys[slot] == key {
			if o := engine.Outcome(e.vals[slot] - 1); o != engine.Ongoing {
				return o
			}
			continue
		}
		o := e.probe(p, pr)
		e.keys[slot], e.vals[slot] = key, int8(o)+1
		if o != engine.Ongoing {
			return o
		}
	}
	return engine.Ongoing
}

// probe asks the tables whether prover surely wins in world p with the
// other side's colours hidden.
func (e *exactKnowledge) probe(p *engine.Position, prover engine.Player) engine.Outcome {
	q := *p
	q.Hide(prover.Other())
	c, ok := purple.ClassOf(&q, prover)
	if !ok || !e.tables.Has(c) {
		return engine.Ongoing
	}
	e.Probes++
	v, plies, err := e.tables.ProbeValue(&q, prover)
	if err != nil || v != purple.Win || !e.inTime(&q, plies) {
		return engine.Ongoing
	}
	return engine.WinFor(prover)
}

// playout is beliefuct's PlayoutFunc: the tables' value where they decide
// the leaf, otherwise square-first random moves (paper 004 §5.3).
func (e *exactKnowledge) playout(p *engine.Position, r *engine.Rand, plyLimit int) engine.Outcome {
	if o := e.leaf(p); o != engine.Ongoing {
		return o
	}
	return squareFirst(p, r, plyLimit)
}

// squareFirst is the PlayoutFunc of paper 004 §5.3's square-first random
// moves, beliefuct's playout where no table decides the leaf.
func squareFirst(p *engine.Position, r *engine.Rand, plyLimit int) engine.Outcome {
	b, _ := sampling.BoardOf(p)
	return b.PlayoutSquareFirst(r, plyLimit)
}

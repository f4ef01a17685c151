package solver

import (
	"errors"
	"fmt"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/proof"
	"github.com/geister-solver/geister/purple"
)

// buildProof fills a.Proof for a proven win of a.Plies plies: the tree of
// a winning strategy (package proof) walked from the transposition table,
// searching again, bounded, where the table no longer holds a node's
// proof. A position met again with as many plies left or more is shared.
// Leaves are positions won by the rules and, when the solver has tables,
// positions whose class they hold.
func (s *Solver) buildProof(a *Answer) error {
	if s.opts.ForOpponent {
		return errors.New("solver: a proof is written for the prover's win only")
	}
	if s.limit > 0 {
		s.limit = s.nodes + max(s.opts.MaxNodes, lineNodes)
	}
	b := &proofBuilder{s: s, memo: map[engine.Position]builtNode{}}
	root, plies, err := b.build(a.Plies)
	if err != nil {
		return fmt.Errorf("solver: the proof of %s: %w", a.Position, err)
	}
	p := &proof.Proof{Position: s.g.pos, Prover: s.g.prover, Plies: plies}
	if root.Leaf.Kind != proof.NotLeaf {
		p.Nodes = []proof.Node{{Leaf: root.Leaf}}
	} else {
		// Built children first (post-order, the root last): numbered
		// backwards, every child comes after its parents and the root is
		// node 0.
		n := len(b.nodes)
		p.Nodes = make([]proof.Node, n)
		for i, node := range b.nodes {
			for k := range node.Edges {
				if node.Edges[k].Leaf.Kind == proof.NotLeaf {
					node.Edges[k].Child = n - 1 - node.Edges[k].Child
				}
			}
			p.Nodes[n-1-i] = node
		}
	}
	a.Proof = p
	return nil
}

type proofBuilder struct {
	s     *Solver
	nodes []proof.Node // post-order
	memo  map[engine.Position]builtNode
}

// builtNode is a node built before: its number and the plies it wins in.
type builtNode struct {
	id, plies int
}

// build returns the edge target of the game's current node, which wins
// within k plies, and the plies its proof takes.
func (b *proofBuilder) build(k int) (proof.Edge, int, error) {
	g := b.s.g
	if err := b.s.ctx.Err(); err != nil {
		return proof.Edge{}, 0, errBudget
	}
	switch purple.ValueOf(&g.pos, g.prover) {
	case purple.Win:
		return proof.Edge{Leaf: proof.Leaf{Kind: proof.Won}}, 0, nil
	case purple.Ongoing:
	default:
		return proof.Edge{}, 0, fmt.Errorf("internal error: %s is lost, yet proven won within %d plies", g.pos.String(), k)
	}
	if k <= 0 {
		return proof.Edge{}, 0, fmt.Errorf("internal error: %s is not won, with no plies left", g.pos.String())
	}
	if g.tables != nil {
		if c, ok := purple.ClassOf(&g.pos, g.prover); ok && g.tables.Has(c) {
			v, n, err := g.tables.ProbeValue(&g.pos, g.prover)
			if err != nil {
				return proof.Edge{}, 0, err
			}
			if v != purple.Win || n > k {
				return proof.Edge{}, 0, fmt.Errorf("internal error: the tables hold %s as %s in %d, yet it is proven won within %d plies", g.pos.String(), v, n, k)
			}
			return proof.Edge{Leaf: proof.Leaf{Kind: proof.InTable, Plies: n}}, n, nil
		}
	}
	key := memoKey(&g.pos)
	if m, ok := b.memo[key]; ok && m.plies <= k {
		return proof.Edge{Child: m.id}, m.plies, nil
	}
	var node proof.Node
	plies := 0
	if g.OrNode() {
		m, err := b.choose(k)
		if err != nil {
			return proof.Edge{}, 0, err
		}
		g.Play(m)
		e, p, err := b.build(k - 1)
		g.Undo()
		if err != nil {
			return proof.Edge{}, 0, err
		}
		e.Move = engine.Move(m).Plain()
		node.Edges, plies = []proof.Edge{e}, p+1
	} else {
		moves := g.Moves(nil)
		node.Edges = make([]proof.Edge, 0, len(moves))
		for _, m := range moves {
			g.Play(m)
			e, p, err := b.build(k - 1)
			g.Undo()
			if err != nil {
				return proof.Edge{}, 0, fmt.Errorf("after %s: %w", engine.Move(m).Plain(), err)
			}
			e.Move = engine.Move(m).Plain()
			node.Edges = append(node.Edges, e)
			plies = max(plies, p+1)
		}
	}
	id := len(b.nodes)
	b.nodes = append(b.nodes, node)
	b.memo[key] = builtNode{id, plies}
	return proof.Edge{Child: id}, plies, nil
}

// choose returns the prover's move at the current node, which wins within
// k plies: a move that wins at once, else one into a node already built
// within k-1 plies, else the child with the shortest proof the table
// holds, else the first move of a fresh search's proof.
func (b *proofBuilder) choose(k int) (dfpn.Move, error) {
	s, g := b.s, b.s.g
	fs := s.childFacts()
	best := -1
	for i, f := range fs {
		if f.winIn == 0 {
			return f.move, nil
		}
		g.Play(f.move)
		m, ok := b.memo[memoKey(&g.pos)]
		g.Undo()
		if ok && m.plies <= k-1 {
			return f.move, nil
		}
		if int(f.winIn) <= k-1 && (best < 0 || f.winIn < fs[best].winIn) {
			best = i
		}
	}
	if best >= 0 {
		return fs[best].move, nil
	}
	r, err := s.search(k, SearchProof)
	if err != nil {
		return 0, err
	}
	if r.Status != dfpn.Proven {
		return 0, fmt.Errorf("internal error: %s is not proven won within %d plies again (%s)", g.pos.String(), k, r.Status)
	}
	for _, f := range fs {
		if f.move == r.Best {
			return f.move, nil
		}
	}
	return 0, fmt.Errorf("internal error: the proof's move %s is not a move of %s", engine.Move(r.Best), g.pos.String())
}

// Package proofcheck checks a sure-win proof (package proof) with nothing
// but the rules: the engine's move generation and outcomes, the purple
// game's worst case for hidden pieces (SPEC §4), and, for leaves held by
// the endgame tables, a probe of the tables (whose own verification the
// caller runs on the classes the proof used). It never searches: no df-pn,
// no transposition table, so a fault in the search that wrote the proof
// cannot hide in its check.
//
//	p, err := proof.Read(f)
//	rep, err := proofcheck.Check(ctx, p, proofcheck.Options{Tables: db})
//	// err == nil: p.Prover surely wins p.Position within rep.Plies plies
//
// What is checked, node by node from the root: the prover's node names one
// legal move; the opponent's node names every legal reply exactly once;
// a leaf "won" is won by the rules; a table leaf is in a class the tables
// hold, as a win within its plies; a node reached from several parents is
// the same position from each (the ply count aside: a proof ignores the
// draw limit); every node is reached. Children come after their parents,
// so the proof has no cycle and every line ends at a leaf; the distance
// proven is computed from the leaves up (the prover's node: one more than
// its child; the opponent's: one more than its longest reply) and must
// not exceed the plies the proof claims.
package proofcheck

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/proof"
	"github.com/geister-solver/geister/purple"
)

// ErrInvalid is wrapped by every error that says the proof is wrong (not
// by a cancelled context or a failing table).
var ErrInvalid = errors.New("proofcheck: the proof does not hold")

// Options are a check's settings.
type Options struct {
	// Tables answer the proof's table leaves (nil: a proof with a table
	// leaf is refused).
	Tables purple.Tables
	// VerifyTables, when set, is called once with the classes (closed
	// under captures, purple.Closure) whose entries the proof used, before
	// Check returns: the tables' own verification. Its error is Check's.
	VerifyTables func(ctx context.Context, classes []purple.Class) error
}

// Report is what a successful check established.
type Report struct {
	// Plies: the proof shows a win within this many plies (at most the
	// plies it claims, Claimed).
	Plies   int
	Claimed int
	proof.Stats
	// Classes whose table entries the proof's leaves used.
	Classes []purple.Class
	Elapsed time.Duration
}

// Check checks p. A nil error means p.Prover surely wins p.Position within
// Report.Plies plies; an error wrapping ErrInvalid names the node, the
// position and what is wrong.
func Check(ctx context.Context, p *proof.Proof, o Options) (Report, error) {
	start := time.Now()
	rep := Report{Claimed: p.Plies, Stats: p.Stats()}
	c := checker{prover: p.Prover, o: o, classes: map[purple.Class]bool{}}
	root := p.Position
	if err := root.Validate(); err != nil {
		return rep, fmt.Errorf("%w: the root: %w", ErrInvalid, err)
	}
	if err := purple.CheckProver(&root, p.Prover); err != nil {
		return rep, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	n := len(p.Nodes)
	if n == 0 {
		return rep, fmt.Errorf("%w: no root node", ErrInvalid)
	}
	pos := make([]engine.Position, n)
	reached := make([]bool, n)
	value := make([]int32, n)
	pos[0], reached[0] = key(&root), true
	var ml engine.MoveList
	for i := range p.Nodes {
		if i%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return rep, err
			}
		}
		if !reached[i] {
			return rep, fmt.Errorf("%w: node %d is the child of no earlier node", ErrInvalid, i)
		}
		node := &p.Nodes[i]
		q := &pos[i]
		if node.Leaf.Kind != proof.NotLeaf {
			v, err := c.leaf(q, node.Leaf)
			if err != nil {
				return rep, fmt.Errorf("%w: node %d: %w", ErrInvalid, i, err)
			}
			value[i] = int32(v)
			continue
		}
		if o := q.Outcome(); o != engine.Ongoing {
			return rep, fmt.Errorf("%w: node %d: the game is over in %s (%s), yet the node has moves", ErrInvalid, i, q.String(), purple.ValueOf(q, p.Prover))
		}
		ml.Generate(q)
		legal := ml.Slice()
		if q.Turn() == p.Prover {
			if len(node.Edges) != 1 {
				return rep, fmt.Errorf("%w: node %d: the prover is to move in %s: want one move, got %d", ErrInvalid, i, q.String(), len(node.Edges))
			}
		} else if err := allReplies(q, legal, node.Edges); err != nil {
			return rep, fmt.Errorf("%w: node %d: %w", ErrInvalid, i, err)
		}
		for _, e := range node.Edges {
			if !e.Move.Plain().In(plain(legal)) {
				return rep, fmt.Errorf("%w: node %d: %s is not a legal move in %s", ErrInvalid, i, e.Move, q.String())
			}
			child := *q
			child.Make(purple.ProverMove(q, p.Prover, e.Move))
			child = key(&child)
			if e.Leaf.Kind != proof.NotLeaf {
				if _, err := c.leaf(&child, e.Leaf); err != nil {
					return rep, fmt.Errorf("%w: node %d, after %s: %w", ErrInvalid, i, e.Move, err)
				}
				continue
			}
			j := e.Child
			if j <= i || j >= n {
				return rep, fmt.Errorf("%w: node %d: move %s leads to node %d: want a later node, below %d", ErrInvalid, i, e.Move, j, n)
			}
			if reached[j] {
				if pos[j] != child {
					return rep, fmt.Errorf("%w: node %d: move %s leads to node %d, which is %s from an earlier parent and %s from this one", ErrInvalid, i, e.Move, j, pos[j].String(), child.String())
				}
				continue
			}
			pos[j], reached[j] = child, true
		}
	}
	// The distances, from the leaves up: every child is a later node.
	for i := n - 1; i >= 0; i-- {
		node := &p.Nodes[i]
		if node.Leaf.Kind != proof.NotLeaf {
			continue
		}
		var v int32
		for _, e := range node.Edges {
			cv := int32(e.Leaf.Plies) // a won leaf: 0
			if e.Leaf.Kind == proof.NotLeaf {
				cv = value[e.Child]
			}
			v = max(v, cv+1)
		}
		value[i] = v
	}
	rep.Plies = int(value[0])
	if rep.Plies > p.Plies {
		return rep, fmt.Errorf("%w: the proof's tree wins within %d plies, not within the %d it claims", ErrInvalid, rep.Plies, p.Plies)
	}
	for cl := range c.classes {
		rep.Classes = append(rep.Classes, cl)
	}
	purple.SortClasses(rep.Classes)
	if len(rep.Classes) > 0 && o.VerifyTables != nil {
		if err := o.VerifyTables(ctx, purple.Closure(rep.Classes)); err != nil {
			return rep, err
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

type checker struct {
	prover  engine.Player
	o       Options
	classes map[purple.Class]bool
}

// leaf checks that q is won as l says and returns its distance.
func (c *checker) leaf(q *engine.Position, l proof.Leaf) (int, error) {
	switch l.Kind {
	case proof.Won:
		if v := purple.ValueOf(q, c.prover); v != purple.Win {
			return 0, fmt.Errorf("%s is marked won, but the game there is %s", q.String(), v)
		}
		return 0, nil
	case proof.InTable:
		if c.o.Tables == nil {
			return 0, fmt.Errorf("%s is a table leaf, and no endgame tables were given", q.String())
		}
		cl, ok := purple.ClassOf(q, c.prover)
		if !ok || !c.o.Tables.Has(cl) {
			return 0, fmt.Errorf("%s is a table leaf, but the tables do not hold its class %s", q.String(), cl)
		}
		v, plies, err := c.o.Tables.ProbeValue(q, c.prover)
		if err != nil {
			return 0, fmt.Errorf("%s: %w", q.String(), err)
		}
		if v != purple.Win || plies > l.Plies {
			return 0, fmt.Errorf("%s is a table leaf won within %d plies, but the tables hold %s in %d", q.String(), l.Plies, v, plies)
		}
		c.classes[cl] = true
		return l.Plies, nil
	}
	return 0, fmt.Errorf("unknown leaf kind %d", l.Kind)
}

// allReplies checks that edges name every legal reply exactly once.
func allReplies(q *engine.Position, legal []engine.Move, edges []proof.Edge) error {
	seen := make([]engine.Move, 0, len(edges))
	for _, e := range edges {
		m := e.Move.Plain()
		if slices.Contains(seen, m) {
			return fmt.Errorf("the opponent's reply %s is listed twice in %s", m, q.String())
		}
		seen = append(seen, m)
	}
	for _, m := range legal {
		if !m.Plain().In(seen) {
			return fmt.Errorf("the opponent's reply %s in %s is missing", m.Plain(), q.String())
		}
	}
	return nil
}

// plain returns the moves without flags (in place: the list is the
// checker's own).
func plain(ms []engine.Move) []engine.Move {
	for i := range ms {
		ms[i] = ms[i].Plain()
	}
	return ms
}

// key is p with its ply count cleared: positions are compared without it.
func key(p *engine.Position) engine.Position {
	k := *p
	k.SetPly(0)
	return k
}

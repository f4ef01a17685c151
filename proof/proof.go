// Package proof is the file format of a sure-win proof: the tree of a
// winning strategy of the prover from a position (every node where the
// prover moves names one move, every node where the opponent moves names
// all its replies), down to positions won by the rules or held as wins by
// the endgame tables. Positions reached by several lines are written once
// and shared, so a proof is a graph without cycles, not a tree.
//
// The package only reads and writes proofs; checking one against the
// rules is package proofcheck's job, and building one from a search is
// package solver's (Options.Proof).
//
//	p := &proof.Proof{Position: pos, Prover: engine.First, Plies: 5, Nodes: nodes}
//	err := p.Write(w)
//	q, err := proof.Read(r) // the same proof back
//
// The text format (docs/proofs.md):
//
//	geister-proof 1
//	position uu1B2/6/R5/6/6/6 f R1r1 0
//	prover f
//	plies 5
//	nodes 3
//	d1e1 1
//	a1a2 2 b1b2 2 b1c1 2 ...
//	f1f0 w
//
// Node 0 is the root; each later line is one node. A node line is either a
// leaf, "w" (the position is won by the rules) or "t" and a number ("t13":
// the tables hold the position as a win in 13 plies), or pairs "MOVE
// CHILD": the move in from-to text and the child, a later node's number
// or an inline leaf ("w", "t13"). A node where the prover is to move has
// one pair; one where the opponent is to move, one pair for each of its
// legal replies.
package proof

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
)

// Version is the format's version, the number on the first line.
const Version = 1

// Proof is a proof that Prover surely wins Position within Plies plies.
type Proof struct {
	Position engine.Position
	Prover   engine.Player
	// Plies is the distance the proof claims: a win within this many plies.
	Plies int
	// Nodes: Nodes[0] is the root; a node's children come after it.
	Nodes []Node
}

// Node is one position of the proof: a leaf, or its moves with their
// children.
type Node struct {
	Leaf  Leaf // set for a leaf node (then Edges is empty)
	Edges []Edge
}

// LeafKind says why a leaf is won.
type LeafKind uint8

const (
	NotLeaf LeafKind = iota // an inner node, or an edge to a node
	Won                     // the rules say the prover has won
	InTable                 // the endgame tables hold a win in Leaf.Plies plies
)

// Leaf is a position the proof does not expand.
type Leaf struct {
	Kind  LeafKind
	Plies int // InTable: the tables' distance to win
}

// Edge is a move and the child it leads to: a node (Child > the edge's
// node) or, when Leaf.Kind is set, an inline leaf.
type Edge struct {
	Move  engine.Move // plain from-to move (no flag)
	Child int
	Leaf  Leaf
}

func (l Leaf) String() string {
	switch l.Kind {
	case Won:
		return "w"
	case InTable:
		return fmt.Sprintf("t%d", l.Plies)
	}
	return "-"
}

// Stats counts a proof's nodes, edges and leaves.
type Stats struct {
	Nodes, Edges, Won, InTable int
}

// Stats counts p's nodes, edges and leaves (inline leaves counted as
// leaves, not nodes).
func (p *Proof) Stats() Stats {
	var s Stats
	count := func(l Leaf) {
		switch l.Kind {
		case Won:
			s.Won++
		case InTable:
			s.InTable++
		}
	}
	s.Nodes = len(p.Nodes)
	for _, n := range p.Nodes {
		count(n.Leaf)
		s.Edges += len(n.Edges)
		for _, e := range n.Edges {
			count(e.Leaf)
		}
	}
	return s
}

package dfpn

// shallow solves the current node, with d plies left in a bounded search,
// outright: a depth-first search that tries the children in df-pn's order
// (the OR side's least proof number first, the AND side's least disproof
// number, from the same initial numbers as evalChild's) and stops at the
// first that settles the node. It reads and writes no table: the caller
// (mid) stores only this node's result, with the move that settled it
// (for a proven AND node, its first move).
//
// Near the bound df-pn's bookkeeping costs more than the search it
// orders. A node with few plies left is met again and again as its
// numbers cross the thresholds above it, each time expanding its
// children anew (most of them are not in the table) and writing its
// entry, where one depth-first search settles it for good, and its nodes
// never touch the table. Tsume-shogi df-pn solvers run a short mate
// search at their nodes for the same reason. Options.ShallowPlies says
// where: below it a node is solved the first time df-pn searches it; at
// it, the second time. The other rules measured searched more in all, or
// left a slower slowest puzzle (measured, not understood:
// docs/solving.md).
//
// The result is what mid would store for the node: proven within the
// plies of the proof found (the first found, not the shortest), or no win
// within the least of the OR children's "no win within" plus one (an OR
// node), or the refuting child's plus one (an AND node). A bounded search
// looks for no repetitions, and neither does this.
func (s *Searcher) shallow(d uint16, ply int) (nodeResult, Move) {
	g := s.g
	or := g.OrNode()
	moves, cs := s.nodeMoves(ply)
	dc := d - 1 // d ≥ 1 (mid)
	proven := func(winIn uint16, m Move) (nodeResult, Move) {
		if s.mutateShallow != 3 { // a test's mutation: the node's own ply not counted
			winIn++
		}
		return nodeResult{pn: 0, dn: Inf, winIn: winIn, rep: noRep}, m
	}
	disproven := func(noWin uint16, m Move) (nodeResult, Move) {
		if noWin < unbounded-1 {
			noWin++
		}
		return nodeResult{pn: Inf, dn: 0, winIn: InfLen, noWin: noWin, rep: noRep}, m
	}
	// What the children settled so far give: the OR node's least "no
	// win within", the AND node's longest proof.
	noWin, winIn := InfLen, uint16(0)
	for i, m := range moves {
		c := &cs[i]
		c.move = m
		g.Play(m)
		s.stats.Nodes++
		ev := g.Evaluate()
		c.winIn, c.noWin = InfLen, ev.NoWin
		switch {
		case ev.WinIn <= dc:
			c.pn, c.dn, c.winIn = 0, Inf, ev.WinIn
		case ev.NoWin >= dc:
			c.pn, c.dn = Inf, 0
		default:
			// df-pn's initial numbers (evalChild), which order the
			// children below.
			c.pn, c.dn = g.Estimate()
			if !g.OrNode() {
				c.pn = weighDistance(c.pn, ev.NoWin)
			}
		}
		g.Undo()
		switch {
		case or && c.pn == 0:
			return proven(c.winIn, m)
		case !or && c.dn == 0:
			return disproven(c.noWin, m)
		case !or && c.pn == 0 && s.mutateShallow == 1:
			return proven(c.winIn, m) // a test's mutation: one reply for all
		case c.dn == 0 && s.mutateShallow == 2:
			noWin = max(noWin%InfLen, c.noWin) // a test's mutation: the most
		case c.dn == 0:
			noWin = min(noWin, c.noWin)
		case c.pn == 0:
			winIn = max(winIn, c.winIn)
		}
	}
	for {
		bi, bv := -1, Inf
		for i := range cs {
			c := &cs[i]
			if c.pn == 0 || c.dn == 0 {
				continue
			}
			v := c.pn
			if !or {
				v = c.dn
			}
			if bi < 0 || v < bv {
				bi, bv = i, v
			}
		}
		if bi < 0 {
			break
		}
		c := &cs[bi]
		g.Play(c.move)
		r, _ := s.shallow(dc, ply+1)
		g.Undo()
		c.pn, c.dn, c.winIn, c.noWin = r.pn, r.dn, r.winIn, r.noWin
		switch {
		case or && c.pn == 0:
			return proven(c.winIn, c.move)
		case !or && c.dn == 0:
			return disproven(c.noWin, c.move)
		case or && s.mutateShallow == 2:
			noWin = max(noWin%InfLen, c.noWin)
		case or:
			noWin = min(noWin, c.noWin)
		default:
			winIn = max(winIn, c.winIn)
		}
	}
	var first Move
	if len(moves) > 0 {
		first = moves[0]
	}
	if or {
		return disproven(noWin, first)
	}
	return proven(winIn, first)
}

// mutationsShallow is the number of the wrong rules a test may give
// shallow (Searcher.mutateShallow), each of which TestShallow must catch:
// 1, an AND node proven by its first proven child; 2, an OR node's
// disproof by the most of its children's "no win within"; 3, a proof's
// length without the node's own ply.
const mutationsShallow = 3

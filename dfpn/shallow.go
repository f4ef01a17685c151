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
//
// The result depends on the node and d alone (the game's moves,
// evaluation and estimate, no table, no killer), so the memo keeps it
// (shallowMemo) for the rest of the search.
func (s *Searcher) shallow(d uint16, ply int) (nodeResult, Move) {
	if s.noMemo || d < memoMinPlies {
		return s.shallowSearch(d, ply)
	}
	key := s.g.Hash()
	e := s.memoSlot(key, d)
	if e.gen == s.memoGen && e.key == key && (e.d == d || s.mutateMemo == 1) {
		s.stats.MemoHits++
		if s.mutateMemo != 2 {
			s.stats.MemoNodes += uint64(e.work)
		}
		if e.proven {
			return nodeResult{pn: 0, dn: Inf, winIn: e.length, rep: noRep}, e.move
		}
		return nodeResult{pn: Inf, dn: 0, winIn: InfLen, noWin: e.length, rep: noRep}, e.move
	}
	start := s.work()
	r, m := s.shallowSearch(d, ply)
	*e = memoEntry{key: key, work: uint32(min(s.work()-start, uint64(^uint32(0)))), d: d, gen: s.memoGen, move: m, proven: r.pn == 0, length: r.noWin}
	if r.pn == 0 {
		e.length = r.winIn
	}
	return r, m
}

// shallowMemo: the shallow search's results, kept for the rest of the
// search that found them. Near the bound df-pn meets the same nodes again
// and again, and the shallow search below them too (a node's children are
// expanded anew each time df-pn searches it, and transpositions lead to
// the same positions), without a table: of the 5.24 M positions the
// slowest published 17-ply puzzle's shallow searches evaluated, 2.46 M
// were distinct. A shallow search's result is a function of the node and
// its plies left, so the memo changes no result, and no order: mid stores
// a memo's result with the work its first search took (work), as if it
// had been searched again, so the table keeps and drops the same entries
// (which entry a full bucket gives up depends on the work). 2^14 slots of
// 24 bytes (384 KiB, allocated at the first shallow search), for nodes of
// memoMinPlies plies left or more (docs/solving.md).
type memoEntry struct {
	key    uint64 // the node's Hash
	work   uint32 // the nodes its search took, with the memo's hits counted as their first searches (saturating)
	d      uint16 // the plies left of the search
	length uint16 // proven: the proof's plies; disproven: the no-win's
	move   Move   // the move shallow returned
	gen    uint16 // the Searcher's search that stored it (memoGen; 0: empty)
	proven bool
}

// memoBits: the memo has 2^memoBits slots. memoMinPlies: the fewest plies
// left of a node the memo keeps; a search of two plies costs about what
// its slot does (the slowest published puzzle's instructions with every
// depth kept: 0.6% more). 2^12 and 2^13 slots kept less; 2^15 and 2^16
// about as much, in more memory.
const (
	memoBits     = 14
	memoMinPlies = 3
)

// memoSlot returns the slot of the node key with d plies left: a
// multiplicative hash of both, for keys that look random and for a
// small game's node numbers alike.
func (s *Searcher) memoSlot(key uint64, d uint16) *memoEntry {
	if s.memo == nil {
		s.memo = make([]memoEntry, 1<<memoBits)
	}
	if s.mutateMemo == 1 {
		d = 0
	}
	return &s.memo[((key^uint64(d)<<48)*0x9e3779b97f4a7c15)>>(64-memoBits)]
}

// newMemoGeneration starts a search's memo: the results of the searcher's
// other searches do not count (the game may not be the same).
func (s *Searcher) newMemoGeneration() {
	if s.mutateMemo == 3 && s.memoGen > 0 {
		return
	}
	s.memoGen++
	if s.memoGen == 0 { // wrapped: the slots of the first generations are cleared
		clear(s.memo)
		s.memoGen = 1
	}
}

// work returns the nodes the search has taken, each memo hit counted as
// the nodes of its first search: what Nodes would be without the memo.
func (s *Searcher) work() uint64 { return s.stats.Nodes + s.stats.MemoNodes }

// shallowSearch is shallow's search, without the memo at the node (its
// children's searches use it).
func (s *Searcher) shallowSearch(d uint16, ply int) (nodeResult, Move) {
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
		// A child the game shows to be disproven with a "no win within"
		// no less than its disproven siblings' least (ChildBounder)
		// changes nothing: settled without its move played. (A least of
		// 0, with no plies left below the node, says nothing.)
		if or && noWin > 0 && noWin < InfLen && s.cb != nil && s.mutateShallow != 2 {
			k := noWin
			if s.mutateBound {
				k = max(dc, 1)
			}
			if s.cb.NoWinAfter(m, k) {
				s.stats.Nodes++
				c.pn, c.dn, c.winIn, c.noWin = Inf, 0, InfLen, noWin
				continue
			}
		}
		g.Play(m)
		s.stats.Nodes++
		if dc >= memoMinPlies && !s.noMemo {
			// The memo's slot of the child, asked for now: its lookup
			// comes after the siblings' evaluations, where the child is
			// searched below (shallow).
			prefetchKey(&s.memoSlot(g.Hash(), dc).key)
		}
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

// mutationsMemo is the number of the wrong memos a test may give shallow
// (Searcher.mutateMemo), each of which TestShallowMemo must catch: 1, a
// result found again at any plies left; 2, a hit's work not counted (the
// work stored in the table less than without the memo); 3, the results of
// the searcher's earlier searches kept.
const mutationsMemo = 3

// mutationsShallow is the number of the wrong rules a test may give
// shallow (Searcher.mutateShallow), each of which TestShallow must catch:
// 1, an AND node proven by its first proven child; 2, an OR node's
// disproof by the most of its children's "no win within"; 3, a proof's
// length without the node's own ply.
const mutationsShallow = 3

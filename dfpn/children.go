package dfpn

// Choosing among an expanded node's children: the killer moves, one scan
// of the children for the node's numbers, and the child to search or
// the one that proves or refutes.

// setKiller records m as the move that last proved an OR node (or
// disproved an AND node) at ply: the killer heuristic of alpha-beta
// search, carried over to df-pn's numbers. The side to move alternates,
// so one killer a ply serves both kinds of node.
func (s *Searcher) setKiller(ply int, m Move) {
	for len(s.killers) <= ply {
		s.killers = append(s.killers, killer{})
	}
	s.killers[ply] = killer{m, true}
}

// ForgetKillers clears the killer moves the searcher carries from one
// search to the next (setKiller): its next search orders the children
// by their numbers alone until it sets new ones. The solver forgets them
// to search a long iteration of --shortest again in another order.
func (s *Searcher) ForgetKillers() { s.killers = s.killers[:0] }

// killer is a ply's killer move, if set.
type killer struct {
	move Move
	set  bool
}

// favourKiller halves, among an expanded node's children, the proof number
// (at an OR node) or the disproof number (at an AND node) of the child
// reached by the ply's killer move, if it is unsolved: a move that proved
// a sibling (for the prover, often the same blue stepping on, or the same
// capture) is tried sooner than its numbers alone would say. The numbers
// only order the search, so answers do not change (what they save on
// the deep suite: docs/solving.md).
func (s *Searcher) favourKiller(cs []child, or bool, ply int) {
	if ply >= len(s.killers) || !s.killers[ply].set {
		return
	}
	favour(cs, or, s.killers[ply].move)
}

// favour halves the proof number (OR) or disproof number (AND) of the
// unsolved child reached by k, if any: favourKiller's rule.
func favour(cs []child, or bool, k Move) {
	for i := range cs {
		c := &cs[i]
		if c.move != k || c.pn == 0 || c.dn == 0 {
			continue
		}
		if or {
			c.pn = max(1, c.pn/2)
		} else {
			c.dn = max(1, c.dn/2)
		}
		return
	}
}

// scan is what one pass over an expanded node's children gives: the
// node's numbers, the child to search and the second-least number of its
// kind, and the largest unsolved number of the other kind.
type scan struct {
	pn, dn           uint32
	best             int
	second, maxOther uint32
}

// scanChildren scans an expanded node's children once (the search's
// inner loop does after every child searched). The node's numbers: at OR
// nodes pn is the least child pn, at AND nodes dn the least child dn; the
// other number is the weak sum of Ueda et al. (2008): the largest child
// number plus one for every other unsolved child, not the plain sum, which
// transpositions (a DAG, and cycles) inflate without bound (fewer nodes
// on the project's suites: docs/solving.md). The child to search is
// selectChild's.
func scanChildren(cs []child, or, hashTies bool) scan {
	lo, second := Inf+1, Inf
	best := 0
	var mx, mxUnsolved, k uint32
	for i := range cs {
		own, other := cs[i].pn, cs[i].dn
		if !or {
			own, other = other, own
		}
		if own < lo || (hashTies && own == lo && tieKey(cs[i].hash) < tieKey(cs[best].hash)) {
			best, second, lo = i, lo, own
		} else if own < second {
			second = own
		}
		if other != 0 {
			mx = max(mx, other)
			k++
			if other < Inf {
				mxUnsolved = max(mxUnsolved, other)
			}
		}
	}
	var sum uint32
	if lo == 0 {
		sum = Inf
	} else if k > 0 {
		sum = satAdd(mx, k-1)
	}
	sc := scan{best: best, second: min(second, Inf), maxOther: mxUnsolved}
	if lo > Inf {
		lo = Inf // no children
	}
	if or {
		sc.pn, sc.dn = lo, sum
	} else {
		sc.pn, sc.dn = sum, lo
	}
	return sc
}

// selectChild returns the child to search (least pn at OR nodes, least
// dn at AND nodes; on ties the first in move order, or with hashTies the
// least tieKey) and the second-least value.
func selectChild(cs []child, or, hashTies bool) (int, uint32) {
	best, v1, v2 := 0, Inf+1, Inf
	for i := range cs {
		v := cs[i].dn
		if or {
			v = cs[i].pn
		}
		if v < v1 || (hashTies && v == v1 && tieKey(cs[i].hash) < tieKey(cs[best].hash)) {
			best, v2, v1 = i, v1, v
		} else if v < v2 {
			v2 = v
		}
	}
	return best, min(v2, Inf)
}

// tieKey orders equally good children for a searcher with hashTies (a
// Parallel goroutine's diversity): by a multiplicative hash of their
// keys (a Game's keys need not look random: a small graph's may be its
// node numbers, in move order), an order unrelated to the move order.
// The reverse move order,
// used before, tried the moves the game orders last (neither escapes,
// captures nor steps towards an exit) first at every tie: a goroutine
// settling a question's children alone so took up to 75 times one
// thread's nodes (docs/solving.md).
func tieKey(h uint64) uint64 { return h * 0x9e3779b97f4a7c15 }

// provenChild returns, at a proven OR node, the proven child with the
// shortest proof; at a proven AND node, the child with the longest.
func provenChild(cs []child, or bool) int {
	best := -1
	for i := range cs {
		if cs[i].pn != 0 {
			continue
		}
		if best < 0 || (or && cs[i].winIn < cs[best].winIn) || (!or && cs[i].winIn > cs[best].winIn) {
			best = i
		}
	}
	return best
}

// disprovenChild returns, at a disproven AND node, the refuting child to
// keep: one independent of the path if any, then the longest no-win.
func disprovenChild(cs []child) int {
	best := -1
	for i := range cs {
		c := &cs[i]
		if c.dn != 0 {
			continue
		}
		if best < 0 {
			best = i
			continue
		}
		b := &cs[best]
		if (c.rep == noRep) != (b.rep == noRep) {
			if c.rep == noRep {
				best = i
			}
			continue
		}
		if c.noWin > b.noWin || (c.noWin == b.noWin && c.deps.size() < b.deps.size()) {
			best = i
		}
	}
	return best
}

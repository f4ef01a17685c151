package dfpn

import (
	"slices"
	"sync/atomic"
)

// helpPlies is how far below the root helpDeep follows the owner's path:
// the root's child, and an AND child's OR child that the owner chose.
// Deeper, the owner's choice at each AND node on the way can change (the
// refutation it tries first proves none), and what the helper settled
// below the choice before is lost: followed to any depth, the hard
// suite's slow no-wins fell under 1.8× on two threads more often (20
// alternated runs each: line 168 in 6 runs against 3, line 184 in 10
// against 6), and its slow wins no less often (4 runs of 60 against 2;
// docs/solving.md).
const helpPlies = 2

// pubPlies is how deep a SearchSplit goroutine publishes its path: as
// far as helpDeep reads it.
const pubPlies = helpPlies + 2

// pathPub is a goroutine's current path as the others may read it: the
// move played and the key reached at each ply below the root, up to
// depth. A reader gets no consistent snapshot (the goroutine goes on
// meanwhile), so it checks every move it takes from here against its
// own game: the move legal there, the key reached the one published.
type pathPub struct {
	depth  atomic.Int32
	moves  [pubPlies]atomic.Uint32
	hashes [pubPlies]atomic.Uint64
	_      [64]byte // the owner writes it as it moves near the root: a line of its own
}

// publish records that the path now goes through move m to key h at ply.
func (pb *pathPub) publish(ply int, m Move, h uint64) {
	if ply < pubPlies {
		pb.moves[ply].Store(uint32(m))
		pb.hashes[ply].Store(h)
		pb.depth.Store(int32(ply))
	}
}

// back records that the path is back at ply.
func (pb *pathPub) back(ply int) {
	if ply < pubPlies {
		pb.depth.Store(int32(ply))
	}
}

// next returns the move the path takes from the node of key h at ply,
// if the path goes through that node and on.
func (pb *pathPub) next(ply int, h uint64) (Move, uint64, bool) {
	if ply+1 >= pubPlies || int(pb.depth.Load()) <= ply || pb.hashes[ply].Load() != h {
		return 0, 0, false
	}
	m, mh := Move(pb.moves[ply+1].Load()), pb.hashes[ply+1].Load()
	if pb.hashes[ply].Load() != h { // the path moved on meanwhile
		return 0, 0, false
	}
	return m, mh, true
}

// helpDeep is one round of SearchSplit's helper in an iteration whose
// answer is expected to be no (Options.SettleChildren, with a bound: no
// repetitions, every fact path-independent). The helper's game is at the
// root's child (ply 1, dc plies left) that another goroutine owns, whose
// path is owner. A disproof settles every child of an OR node and one
// of an AND node (the one df-pn chose), so rather than search the
// child's whole subtree beside its owner, where the two walk much of one
// path (a 25-ply win's iterations took two goroutines 1.25 times one's
// nodes in the helped child), the helper follows the owner's path down
// (at most helpPlies) to the first OR node with an open child the owner
// is not in, and settles that child (settleOther); the facts it stores
// are the owner's when it gets there. This is SearchSplit's sharing out of the root's
// children carried down the owner's path, where the work is: the
// principal-variation splitting of parallel alpha-beta, at the nodes
// that a disproof must search in full. It reports whether it searched a
// subtree (false: the owner's path offers none now).
func (s *Searcher) helpDeep(dc uint16, owner *pathPub) bool {
	g := s.g
	p, d := 1, dc // the node's ply and plies left
	took := false
	for d > 1 && p <= helpPlies {
		if g.OrNode() {
			if took = s.settleOther(p, d, owner); took {
				break
			}
		}
		m, h, ok := owner.next(p, g.Hash())
		if !ok {
			break
		}
		mbuf, _ := s.buffers(p)
		if !slices.Contains(g.Moves(mbuf), m) {
			break
		}
		g.Play(m)
		if g.Hash() != h {
			g.Undo()
			break
		}
		p, d = p+1, d-1
		s.setPath(p, h, int32(g.Material()))
	}
	for ; p > 1; p-- {
		g.Undo()
	}
	return took
}

// settleOther, at an OR node on the owner's path at ply with d plies
// left, settles the open child that the owner would come to last (the
// greatest proof number; of equal ones the last in move order, df-pn
// taking the first), other than the one the owner is in; it reports
// whether there was one.
func (s *Searcher) settleOther(ply int, d uint16, owner *pathPub) bool {
	g := s.g
	ownerNext, _, inPath := owner.next(ply, g.Hash())
	cs := s.expand(ply, d-1, true)
	if len(cs) > 0 && cs[len(cs)-1].pn == 0 {
		return false // the node is proven: nothing to settle
	}
	best := -1
	for i := range cs {
		c := &cs[i]
		if c.dn == 0 || (inPath && c.move == ownerNext) {
			continue
		}
		if best < 0 || c.pn > cs[best].pn || (c.pn == cs[best].pn && c.dn <= cs[best].dn) {
			best = i
		}
	}
	if best < 0 {
		return false
	}
	c := cs[best]
	n0 := s.stats.Nodes
	s.setPath(ply+1, c.hash, c.material)
	g.Play(c.move)
	for c.pn != 0 && c.dn != 0 && !s.stopped {
		r := s.mid(Inf, Inf, d-1, ply+1, c.seen)
		c.pn, c.dn = r.pn, r.dn
		if s.budgetSpent() {
			s.stopped = true
		}
	}
	g.Undo()
	s.stats.HelpedSubtrees++
	s.stats.HelpedNodes += s.stats.Nodes - n0
	return true
}

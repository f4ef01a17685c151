package keeper

import (
	"math/bits"
	"sort"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// The keeper game with the value hidden from N.
//
// In the keeper game (Game, SolveClasses) N sees which of its pieces holds
// the value 1. In a real game it does not: Algorithm 1 draws the value in
// step 8(b) in secret, and N sees only K's moves. The two outcomes of a
// draw can lead to the same move (a step of the other piece towards the
// free exit is both "take it, moving to the exit" for the value 0 and a
// step-7 move for the value 1), so the value cannot always be inferred.
//
// N's knowledge is then a belief: the set of value states (none, or one
// of N's pieces) consistent with the moves seen. A sure win of N's is a
// strategy that depends only on what N sees and wins whatever the value
// states and K's choices are; it exists exactly when N wins the belief
// game: N to move picks one move for the whole belief; K to move, every
// move some state of the belief allows is an alternative, after which the
// belief is the set of states that move leads to from the states that
// allow it. (K's colours are hidden too, but the purple rule already
// takes the worst case over them, exactly: SPEC §4.)
//
// A belief-game win from a belief is a full-information win from each of
// its states, no shorter; a full-information loss in one state is a
// belief-game loss. Hidden searches the belief game to a depth with that
// bound, so its "no win" answers from the bound are exact and its wins
// are proofs.

// Belief is a set of value states: bit s for N's piece on square s
// holding the value 1, bit 0 (engine.NoSquare) for none.
type Belief uint64

// BeliefOf returns the belief holding exactly the states listed.
func BeliefOf(marks ...engine.Square) Belief {
	var b Belief
	for _, m := range marks {
		b |= 1 << m
	}
	return b
}

// Marks lists the belief's value states.
func (b Belief) Marks() []engine.Square {
	var out []engine.Square
	for x := uint64(b); x != 0; x &= x - 1 {
		out = append(out, engine.Square(bits.TrailingZeros64(x)))
	}
	return out
}

// HiddenStatus is an answer of Hidden.Win.
type HiddenStatus uint8

const (
	// HiddenWin: N surely wins without seeing the value (Plies: within).
	HiddenWin HiddenStatus = iota
	// HiddenNoWin: N has no sure win; with full information already not
	// from some state of the belief (exact).
	HiddenNoWin
	// HiddenNotWithin: no win within the plies searched (or the node
	// budget ran out): undecided.
	HiddenNotWithin
)

type hiddenKey struct {
	pieces [2][engine.NumKinds]uint64
	reds   [2]int
	turn   engine.Player
	belief Belief
}

// Hidden searches the belief game of the keeper game: N (the first
// player, colours shown) against K playing Algorithm 1 in a reading, N not
// seeing the value state. A Hidden keeps what it has proven between calls;
// it is not safe for concurrent use.
type Hidden struct {
	reading Reading
	oracle  Oracle
	// win[k] = d: a win within d plies; fail[k] = d: none within d.
	win, fail map[hiddenKey]int
	nodes     uint64
	budget    uint64
	stopped   bool
	buf       []Choice
	// Nodes counts the belief-game nodes searched.
	Nodes uint64
}

// NewHidden returns a belief-game searcher for reading r. oracle (nil:
// none) gives full-information values that bound the search (a *Solved of
// the same reading).
func NewHidden(r Reading, oracle Oracle) *Hidden {
	return &Hidden{reading: r, oracle: oracle, win: map[hiddenKey]int{}, fail: map[hiddenKey]int{}}
}

// Win answers whether N (the first player of p) surely wins p against the
// algorithm when N knows only that the value state is one of belief,
// searching wins of up to maxPlies plies with at most maxNodes nodes (0:
// no bound). It deepens one ply at a time from the longest full-
// information distance of the belief's states, so a win's Plies is its
// exact belief-game distance.
func (h *Hidden) Win(p engine.Position, belief Belief, maxPlies int, maxNodes uint64) (HiddenStatus, int) {
	if len(h.win)+len(h.fail) > 4<<20 {
		h.win, h.fail = map[hiddenKey]int{}, map[hiddenKey]int{}
	}
	lo := 1
	if h.oracle != nil {
		for _, m := range belief.Marks() {
			v, ok := h.oracle.Value(&p, engine.First, m)
			if !ok {
				continue
			}
			if !v.Win {
				return HiddenNoWin, 0
			}
			lo = max(lo, v.Plies)
		}
	}
	h.budget, h.nodes, h.stopped = maxNodes, 0, false
	for d := lo; d <= maxPlies; d++ {
		if h.search(&p, belief, d) {
			return HiddenWin, d
		}
		if h.stopped {
			break
		}
	}
	return HiddenNotWithin, 0
}

func (h *Hidden) key(p *engine.Position, b Belief) hiddenKey {
	k := hiddenKey{turn: p.Turn(), belief: b}
	for pl := engine.First; pl <= engine.Second; pl++ {
		for kind := engine.Blue; kind < engine.NumKinds; kind++ {
			k.pieces[pl][kind] = p.Pieces(pl, kind)
		}
		k.reds[pl] = p.Reds(pl)
	}
	return k
}

// bound returns false when some state of the belief is no full-
// information win within d plies.
func (h *Hidden) bound(p *engine.Position, b Belief, d int) bool {
	if h.oracle == nil {
		return true
	}
	for x := uint64(b); x != 0; x &= x - 1 {
		m := engine.Square(bits.TrailingZeros64(x))
		if v, ok := h.oracle.Value(p, engine.First, m); ok && (!v.Win || v.Plies > d) {
			return false
		}
	}
	return true
}

// search reports whether N wins from p with belief b within d plies.
func (h *Hidden) search(p *engine.Position, b Belief, d int) bool {
	if w, ok := p.Outcome().Winner(); ok {
		return w == engine.First
	}
	if p.Outcome() != engine.Ongoing || d == 0 || h.stopped || !h.bound(p, b, d) {
		return false
	}
	k := h.key(p, b)
	if w, ok := h.win[k]; ok && w <= d {
		return true
	}
	if f, ok := h.fail[k]; ok && f >= d {
		return false
	}
	h.nodes++
	h.Nodes++
	if h.budget > 0 && h.nodes > h.budget {
		h.stopped = true
		return false
	}
	res := false
	if p.Turn() == engine.First {
		res = h.nMoves(p, b, d)
	} else {
		res = h.kMoves(p, b, d)
	}
	if h.stopped {
		return false
	}
	if res {
		h.win[k] = d
	} else {
		h.fail[k] = max(h.fail[k], d)
	}
	return res
}

func (h *Hidden) nMoves(p *engine.Position, b Belief, d int) bool {
	var ml engine.MoveList
	ml.Generate(p)
	type cand struct {
		m    engine.Move
		q    engine.Position
		nb   Belief
		rank int
	}
	var cs []cand
	for _, m := range ml.Slice() {
		m = purple.ProverMove(p, engine.First, m)
		var nb Belief
		for _, mk := range b.Marks() {
			nb |= 1 << NextMark(p, engine.Second, mk, m, engine.NoSquare)
		}
		q := *p
		q.Make(m)
		rank := 0
		if h.oracle != nil && q.Outcome() == engine.Ongoing {
			rank = 1 << 20
			if v, ok := h.oracle.Value(&q, engine.First, nb.Marks()[0]); ok && v.Win {
				rank = v.Plies
			}
		}
		cs = append(cs, cand{m, q, nb, rank})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].rank < cs[j].rank })
	for i := range cs {
		if h.search(&cs[i].q, cs[i].nb, d-1) {
			return true
		}
	}
	return false
}

// observation is a move of K's as N sees it, and the belief after it.
type observation struct {
	m  engine.Move
	nb Belief
}

// observe lists the moves K may make from p with belief b, each with the
// value states it leads to from the states that allow it.
func (h *Hidden) observe(p *engine.Position, b Belief) []observation {
	board := BoardOf(p)
	var seen []observation
	for _, mk := range b.Marks() {
		h.buf = Choices(&board, mk, h.reading, h.buf[:0])
		for _, c := range h.buf {
			nm := NextMark(p, engine.Second, mk, c.Move, c.Mark)
			found := false
			for i := range seen {
				if seen[i].m == c.Move {
					seen[i].nb |= 1 << nm
					found = true
				}
			}
			if !found {
				seen = append(seen, observation{c.Move, 1 << nm})
			}
		}
	}
	return seen
}

func (h *Hidden) kMoves(p *engine.Position, b Belief, d int) bool {
	for _, o := range h.observe(p, b) {
		q := *p
		q.Make(o.m)
		if !h.search(&q, o.nb, d-1) {
			return false
		}
	}
	return true
}

package dfpn

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// Status is the outcome of a search.
type Status int8

const (
	Undecided Status = iota // the budget ran out
	Proven                  // the OR side surely wins (within the bound)
	Disproven               // it does not (within the bound)
)

func (s Status) String() string {
	return [...]string{"undecided", "proven", "disproven"}[s]
}

// Options are the budgets and settings of a search. The zero value is an
// unbounded search with no node limit.
type Options struct {
	// MaxNodes stops the search after this many nodes (0: no limit). A
	// node is a position the search created and evaluated.
	MaxNodes uint64
	// MaxDepth, when > 0, asks for a win within MaxDepth plies.
	MaxDepth int
	// Epsilon of the 1+ε threshold trick; 0 means the default 1/4.
	Epsilon float64
	// Progress, when set, is called with the statistics so far about
	// every million nodes.
	Progress func(Stats)
}

// Stats count a search's work.
type Stats struct {
	Nodes      uint64 // positions created and evaluated
	Expansions uint64 // nodes expanded (MID calls)
	TTHits     uint64 // child lookups answered by the table
	MaxPly     int    // deepest ply reached
	// Disproofs that rest on repetitions: stored with the positions they
	// rest on (Conditional), or only for the same path (PathOnly); and
	// how often such a stored disproof answered a node (CondHits).
	Conditional, PathOnly, CondHits uint64
	Elapsed                         time.Duration
	// ThreadNodes: in a Parallel search, the most nodes one goroutine
	// searched (its share of the work's critical path); Nodes otherwise.
	ThreadNodes uint64
}

// Result is what a search found about the root.
type Result struct {
	Status Status
	// WinIn: when Proven, the length in plies of the proof found (an upper
	// bound on the shortest win).
	WinIn int
	// NoWin: when Disproven, the OR side has no win within NoWin plies;
	// -1 means never.
	NoWin int
	// Best is the proof's first move (Proven), or the most promising move.
	Best  Move
	Stats Stats
}

const (
	unbounded = InfLen - 1 // plies left in an unbounded search
	noRep     = int32(1<<31 - 1)
)

type child struct {
	hash         uint64
	pn, dn       uint32
	move         Move
	winIn, noWin uint16
	material     int32
	rep          int32 // path index of the repetition a disproof rests on
	deps         depSet
}

type nodeResult struct {
	pn, dn       uint32
	winIn, noWin uint16
	rep          int32
	deps         depSet
}

type pathNode struct {
	hash     uint64
	pathKey  uint64 // identifies the whole path from the root to the node
	material int32
}

// extendPathKey returns the path key of a child with hash h.
func extendPathKey(parent, h uint64) uint64 {
	k := (parent ^ h) * 0x9e3779b97f4a7c15
	return k ^ k>>29
}

// Searcher runs searches that share a table. Reuse one per goroutine.
type Searcher struct {
	tt           *Table
	g            Game
	ctx          context.Context
	maxNodes     uint64
	epsNum       uint64 // ε = epsNum/1024
	stopped      bool
	nextCheck    uint64
	progress     func(Stats)
	nextProgress uint64
	start        time.Time
	path         []pathNode
	moves        [][]Move
	children     [][]child
	reps         repTable
	cond         condTable
	stats        Stats
	par          *parallel // shared with the other goroutines of a Parallel search
	reported     uint64    // nodes already added to par.nodes
	killers      []killer  // by ply: the move that last settled a node there (setKiller)
	lastTie      bool      // of equally good children, choose the last (a Parallel goroutine's diversity)
}

// NewSearcher returns a searcher over tt.
func NewSearcher(tt *Table) *Searcher { return &Searcher{tt: tt} }

// Table returns the searcher's transposition table.
func (s *Searcher) Table() *Table { return s.tt }

// Search runs one search from the game's current node, which it leaves
// as it found it.
func Search(ctx context.Context, g Game, tt *Table, opts Options) Result {
	return NewSearcher(tt).Search(ctx, g, opts)
}

// Search proves or disproves the game's current node.
func (s *Searcher) Search(ctx context.Context, g Game, opts Options) Result {
	start := time.Now()
	s.g, s.ctx = g, ctx
	s.stats = Stats{}
	s.stopped = false
	s.nextCheck = 0
	s.progress, s.nextProgress, s.start = opts.Progress, 1<<20, start
	s.maxNodes = opts.MaxNodes
	eps := opts.Epsilon
	if eps <= 0 {
		eps = 0.25
	}
	s.epsNum = uint64(eps * 1024)
	d := uint16(unbounded)
	if opts.MaxDepth > 0 {
		d = uint16(min(opts.MaxDepth, int(unbounded)-1))
	}
	s.path = append(s.path[:0], pathNode{g.Hash(), extendPathKey(0, g.Hash()), int32(g.Material())})
	s.reps.clear()

	var root child
	s.evalChild(&root, d, 0)
	res := nodeResult{pn: root.pn, dn: root.dn, winIn: root.winIn, noWin: root.noWin}
	if res.pn == 0 && res.winIn > 0 && g.OrNode() {
		// Proven by the game's evaluation (a win in a few plies it
		// sees), not by a search: expand the root once, so that Best
		// names the proof's first move as it does for searched roots.
		if r := s.mid(Inf, Inf, d, 0); r.pn == 0 {
			res.winIn = min(res.winIn, r.winIn)
		}
	}
	for res.pn != 0 && res.dn != 0 && !s.stopped {
		res = s.mid(Inf, Inf, d, 0)
	}
	s.stats.Elapsed = time.Since(start)
	s.stats.ThreadNodes = s.stats.Nodes
	r := Result{Stats: s.stats, WinIn: -1, NoWin: -2}
	switch {
	case res.pn == 0:
		r.Status, r.WinIn = Proven, int(res.winIn)
	case res.dn == 0:
		r.Status = Disproven
		r.NoWin = int(res.noWin)
		if res.noWin >= unbounded {
			r.NoWin = -1
		}
	}
	_, _, r.Best, _ = s.tt.Facts(g.Hash())
	return r
}

// evalChild fills c for the game's current node with d plies left: from
// the game's own knowledge, the table, the path (repetitions), or the
// game's estimate.
func (s *Searcher) evalChild(c *child, d uint16, ply int) {
	g := s.g
	c.hash = g.Hash()
	c.material = int32(g.Material())
	c.rep = noRep
	c.deps.n = 0
	c.winIn, c.noWin = InfLen, 0
	// The table first: a node it solves, or holds numbers for at this
	// depth, was met before and the game's evaluation did not decide it
	// with d plies left (or it would not have been expanded), so the
	// evaluation is skipped.
	pn, dn, winIn, noWin, _, found, near := s.tt.lookupNear(c.hash, d)
	tight := false // the game knows no win within d-1: only one in exactly d
	if found {
		s.stats.TTHits++
		if pn == 0 || dn == 0 {
			c.pn, c.dn, c.winIn, c.noWin = pn, dn, winIn, noWin
			return
		}
	} else {
		ev := g.Evaluate()
		if ev.WinIn <= d {
			c.pn, c.dn, c.winIn, c.noWin = 0, Inf, ev.WinIn, ev.NoWin
			return
		}
		if ev.NoWin >= d {
			c.pn, c.dn, c.noWin = Inf, 0, ev.NoWin
			return
		}
		tight = d != unbounded && ev.NoWin > 0 && ev.NoWin == d-1
	}
	if d == unbounded && ply > 0 {
		if j := s.repetition(c.hash, c.material, ply); j >= 0 {
			// A repetition is not a win; the disproof holds on this path only.
			c.pn, c.dn, c.noWin, c.rep = Inf, 0, InfLen, int32(j)
			c.deps.add(c.hash)
			return
		}
		// A disproof found before that rests on repetitions of positions
		// that are all on the current path again.
		if deps, ok := s.cond.get(c.hash); ok {
			if j := s.allOnPath(deps, c.material, ply); j >= 0 {
				c.pn, c.dn, c.noWin, c.rep, c.deps = Inf, 0, InfLen, int32(j), *deps
				s.stats.CondHits++
				return
			}
		}
		// One found before on this very path (when its set was too large).
		if j, ok := s.reps.get(extendPathKey(s.path[ply-1].pathKey, c.hash)); ok {
			c.pn, c.dn, c.noWin, c.rep = Inf, 0, InfLen, j
			c.deps.n = overflowDeps
			return
		}
	}
	if found {
		c.pn, c.dn = pn, dn
		return
	}
	c.pn, c.dn = g.Estimate()
	if tight && g.OrNode() {
		// The OR side must win in exactly the plies left: every move
		// must gain a ply on the game's lower bound, few do, and the
		// node is easier to disprove than its mobility says. Measured on
		// the deep suite (dn/4): 9% fewer nodes for --max-plies, 6% for
		// --shortest.
		c.dn = max(1, c.dn/4)
	}
	if near != 0 && near < d {
		// Numbers of a search with fewer plies left: with more, the
		// node is no easier to disprove (a --shortest iteration meets
		// the last one's nodes so). Measured on the deep suite: 6-14%
		// fewer --shortest nodes in all, with and without killers.
		c.dn = max(c.dn, dn)
	}
}

// repetition returns the path index of an earlier node equal to the node
// at ply, or -1. Only nodes with the same material can be equal, so the
// scan stops where material changed.
func (s *Searcher) repetition(hash uint64, material int32, ply int) int {
	for j := ply - 1; j >= 0; j-- {
		n := s.path[j]
		if n.material != material {
			return -1
		}
		if n.hash == hash {
			return j
		}
	}
	return -1
}

func (s *Searcher) buffers(ply int) ([]Move, []child) {
	for len(s.moves) <= ply {
		s.moves = append(s.moves, make([]Move, 0, 64))
		s.children = append(s.children, make([]child, 0, 64))
	}
	return s.moves[ply][:0], s.children[ply]
}

// satAdd adds proof or disproof numbers, saturating just below Inf: only
// a solved node has the number Inf.
func satAdd(a, b uint32) uint32 {
	if s := a + b; s < Inf {
		return s
	}
	return Inf - 1
}

// threshold is the 1+ε rule: max(v+1, ⌈v·(1+ε)⌉), saturated.
func (s *Searcher) threshold(v uint32) uint32 {
	if v >= Inf {
		return Inf
	}
	t := uint64(v) + (uint64(v)*s.epsNum+1023)/1024
	if t < uint64(v)+1 {
		t = uint64(v) + 1
	}
	if t >= uint64(Inf) {
		return Inf
	}
	return uint32(t)
}

func (s *Searcher) budgetSpent() bool {
	if s.maxNodes > 0 && s.stats.Nodes >= s.maxNodes {
		return true
	}
	if s.stats.Nodes >= s.nextCheck {
		s.nextCheck = s.stats.Nodes + 4096
		if s.par != nil {
			total := s.par.nodes.Add(s.stats.Nodes - s.reported)
			s.reported = s.stats.Nodes
			if s.maxNodes > 0 && total >= s.maxNodes {
				return true
			}
		}
		if s.progress != nil && s.stats.Nodes >= s.nextProgress {
			s.nextProgress = s.stats.Nodes + 1<<20
			st := s.stats
			st.Elapsed = time.Since(s.start)
			s.progress(st)
		}
		return s.ctx.Err() != nil
	}
	return false
}

// mid expands the current node (at path index ply, d plies left, d ≥ 1)
// and searches below it until its proof or disproof number reaches its
// threshold or it is solved (Nagai's multiple iterative deepening).
func (s *Searcher) mid(thpn, thdn uint32, d uint16, ply int) nodeResult {
	g := s.g
	s.stats.Expansions++
	if ply > s.stats.MaxPly {
		s.stats.MaxPly = ply
	}
	startNodes := s.stats.Nodes
	or := g.OrNode()
	hash := g.Hash()
	dc := d
	if d != unbounded {
		dc = d - 1
	}
	mbuf, cbuf := s.buffers(ply)
	moves := g.Moves(mbuf)
	s.moves[ply] = moves[:0]
	if cap(cbuf) < len(moves) {
		cbuf = make([]child, len(moves))
		s.children[ply] = cbuf
	}
	cs := cbuf[:len(moves)]
	for i, m := range moves {
		c := &cs[i]
		c.move = m
		g.Play(m)
		s.stats.Nodes++
		s.evalChild(c, dc, ply+1)
		g.Undo()
		// A proven child proves an OR node, a disproven one (not resting
		// on the path) disproves an AND node: stop expanding. The others
		// could only give a shorter proof or a longer disproof, which the
		// search does not need (measured on the deep suite: 6-8% fewer
		// nodes than stopping only at a win at once or a refutation for
		// good).
		if (or && c.pn == 0) || (!or && c.dn == 0 && c.rep == noRep) {
			cs = cs[:i+1]
			break
		}
	}
	s.favourKiller(cs, or, ply)

	var pn, dn uint32
	for {
		sc := scanChildren(cs, or, s.lastTie)
		pn, dn = sc.pn, sc.dn
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || s.stopped {
			break
		}
		// In a Parallel search, near the root (where the goroutines'
		// paths overlap) take in what the others settled; deeper, the
		// lookups cost more than they save (measured: BenchmarkParallel).
		if s.par != nil && ply < refreshPlies {
			s.refresh(cs, dc)
			sc = scanChildren(cs, or, s.lastTie)
			if pn, dn = sc.pn, sc.dn; pn == 0 || dn == 0 || pn >= thpn || dn >= thdn {
				break
			}
		}
		c := &cs[sc.best]
		var cthpn, cthdn uint32
		if or {
			cthpn = min(thpn, s.threshold(sc.second))
			cthdn = thdn
			if thdn < Inf {
				// dn = max + (k-1): the child's dn reaching this makes the
				// node's reach thdn.
				cthdn = thdn - (dn - sc.maxOther)
			}
		} else {
			cthdn = min(thdn, s.threshold(sc.second))
			cthpn = thpn
			if thpn < Inf {
				cthpn = thpn - (pn - sc.maxOther)
			}
		}
		if len(s.path) <= ply+1 {
			s.path = append(s.path, pathNode{})
		}
		s.path[ply+1] = pathNode{c.hash, extendPathKey(s.path[ply].pathKey, c.hash), c.material}
		g.Play(c.move)
		r := s.mid(cthpn, cthdn, dc, ply+1)
		g.Undo()
		c.pn, c.dn, c.winIn, c.noWin, c.rep, c.deps = r.pn, r.dn, r.winIn, r.noWin, r.rep, r.deps
		if s.budgetSpent() {
			s.stopped = true
		}
	}

	work := uint32(min(s.stats.Nodes-startNodes, uint64(^uint32(0))))
	res := nodeResult{pn: pn, dn: dn, winIn: InfLen, rep: noRep}
	switch {
	case pn == 0:
		bi := provenChild(cs, or)
		if or {
			s.setKiller(ply, cs[bi].move)
		}
		res.winIn = cs[bi].winIn + 1
		s.tt.storeProof(hash, res.winIn, cs[bi].move, work)
	case dn == 0:
		var noWin uint16
		var rep int32
		var deps depSet
		if or {
			noWin, rep = InfLen, noRep
			for i := range cs {
				noWin = min(noWin, cs[i].noWin)
				rep = min(rep, cs[i].rep)
				deps.union(&cs[i].deps)
			}
		} else {
			bi := disprovenChild(cs)
			noWin, rep, deps = cs[bi].noWin, cs[bi].rep, cs[bi].deps
			s.setKiller(ply, cs[bi].move)
		}
		if noWin < unbounded-1 {
			noWin++
		}
		// The node's own repetitions are resolved here: what it rests on
		// now are positions above it on the path, if any.
		deps.remove(hash)
		if rep >= int32(ply) {
			rep, deps.n = noRep, 0 // every repetition it rests on lies inside its subtree
		}
		res.noWin, res.rep, res.deps = noWin, rep, deps
		switch {
		case rep == noRep:
			s.tt.storeDisproof(hash, noWin, work)
		case deps.n != overflowDeps:
			s.stats.Conditional++
			s.cond.put(hash, &deps)
		default:
			s.stats.PathOnly++
			s.reps.put(s.path[ply].pathKey, rep)
		}
	default:
		bi, _ := selectChild(cs, or, false)
		s.tt.storeNumbers(hash, d, pn, dn, cs[bi].move, work)
	}
	return res
}

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
// only order the search, so answers do not change. Measured on the deep
// suite: 22-28% fewer nodes for --max-plies and --shortest (the disproof
// killer at AND nodes more than half of it).
func (s *Searcher) favourKiller(cs []child, or bool, ply int) {
	if ply >= len(s.killers) || !s.killers[ply].set {
		return
	}
	k := s.killers[ply].move
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
// transpositions (a DAG, and cycles) inflate without bound (measured on
// the project's suites: a quarter fewer nodes for 15-17-ply wins, less
// than half for bounded 8-vs-8 searches). The child to search is
// selectChild's.
func scanChildren(cs []child, or, lastTie bool) scan {
	lo, second := Inf+1, Inf
	best := 0
	var mx, mxUnsolved, k uint32
	for i := range cs {
		own, other := cs[i].pn, cs[i].dn
		if !or {
			own, other = other, own
		}
		if own < lo || (lastTie && own == lo) {
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
// dn at AND nodes; the first in move order on ties) and the second-least
// value.
func selectChild(cs []child, or, lastTie bool) (int, uint32) {
	best, v1, v2 := 0, Inf+1, Inf
	for i := range cs {
		v := cs[i].dn
		if or {
			v = cs[i].pn
		}
		if v < v1 || (lastTie && v == v1) {
			best, v2, v1 = i, v1, v
		} else if v < v2 {
			v2 = v
		}
	}
	return best, min(v2, Inf)
}

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

// repTable remembers path-dependent disproofs by path key: valid
// whenever the search comes down the very same path again (the common
// case: df-pn re-expands the same path as thresholds grow). After the
// repetition table of KomoringHeights (docs/references.md).
type repTable struct {
	used []uint64 // bitmap of used slots (see condTable)
	keys []uint64
	reps []int32
	n    int
}

const repTableSize = 1 << 16

func (t *repTable) clear() {
	if t.keys == nil {
		t.used = make([]uint64, repTableSize/64)
		t.keys = make([]uint64, repTableSize)
		t.reps = make([]int32, repTableSize)
	} else if t.n > 0 {
		clear(t.used)
	}
	t.n = 0
}

func (t *repTable) put(key uint64, rep int32) {
	key |= 1
	i := key & (repTableSize - 1)
	t.used[i/64] |= 1 << (i % 64)
	t.keys[i], t.reps[i] = key, rep
	t.n++
}

func (t *repTable) get(key uint64) (int32, bool) {
	key |= 1
	i := key & (repTableSize - 1)
	if t.used[i/64]&(1<<(i%64)) != 0 && t.keys[i] == key {
		return t.reps[i], true
	}
	return 0, false
}

// allOnPath returns the least path index of the positions deps names if
// every one of them is an ancestor of the node at ply, or -1. Such
// positions have the node's material (a repetition needs it), so the scan
// stops where material changes.
func (s *Searcher) allOnPath(deps *depSet, material int32, ply int) int {
	if deps.n == overflowDeps || deps.n == 0 {
		return -1
	}
	found, least := 0, -1
	for j := ply - 1; j >= 0 && found < int(deps.n); j-- {
		n := &s.path[j]
		if n.material != material {
			break
		}
		for i := 0; i < int(deps.n); i++ {
			if deps.h[i] == n.hash {
				found++
				least = j
			}
		}
	}
	if found < int(deps.n) {
		return -1
	}
	return least
}

// depSet names the positions a path-dependent disproof rests on: the
// ancestors whose repetition below it counted as "not a win". Such a
// disproof holds on every path on which all of them are ancestors (more
// forbidden positions only make the OR side's task harder). Too many to
// name: overflowDeps.
type depSet struct {
	n uint8
	h [maxDeps]uint64
}

const (
	maxDeps      = 4
	overflowDeps = 255
)

func (d *depSet) size() int {
	if d.n == overflowDeps {
		return maxDeps + 1
	}
	return int(d.n)
}

func (d *depSet) add(h uint64) {
	if d.n == overflowDeps {
		return
	}
	for i := 0; i < int(d.n); i++ {
		if d.h[i] == h {
			return
		}
	}
	if d.n == maxDeps {
		d.n = overflowDeps
		return
	}
	d.h[d.n] = h
	d.n++
}

func (d *depSet) union(o *depSet) {
	if o.n == overflowDeps {
		d.n = overflowDeps
		return
	}
	for i := 0; i < int(o.n); i++ {
		d.add(o.h[i])
	}
}

func (d *depSet) remove(h uint64) {
	if d.n == overflowDeps {
		return
	}
	for i := 0; i < int(d.n); i++ {
		if d.h[i] == h {
			d.n--
			d.h[i] = d.h[d.n]
			return
		}
	}
}

// condTable keeps path-dependent disproofs with the positions they rest
// on, by node hash (direct-mapped; a newer entry replaces an older one). A
// bitmap of used slots, small enough to stay in cache, answers most
// lookups (misses) without touching the slots.
type condTable struct {
	used []uint64
	keys []uint64
	deps []depSet
}

const condTableSize = 1 << 17

func (t *condTable) put(key uint64, d *depSet) {
	if t.keys == nil {
		t.used = make([]uint64, condTableSize/64)
		t.keys = make([]uint64, condTableSize)
		t.deps = make([]depSet, condTableSize)
	}
	key |= 1
	i := key & (condTableSize - 1)
	t.used[i/64] |= 1 << (i % 64)
	t.keys[i], t.deps[i] = key, *d
}

func (t *condTable) get(key uint64) (*depSet, bool) {
	if t.keys == nil {
		return nil, false
	}
	key |= 1
	i := key & (condTableSize - 1)
	if t.used[i/64]&(1<<(i%64)) != 0 && t.keys[i] == key {
		return &t.deps[i], true
	}
	return nil, false
}

// refreshPlies is how deep a Parallel goroutine looks for the others'
// solved facts before choosing a child.
const refreshPlies = 4

// parallel is what the goroutines of a Parallel search share besides the
// table: the nodes they searched.
type parallel struct {
	nodes atomic.Uint64
}

// Parallel runs searches on one shared table with several goroutines.
// Reuse one for the searches of one question (its buffers are kept).
type Parallel struct {
	tt        *Table
	searchers []*Searcher
	par       parallel
}

// NewParallel returns a parallel searcher of n goroutines over tt, a
// table from NewSharedTable (with n = 1 or a table that is not shared,
// its searches are Search's).
func NewParallel(tt *Table, n int) *Parallel {
	p := &Parallel{tt: tt}
	if !tt.Shared() {
		n = 1
	}
	for range max(n, 1) {
		s := NewSearcher(tt)
		s.par = &p.par
		s.lastTie = len(p.searchers)%2 == 1
		p.searchers = append(p.searchers, s)
	}
	if len(p.searchers) == 1 {
		p.searchers[0].par = nil
	}
	return p
}

// Threads returns the number of goroutines of a search.
func (p *Parallel) Threads() int { return len(p.searchers) }

// Search proves or disproves the games' current node: games[i] (each a
// copy of the same node, which it leaves as it found it) is searched by
// goroutine i; there must be Threads of them. It is shared-table df-pn
// (Kaneko, "Parallel Depth First Proof Number Search", AAAI 2010, without
// its virtual proof numbers): every goroutine runs df-pn from the
// root on the one table; every second goroutine breaks ties between
// equally good children the other way (the last, not the first), so that
// the goroutines take different paths where df-pn has no preference
// (without it, two goroutines searched 0.97 of one's nodes each: the same
// tree twice); within refreshPlies of the root, before choosing a child,
// a goroutine takes in the solved facts the others stored, so that one
// coming down a path another has settled skips ahead of it. The first
// goroutine to settle the root
// stops the others. Kaneko's virtual proof numbers (a child others are
// searching counted as if its number were larger) were measured on the
// project's deep suite and made some bounded searches 50 to over 300
// times larger (docs/solving.md), so they are not used.
// Every fact is as exact as one goroutine's, so the verdict and the
// distances (NoWin; WinIn when a bound makes it a question) are those of
// Search for the same question; the proof found, hence Best and an
// unbounded WinIn, may differ from run to run.
func (p *Parallel) Search(ctx context.Context, games []Game, opts Options) Result {
	if len(p.searchers) == 1 {
		return p.searchers[0].Search(ctx, games[0], opts)
	}
	if len(games) != len(p.searchers) {
		panic("dfpn: Parallel.Search needs one game a goroutine")
	}
	start := time.Now()
	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	p.par.nodes.Store(0)
	results := make([]Result, len(games))
	var wg sync.WaitGroup
	var once sync.Once
	first := -1
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := p.searchers[i]
			s.reported = 0
			o := opts
			if i > 0 {
				o.Progress = nil
			}
			r := s.Search(sctx, g, o)
			results[i] = r
			if r.Status != Undecided {
				once.Do(func() { first = i; cancel() })
			}
		}()
	}
	wg.Wait()
	r := results[0]
	if first >= 0 {
		r = results[first]
	}
	var st Stats
	for _, x := range results {
		st.Nodes += x.Stats.Nodes
		st.Expansions += x.Stats.Expansions
		st.TTHits += x.Stats.TTHits
		st.MaxPly = max(st.MaxPly, x.Stats.MaxPly)
		st.Conditional += x.Stats.Conditional
		st.PathOnly += x.Stats.PathOnly
		st.CondHits += x.Stats.CondHits
		st.ThreadNodes = max(st.ThreadNodes, x.Stats.Nodes)
	}
	st.Elapsed = time.Since(start)
	r.Stats = st
	return r
}

// refresh takes into the unsolved children the solved facts other
// goroutines stored (path-independent facts only: sound on any path).
func (s *Searcher) refresh(cs []child, d uint16) {
	for i := range cs {
		c := &cs[i]
		if c.pn == 0 || c.dn == 0 {
			continue
		}
		pn, dn, winIn, noWin, _, found := s.tt.lookup(c.hash, d)
		if !found {
			continue
		}
		switch {
		case pn == 0:
			c.pn, c.dn, c.winIn = 0, Inf, winIn
		case dn == 0:
			c.pn, c.dn, c.noWin, c.rep, c.deps.n = Inf, 0, max(c.noWin, noWin), noRep, 0
		}
	}
}

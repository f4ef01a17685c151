package dfpn

import (
	"context"
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
	// Epsilon of the 1+ε threshold trick; 0 means DefaultEpsilon.
	Epsilon float64
	// RefuteEpsilon, when > 0, is the ε of the threshold at AND nodes
	// alone: the opponent's replies, which df-pn tries in turn for one
	// that refutes, are left for the next sooner (a smaller ε) or later.
	// In a search whose answer is expected to be no (the iterations of an
	// exact distance) most nodes go to replies tried and left (the
	// solver's value there, and what it saves: solver.refuteEpsilon,
	// docs/solving.md). Answers do not change.
	RefuteEpsilon float64
	// OddRefuteEpsilon, when > 0, is RefuteEpsilon for the odd goroutines
	// (1, 3, …) of a Parallel search (Search, SearchSplit); goroutine 0,
	// and a search of one goroutine, keep RefuteEpsilon. Two goroutines
	// then search two ways at once: one leaves an opponent's reply at
	// the threshold that suits proofs, the other sooner, as refutations
	// want (the solver's use: solver.oddRefuteEpsilon, docs/solving.md).
	// Answers do not change.
	OddRefuteEpsilon float64
	// SettleChildren (Parallel.SearchSplit only): each goroutine settles
	// the root's child it takes before it takes another, for a question
	// whose answer is expected to be no, where every child must be
	// settled (the iterations of an exact distance). Without it the
	// goroutines follow df-pn's choice at the root, leaving a child for
	// another when its number passes the next one's: settling every child
	// of a win's root settles siblings that one goroutine never needs.
	SettleChildren bool
	// KeepChildren (Parallel.SearchSplit only, without SettleChildren):
	// the goroutines follow df-pn's choice at the root, but each child
	// stays with the goroutine that searched it last (taken by another
	// only when that one has none of its own left), and a goroutine
	// leaves its child when the child's number passes twice the next
	// one's (ε = 1 at the root; rootChoice, rootThreshold). For a
	// question asked once, with or without a bound; the capped probes of
	// an exact distance do without it (with it, the hard suite's 25-ply
	// win of line 160 fell under 1.8× of one thread's speed in 11 runs of
	// 22, against none).
	KeepChildren bool
	// ShallowPlies, in a bounded search (MaxDepth > 0), has a node with
	// fewer plies left than this solved outright when df-pn first
	// searches it, and one with exactly this many when df-pn searches it
	// again (its numbers came from the table): a depth-first search in
	// df-pn's order that reads and writes no table (shallow), its result
	// stored as df-pn's would be. 0: never. Answers do not change; the
	// nodes of those searches count in Stats.Nodes, and cost less than
	// df-pn's (the solver's value, and what it saves: solver.shallowPlies,
	// docs/solving.md). Their results are kept for the rest of the search
	// (shallowMemo; Stats.MemoHits).
	ShallowPlies int
	// Progress, when set, is called with the statistics so far about
	// every million nodes.
	Progress func(Stats)
}

// Stats count a search's work.
type Stats struct {
	Nodes      uint64 // positions created and evaluated, and children settled by their move (ChildBounder)
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
	// HelpedSubtrees, HelpedNodes: in a SearchSplit iteration
	// (Options.SettleChildren), the subtrees below another goroutine's
	// path that a helper settled, and the nodes it searched in them.
	HelpedSubtrees, HelpedNodes uint64
	// MemoHits, MemoNodes: the shallow searches (Options.ShallowPlies)
	// answered by the memo of the search's earlier ones, and the nodes
	// those took: without the memo the search would have taken Nodes +
	// MemoNodes nodes, the same search otherwise.
	MemoHits, MemoNodes uint64
}

// Report is what a search found about the root.
type Report struct {
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
	seen         bool // its numbers came from the table: searched before
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

// Searcher runs searches that share a table. Reuse one per goroutine.
type Searcher struct {
	tt           *Table
	g            Game
	ch           ChildHasher  // g, when it is one
	cb           ChildBounder // g, when it is one (and noBound is not set)
	hashes       []uint64     // touch's children's keys
	ctx          context.Context
	maxNodes     uint64
	epsNum       uint64 // ε = epsNum/1024
	refuteNum    uint64 // ε at AND nodes (Options.RefuteEpsilon), in 1024ths
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
	seenNews     []uint64 // by ply, deeper than refreshPlies: the news a node of a Parallel search last took in (refresh)
	stats        Stats
	par          *parallel // shared with the other goroutines of a Parallel search
	reported     uint64    // nodes already added to par.nodes
	killers      []killer  // by ply: the move that last settled a node there (setKiller)
	hashTies     bool      // of equally good children, choose by tieKey (a goroutine's diversity: set by Parallel.Search and SearchSplit)
	pub          *pathPub  // where a SearchSplit goroutine publishes its path (helpDeep reads it)

	shallowPlies  uint16      // Options.ShallowPlies, in a bounded search (0: none)
	mutateShallow int         // a test's wrong rule in shallow (0: none; mutationsShallow)
	memo          []memoEntry // shallow's results (shallowMemo)
	memoGen       uint16      // the current search's generation of memo entries
	noMemo        bool        // a test's switch: shallow without the memo
	mutateMemo    int         // a test's wrong memo (0: none; mutationsMemo)
	noBound       bool        // a test's switch: shallow without the game's ChildBounder
	mutateBound   bool        // a test's wrong use of the ChildBounder: asked for the bound, not the least sibling's
	// A cache line of nothing at the end: the searchers of a Parallel
	// search are allocated one after the other, and each writes its
	// fields at every node.
	_ [64]byte
}

// NewSearcher returns a searcher over tt.
func NewSearcher(tt *Table) *Searcher { return &Searcher{tt: tt} }

// Reset makes s search as a new searcher over its table would (with the
// table reset too, every search the same, node for node): the killer
// moves and the path-dependent disproofs kept from search to search
// forgotten (the shallow searches' memo holds each search's own results
// only). Its buffers are kept, so that a searcher reused for many
// positions (a batch) does not allocate and zero them again for each.
func (s *Searcher) Reset() {
	s.ForgetKillers()
	s.cond.clear()
	s.reps.clear()
	s.seenNews = s.seenNews[:0]
}

// Table returns the searcher's transposition table.
func (s *Searcher) Table() *Table { return s.tt }

// Search runs one search from the game's current node, which it leaves
// as it found it.
func Search(ctx context.Context, g Game, tt *Table, opts Options) Report {
	return NewSearcher(tt).Search(ctx, g, opts)
}

// Search proves or disproves the game's current node.
func (s *Searcher) Search(ctx context.Context, g Game, opts Options) Report {
	start := time.Now()
	s.begin(ctx, g, opts, start)
	d := rootDepth(opts)

	var root child
	s.evalChild(&root, d, 0)
	res := nodeResult{pn: root.pn, dn: root.dn, winIn: root.winIn, noWin: root.noWin}
	if res.pn == 0 && res.winIn > 0 && g.OrNode() {
		// Proven by the game's evaluation (a win in a few plies it
		// sees), not by a search: expand the root once, so that Best
		// names the proof's first move as it does for searched roots.
		if r := s.mid(Inf, Inf, d, 0, root.seen); r.pn == 0 {
			res.winIn = min(res.winIn, r.winIn)
		}
	}
	for res.pn != 0 && res.dn != 0 && !s.stopped {
		res = s.mid(Inf, Inf, d, 0, root.seen)
	}
	s.stats.Elapsed = time.Since(start)
	s.stats.ThreadNodes = s.stats.Nodes
	r := Report{Stats: s.stats, WinIn: -1, NoWin: -2}
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

// rootDepth is the plies left at the root of a search with opts
// (unbounded without MaxDepth).
func rootDepth(opts Options) uint16 {
	if opts.MaxDepth > 0 {
		return uint16(min(opts.MaxDepth, int(unbounded)-1))
	}
	return unbounded
}

// begin readies s for a search from g's current node (its path's root).
func (s *Searcher) begin(ctx context.Context, g Game, opts Options, start time.Time) {
	s.g, s.ctx = g, ctx
	s.ch, _ = g.(ChildHasher)
	s.cb, _ = g.(ChildBounder)
	if s.noBound {
		s.cb = nil
	}
	s.stats = Stats{}
	s.stopped, s.nextCheck = false, 0
	s.progress, s.nextProgress, s.start = opts.Progress, 1<<20, start
	s.maxNodes = opts.MaxNodes
	s.epsNum = epsNum(opts.Epsilon)
	s.refuteNum = s.epsNum
	if opts.RefuteEpsilon > 0 {
		s.refuteNum = epsNum(opts.RefuteEpsilon)
	}
	s.shallowPlies = 0
	if opts.MaxDepth > 0 && opts.ShallowPlies > 0 {
		s.shallowPlies = uint16(min(opts.ShallowPlies, int(unbounded)-1))
	}
	s.path = append(s.path[:0], pathNode{g.Hash(), extendPathKey(0, g.Hash()), int32(g.Material())})
	s.reps.clear()
	s.newMemoGeneration()
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
	c.seen = false
	c.winIn, c.noWin = InfLen, 0
	// The table first: a node it solves, or holds numbers for at this
	// depth, was met before and the game's evaluation did not decide it
	// with d plies left (or it would not have been expanded), so the
	// evaluation is skipped.
	var pn, dn uint32
	var winIn, noWin, near uint16 = InfLen, 0, 0
	var found bool
	if !s.tt.absent(c.hash) { // most children: the filter alone, inlined
		pn, dn, winIn, noWin, _, found, near = s.tt.lookupStored(c.hash, d)
	}
	// spare: the plies left beyond the least the game knows the OR side
	// needs (0: it must win in exactly d; -1: unknown, or no bound)
	spare := -1
	var noWin0 uint16 // the game's "no win within", when evaluated
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
		if d != unbounded && ev.NoWin > 0 {
			spare = int(d) - int(ev.NoWin) - 1
		}
		noWin0 = ev.NoWin
	}
	if d == unbounded && ply > 0 {
		if j := s.repetition(c.hash, c.material, ply); j >= 0 {
			// A repetition is not a win; the disproof holds on this path only.
			c.pn, c.dn, c.noWin, c.rep = Inf, 0, InfLen, int32(j)
			c.deps.add(c.hash)
			return
		}
		// A disproof found before that rests on repetitions of positions
		// that are all on the current path again (most nodes end at the
		// bitmap, inlined here).
		if s.cond.inUse(c.hash) {
			if deps, ok := s.cond.find(c.hash); ok {
				if j := s.allOnPath(deps, c.material, ply); j >= 0 {
					c.pn, c.dn, c.noWin, c.rep, c.deps = Inf, 0, InfLen, int32(j), *deps
					s.stats.CondHits++
					return
				}
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
		c.pn, c.dn, c.seen = pn, dn, true
		return
	}
	c.pn, c.dn = g.Estimate()
	or := g.OrNode()
	if !or {
		// An AND node the game knows the OR side needs more plies to
		// win from is harder to prove: distanceWeight for every ply of
		// the game's "no win within" (df-pn+'s heuristic initial
		// numbers). The OR side's moves are tried nearest the win
		// first (fewer nodes on every suite: docs/solving.md).
		//
		// Where the table holds the node disproven within d-1 plies,
		// the OR side can win there only in exactly the plies left (in
		// --shortest, every AND node the last iteration disproved, met
		// again with two plies more), and that stored "no win within"
		// weighs instead of the game's weaker bound: the 706 partly
		// revealed 17-ply puzzles 18% fewer nodes, the hard suite 31%
		// (docs/solving.md). The table's looser disproofs weighted so
		// too searched more; the OR nodes' spare plies taken from it,
		// no fewer and a larger most. (d-1 of a d of 0 is InfLen, a
		// disproof lookupNear returns as found.)
		if d != unbounded && noWin == d-1 {
			noWin0 = max(noWin0, noWin)
		}
		c.pn = weighDistance(c.pn, noWin0)
	}
	if spare >= 0 && spare <= nearlyTight && or {
		// Few plies to spare beyond the game's lower bound: few moves can
		// afford to lose one, and the node is easier to disprove than its
		// mobility says (halved); with none to spare (a win in exactly
		// the plies left, every move gaining a ply on the bound), easier
		// still (quartered). Fewer nodes on the suites: docs/solving.md.
		// (A shift, not a division by a variable, which the compiler
		// leaves a DIV instruction.)
		shift := uint32(1)
		if spare == 0 {
			shift = 2
		}
		c.dn = max(1, c.dn>>shift)
	}
	if near != 0 && near < d {
		// Numbers of a search with fewer plies left: with more, the
		// node is no easier to disprove (a --shortest iteration meets
		// the last one's nodes so); docs/solving.md has what it saves.
		c.dn = max(c.dn, dn)
	}
}

// touch asks the processor for every child's bucket (a prefetch, where
// the architecture has one: Table.touch) before the expansion looks the
// children up one by one, so that their cache misses overlap each other
// and the children's evaluation, where the lookups (each waiting for its
// child's Evaluate) took them one after another: a table larger than the
// cache cost half the search's time in misses; reading ahead, the
// suites' large searches take a sixth to a quarter less CPU for the same
// nodes, and prefetches instead of loads, which held the processor
// until the first line came, less again (the 706 partly revealed
// puzzles 58.1–59.1 → 55.1–57.8 s of CPU, their 24 slowest 13.0–13.7 →
// 11.6–12.4 s: docs/solving.md). They are hints only, and take no lock
// in a shared table; where the architecture has no prefetch they are
// atomic loads, whose values are never used, and the race detector,
// which would call those races with the locked writes, builds a shared
// table without them. A game that is no ChildHasher (the keeper's,
// whose moves carry marks) has its children's keys by Play, Hash and
// Undo. It reports whether it asked (s.hashes then holds the children's
// keys).
func (s *Searcher) touch(moves []Move) bool {
	if !s.tt.touches() {
		return false
	}
	hs := s.hashes[:0]
	if ch := s.ch; ch != nil {
		for _, m := range moves {
			hs = append(hs, fixKey(ch.ChildHash(m)))
		}
	} else {
		for _, m := range moves {
			s.g.Play(m)
			hs = append(hs, fixKey(s.g.Hash()))
			s.g.Undo()
		}
	}
	s.hashes = hs
	s.tt.touch(hs)
	return true
}

// distanceWeight is what a ply of the game's lower bound on the OR
// side's win adds to a new AND node's proof number: a proof about as hard
// as four more replies (1 and 2 saved fewer nodes, 8 to 64 about as
// many; the OR node's proof number weighted so, too, searched more).
const distanceWeight = 4

// nearlyTight is the most plies an OR node may have to spare beyond the
// game's lower bound for its initial disproof number to be lowered. It
// was 4; with the distance in the AND nodes' proof numbers (which already
// makes a move that leaves little to spare look hard), 2 searched fewer
// nodes: the partly revealed 17-ply puzzles 10% fewer, the tables suite's
// no-wins 25% (docs/solving.md). 3 gave the same nodes as 2 there, and 1
// as 0: the prover wins on its own moves, so its spare plies mostly come
// in twos.
const nearlyTight = 2

// weighDistance returns an AND node's initial proof number pn with
// distanceWeight added for every ply of noWin, the game's "no win within"
// (df-pn+'s heuristic initial numbers: evalChild).
func weighDistance(pn uint32, noWin uint16) uint32 {
	return satAdd(pn, distanceWeight*uint32(noWin))
}

// nodeMoves returns the current node's moves (at path index ply), in the
// ply's buffer, and a child of the ply's buffer for each.
func (s *Searcher) nodeMoves(ply int) ([]Move, []child) {
	mbuf, cbuf := s.buffers(ply)
	moves := s.g.Moves(mbuf)
	s.moves[ply] = moves[:0]
	if cap(cbuf) < len(moves) {
		cbuf = make([]child, len(moves))
		s.children[ply] = cbuf
	}
	return moves, cbuf[:len(moves)]
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
func (s *Searcher) threshold(v uint32) uint32 { return thresholdOf(v, s.epsNum) }

// thresholdOf is the 1+ε rule with ε = num/1024.
func thresholdOf(v uint32, num uint64) uint32 {
	if v >= Inf {
		return Inf
	}
	t := uint64(v) + (uint64(v)*num+1023)/1024
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
// seen: the node's numbers came from the table when its parent was
// expanded (it was searched before), which decides where
// Options.ShallowPlies solves it outright instead (shallow).
func (s *Searcher) mid(thpn, thdn uint32, d uint16, ply int, seen bool) nodeResult {
	g := s.g
	s.stats.Expansions++
	if ply > s.stats.MaxPly {
		s.stats.MaxPly = ply
	}
	startNodes := s.work()
	or := g.OrNode()
	hash := g.Hash()
	if d < s.shallowPlies || (d == s.shallowPlies && seen) {
		r, m := s.shallow(d, ply)
		work := uint32(min(s.work()-startNodes, uint64(^uint32(0))))
		if (r.pn == 0) == or { // a proving move, or a refuting reply
			s.setKiller(ply, m)
		}
		if r.pn == 0 {
			s.tt.storeProof(hash, r.winIn, m, work)
		} else {
			s.tt.storeDisproof(hash, r.noWin, work)
		}
		s.announce(work)
		return r
	}
	dc := d
	if d != unbounded {
		dc = d - 1
	}
	cs := s.expand(ply, dc, or)
	s.favourKiller(cs, or, ply)
	if s.par != nil && ply >= refreshPlies {
		s.newsSeen(ply) // the children were just read
	}

	var pn, dn uint32
	for {
		sc := scanChildren(cs, or, s.hashTies)
		pn, dn = sc.pn, sc.dn
		if pn == 0 || dn == 0 || pn >= thpn || dn >= thdn || s.stopped {
			break
		}
		// In a Parallel search, near the root (where the goroutines'
		// paths overlap) take in what the others settled; deeper, the
		// lookups at every turn cost more than they save (measured:
		// BenchmarkParallel), and a node takes it in when the others
		// have settled a large subtree since it last looked.
		if s.par != nil && (ply < refreshPlies || s.newsSeen(ply)) {
			s.refresh(cs, dc)
			sc = scanChildren(cs, or, s.hashTies)
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
			cthdn = min(thdn, thresholdOf(sc.second, s.refuteNum))
			cthpn = thpn
			if thpn < Inf {
				cthpn = thpn - (pn - sc.maxOther)
			}
		}
		s.setPath(ply+1, c.hash, c.material)
		if s.pub != nil {
			s.pub.publish(ply+1, c.move, c.hash)
		}
		g.Play(c.move)
		r := s.mid(cthpn, cthdn, dc, ply+1, c.seen)
		g.Undo()
		if s.pub != nil {
			s.pub.back(ply)
		}
		c.pn, c.dn, c.winIn, c.noWin, c.rep, c.deps = r.pn, r.dn, r.winIn, r.noWin, r.rep, r.deps
		if s.budgetSpent() {
			s.stopped = true
		}
	}

	work := uint32(min(s.work()-startNodes, uint64(^uint32(0))))
	res := nodeResult{pn: pn, dn: dn, winIn: InfLen, rep: noRep}
	switch {
	case pn == 0:
		bi := provenChild(cs, or)
		if or {
			s.setKiller(ply, cs[bi].move)
		}
		res.winIn = cs[bi].winIn + 1
		s.tt.storeProof(hash, res.winIn, cs[bi].move, work)
		s.announce(work)
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
			s.announce(work)
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

// expand evaluates the children of the current node (at path index ply,
// an OR node if or) with d plies left each, into the ply's buffers. A
// proven child proves an OR node, a disproven one (not resting on the
// path) disproves an AND node: expanding stops there, that child last.
// The others could only give a shorter proof or a longer disproof, which
// the search does not need (docs/solving.md: fewer nodes than stopping
// only at a win at once or a refutation for good).
func (s *Searcher) expand(ply int, d uint16, or bool) []child {
	g := s.g
	moves, cs := s.nodeMoves(ply)
	if s.touch(moves) && d >= memoMinPlies && d <= s.shallowPlies && !s.noMemo {
		// The children the search will solve outright (mid: shallow):
		// their memo slots asked for with their table buckets.
		for _, h := range s.hashes {
			prefetchKey(&s.memoSlot(h, d).key)
		}
	}
	for i, m := range moves {
		c := &cs[i]
		c.move = m
		g.Play(m)
		s.stats.Nodes++
		s.evalChild(c, d, ply+1)
		g.Undo()
		if (or && c.pn == 0) || (!or && c.dn == 0 && c.rep == noRep) {
			return cs[:i+1]
		}
	}
	return cs
}

// setPath sets the path's node at ply, the node reached by key h.
func (s *Searcher) setPath(ply int, h uint64, material int32) {
	for len(s.path) <= ply {
		s.path = append(s.path, pathNode{})
	}
	s.path[ply] = pathNode{h, extendPathKey(s.path[ply-1].pathKey, h), material}
}

// newsSeen records that the node at ply (refreshPlies or deeper) has
// taken in the news of a Parallel search as it stands, and reports
// whether there was any since the node last did.
func (s *Searcher) newsSeen(ply int) bool {
	for len(s.seenNews) <= ply {
		s.seenNews = append(s.seenNews, 0)
	}
	n := s.par.news.Load()
	if n == s.seenNews[ply] {
		return false
	}
	s.seenNews[ply] = n
	return true
}

// announce tells the other goroutines of a Parallel search that this one
// settled a subtree of work nodes, if that is newsWork or more (refresh).
func (s *Searcher) announce(work uint32) {
	if s.par != nil && work >= newsWork {
		s.par.news.Add(1)
	}
}

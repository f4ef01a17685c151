package dfpn

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"
)

// SearchSplit answers a question on the goroutines by sharing out the
// root's children: each goroutine takes the open child that no other
// has, least proof number first at an OR root (the likeliest win),
// least disproof number first at an AND root, and searches it by df-pn
// from the root's path (so that a return to the root is a repetition,
// as in Search), on the one table. It leaves the child for another when
// the child's number passes the 1+ε threshold of the next such child's:
// df-pn's own choice at the root, two children searched at once (with
// opts.KeepChildren, for a question asked once, each child stays with
// the goroutine that searched it last, and ε is 1: rootChoice,
// rootThreshold). With
// opts.SettleChildren it settles the child before it takes another: a
// question whose answer is no needs every child settled, and one
// goroutine settling a child's whole subtree searched least; but on a
// win it settles the siblings of the win's child, which one goroutine
// never searches that far (a 25-ply win asked within 25 plies took two
// goroutines five times one's nodes: docs/solving.md). The child of the
// root's best move in the table (its last proof's) is favoured as a
// killer is (favourKiller); a search its budget stops stores the root's
// numbers with its likeliest child as that move.
//
// An OR root is proven by the first proven child and disproven when
// every child is; an AND root the other way round. Where Search's
// goroutines of one question pull each other's numbers to and fro on
// positions met by different paths (with repetitions, an unbounded no-win
// took 1.6–2.5 times one goroutine's nodes: docs/solving.md), here each
// child's subtree has one goroutine searching it at a time (but for a
// goroutine with no child left, which helps with the last one open,
// breaking ties between equal children by tieKey, the owner by the move
// order), and the goroutines share the facts of the positions their
// subtrees have in common. In an iteration (opts.SettleChildren with a
// bound) the helper of the last open child does not search the child's
// subtree beside its owner but settles subtrees below the owner's path
// (helpDeep): the root's sharing out carried down to where the work
// is. With a bound (opts.MaxDepth) each child is
// searched within one ply less; the answer's distances are those of
// Search. With one goroutine it is Search.
func (p *Parallel) SearchSplit(ctx context.Context, games []Game, opts Options) Report {
	if len(p.searchers) == 1 {
		return p.Search(ctx, games, opts)
	}
	if len(games) != len(p.searchers) {
		panic("dfpn: Parallel.SearchSplit needs one game a goroutine")
	}
	start := time.Now()
	s0, g0 := p.searchers[0], games[0]
	d, dc := rootDepth(opts), uint16(unbounded) // plies left at the root, at its children
	if d != unbounded {
		dc = d - 1
	}
	or := g0.OrNode()
	rootHash := g0.Hash()
	// The root itself: decided without search (or a node too small to
	// share out) is Search's.
	p.par.nodes.Store(0)
	s0.begin(ctx, g0, opts, start)
	var root child
	s0.evalChild(&root, d, 0)
	if root.pn == 0 || root.dn == 0 {
		return p.Search(ctx, games, opts)
	}
	// The children, evaluated once; settled ones need no goroutine.
	moves := g0.Moves(nil)
	cs := make([]child, len(moves))
	for i, m := range moves {
		c := &cs[i]
		c.move = m
		g0.Play(m)
		s0.stats.Nodes++
		s0.evalChild(c, dc, 1)
		g0.Undo()
		if decisive(c, or) {
			return p.Search(ctx, games, opts)
		}
	}
	// The root's best move in the table (that of the root's last proof,
	// such as a --shortest probe's, or its likeliest child when a search
	// stopped by its budget last left it, below) is favoured, as Search
	// favours the killer at its root (favourKiller: one thread's
	// searches keep the move of the last proof at ply 0). Without it,
	// the iteration that finds a win took the children in the order of
	// their numbers and settled the win's siblings first: a 25-ply win
	// asked within 25 plies, after a probe had proven a longer win
	// through the same child, took up to 10 M nodes against one
	// thread's 29 k (docs/solving.md).
	if _, _, best, ok := s0.tt.Facts(rootHash); ok {
		favour(cs, or, best)
	}
	var open []int // children still to settle, least proof number (OR) or disproof number (AND) first
	for i := range cs {
		if cs[i].pn != 0 && cs[i].dn != 0 {
			open = append(open, i)
		}
	}
	slices.SortStableFunc(open, func(a, b int) int {
		if or {
			return cmp.Or(cmp.Compare(cs[a].pn, cs[b].pn), cmp.Compare(cs[b].dn, cs[a].dn))
		}
		return cmp.Or(cmp.Compare(cs[a].dn, cs[b].dn), cmp.Compare(cs[b].pn, cs[a].pn))
	})

	sctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make([]bool, len(open))   // settled
	owner := make([]int, len(open))   // the goroutine settling it (-1: none)
	helped := make([]bool, len(open)) // a goroutine not its owner has helped with it
	childCtx := make([]context.Context, len(open))
	childCancel := make([]context.CancelFunc, len(open))
	for k := range open {
		owner[k] = -1
		childCtx[k], childCancel[k] = context.WithCancel(sctx)
		defer childCancel[k]()
	}
	var mu sync.Mutex // guards cs, done, owner and helped
	// rank orders the children: the likeliest to settle the root first.
	rank := func(c *child) uint32 {
		if or {
			return c.pn
		}
		return c.dn
	}
	// pick gives goroutine gi the open child that rootChoice names and
	// the rank at which it leaves it for another: never, with
	// SettleChildren; with KeepChildren rootThreshold of the least rank
	// of the others it could take, else their 1+ε threshold (df-pn's
	// choice at the root, shared out; without KeepChildren no child has
	// a home, and every goroutine may take any child). With none unowned
	// it helps with the last child still open (the search of Search
	// within it, or helpDeep), until that child is settled; ownerOf is
	// the child's owner, k < 0: nothing left. c is the child as it
	// stands.
	home := make([]int, len(open)) // with KeepChildren, the goroutine that searched it last (-1: none)
	for k := range home {
		home[k] = -1
	}
	rankOf := func(j int) uint32 { return rank(&cs[open[j]]) }
	pick := func(gi int) (k int, c child, limit uint32, helping bool, ownerOf int) {
		mu.Lock()
		defer mu.Unlock()
		k, second := rootChoice(gi, rankOf, done, owner, home)
		if k >= 0 {
			owner[k] = gi
			switch {
			case opts.SettleChildren:
				return k, cs[open[k]], Inf, false, gi
			case opts.KeepChildren:
				home[k] = gi
				return k, cs[open[k]], rootThreshold(second), false, gi
			}
			return k, cs[open[k]], p.searchers[gi].threshold(second), false, gi
		}
		for j := len(open) - 1; j >= 0; j-- {
			if !done[j] && !helped[j] {
				helped[j] = true
				return j, cs[open[j]], Inf, true, owner[j]
			}
		}
		return -1, child{}, 0, false, -1
	}
	pubs := make([]pathPub, len(games))
	stats := make([]Stats, len(games))
	var wg sync.WaitGroup
	for gi, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := p.searchers[gi]
			s.pub = &pubs[gi]
			defer func() { s.pub = nil }()
			if gi > 0 { // s0 has begun, and counts the children's evaluation
				s.begin(sctx, g, goroutineOptions(opts, gi), start)
			}
			s.reported = 0
			for sctx.Err() == nil {
				k, c, limit, helping, ownerOf := pick(gi)
				if k < 0 {
					break
				}
				s.ctx = childCtx[k]
				s.stopped = false
				// The helper breaks ties its own way: it searches the
				// child its owner searches, and the same order would walk
				// the owner's path. An owner alone in its child's subtree
				// keeps the game's move order, as one thread does (with
				// the keys' order on every second goroutine's own
				// children too, 20 runs of a slow no-win took twice
				// one thread's time or more in 3, against 1:
				// docs/solving.md).
				s.hashTies = helping
				g.Play(c.move)
				s.setPath(1, c.hash, c.material)
				s.pub.publish(1, c.move, c.hash)
				thpn, thdn := uint32(Inf), uint32(Inf)
				if or {
					thpn = limit
				} else {
					thdn = limit
				}
				// The helper of an iteration whose answer is expected to
				// be no (with a bound: no repetitions) settles subtrees
				// below its owner's path (helpDeep), and where that path
				// offers none, searches the child itself a little before
				// it looks again.
				deep := helping && opts.SettleChildren && d != unbounded && ownerOf >= 0
				for c.pn != 0 && c.dn != 0 && !s.stopped && rank(&c) < limit {
					if deep {
						s.hashTies = false
						took := s.helpDeep(dc, &pubs[ownerOf])
						s.hashTies = true
						if took {
							if s.budgetSpent() {
								s.stopped = true
							}
							continue
						}
						thpn, thdn = s.threshold(c.pn), s.threshold(c.dn)
					}
					r := s.mid(thpn, thdn, dc, 1, c.seen)
					c.pn, c.dn, c.winIn, c.noWin, c.rep, c.deps = r.pn, r.dn, r.winIn, r.noWin, r.rep, r.deps
					if s.budgetSpent() {
						s.stopped = true
					}
				}
				g.Undo()
				s.pub.back(0)
				mu.Lock()
				if !helping {
					owner[k] = -1
				}
				if c.pn != 0 && c.dn != 0 {
					settled := done[k]
					if !settled && !helping {
						cs[open[k]] = c // its numbers now, for the next pick
					}
					mu.Unlock()
					if settled || helping || !s.stopped {
						continue // settled by another goroutine, or left for a child of less rank
					}
					break // stopped: the budget or the caller
				}
				if !done[k] {
					cs[open[k]], done[k] = c, true
				}
				mu.Unlock()
				childCancel[k]()
				if decisive(&c, or) {
					cancel()
					break
				}
			}
			s.stats.Elapsed = time.Since(start)
			stats[gi] = s.stats
		}()
	}
	wg.Wait()

	r := Report{WinIn: -1, NoWin: -2, Stats: sumStats(stats, start)}
	sc := scanChildren(cs, or, false)
	switch {
	case sc.pn == 0:
		bi := provenChild(cs, or)
		r.Status, r.WinIn, r.Best = Proven, int(cs[bi].winIn)+1, cs[bi].move
		s0.tt.storeProof(rootHash, uint16(r.WinIn), r.Best, 0)
	case sc.dn == 0:
		noWin := uint16(InfLen)
		if or {
			for i := range cs {
				noWin = min(noWin, cs[i].noWin)
			}
		} else {
			bi := disprovenChild(cs)
			noWin, r.Best = cs[bi].noWin, cs[bi].move
		}
		if noWin < unbounded-1 {
			noWin++
		}
		// Every repetition a child's disproof rests on is the root's
		// own or lies inside the child's subtree: the root's disproof
		// holds on any path.
		s0.tt.storeDisproof(rootHash, noWin, 0)
		r.Status, r.NoWin = Disproven, int(noWin)
		if noWin >= unbounded {
			r.NoWin = -1
		}
	default:
		// Stopped by the budget (a --shortest probe's cap): the root's
		// numbers and its likeliest child, as Search's mid stores at
		// every node it leaves, so that the next search of the root
		// takes that child first (above).
		s0.tt.storeNumbers(rootHash, d, sc.pn, sc.dn, cs[sc.best].move, 0)
	}
	if r.Best == 0 {
		_, _, r.Best, _ = s0.tt.Facts(rootHash)
	}
	return r
}

// rootChoice is SearchSplit's choice of a root child for goroutine gi,
// by index into the open children (done: settled; owner: the goroutine
// searching it, -1: none; home: the goroutine that searched it last, -1:
// none; rank: its proof number at an OR root, disproof number at an AND
// root): the child of least rank that no goroutine owns, ties to the
// earlier, among those gi searched last or none has searched; a child
// another goroutine searched last only when none of those is free. It
// returns the child (k < 0: none free) and the least rank of the other
// children gi could take (Inf: none). Without homes (all -1) it is the
// free child of least rank.
//
// The homes keep each child's subtree with one goroutine while df-pn's
// choice moves between the children: when every goroutine took the
// least-rank child that was free, the root's children passed from one
// goroutine to the other (a log of the tables suite's no-win of line 181
// asked without a bound: each of the five searched by both goroutines,
// five to eight times in all), and the two took 1.2–1.7 times one
// thread's nodes in all (docs/solving.md: a win at all, on two threads).
func rootChoice(gi int, rank func(int) uint32, done []bool, owner, home []int) (k int, second uint32) {
	free := func(j int) bool { return !done[j] && owner[j] < 0 }
	steal := true
	for j := range done {
		if free(j) && (home[j] < 0 || home[j] == gi) {
			steal = false
			break
		}
	}
	k, second = -1, Inf
	for j := range done {
		if !free(j) || (!steal && home[j] >= 0 && home[j] != gi) {
			continue
		}
		switch r := rank(j); {
		case k < 0:
			k = j
		case r < rank(k):
			k, second = j, min(second, rank(k))
		default:
			second = min(second, r)
		}
	}
	return k, second
}

// rootThreshold is the rank at which a SearchSplit goroutine with
// Options.KeepChildren leaves its root child for the next it could
// take, of rank v: 2v+1, df-pn's 1+ε rule with ε = 1 (one thread's ε is
// 1/4 at every node). With ε = 1/4 at the root, two goroutines took the
// hard suite's three slow wins asked without a bound at 2.03–3.10 times
// one thread's speed by path (medians of 55–88 runs), with ε = 1 and
// the children kept at 3.67–4.22 (22 runs); with ε = 2 one of them took
// twice one thread's time, its goroutines held for millions of nodes by
// children whose proof number stood still (docs/solving.md: a win at
// all, on two threads). One thread keeps 1/4 at the root: ε = 1 there
// searched 9% more nodes over the hard and tables suites.
func rootThreshold(v uint32) uint32 {
	return uint32(min(2*uint64(v)+1, uint64(Inf)))
}

// decisive reports whether settling c settles its parent: a proven child
// of an OR node, a disproven child of an AND node.
func decisive(c *child, or bool) bool {
	return (or && c.pn == 0) || (!or && c.dn == 0)
}

// DefaultEpsilon is df-pn's ε of the 1+ε trick when Options.Epsilon is
// not set.
const DefaultEpsilon = 0.25

// epsNum is the ε of the 1+ε trick in 1024ths (eps ≤ 0: DefaultEpsilon).
func epsNum(eps float64) uint64 {
	if eps <= 0 {
		eps = DefaultEpsilon
	}
	return uint64(eps * 1024)
}

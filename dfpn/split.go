package dfpn

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// SearchSplit answers a question on the goroutines by sharing out the
// root's children: each goroutine takes the next unsettled child (at an
// OR root least proof number first, the likeliest win: largest disproof
// number first made a win's search settle its siblings first, each a
// disproof one goroutine does not need; at an AND root least disproof
// number first), and settles it by df-pn from the root's path (so
// that a return to the root is a repetition, as in Search), on the one
// table. An OR root is proven by the first proven child and disproven
// when every child is; an AND root the other way round. Where Search's
// goroutines of one question pull each other's numbers to and fro on
// positions met by different paths (with repetitions, an unbounded no-win
// took 1.6–2.5 times one goroutine's nodes: docs/solving.md), here each
// child's subtree has one goroutine searching it, and the goroutines
// share only the solved facts of the positions their subtrees have in
// common. With a bound (opts.MaxDepth) each child is searched within one
// ply less; the answer's distances are those of Search. With one
// goroutine it is Search.
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
	var next atomic.Int64
	done := make([]bool, len(open))   // settled
	helped := make([]bool, len(open)) // a goroutine not its owner has helped with it
	childCtx := make([]context.Context, len(open))
	childCancel := make([]context.CancelFunc, len(open))
	for k := range open {
		childCtx[k], childCancel[k] = context.WithCancel(sctx)
		defer childCancel[k]()
	}
	var mu sync.Mutex // guards cs
	stats := make([]Stats, len(games))
	var wg sync.WaitGroup
	for gi, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := p.searchers[gi]
			if gi > 0 { // s0 has begun, and counts the children's evaluation
				o := opts
				o.Progress = nil
				s.begin(sctx, g, o, start)
			}
			s.reported = 0
			for sctx.Err() == nil {
				k := int(next.Add(1)) - 1
				helping := false
				if k >= len(open) {
					// Every child taken: help with the last one still
					// being settled (the search of Search within it), until
					// its owner settles it.
					mu.Lock()
					k = -1
					for j := len(open) - 1; j >= 0; j-- {
						if !done[j] && !helped[j] {
							k = j
							break
						}
					}
					if k >= 0 {
						helped[k] = true
					}
					mu.Unlock()
					if k < 0 {
						break
					}
					helping = true
				}
				mu.Lock()
				c := cs[open[k]]
				mu.Unlock()
				s.ctx = childCtx[k]
				s.stopped = false
				g.Play(c.move)
				if len(s.path) < 2 {
					s.path = append(s.path, pathNode{})
				}
				s.path[1] = pathNode{c.hash, extendPathKey(s.path[0].pathKey, c.hash), c.material}
				for c.pn != 0 && c.dn != 0 && !s.stopped {
					r := s.mid(Inf, Inf, dc, 1)
					c.pn, c.dn, c.winIn, c.noWin, c.rep, c.deps = r.pn, r.dn, r.winIn, r.noWin, r.rep, r.deps
					if s.budgetSpent() {
						s.stopped = true
					}
				}
				g.Undo()
				if c.pn != 0 && c.dn != 0 {
					mu.Lock()
					settled := done[k]
					mu.Unlock()
					if settled || helping {
						continue // settled by another goroutine (its owner, or one helping)
					}
					break // stopped: the budget or the caller
				}
				mu.Lock()
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
	}
	if r.Best == 0 {
		_, _, r.Best, _ = s0.tt.Facts(rootHash)
	}
	return r
}

// decisive reports whether settling c settles its parent: a proven child
// of an OR node, a disproven child of an AND node.
func decisive(c *child, or bool) bool {
	return (or && c.pn == 0) || (!or && c.dn == 0)
}

// epsNum is the ε of the 1+ε trick in 1024ths (eps ≤ 0: the default 1/4).
func epsNum(eps float64) uint64 {
	if eps <= 0 {
		eps = 0.25
	}
	return uint64(eps * 1024)
}

package dfpn

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// refreshPlies is how deep a Parallel goroutine looks for the others'
// solved facts before choosing a child.
const refreshPlies = 4

// parallel is what the goroutines of a Parallel search share besides the
// table: the nodes they searched, and the news: how many subtrees of
// newsWork nodes or more they settled (on a cache line of its own: the
// goroutines read it at every turn of a node's loop).
type parallel struct {
	nodes atomic.Uint64
	_     [56]byte
	news  atomic.Uint64
	_     [56]byte
}

// newsWork is the least work (nodes below it) of a settled node whose
// solved fact a Parallel goroutine announces (parallel.news), so that the
// others take it in at every node on their paths (Searcher.mid).
const newsWork = 1 << 14

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
		p.searchers = append(p.searchers, s)
	}
	if len(p.searchers) == 1 {
		p.searchers[0].par = nil
	}
	return p
}

// Reset makes p search as a new Parallel over its table would (each
// goroutine's searcher reset: Searcher.Reset), keeping its buffers.
func (p *Parallel) Reset() {
	for _, s := range p.searchers {
		s.Reset()
	}
	p.par.nodes.Store(0)
	p.par.news.Store(0)
}

// Threads returns the number of goroutines of a search.
func (p *Parallel) Threads() int { return len(p.searchers) }

// Search proves or disproves the games' current node: games[i] (each a
// copy of the same node, which it leaves as it found it) is searched by
// goroutine i; there must be Threads of them. It is shared-table df-pn
// (Kaneko, "Parallel Depth First Proof Number Search", AAAI 2010, without
// its virtual proof numbers): every goroutine runs df-pn from the
// root on the one table; every second goroutine breaks ties between
// equally good children in an order of its own (tieKey, by the children's
// keys; not the first in move order), so that
// the goroutines take different paths where df-pn has no preference
// (without it, two goroutines searched 0.97 of one's nodes each: the same
// tree twice); within refreshPlies of the root, before choosing a child,
// a goroutine takes in the solved facts the others stored, so that one
// coming down a path another has settled skips ahead of it (deeper, when
// another has settled a large subtree since: refresh). The first
// goroutine to settle the root
// stops the others. Kaneko's virtual proof numbers (a child others are
// searching counted as if its number were larger) made some bounded
// searches of the project's deep suite many times larger
// (docs/solving.md), so they are not used.
// Every fact is as exact as one goroutine's, so the verdict and the
// distances (NoWin; WinIn when a bound makes it a question) are those of
// Search for the same question; the proof found, hence Best and an
// unbounded WinIn, may differ from run to run.
func (p *Parallel) Search(ctx context.Context, games []Game, opts Options) Report {
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
	results := make([]Report, len(games))
	var wg sync.WaitGroup
	var once sync.Once
	first := -1
	for i, g := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := p.searchers[i]
			s.reported = 0
			s.hashTies = i%2 == 1 // the diversity above (SearchSplit sets its own)
			o := goroutineOptions(opts, i)
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
	stats := make([]Stats, len(results))
	for i, x := range results {
		stats[i] = x.Stats
	}
	r.Stats = sumStats(stats, start)
	return r
}

// goroutineOptions are the options of goroutine gi of a Parallel search:
// progress is reported by goroutine 0 alone, and the odd goroutines
// take OddRefuteEpsilon (when set) for RefuteEpsilon.
func goroutineOptions(opts Options, gi int) Options {
	if gi > 0 {
		opts.Progress = nil
	}
	if gi%2 == 1 && opts.OddRefuteEpsilon > 0 {
		opts.RefuteEpsilon = opts.OddRefuteEpsilon
	}
	return opts
}

// sumStats adds up the goroutines' statistics of one search begun at
// start (ThreadNodes: the most nodes one goroutine searched).
func sumStats(stats []Stats, start time.Time) Stats {
	var st Stats
	for _, x := range stats {
		st.Nodes += x.Nodes
		st.Expansions += x.Expansions
		st.TTHits += x.TTHits
		st.MaxPly = max(st.MaxPly, x.MaxPly)
		st.Conditional += x.Conditional
		st.PathOnly += x.PathOnly
		st.CondHits += x.CondHits
		st.ThreadNodes = max(st.ThreadNodes, x.Nodes)
		st.HelpedSubtrees += x.HelpedSubtrees
		st.HelpedNodes += x.HelpedNodes
		st.MemoHits += x.MemoHits
		st.MemoNodes += x.MemoNodes
	}
	st.Elapsed = time.Since(start)
	return st
}

// refresh takes into the unsolved children the solved facts other
// goroutines stored (path-independent facts only: sound on any path).
// Within refreshPlies of the root it runs at every turn of a node's
// loop; deeper, when another goroutine has settled a subtree of newsWork
// nodes or more since the node last looked (the news): a goroutine deep
// in its own subtree otherwise searched on with its ancestors' children
// as it found them, where the other had settled one. With the news, the
// slow no-wins of BenchmarkParallelSpread asked with --shortest fell
// under 1.8× by path on two threads in 30 of 150 runs, against 50
// (docs/solving.md).
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

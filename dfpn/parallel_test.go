package dfpn

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// TestParallelGraphs checks Parallel.Search (three goroutines on one
// shared table) against plain iteration on random graphs with cycles,
// unbounded and bounded, the table shared across all roots of a graph;
// in a third of the graphs goroutine 1 leaves the replies at AND nodes
// sooner, in a third later (Options.OddRefuteEpsilon).
func TestParallelGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	graphs := 600
	if testing.Short() {
		graphs = 150
	}
	for gi := 0; gi < graphs; gi++ {
		n := 10 + r.IntN(60)
		g := randomGraph(r, n)
		want := g.dtw()
		tt := NewSharedTable(1)
		ps := NewParallel(tt, 3)
		odd := oddEpsilons[gi%len(oddEpsilons)]
		for _, root := range r.Perm(n) {
			res := ps.Search(context.Background(), graphCopies(g, root, 3), Options{MaxNodes: 1 << 20, OddRefuteEpsilon: odd})
			checkUnbounded(t, gi, root, res, want[root])
			for _, D := range []int{2, 5, 8} {
				res := ps.Search(context.Background(), graphCopies(g, root, 3), Options{MaxDepth: D, MaxNodes: 1 << 20, OddRefuteEpsilon: odd})
				checkBounded(t, gi, root, D, res, want[root])
			}
		}
	}
}

// oddEpsilons are the Options.OddRefuteEpsilon of the parallel graph
// tests: none, a small one, a large one.
var oddEpsilons = []float64{0, 0.02, 4}

// TestGoroutineOptions: goroutine 0 of a Parallel search reports
// progress and keeps RefuteEpsilon; the others report none; the odd
// ones take OddRefuteEpsilon where it is set. A search's goroutines
// begin with these (their refuteNum after a SearchSplit and a Search of
// three goroutines).
func TestGoroutineOptions(t *testing.T) {
	progress := func(Stats) {}
	opts := Options{MaxNodes: 7, RefuteEpsilon: 0.1, OddRefuteEpsilon: 0.05, Progress: progress}
	for gi, want := range []float64{0.1, 0.05, 0.1, 0.05} {
		o := goroutineOptions(opts, gi)
		if o.RefuteEpsilon != want || o.MaxNodes != 7 || o.OddRefuteEpsilon != 0.05 || (o.Progress != nil) != (gi == 0) {
			t.Errorf("goroutine %d: ε at AND nodes %v, max nodes %d, progress %v; want %v, 7, %v", gi, o.RefuteEpsilon, o.MaxNodes, o.Progress != nil, want, gi == 0)
		}
	}
	if o := goroutineOptions(Options{RefuteEpsilon: 0.1}, 1); o.RefuteEpsilon != 0.1 {
		t.Errorf("goroutine 1 without OddRefuteEpsilon: ε at AND nodes %v, want 0.1", o.RefuteEpsilon)
	}
	r := rand.New(rand.NewPCG(7, 8))
	for range 20 {
		g := randomGraph(r, 30)
		ps := NewParallel(NewSharedTable(1), 3)
		for _, search := range []func(context.Context, []Game, Options) Report{ps.SearchSplit, ps.Search} {
			search(context.Background(), graphCopies(g, 0, 3), Options{RefuteEpsilon: 3, OddRefuteEpsilon: 0.02})
			for gi, want := range []uint64{epsNum(3), epsNum(0.02), epsNum(3)} {
				if got := ps.searchers[gi].refuteNum; got != want {
					t.Fatalf("goroutine %d searched with ε at AND nodes %d/1024, want %d/1024", gi, got, want)
				}
			}
		}
	}
}

// TestSharedTableGrows: goroutines store proofs into one shared table
// while it grows from 1 MiB; afterwards every proof is found with the
// length stored for it (a 4-way bucket may drop a few under load: at
// most 1%), and nothing else is.
func TestSharedTableGrows(t *testing.T) {
	tt := NewSharedTable(16)
	const per, workers = 60_000, 3
	done := make(chan struct{})
	for w := 0; w < workers; w++ {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := 0; i < per; i++ {
				k := uint64(w*per+i+1) * 0x9e3779b97f4a7c15
				tt.storeProof(k, uint16(k%1000), Move(i), 1)
				if i%7 == 0 {
					tt.lookup(k^0x5555, 3) // reads while others write and grow
				}
			}
		}()
	}
	for w := 0; w < workers; w++ {
		<-done
	}
	if tt.Grows < 2 {
		t.Fatalf("the table grew %d times, want 2: from its first allocation, and then within its mapping (growInPlace)", tt.Grows)
	}
	missing := 0
	for i := 0; i < workers*per; i++ {
		k := uint64(i+1) * 0x9e3779b97f4a7c15
		winIn, _, _, ok := tt.Facts(k)
		switch {
		case !ok:
			missing++
		case winIn != uint16(k%1000):
			t.Fatalf("key %d: win in %d, stored %d", i, winIn, k%1000)
		}
	}
	if missing > workers*per/100 {
		t.Errorf("%d of %d proofs lost", missing, workers*per)
	}
	t.Logf("%d grows, %d of %d proofs dropped by full buckets", tt.Grows, missing, workers*per)
}

// TestSharedTableReadsWhole: a read of a shared table must be of one
// write of its key, whatever other goroutines write meanwhile. Two
// goroutines store into a small table (its slots replaced again and again
// by other keys, and the table growing), round after round, numbers
// derived from each key and the round, and proofs derived from the key,
// while two others look keys up; every read must give one round's
// numbers, depth and move together, or the key's proof length and move.
// The readers mostly read keys just written, where the writes are:
// reading without the bucket's lock made it fail (1,100–2,100 of
// 1.1–1.6 M reads wrong, in each of six runs); since the lookups read
// by the bucket's version (Table.readEntry), a reader that reads while
// the version is odd fails it in each of three runs, one that skips the
// version's second read in one or two of three
// (TestSharedTableReadsOneBucket in all three, either way). The numbers
// are looked up for 1 ply left, which no stored depth is, so that they
// come back with their depth (for 0 plies left every key was "no win
// within 0", and the numbers went unchecked).
func TestSharedTableReadsWhole(t *testing.T) {
	tt := NewSharedTable(2)
	const keys = 1 << 17
	rounds := 20
	if raceEnabled { // the race detector's pace; the volume ran without it
		rounds = 5
	}
	key := func(i int) uint64 { return uint64(i+1) * 0x9e3779b97f4a7c15 }
	proofOf := func(k uint64) uint16 { return uint16(k>>20)%1000 + 1 }
	numbersOf := func(k uint64, round int) (pn, dn uint32, d uint16, m Move) {
		return uint32(k>>8)&0xffff + uint32(round), uint32(k>>40)&0xffff + uint32(round), uint16(round + 1), Move(k>>3) + Move(round)
	}
	var last atomic.Int64 // a key just written: readers read near it, where writes are
	rngs := []*rand.Rand{rand.New(rand.NewPCG(0, 7)), rand.New(rand.NewPCG(1, 7))}
	var reads, found, wrong atomic.Int64
	writeWhileReading(func(w int) {
		for round := 0; round < rounds; round++ {
			for i := w; i < keys; i += 2 {
				k := key(i)
				last.Store(int64(i))
				if i%4 < 2 {
					tt.storeProof(k, proofOf(k), Move(k), 1)
				} else {
					pn, dn, d, m := numbersOf(k, round)
					tt.storeNumbers(k, d, pn, dn, m, 1)
				}
			}
		}
	}, func(r, _ int) {
		rng := rngs[r]
		i := int(last.Load()) - rng.IntN(16)
		if i < 0 || rng.IntN(4) == 0 {
			i = rng.IntN(keys)
		}
		k := key(i)
		reads.Add(1)
		if i%4 >= 2 {
			countRead(tt, k, numbersOf, &found, &wrong)
			return
		}
		if winIn, _, best, ok := tt.Facts(k); ok {
			found.Add(1)
			if winIn != proofOf(k) || best != Move(k) {
				wrong.Add(1)
			}
		}
	})
	if tt.Grows == 0 {
		t.Error("the table never grew")
	}
	checkReads(t, reads.Load(), found.Load(), wrong.Load())
	t.Logf("%d grows", tt.Grows)
}

// TestSharedTableReadsOneBucket: a read of a shared table must be of
// one write of its key even where every write is to the bucket read.
// Two goroutines store, round after round, into one bucket (six keys
// for its four slots: each store may replace another key's entry),
// numbers derived from the key and the round, while two others look the
// six keys up; every read must give one round's numbers, depth and move
// together. Looked up without the bucket's lock, 23–70 of 12–16 M
// reads were wrong in each of four runs (TestSharedTableReadsWhole
// failed in one of the four). Read by the bucket's version
// (Table.readEntry), a reader that skips the version's second read, or
// reads while it is odd, fails it in each of three runs.
func TestSharedTableReadsOneBucket(t *testing.T) {
	tt := NewSharedTable(2)
	a := tt.cur.Load()
	var keys []uint64 // the first six of k·φ·2^64 (k = 1, 2, …) in the bucket of the first
	for k := uint64(1); len(keys) < 6; k++ {
		if h := k * 0x9e3779b97f4a7c15; &a.bucket(h)[0] == &a.bucket(0x9e3779b97f4a7c15)[0] {
			keys = append(keys, h)
		}
	}
	numbersOf := func(k uint64, round int) (pn, dn uint32, d uint16, m Move) {
		return uint32(k>>8)&0xffff + uint32(round), uint32(k>>40)&0xffff + 3*uint32(round), uint16(round + 1), Move(k>>3) + Move(round)
	}
	rounds := 1_000_000
	if raceEnabled { // the locked reads, at the race detector's pace
		rounds = 200_000
	}
	var reads, found, wrong atomic.Int64
	writeWhileReading(func(w int) {
		for round := 0; round < rounds; round++ {
			k := keys[(round*2+w)%len(keys)]
			pn, dn, d, m := numbersOf(k, round%50_000) // depths of 1 to 50,000
			tt.storeNumbers(k, d, pn, dn, m, 1)
		}
	}, func(r, i int) {
		reads.Add(1)
		countRead(tt, keys[(r+i)%len(keys)], numbersOf, &found, &wrong)
	})
	if tt.cur.Load() != a {
		t.Fatal("the table grew: the keys are no longer in one bucket")
	}
	checkReads(t, reads.Load(), found.Load(), wrong.Load())
}

// writeWhileReading runs write(w) on two goroutines (w = 0, 1) and, until
// both have returned, read(r, i) on two others (r = 0, 1), the i-th time
// for i = 0, 1, ….
func writeWhileReading(write func(w int), read func(r, i int)) {
	var writers, readers sync.WaitGroup
	var stop atomic.Bool
	for w := range 2 {
		writers.Add(1)
		go func() {
			defer writers.Done()
			write(w)
		}()
	}
	for r := range 2 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for i := 0; !stop.Load(); i++ {
				read(r, i)
			}
		}()
	}
	writers.Wait()
	stop.Store(true)
	readers.Wait()
}

// countRead looks k's numbers up for 1 ply left, which no stored depth
// is (so that they come back with their depth), and counts the read
// found, and wrong unless they are numbersOf k and the round their
// depth gives.
func countRead(tt *Table, k uint64, numbersOf func(uint64, int) (uint32, uint32, uint16, Move), found, wrong *atomic.Int64) {
	pn, dn, winIn, _, best, _, depth := tt.lookupNear(k, 1)
	if depth == 0 {
		return
	}
	found.Add(1)
	pn0, dn0, _, m := numbersOf(k, int(depth)-1)
	if pn != pn0 || dn != dn0 || winIn != InfLen || best != m {
		wrong.Add(1)
	}
}

// checkReads fails t when a read was wrong, or too few found their key.
func checkReads(t *testing.T, reads, found, wrong int64) {
	t.Helper()
	if found < reads/10 {
		t.Errorf("only %d of %d reads found their key: the test reads too little", found, reads)
	}
	if wrong != 0 {
		t.Errorf("%d of %d reads found facts that are not of one write of their key", wrong, found)
	}
	t.Logf("%d reads, %d found", reads, found)
}

// TestSplitGraphs checks Parallel.SearchSplit (the root's children shared
// out among two and three goroutines, each settling the children it
// takes, or following df-pn's choice at the root with the children it
// searched kept or not; bounded and settling, a
// helper settling subtrees below its owner's path where the timing lets
// it: TestSplitTies makes sure it does; goroutine 1 with an ε at AND
// nodes of its own in two graphs of three) against plain
// iteration on random graphs with cycles, unbounded and bounded, the
// table shared across all roots of a graph: the verdict of every root, no
// proof shorter than the shortest win, and every bounded answer's
// distance.
func TestSplitGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	graphs := 600
	if testing.Short() {
		graphs = 150
	}
	for gi := 0; gi < graphs; gi++ {
		n := 10 + r.IntN(60)
		g := randomGraph(r, n)
		want := g.dtw()
		threads := 2 + gi%2
		// The three ways of sharing out (df-pn's choice, with the
		// children kept, each settled), with two and three goroutines.
		settle, keep := gi%6 >= 4, gi%6 >= 2 && gi%6 < 4
		odd := oddEpsilons[gi%len(oddEpsilons)]
		ps := NewParallel(NewSharedTable(1), threads)
		for _, root := range r.Perm(n) {
			gs := graphCopies(g, root, threads)
			res := ps.SearchSplit(context.Background(), gs, Options{MaxNodes: 1 << 20, SettleChildren: settle, KeepChildren: keep, OddRefuteEpsilon: odd})
			checkUnbounded(t, gi, root, res, want[root])
			for _, D := range []int{2, 5, 8} {
				res := ps.SearchSplit(context.Background(), gs, Options{MaxDepth: D, MaxNodes: 1 << 20, SettleChildren: settle, KeepChildren: keep, OddRefuteEpsilon: odd})
				checkBounded(t, gi, root, D, res, want[root])
			}
			for i, c := range gs {
				if s := c.(*graphGame).stack; len(s) != 1 || s[0] != root {
					t.Fatalf("graph %d root %d: goroutine %d left its game at %v", gi, root, i, s)
				}
			}
		}
	}
}

// graphCopies returns n copies of g at root, one a goroutine.
func graphCopies(g *graphGame, root, n int) []Game {
	gs := make([]Game, n)
	for i := range gs {
		c := *g
		c.stack = []int{root}
		gs[i] = &c
	}
	return gs
}

// checkBounded fails unless res, a search of graph gi's root for a win
// within D plies, is decided as dtw (-1: no win) says (boundedWrong).
func checkBounded(t *testing.T, gi, root, D int, res Report, dtw int) {
	t.Helper()
	if msg := boundedWrong(res, D, dtw); msg != "" {
		t.Fatalf("graph %d root %d depth %d: %s", gi, root, D, msg)
	}
}

// checkUnbounded fails unless res, an unbounded search of graph gi's
// root, is decided as dtw (-1: no win) says, with no proof shorter.
func checkUnbounded(t *testing.T, gi, root int, res Report, dtw int) {
	t.Helper()
	switch {
	case res.Status == Undecided:
		t.Fatalf("graph %d root %d: undecided after %d nodes", gi, root, res.Stats.Nodes)
	case (res.Status == Proven) != (dtw >= 0):
		t.Fatalf("graph %d root %d: %v, want dtw %d", gi, root, res.Status, dtw)
	case res.Status == Proven && res.WinIn < dtw:
		t.Fatalf("graph %d root %d: proof of %d plies, shortest is %d", gi, root, res.WinIn, dtw)
	}
}

// TestSharedTableReadsWhileGrowing: while one goroutine stores proofs
// into a shared table and it grows within its mapping (growInPlace, an
// entry moved to another bucket of the same memory), others look up the
// keys already stored. A key once stored stays findable unless a full
// bucket dropped it for good: a key missing at one read and found at the
// end was read from a bucket the growth had emptied and not yet
// refilled. Growth that lets go of the bucket locks while it moves the
// entries fails here.
func TestSharedTableReadsWhileGrowing(t *testing.T) {
	tt := NewSharedTable(64)
	key := func(i int) uint64 { return uint64(i+1) * 0x9e3779b97f4a7c15 }
	var stored atomic.Int64
	var stop atomic.Bool
	const readers = 2
	missed := make([][]int, readers)
	var wg sync.WaitGroup
	for r := 0; r < readers; r++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rnd := rand.New(rand.NewPCG(uint64(r), 9))
			for !stop.Load() {
				n := stored.Load()
				if n == 0 {
					continue
				}
				i := rnd.IntN(int(n))
				winIn, _, _, ok := tt.Facts(key(i))
				if !ok {
					missed[r] = append(missed[r], i)
				} else if winIn != uint16(key(i)%1000) {
					t.Errorf("key %d: win in %d, stored %d", i, winIn, key(i)%1000)
				}
			}
		}()
	}
	i := 0
	for tt.Cap() < tt.MaxCap() && i < 1<<22 {
		tt.storeProof(key(i), uint16(key(i)%1000), Move(i), 1)
		i++
		stored.Store(int64(i))
	}
	stop.Store(true)
	wg.Wait()
	if tt.Grows < 3 {
		t.Fatalf("the table grew %d times, want 3 (two within its mapping)", tt.Grows)
	}
	transient, reads := 0, 0
	for _, m := range missed {
		reads += len(m)
		for _, k := range m {
			if _, _, _, ok := tt.Facts(key(k)); ok {
				transient++
			}
		}
	}
	if transient > 0 {
		t.Errorf("%d reads missed a key that is in the table (of %d misses)", transient, reads)
	}
	t.Logf("%d keys stored, %d misses", i, reads)
}

// splitTree is a root (OR) with three children: two OR trees of depth
// splitDepth, two children a node, every leaf lost (each disproven only
// by visiting all of its 2^splitDepth leaves), and a win in two plies
// whose initial proof number is the largest of the three.
type splitTree struct{ stack []uint64 }

const splitDepth = 16

func (g *splitTree) cur() uint64   { return g.stack[len(g.stack)-1] }
func (g *splitTree) depth() int    { return len(g.stack) - 1 }
func (g *splitTree) Hash() uint64  { return g.cur()*0x9e3779b97f4a7c15 + 99 }
func (g *splitTree) Material() int { return 0 }
func (g *splitTree) Play(m Move)   { g.stack = append(g.stack, g.cur()*3+uint64(m)+1) }
func (g *splitTree) Undo()         { g.stack = g.stack[:len(g.stack)-1] }
func (g *splitTree) inWin() bool   { return len(g.stack) > 1 && g.stack[1] == 3 }
func (g *splitTree) OrNode() bool  { return !(g.inWin() && g.depth() == 1) }
func (g *splitTree) Evaluate() Eval {
	switch {
	case g.inWin() && g.depth() == 2:
		return Eval{WinIn: 0}
	case !g.inWin() && g.depth() == splitDepth+1:
		return Eval{WinIn: InfLen, NoWin: InfLen}
	}
	return NothingKnown()
}
func (g *splitTree) Moves(buf []Move) []Move {
	switch {
	case g.depth() == 0:
		return append(buf, 0, 1, 2)
	case g.inWin():
		return append(buf, 0)
	}
	return append(buf, 0, 1)
}
func (g *splitTree) Estimate() (uint32, uint32) {
	if g.depth() != 1 {
		return 1, 1
	}
	if g.inWin() {
		return 100, 1
	}
	return 60, 1
}

// TestSplitFavoursLastProof: SearchSplit takes first the root's child
// whose move the table holds as the root's best (the move of the proof
// before, as a killer at Search's root): with each child settled, the
// goroutines would otherwise settle both large no-win children (2^17 - 1
// nodes each) before the win, whose number is the largest. Without the
// favour, the most nodes one goroutine searched is a whole tree's; the
// test fails at half a tree.
func TestSplitFavoursLastProof(t *testing.T) {
	tt := NewSharedTable(64)
	root := &splitTree{stack: []uint64{0}}
	tt.storeNumbers(root.Hash(), unbounded, 1, 1, 2, 0) // as a search before left it
	ps := NewParallel(tt, 2)
	games := []Game{&splitTree{stack: []uint64{0}}, &splitTree{stack: []uint64{0}}}
	res := ps.SearchSplit(context.Background(), games, Options{SettleChildren: true})
	if res.Status != Proven || res.WinIn != 2 || res.Best != 2 {
		t.Fatalf("got %v in %d with move %d, want proven in 2 with move 2", res.Status, res.WinIn, res.Best)
	}
	if half := uint64(1) << splitDepth; res.Stats.ThreadNodes >= half {
		t.Fatalf("one goroutine searched %d nodes (a no-win tree has %d): the win's child was not taken first", res.Stats.ThreadNodes, 2*half-1)
	}
}

// TestSplitKeepsUndecidedBest: a SearchSplit its budget stops stores the
// root's numbers with the child likeliest to settle it (least proof
// number at an OR root) as the root's best move, for the next
// SearchSplit to take first (TestSplitFavoursLastProof). In splitTree
// the goroutines take the two no-win trees (proof number 60, the win's
// 100), whose proof numbers stay 1 as they search them, so the stored
// best is one of theirs (moves 0 and 1), not the win's (2).
func TestSplitKeepsUndecidedBest(t *testing.T) {
	tt := NewSharedTable(64)
	ps := NewParallel(tt, 2)
	games := []Game{&splitTree{stack: []uint64{0}}, &splitTree{stack: []uint64{0}}}
	res := ps.SearchSplit(context.Background(), games, Options{MaxNodes: 5000})
	if res.Status != Undecided {
		t.Fatalf("got %v, want undecided after 5000 nodes", res.Status)
	}
	if _, _, best, ok := tt.Facts(games[0].Hash()); !ok || best > 1 {
		t.Fatalf("the root's entry: stored %v, best move %d; want a no-win tree's move (0 or 1)", ok, best)
	}
}

// tieTree is a root (OR) with open children, each the root of a tree
// of OR nodes, tieFan children a node, whose leaves are lost: every
// child of a node ties with its siblings (the same numbers), so the
// child a goroutine descends into first is its tie-break's choice. The
// game records the first move its goroutine descended into below a
// root child (the first node expanded at depth 2).
type tieTree struct {
	stack  []uint64
	moves  []Move
	kids   int // the root's children
	first2 int // the move into the first node expanded at depth 2 (-1: none yet)
}

const (
	tieFan   = 4
	tieDepth = 9
)

func newTieTree(kids int) *tieTree { return &tieTree{stack: []uint64{0}, kids: kids, first2: -1} }

func (g *tieTree) cur() uint64   { return g.stack[len(g.stack)-1] }
func (g *tieTree) depth() int    { return len(g.stack) - 1 }
func (g *tieTree) Hash() uint64  { return g.cur()*0x2545f4914f6cdd1d + 18 }
func (g *tieTree) Material() int { return 0 }
func (g *tieTree) OrNode() bool  { return true }
func (g *tieTree) Play(m Move) {
	g.stack = append(g.stack, g.cur()*tieFan+uint64(m)+1)
	g.moves = append(g.moves, m)
}
func (g *tieTree) Undo() {
	g.stack = g.stack[:len(g.stack)-1]
	g.moves = g.moves[:len(g.moves)-1]
}
func (g *tieTree) Evaluate() Eval {
	if g.depth() == tieDepth+1 {
		return Eval{WinIn: InfLen, NoWin: InfLen}
	}
	return NothingKnown()
}
func (g *tieTree) Estimate() (uint32, uint32) { return 1, 1 }

func (g *tieTree) Moves(buf []Move) []Move {
	if g.depth() == 2 && g.first2 < 0 {
		g.first2 = int(g.moves[1])
	}
	n := tieFan
	if g.depth() == 0 {
		n = g.kids
	}
	for i := range n {
		buf = append(buf, Move(i))
	}
	return buf
}

// tieFirst is the child of root child r that tieKey puts first.
func tieFirst(r Move) int {
	g := newTieTree(2)
	g.Play(r)
	best, bestKey := -1, uint64(0)
	for m := range Move(tieFan) {
		g.Play(m)
		if k := tieKey(g.Hash()); best < 0 || k < bestKey {
			best, bestKey = int(m), k
		}
		g.Undo()
	}
	return best
}

// TestSplitTies: in SearchSplit a goroutine alone in a root child's
// subtree breaks ties as one thread does (the first in move order), and
// the helper of the last open child by tieKey, or, in an iteration
// (SettleChildren, a bound), settles the child's children from the last
// in move order (helpDeep); a Parallel.Search run after it breaks ties
// its own way again (every second goroutine by tieKey). With every
// second goroutine's ties by tieKey everywhere (as before), the first
// case fails; with the helper's by move order, the second; without
// helpDeep, the third.
func TestSplitTies(t *testing.T) {
	for _, tf := range []int{tieFirst(0), tieFirst(1)} {
		if tf == 0 {
			t.Fatalf("tieKey puts move 0 first below a root child: the test cannot tell the orders apart")
		}
	}
	if tieFirst(0) == tieFan-1 {
		t.Fatalf("tieKey puts the last move first below root child 0: the test cannot tell the helpers apart")
	}
	search := func(kids int, settle bool) ([]*tieTree, Report) {
		ps := NewParallel(NewSharedTable(64), 2)
		gs := []*tieTree{newTieTree(kids), newTieTree(kids)}
		res := ps.SearchSplit(context.Background(), []Game{gs[0], gs[1]}, Options{MaxDepth: tieDepth + 1, SettleChildren: settle})
		if res.Status != Disproven {
			t.Fatalf("got %v, want disproven", res.Status)
		}
		// Parallel.Search after it, the table emptied: the second
		// goroutine by tieKey again. Where one goroutine runs far ahead
		// of the other, it may settle the root before the other
		// descends (first2 -1), or settle the other's first child, which
		// the other then skips (CI failed on both while the machine was
		// busy), so the search is run until one run shows both first
		// choices: move order for goroutine 0, tieKey for goroutine 1.
		// Either goroutine breaking ties the other's way never shows
		// that pair.
		want := [2]int{0, tieFirst(0)}
		var got [2]int
		for try := 0; ; try++ {
			ps.tt.Reset()
			after := []*tieTree{newTieTree(1), newTieTree(1)}
			if r := ps.Search(context.Background(), []Game{after[0], after[1]}, Options{MaxDepth: tieDepth + 1}); r.Status != Disproven {
				t.Fatalf("Parallel.Search: got %v, want disproven", r.Status)
			}
			got = [2]int{after[0].first2, after[1].first2}
			if got == want {
				break
			}
			if try == 50 {
				t.Fatalf("Parallel.Search after SearchSplit: in 50 runs the goroutines never first descended into %v (the last run: %v)", want, got)
			}
		}
		return gs, res
	}
	// Two open children: each goroutine takes one and descends into its
	// first child in move order.
	gs, _ := search(2, true)
	for i, g := range gs {
		if g.first2 != 0 {
			t.Errorf("two open children: goroutine %d first descended into child %d of its root child, want 0 (move order)", i, g.first2)
		}
	}
	// One open child: its owner descends by move order, the helper by
	// tieKey, or in an iteration into the owner's last child.
	for _, settle := range []bool{false, true} {
		gs, res := search(1, settle)
		got := []int{gs[0].first2, gs[1].first2}
		slices.Sort(got)
		want, helped := []int{0, tieFirst(0)}, uint64(0)
		if settle {
			want, helped = []int{0, tieFan - 1}, 1
		}
		if !slices.Equal(got, want) {
			t.Errorf("one open child (settle %v): the goroutines first descended into its children %v, want %v", settle, got, want)
		}
		if (res.Stats.HelpedSubtrees >= 1) != (helped == 1) || (res.Stats.HelpedNodes > 0) != (helped == 1) {
			t.Errorf("one open child (settle %v): the helper settled %d subtrees (%d nodes) below the owner's path", settle, res.Stats.HelpedSubtrees, res.Stats.HelpedNodes)
		}
	}
}

// TestRootChoice checks SearchSplit's choice of a root child: the least
// rank among the free children the goroutine searched last or none has,
// another's only when none of those is free, and the leaving rank 2v+1.
func TestRootChoice(t *testing.T) {
	ranks := []uint32{5, 3, 8, 4, 4}
	rank := func(j int) uint32 { return ranks[j] }
	none := []int{-1, -1, -1, -1, -1}
	for _, tc := range []struct {
		name        string
		gi          int
		done        []bool
		owner, home []int
		k           int
		second      uint32
	}{
		{"nothing searched: the least rank, ties to the earlier", 0, make([]bool, 5), none, none, 1, 4},
		{"another's child left to it", 0, make([]bool, 5), none, []int{-1, 1, 0, -1, -1}, 3, 4},
		{"its own child", 1, make([]bool, 5), none, []int{-1, 1, 0, -1, -1}, 1, 4},
		{"an owned child not taken", 0, make([]bool, 5), []int{-1, 1, -1, -1, -1}, none, 3, 4},
		{"another's taken when none of its own is free", 0, []bool{true, false, true, true, false}, []int{-1, -1, -1, -1, 1}, []int{0, 1, 0, 0, 1}, 1, Inf},
		{"settled children not taken", 1, []bool{false, true, false, true, true}, none, none, 0, 8},
		{"nothing free", 0, []bool{true, true, true, true, false}, []int{-1, -1, -1, -1, 1}, none, -1, Inf},
	} {
		k, second := rootChoice(tc.gi, rank, tc.done, tc.owner, tc.home)
		if k != tc.k || second != tc.second {
			t.Errorf("%s: child %d, next rank %d; want %d, %d", tc.name, k, second, tc.k, tc.second)
		}
	}
	for _, c := range []struct{ v, want uint32 }{{0, 1}, {3, 7}, {Inf / 2, Inf}, {Inf - 1, Inf}, {Inf, Inf}} {
		if got := rootThreshold(c.v); got != c.want {
			t.Errorf("rootThreshold(%d) = %d, want %d", c.v, got, c.want)
		}
	}
}

// newsTree is a chain of newsChain OR nodes of one move each down to a
// node N (ply newsChain) with two children, A (move 0) and B (move 1),
// each a full binary OR tree of depth newsDepth whose leaves are lost:
// N is disproven only once both are. When the search has played
// newsAfter moves below A, the game stores B's disproof in the table and
// announces it, as another goroutine of a Parallel search would
// (onNews); intoB counts the moves played below B.
type newsTree struct {
	stack        []uint64
	plays, intoB int
	onNews       func(b uint64)
	announced    bool
}

const (
	newsChain = 6
	newsDepth = 14
	newsAfter = 100
)

func (g *newsTree) cur() uint64                { return g.stack[len(g.stack)-1] }
func (g *newsTree) depth() int                 { return len(g.stack) - 1 }
func (g *newsTree) Hash() uint64               { return g.cur()*0x9e3779b97f4a7c15 + 7 }
func (g *newsTree) Material() int              { return 0 }
func (g *newsTree) OrNode() bool               { return true }
func (g *newsTree) Undo()                      { g.stack = g.stack[:len(g.stack)-1] }
func (g *newsTree) Estimate() (uint32, uint32) { return 1, 1 }
func (g *newsTree) Play(m Move) {
	g.stack = append(g.stack, g.cur()*3+uint64(m)+1)
	if g.depth() <= newsChain+1 {
		return
	}
	if g.stack[newsChain+1] == g.childOfN(1) {
		g.intoB++
		return
	}
	if g.plays++; g.plays == newsAfter && !g.announced {
		g.announced = true
		g.onNews(g.childOfN(1)*0x9e3779b97f4a7c15 + 7)
	}
}

// childOfN returns the node number of N's child by move m.
func (g *newsTree) childOfN(m uint64) uint64 {
	n := uint64(0)
	for range newsChain {
		n = n*3 + 1
	}
	return n*3 + m + 1
}

func (g *newsTree) Evaluate() Eval {
	if g.depth() == newsChain+1+newsDepth {
		return Eval{WinIn: InfLen, NoWin: InfLen}
	}
	return NothingKnown()
}

func (g *newsTree) Moves(buf []Move) []Move {
	if g.depth() < newsChain {
		return append(buf, 0)
	}
	return append(buf, 0, 1)
}

// TestSearchTakesInNews: a goroutine of a Parallel search, deeper than
// refreshPlies, takes in a subtree another goroutine settled and
// announced (refresh on the news): in newsTree, B's disproof, stored
// while the searcher is inside A, disproves N once A is, and nothing
// below B is searched. Without the news (refresh within refreshPlies
// only), the searcher searches all of B's tree. The searcher announces
// the subtrees of newsWork nodes or more it settled, A's among them
// (2^15 − 1 nodes).
func TestSearchTakesInNews(t *testing.T) {
	tt := NewSharedTable(16)
	s := NewSearcher(tt)
	s.par = &parallel{}
	g := &newsTree{stack: []uint64{0}}
	g.onNews = func(b uint64) {
		tt.storeDisproof(b, InfLen, newsWork)
		s.par.news.Add(1)
	}
	res := s.Search(context.Background(), g, Options{})
	if res.Status != Disproven {
		t.Fatalf("got %v, want disproven", res.Status)
	}
	if !g.announced {
		t.Fatal("the search never played far enough below A to store B's disproof")
	}
	if g.intoB != 0 {
		t.Errorf("%d moves played below B, whose disproof was in the table and announced", g.intoB)
	}
	if n := s.par.news.Load(); n < 2 {
		t.Errorf("news %d: the searcher announced none of the subtrees it settled (A's has %d nodes)", n, 1<<(newsDepth+1)-1)
	}
}

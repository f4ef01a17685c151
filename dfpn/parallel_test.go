package dfpn

import (
	"context"
	"math/rand/v2"
	"testing"
)

// TestParallelGraphs checks Parallel.Search (three goroutines on one
// shared table) against plain iteration on random graphs with cycles,
// unbounded and bounded, the table shared across all roots of a graph.
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
		for _, root := range r.Perm(n) {
			res := ps.Search(context.Background(), graphCopies(g, root, 3), Options{MaxNodes: 1 << 20})
			checkUnbounded(t, gi, root, res, want[root])
			for _, D := range []int{2, 5, 8} {
				res := ps.Search(context.Background(), graphCopies(g, root, 3), Options{MaxDepth: D, MaxNodes: 1 << 20})
				checkBounded(t, gi, root, D, res, want[root])
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
	if tt.Grows == 0 {
		t.Fatal("the table never grew")
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

// TestSplitGraphs checks Parallel.SearchSplit (the root's children shared
// out among two and three goroutines) against plain iteration on random
// graphs with cycles, unbounded and bounded, the table shared across all
// roots of a graph: the verdict of every root, no proof shorter than the
// shortest win, and every bounded answer's distance.
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
		ps := NewParallel(NewSharedTable(1), threads)
		for _, root := range r.Perm(n) {
			gs := graphCopies(g, root, threads)
			res := ps.SearchSplit(context.Background(), gs, Options{MaxNodes: 1 << 20})
			checkUnbounded(t, gi, root, res, want[root])
			for _, D := range []int{2, 5, 8} {
				res := ps.SearchSplit(context.Background(), gs, Options{MaxDepth: D, MaxNodes: 1 << 20})
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
// within D plies, is decided as dtw (-1: no win) says: a proof within D
// and no shorter than dtw, or a disproof of at least D plies below dtw.
func checkBounded(t *testing.T, gi, root, D int, res Report, dtw int) {
	t.Helper()
	won := dtw >= 0 && dtw <= D
	switch {
	case res.Status == Undecided || (res.Status == Proven) != won:
		t.Fatalf("graph %d root %d depth %d: %v, want dtw %d", gi, root, D, res.Status, dtw)
	case res.Status == Proven && (res.WinIn > D || res.WinIn < dtw):
		t.Fatalf("graph %d root %d depth %d: proof length %d, dtw %d", gi, root, D, res.WinIn, dtw)
	case res.Status == Disproven && res.NoWin >= 0 && (res.NoWin < D || (dtw >= 0 && res.NoWin >= dtw)):
		t.Fatalf("graph %d root %d depth %d: no win within %d, dtw %d", gi, root, D, res.NoWin, dtw)
	case res.Status == Disproven && res.NoWin < 0 && dtw >= 0:
		t.Fatalf("graph %d root %d depth %d: no win ever, dtw %d", gi, root, D, dtw)
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

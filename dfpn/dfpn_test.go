package dfpn

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// graphGame is an explicit AND/OR graph with cycles: the test bed for
// df-pn's correctness on transpositions and repetitions (GHI).
type graphGame struct {
	or    []bool
	term  []int8 // 1 OR side has won, -1 lost, 0 not terminal
	succ  [][]int
	stack []int
	// noWin, when set, is each node's "no win within" for Evaluate (a
	// true one: the tests that set it choose it so)
	noWin []uint16
}

func (g *graphGame) cur() int      { return g.stack[len(g.stack)-1] }
func (g *graphGame) Hash() uint64  { return uint64(g.cur())*0x9e3779b97f4a7c15 + 12345 }
func (g *graphGame) OrNode() bool  { return g.or[g.cur()] }
func (g *graphGame) Material() int { return 0 }
func (g *graphGame) Evaluate() Eval {
	switch g.term[g.cur()] {
	case 1:
		return Eval{WinIn: 0, NoWin: 0}
	case -1:
		return Eval{WinIn: InfLen, NoWin: InfLen}
	}
	if g.noWin != nil {
		return Eval{WinIn: InfLen, NoWin: g.noWin[g.cur()]}
	}
	return NothingKnown()
}
func (g *graphGame) Moves(buf []Move) []Move {
	for i := range g.succ[g.cur()] {
		buf = append(buf, Move(i))
	}
	return buf
}
func (g *graphGame) Play(m Move) { g.stack = append(g.stack, g.succ[g.cur()][m]) }
func (g *graphGame) Undo()       { g.stack = g.stack[:len(g.stack)-1] }
func (g *graphGame) Estimate() (uint32, uint32) {
	n := uint32(len(g.succ[g.cur()]))
	if g.OrNode() {
		return 1, n
	}
	return n, 1
}

// graphTable is a table for a search of a random graph: 1,024 buckets
// (128 KiB), room for every node of the graph at every bound, where a
// table of NewTable's least size (1 MiB), made for each search, took
// most of the tests' time in zeroing it.
func graphTable() *Table { return newTableBuckets(1024, false) }

func randomGraph(r *rand.Rand, n int) *graphGame {
	g := &graphGame{or: make([]bool, n), term: make([]int8, n), succ: make([][]int, n)}
	for i := 0; i < n; i++ {
		g.or[i] = r.IntN(2) == 0
		switch r.IntN(8) {
		case 0:
			g.term[i] = 1
		case 1:
			g.term[i] = -1
		default:
			k := 1 + r.IntN(3)
			for j := 0; j < k; j++ {
				g.succ[i] = append(g.succ[i], r.IntN(n))
			}
		}
	}
	return g
}

// dtw computes by plain iteration the least d with a win within d plies
// for every node (-1: no win at all).
func (g *graphGame) dtw() []int {
	n := len(g.or)
	d := make([]int, n)
	for i := range d {
		d[i] = -1
		if g.term[i] == 1 {
			d[i] = 0
		}
	}
	for step := 1; step <= 2*n+2; step++ {
		next := append([]int(nil), d...)
		for i := 0; i < n; i++ {
			if d[i] >= 0 || g.term[i] != 0 {
				continue
			}
			if g.or[i] {
				for _, s := range g.succ[i] {
					if d[s] >= 0 && d[s] == step-1 {
						next[i] = step
					}
				}
			} else {
				all := true
				for _, s := range g.succ[i] {
					if d[s] < 0 {
						all = false
					}
				}
				if all {
					next[i] = step
				}
			}
		}
		d = next
	}
	return d
}

// TestGraphs checks df-pn against plain iteration on random graphs with
// cycles, sharing one table across all roots of a graph so that stored
// results are reused from other paths (where GHI bugs would show). A
// third of the graphs are searched with a small ε at AND nodes
// (Options.RefuteEpsilon), a third with a large one.
func TestGraphs(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	graphs := 3000
	if testing.Short() {
		graphs = 500
	}
	for gi := 0; gi < graphs; gi++ {
		n := 3 + r.IntN(30)
		g := randomGraph(r, n)
		want := g.dtw()
		tt := graphTable()
		s := NewSearcher(tt)
		order := r.Perm(n)
		for _, root := range order {
			g.stack = []int{root}
			refute := []float64{0, 0.05, 3}[gi%3]
			res := s.Search(context.Background(), g, Options{MaxNodes: 1 << 20, RefuteEpsilon: refute})
			switch {
			case res.Status == Undecided:
				t.Fatalf("graph %d root %d: undecided after %d nodes", gi, root, res.Stats.Nodes)
			case (res.Status == Proven) != (want[root] >= 0):
				t.Fatalf("graph %d root %d: %v, want dtw %d\n%+v", gi, root, res.Status, want[root], g)
			case res.Status == Proven && res.WinIn < want[root]:
				t.Fatalf("graph %d root %d: proof of %d plies, shortest is %d", gi, root, res.WinIn, want[root])
			}
			if len(g.stack) != 1 {
				t.Fatal("search did not restore the game")
			}
			// Bounded: a win within D iff the shortest win is ≤ D. A
			// third of the graphs solve the nodes of up to 2 or 4 plies
			// left outright (Options.ShallowPlies).
			shallow := []int{0, 2, 4}[gi/3%3]
			for _, D := range []int{1, 2, 3, 5, 8} {
				g.stack = []int{root}
				res := s.Search(context.Background(), g, Options{MaxDepth: D, MaxNodes: 1 << 20, RefuteEpsilon: refute, ShallowPlies: shallow})
				if msg := boundedWrong(res, D, want[root]); msg != "" {
					t.Fatalf("graph %d root %d depth %d (shallow %d): %s", gi, root, D, shallow, msg)
				}
			}
		}
	}
}

// boundedWrong returns what is wrong with res, the answer of a search for
// a win within D plies from a node whose shortest win is dtw plies (-1:
// none), or "" when nothing is: a proof within D and no shorter than dtw,
// or a disproof of at least D plies below dtw.
func boundedWrong(res Report, D, dtw int) string {
	won := dtw >= 0 && dtw <= D
	switch {
	case res.Status == Undecided || (res.Status == Proven) != won:
		return fmt.Sprintf("%v, want dtw %d", res.Status, dtw)
	case res.Status == Proven && (res.WinIn > D || res.WinIn < dtw):
		return fmt.Sprintf("proof length %d, dtw %d", res.WinIn, dtw)
	case res.Status == Disproven && res.NoWin >= 0 && (res.NoWin < D || (dtw >= 0 && res.NoWin >= dtw)):
		return fmt.Sprintf("no win within %d, dtw %d", res.NoWin, dtw)
	case res.Status == Disproven && res.NoWin < 0 && dtw >= 0:
		return fmt.Sprintf("no win ever, dtw %d", dtw)
	}
	return ""
}

// boundedGraph returns a random graph of 3 to 32 nodes whose Evaluate
// knows a true "no win within" bound of each node, loose at random (no
// win within w-1 for a node whose shortest win is w plies, or any for a
// node with none), and the nodes' shortest wins (-1: none).
func boundedGraph(r *rand.Rand) (*graphGame, []int) {
	n := 3 + r.IntN(30)
	g := randomGraph(r, n)
	want := g.dtw()
	g.noWin = make([]uint16, n)
	for i, w := range want {
		switch {
		case w < 0:
			g.noWin[i] = uint16(r.IntN(12))
		case w > 0:
			g.noWin[i] = uint16(r.IntN(w))
		}
	}
	return g, want
}

// answerDiff describes where two searches of one question answered
// differently (b found with, a without, what the test changes; "": the
// same answer).
func answerDiff(b, a Report, with string) string {
	if b.Status == a.Status && b.WinIn == a.WinIn && b.NoWin == a.NoWin && b.Best == a.Best {
		return ""
	}
	return fmt.Sprintf("%v %d %d %d with %s, %v %d %d %d without", b.Status, b.WinIn, b.NoWin, b.Best, with, a.Status, a.WinIn, a.NoWin, a.Best)
}

// TestShallow: the nodes near the bound solved outright
// (Options.ShallowPlies) give the answers of plain iteration, on random
// graphs whose Evaluate knows true "no win within" bounds (which the
// shallow search carries into its disproofs), from every root and bound,
// each from a fresh table and all from one. A shallow search with a rule
// made wrong (mutateShallow) must give a wrong answer somewhere.
func TestShallow(t *testing.T) {
	graphs := 250
	if testing.Short() {
		graphs = 80
	}
	run := func(mutation int) string {
		r := rand.New(rand.NewPCG(3, 4))
		for gi := 0; gi < graphs; gi++ {
			g, want := boundedGraph(r)
			n := len(want)
			shared := NewSearcher(graphTable())
			for root := 0; root < n; root++ {
				for _, D := range []int{1, 2, 3, 4, 5, 7, 9} {
					for _, s := range []*Searcher{NewSearcher(graphTable()), shared} {
						s.mutateShallow = mutation
						g.stack = []int{root}
						res := s.Search(context.Background(), g, Options{MaxDepth: D, MaxNodes: 1 << 20, ShallowPlies: 1 + (gi+D)%5})
						if msg := boundedWrong(res, D, want[root]); msg != "" {
							return fmt.Sprintf("graph %d root %d depth %d: %s", gi, root, D, msg)
						}
						if len(g.stack) != 1 {
							return "search did not restore the game"
						}
					}
				}
			}
		}
		return ""
	}
	if msg := run(0); msg != "" {
		t.Fatal(msg)
	}
	for m := 1; m <= mutationsShallow; m++ {
		if run(m) == "" {
			t.Errorf("mutation %d of the shallow search: no wrong answer found", m)
		}
	}
}

// TestShallowMemo: the memo of the shallow searches' results changes no
// answer and no step of a search. On random graphs, from every root and at
// several bounds, a searcher with the memo and one without give the same
// report and the same expansions, and their nodes differ by exactly the
// memo's (Nodes + MemoNodes without it); so do two searchers kept for
// every graph, one with the memo and one without (their tables cleared
// between searches, their killer moves and the memo not), whose graphs
// share node numbers and so hashes: each search's memo starts anew. The memo must answer somewhere, and each wrong memo
// (mutateMemo) must fail.
func TestShallowMemo(t *testing.T) {
	graphs := 100
	if testing.Short() {
		graphs = 40
	}
	ctx := context.Background()
	run := func(mutation int) (string, uint64) {
		r := rand.New(rand.NewPCG(7, 8))
		kept := NewSearcher(graphTable())
		kept.mutateMemo = mutation
		keptWithout := NewSearcher(graphTable())
		keptWithout.noMemo = true
		var hits uint64
		for gi := 0; gi < graphs; gi++ {
			g, want := boundedGraph(r)
			n := len(want)
			for root := 0; root < n; root++ {
				for _, D := range []int{3, 5, 7, 9} {
					opts := Options{MaxDepth: D, MaxNodes: 1 << 20, ShallowPlies: 2 + (gi+D)%5}
					without := NewSearcher(graphTable())
					without.noMemo = true
					with := NewSearcher(graphTable())
					with.mutateMemo = mutation
					kept.Table().Clear()
					keptWithout.Table().Clear()
					for _, pair := range []struct {
						name          string
						with, without *Searcher
					}{{"fresh searchers", with, without}, {"the kept searchers", kept, keptWithout}} {
						g.stack = []int{root}
						a := pair.without.Search(ctx, g, opts)
						g.stack = []int{root}
						b := pair.with.Search(ctx, g, opts)
						hits += b.Stats.MemoHits
						where := fmt.Sprintf("graph %d root %d depth %d, %s", gi, root, D, pair.name)
						switch diff := answerDiff(b, a, "the memo"); {
						case diff != "":
							return where + ": " + diff, hits
						case b.Stats.Expansions != a.Stats.Expansions:
							return fmt.Sprintf("%s: %d expansions with the memo, %d without", where, b.Stats.Expansions, a.Stats.Expansions), hits
						case b.Stats.Nodes+b.Stats.MemoNodes != a.Stats.Nodes:
							return fmt.Sprintf("%s: %d nodes + %d the memo's, %d without it", where, b.Stats.Nodes, b.Stats.MemoNodes, a.Stats.Nodes), hits
						}
					}
				}
			}
		}
		return "", hits
	}
	msg, hits := run(0)
	if msg != "" {
		t.Fatal(msg)
	}
	if hits == 0 {
		t.Fatal("the memo never answered a shallow search: the test checks nothing")
	}
	for m := 1; m <= mutationsMemo; m++ {
		msg, _ := run(m)
		t.Logf("mutation %d: %s", m, msg)
		if msg == "" {
			t.Errorf("mutation %d of the memo: no difference found", m)
		}
	}
}

// boundedChildren is a graphGame that is a ChildBounder: it answers from
// the child's own Evaluate, for two children in three (a game knows a
// bound for some moves only); lie makes it claim one ply more than the
// child's bound.
type boundedChildren struct {
	*graphGame
	lie  bool
	said int
}

func (g *boundedChildren) NoWinAfter(m Move, k uint16) bool {
	c := g.succ[g.cur()][m]
	if (c+int(k))%3 == 0 {
		return false
	}
	var noWin uint16
	switch g.term[c] {
	case 1:
		noWin = 0
	case -1:
		noWin = InfLen
	default:
		noWin = g.noWin[c]
	}
	if g.lie && noWin < InfLen {
		noWin++
	}
	if noWin >= k {
		g.said++
		return true
	}
	return false
}

// TestChildBounder: children settled by the game's bound (ChildBounder)
// change no answer and no step of a search. On random graphs, from every
// root and at several bounds, a searcher using the bound and one without
// it give the same report, the same expansions and the same nodes. The
// bound must settle children somewhere; asked for the plies left instead
// of the least disproven sibling's bound (mutateBound), or answered one
// ply too high by the game, the searches must differ somewhere.
func TestChildBounder(t *testing.T) {
	graphs := 60
	if testing.Short() {
		graphs = 25
	}
	ctx := context.Background()
	run := func(mutate, lie bool) (string, int) {
		r := rand.New(rand.NewPCG(9, 10))
		said := 0
		for gi := 0; gi < graphs; gi++ {
			g, want := boundedGraph(r)
			bg := &boundedChildren{graphGame: g, lie: lie}
			for root := 0; root < len(want); root++ {
				for _, D := range []int{2, 3, 5, 7, 9} {
					opts := Options{MaxDepth: D, MaxNodes: 1 << 20, ShallowPlies: 2 + (gi+D)%5}
					without := NewSearcher(graphTable())
					without.noBound = true
					with := NewSearcher(graphTable())
					with.mutateBound = mutate
					g.stack = []int{root}
					a := without.Search(ctx, bg, opts)
					g.stack = []int{root}
					bg.said = 0
					b := with.Search(ctx, bg, opts)
					said += bg.said
					where := fmt.Sprintf("graph %d root %d depth %d", gi, root, D)
					switch diff := answerDiff(b, a, "the bound"); {
					case diff != "":
						return where + ": " + diff, said
					case b.Stats.Expansions != a.Stats.Expansions || b.Stats.Nodes != a.Stats.Nodes:
						return fmt.Sprintf("%s: %d expansions and %d nodes with the bound, %d and %d without", where, b.Stats.Expansions, b.Stats.Nodes, a.Stats.Expansions, a.Stats.Nodes), said
					}
				}
			}
		}
		return "", said
	}
	msg, said := run(false, false)
	if msg != "" {
		t.Fatal(msg)
	}
	if said < graphs/3 {
		t.Fatalf("the bound settled %d children in %d graphs: the test checks little", said, graphs)
	}
	t.Logf("%d children settled by the bound", said)
	for _, c := range []struct {
		name        string
		mutate, lie bool
	}{{"asked for the plies left", true, false}, {"a game's bound one ply too high", false, true}} {
		msg, _ := run(c.mutate, c.lie)
		t.Logf("%s: %s", c.name, msg)
		if msg == "" {
			t.Errorf("%s: no difference found", c.name)
		}
	}
}

// TestRefuteEpsilon: Options.RefuteEpsilon, df-pn's ε at AND nodes,
// is used: on random graphs, searched from every root with a fresh table,
// a small and a large one change the nodes searched from some roots
// (else TestGraphs, which searches with both, would check nothing of it).
func TestRefuteEpsilon(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	searched, differ := 0, 0
	for range 40 {
		g := randomGraph(r, 6+r.IntN(25))
		for root := range g.or {
			var nodes [2]uint64
			for i, refute := range []float64{0.02, 4} {
				g.stack = []int{root}
				opts := Options{MaxNodes: 1 << 20, RefuteEpsilon: refute}
				nodes[i] = NewSearcher(graphTable()).Search(context.Background(), g, opts).Stats.Nodes
			}
			searched++
			if nodes[0] != nodes[1] {
				differ++
			}
		}
	}
	t.Logf("%d searches, nodes differing with the ε at AND nodes in %d", searched, differ)
	if differ == 0 {
		t.Errorf("the ε at AND nodes changed none of %d searches", searched)
	}
}

// TestFavourKiller: the ply's killer move halves its child's proof number
// at an OR node (disproof number at an AND node), never to 0 (a solved
// node's mark), and leaves solved children and the other children alone.
func TestFavourKiller(t *testing.T) {
	mk := func() []child {
		return []child{
			{move: 0, pn: 6, dn: 6},
			{move: 1, pn: 0, dn: Inf}, // solved: untouched even if it is the killer
			{move: 2, pn: 1, dn: 1},
			{move: 3, pn: 9, dn: 7},
		}
	}
	var s Searcher
	for _, tc := range []struct {
		or     bool
		killer Move
		want   []child
	}{
		{true, 3, []child{{pn: 6, dn: 6}, {pn: 0, dn: Inf}, {pn: 1, dn: 1}, {pn: 4, dn: 7}}},
		{false, 3, []child{{pn: 6, dn: 6}, {pn: 0, dn: Inf}, {pn: 1, dn: 1}, {pn: 9, dn: 3}}},
		{true, 0, []child{{pn: 3, dn: 6}, {pn: 0, dn: Inf}, {pn: 1, dn: 1}, {pn: 9, dn: 7}}},
		{true, 2, []child{{pn: 6, dn: 6}, {pn: 0, dn: Inf}, {pn: 1, dn: 1}, {pn: 9, dn: 7}}},
		{false, 2, []child{{pn: 6, dn: 6}, {pn: 0, dn: Inf}, {pn: 1, dn: 1}, {pn: 9, dn: 7}}},
		{true, 1, []child{{pn: 6, dn: 6}, {pn: 0, dn: Inf}, {pn: 1, dn: 1}, {pn: 9, dn: 7}}},
	} {
		cs := mk()
		s.killers = nil
		s.favourKiller(cs, tc.or, 4) // no killer at ply 4 yet: nothing changes
		s.setKiller(4, tc.killer)
		s.favourKiller(cs[:0], tc.or, 3) // another ply's: nothing either
		s.favourKiller(cs, tc.or, 4)
		for i := range cs {
			if cs[i].pn != tc.want[i].pn || cs[i].dn != tc.want[i].dn {
				t.Errorf("or %v, killer %d: child %d has (%d, %d), want (%d, %d)", tc.or, tc.killer, i, cs[i].pn, cs[i].dn, tc.want[i].pn, tc.want[i].dn)
			}
		}
	}
}

// nodeNumbers, maxOf: the node's numbers and the largest unsolved child
// number, each by a plain loop of its own, for TestScanChildren.
func nodeNumbers(cs []child, or bool) (pn, dn uint32) {
	// lo is the least of the node's own number (pn at OR nodes, dn at
	// AND nodes), sum the weak sum of the other; the two node kinds are
	// duals.
	lo, sum := Inf, uint32(0)
	var mx, k uint32
	for i := range cs {
		own, other := cs[i].pn, cs[i].dn
		if !or {
			own, other = other, own
		}
		lo = min(lo, own)
		if other != 0 {
			mx = max(mx, other)
			k++
		}
	}
	if lo == 0 {
		sum = Inf
	} else if k > 0 {
		sum = satAdd(mx, k-1)
	}
	if or {
		return lo, sum
	}
	return sum, lo
}

// maxOf returns the largest unsolved pn (or dn) among the children.
func maxOf(cs []child, pns bool) uint32 {
	var m uint32
	for i := range cs {
		v := cs[i].dn
		if pns {
			v = cs[i].pn
		}
		if v != 0 && v < Inf {
			m = max(m, v)
		}
	}
	return m
}

// TestScanChildren: the one-pass scan agrees with nodeNumbers, selectChild
// and maxOf on random sets of children (solved ones and ties included).
func TestScanChildren(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	num := func() uint32 {
		switch r.IntN(6) {
		case 0:
			return 0
		case 1:
			return Inf
		case 2:
			return Inf - 1
		}
		return 1 + uint32(r.IntN(4))
	}
	for n := 0; n < 20000; n++ {
		cs := make([]child, 1+r.IntN(6))
		for i := range cs {
			cs[i].pn, cs[i].dn = num(), num()
			cs[i].hash = r.Uint64()
		}
		for _, or := range []bool{true, false} {
			for _, hashTies := range []bool{false, true} {
				sc := scanChildren(cs, or, hashTies)
				pn, dn := nodeNumbers(cs, or)
				best, second := selectChild(cs, or, hashTies)
				mx := maxOf(cs, !or)
				if sc.pn != pn || sc.dn != dn || sc.best != best || sc.second != second || sc.maxOther != mx {
					t.Fatalf("%+v (or %v, hashTies %v): scan %+v, want pn %d dn %d best %d second %d max %d", cs, or, hashTies, sc, pn, dn, best, second, mx)
				}
			}
		}
	}
}

// TestHashTiesSpread: a searcher with hashTies (every second goroutine
// of a Parallel search) takes, of k equally good children, the one of
// least tieKey, which is each of the k about as often (within half of
// 1/k, over 4,000 random sets of keys for each k); not always the same
// place in move order. Breaking ties by the last in move order, as
// before, fails it: that order tried the moves the game orders last first
// at every tie, and a goroutine settling alone took up to 75 times one
// thread's nodes (docs/solving.md).
func TestHashTiesSpread(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	const sets = 4000
	for k := 2; k <= 6; k++ {
		for _, or := range []bool{true, false} {
			count := make([]int, k)
			for n := 0; n < sets; n++ {
				cs := make([]child, k)
				least := 0
				for i := range cs {
					cs[i].pn, cs[i].dn, cs[i].hash = 3, 3, r.Uint64()
					if tieKey(cs[i].hash) < tieKey(cs[least].hash) {
						least = i
					}
				}
				best, _ := selectChild(cs, or, true)
				if sc := scanChildren(cs, or, true); sc.best != best || best != least {
					t.Fatalf("k %d: scan took %d, select %d, the least tieKey is %d's", k, sc.best, best, least)
				}
				if first, _ := selectChild(cs, or, false); first != 0 {
					t.Fatalf("k %d: without hashTies child %d, want the first", k, first)
				}
				count[best]++
			}
			for i, c := range count {
				if f := float64(c) / sets; f < 0.5/float64(k) || f > 1.5/float64(k) {
					t.Errorf("k %d (or %v): child %d taken in %.3f of the ties, want about %.3f", k, or, i, f, 1/float64(k))
				}
			}
		}
	}
}

// An AND node's initial proof number grows with the game's "no win
// within" (distanceWeight a ply): of two moves, the one to an AND node
// with three replies and a win two plies away is searched before the one
// to a node with one reply and a win six plies away, and the search
// proves the win in three plies. On mobility alone it would take the
// single reply's line and prove the win in seven.
func TestDistanceOrdersMoves(t *testing.T) {
	//  0 OR: 1 near, 2 far
	//  1 AND: 3, 4, 5 (OR), each to the win 6
	//  2 AND: 7 (OR) → 8 (AND) → 9 (OR) → 10 (AND) → 11 (OR) → 6
	g := &graphGame{
		or:    []bool{true, false, false, true, true, true, true, true, false, true, false, true},
		term:  []int8{0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0},
		succ:  [][]int{{1, 2}, {3, 4, 5}, {7}, {6}, {6}, {6}, nil, {8}, {9}, {10}, {11}, {6}},
		noWin: []uint16{0, 1, 5, 0, 0, 0, 0, 4, 3, 2, 1, 0},
		stack: []int{0},
	}
	for _, d := range []int{0, 7} { // unbounded, and within 7 plies
		r := Search(context.Background(), g, NewTable(1), Options{MaxDepth: d})
		if r.Status != Proven || r.Best != 0 || r.WinIn != 3 {
			t.Errorf("max depth %d: %v in %d by move %d, want proven in 3 by move 0", d, r.Status, r.WinIn, r.Best)
		}
	}
}

// TestTableDistanceOrdersMoves: an AND node the table holds disproven
// within one ply fewer than it has left (as --shortest's last iteration
// leaves it) can be won only in exactly the plies left, and weighs so:
// the OR side tries its sibling, as near the win by the game's bound,
// first. A looser disproof does not weigh (measured: more nodes).
func TestTableDistanceOrdersMoves(t *testing.T) {
	//  0 OR: 1, 2 (AND), each a win in 4 plies: 1 → 3 → 5 → 7 → 9 (won),
	//  2 → 4 → 6 → 8 → 9
	g := &graphGame{
		or:    []bool{true, false, false, true, true, false, false, true, true, true},
		term:  []int8{0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
		succ:  [][]int{{1, 2}, {3}, {4}, {5}, {6}, {7}, {8}, {9}, {9}, nil},
		stack: []int{0},
	}
	for _, c := range []struct {
		noWin uint16 // stored for node 1 (true: it needs 4 plies); 0: none
		best  Move
	}{{0, 0}, {3, 1}, {1, 0}} {
		tt := NewTable(1)
		if c.noWin > 0 {
			g.stack = []int{1}
			tt.storeDisproof(g.Hash(), c.noWin, 1)
			g.stack = []int{0}
		}
		r := Search(context.Background(), g, tt, Options{MaxDepth: 5})
		if r.Status != Proven || r.WinIn != 5 || r.Best != c.best {
			t.Errorf("node 1 stored disproven within %d: got %v in %d by move %d, want proven in 5 by move %d", c.noWin, r.Status, r.WinIn, r.Best, c.best)
		}
	}
}

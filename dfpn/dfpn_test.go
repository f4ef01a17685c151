package dfpn

import (
	"context"
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
	return Unknown
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
// results are reused from other paths (where GHI bugs would show).
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
		tt := NewTable(1)
		s := NewSearcher(tt)
		order := r.Perm(n)
		for _, root := range order {
			g.stack = []int{root}
			res := s.Search(context.Background(), g, Options{MaxNodes: 1 << 20})
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
			// Bounded: a win within D iff the shortest win is ≤ D.
			for _, D := range []int{1, 2, 3, 5, 8} {
				g.stack = []int{root}
				res := s.Search(context.Background(), g, Options{MaxDepth: D, MaxNodes: 1 << 20})
				won := want[root] >= 0 && want[root] <= D
				if res.Status == Undecided || (res.Status == Proven) != won {
					t.Fatalf("graph %d root %d depth %d: %v, want dtw %d", gi, root, D, res.Status, want[root])
				}
				if res.Status == Proven && (res.WinIn > D || res.WinIn < want[root]) {
					t.Fatalf("graph %d root %d depth %d: proof length %d, dtw %d", gi, root, D, res.WinIn, want[root])
				}
				if res.Status == Disproven && res.NoWin != -1 && res.NoWin < D {
					t.Fatalf("graph %d root %d depth %d: no win within %d only", gi, root, D, res.NoWin)
				}
			}
		}
	}
}

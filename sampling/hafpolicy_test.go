package sampling

import (
	"context"
	"math"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
)

func hafWeights(t testing.TB) *haf.Weights {
	t.Helper()
	w, err := haf.Builtin(haf.DefaultWeights)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// worlds calls f on positions of random games (every colour shown), both
// sides to move.
func worlds(games int, f func(p *engine.Position)) {
	r := engine.NewRand(11)
	for g := 0; g < games; g++ {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == engine.Ongoing && p.Ply() < 200 {
			f(&p)
			p.Make(p.RandomMove(r))
		}
	}
}

// TestHAFPriorsAreProbabilities: on positions of random games, for both
// players searching and both views, the priors are positive and sum to 1;
// at the searcher's nodes they are the softmax (2) of the policy's exact
// afterstate scores (haf's in-order reading, matched move by move); at the
// opponent's nodes, with Negate, the softmax of the negated scores seen
// from the searcher's side (§5.2), and with OwnView the softmax of the
// opponent's own exact afterstate scores.
func TestHAFPriorsAreProbabilities(t *testing.T) {
	w := hafWeights(t)
	var ml engine.MoveList
	out := make([]float64, engine.MaxMoves)
	want := make([]float64, engine.MaxMoves)
	h := make([]float64, engine.MaxMoves)
	n := 0
	worlds(20, func(p *engine.Position) {
		ml.Generate(p)
		moves := ml.Slice()
		for me := engine.First; me <= engine.Second; me++ {
			for _, view := range []HAFView{Negate, OwnView} {
				q := NewHAFPolicy(w, me, view)
				q.Prior(p, moves, out)
				sum := 0.0
				for _, v := range out[:len(moves)] {
					if !(v > 0) {
						t.Fatalf("%s: a prior %v ≤ 0", p, v)
					}
					sum += v
				}
				if math.Abs(sum-1) > 1e-12 {
					t.Fatalf("%s: priors sum to %v", p, sum)
				}
				// The expected scores, by the direct reading.
				mover := p.Turn()
				if mover == me || view == OwnView {
					st, err := haf.StateFromPosition(p, mover, nil)
					if err != nil {
						t.Fatal(err)
					}
					all := w.Afterstates(&st, nil)
					if len(all) != len(moves) {
						t.Fatalf("%s: %d afterstates, %d moves", p, len(all), len(moves))
					}
					for i, m := range moves {
						found := false
						for _, a := range all {
							if st.EngineMove(a.Move) == m {
								h[i], found = a.H, true
							}
						}
						if !found {
							t.Fatalf("%s: move %s has no afterstate", p, m)
						}
					}
				} else {
					if err := w.ScoreMoves(p, me, moves, h); err != nil {
						t.Fatal(err)
					}
					for i := range moves {
						h[i] = -h[i]
					}
				}
				// formula (2), transcribed
				den := 0.0
				for i := range moves {
					den += math.Exp(h[i])
				}
				for i := range moves {
					want[i] = math.Exp(h[i]) / den
					if math.Abs(out[i]-want[i]) > 1e-9 {
						t.Fatalf("%s me=%d view=%s move %s: prior %v, want %v", p, me, view, moves[i], out[i], want[i])
					}
				}
				n++
			}
		}
	})
	if n < 1000 {
		t.Fatalf("only %d cases", n)
	}
}

// TestFormula3 builds nodes by hand and checks that selection under a
// prior takes the child of greatest paper 004 formula (3) value,
// transcribed here, and not that of formula (1).
func TestFormula3(t *testing.T) {
	r := engine.NewRand(5)
	u := NewUCT(UCTOptions{Iterations: 1, Prior: func(*engine.Position, []engine.Move, []float64) {}}, 1)
	differs := 0
	for c := 0; c < 2000; c++ {
		k := 2 + r.Intn(12)
		N := 0
		kids := make([]node, k)
		pri := make([]float64, k)
		ps := 0.0
		for i := range kids {
			v := 1 + r.Intn(200)
			if c%3 == 0 {
				v = 1 + r.Intn(5)
			}
			kids[i] = node{visits: int32(v), wins: int32(r.Intn(2*v + 1)), first: -1}
			pri[i] = float64(r.Intn(1000)+1) / 1000
			ps += pri[i]
			N += v
		}
		for i := range kids {
			kids[i].prior = float32(pri[i] / ps)
		}
		u.nodes = append(u.nodes[:0], node{first: 1, nkids: uint8(k), visits: int32(N + 1)})
		u.nodes = append(u.nodes, kids...)
		got := int(u.selectChild(0, 0)) - 1

		// (3): UCB = w̄ + C(s) P(s,a) √N(s) / (1 + N(s,a)),
		// C(s) = ln((N(s) + c_base + 1) / c_base) + c_init.
		Ns := float64(N + 1)
		cs := math.Log((Ns+19652+1)/19652) + 1.25
		best, bestV, best1, bestV1 := -1, math.Inf(-1), -1, math.Inf(-1)
		for i, n := range kids {
			wbar := float64(n.wins) / 2 / float64(n.visits)
			v := wbar + cs*float64(n.prior)*math.Sqrt(Ns)/(1+float64(n.visits))
			if v > bestV {
				best, bestV = i, v
			}
			v1 := wbar + math.Sqrt2*math.Sqrt(math.Log(Ns)/float64(n.visits))
			if v1 > bestV1 {
				best1, bestV1 = i, v1
			}
		}
		if got != best {
			t.Fatalf("case %d: selected child %d, formula (3) says %d", c, got, best)
		}
		if best != best1 {
			differs++
		}
		// Without the prior (method C below the root) formula (1) applies.
		u.nodes[0].visits = int32(N)
		Ns = float64(N)
		best1, bestV1 = -1, math.Inf(-1)
		for i, n := range kids {
			v1 := float64(n.wins)/2/float64(n.visits) + math.Sqrt2*math.Sqrt(math.Log(Ns)/float64(n.visits))
			if v1 > bestV1 {
				best1, bestV1 = i, v1
			}
		}
		u.opts.PriorDepth = 1
		if got := int(u.selectChild(0, 1)) - 1; got != best1 {
			t.Fatalf("case %d: below the root with PriorDepth 1 selected %d, formula (1) says %d", c, got, best1)
		}
		u.opts.PriorDepth = 0
	}
	if differs < 100 {
		t.Fatalf("formulas (1) and (3) disagreed in only %d cases: the test cannot tell them apart", differs)
	}
}

// TestFormula4 checks the final choice on hand-made root statistics: the
// child of greatest w̄ + 0.1·π (paper 004 formula (4)) with a prior, the
// most visited without.
func TestFormula4(t *testing.T) {
	r := engine.NewRand(9)
	withPrior := NewUCT(UCTOptions{Iterations: 1, FinalPrior: 0.1, Prior: func(*engine.Position, []engine.Move, []float64) {}}, 1)
	plain := NewUCT(UCTOptions{Iterations: 1}, 1)
	differs := 0
	for c := 0; c < 2000; c++ {
		k := 2 + r.Intn(12)
		kids := make([]node, k)
		for i := range kids {
			v := r.Intn(300)
			kids[i] = node{move: engine.Move(i + 1), visits: int32(v), wins: int32(r.Intn(2*v + 1)), prior: float32(r.Intn(1000)) / 1000, first: -1}
		}
		for _, u := range []*UCT{withPrior, plain} {
			u.nodes = append(append(u.nodes[:0], node{first: 1, nkids: uint8(k)}), kids...)
		}
		best, bestV, mostVisited := -1, math.Inf(-1), 0
		for i, n := range kids {
			wbar := 0.0
			if n.visits > 0 {
				wbar = float64(n.wins) / 2 / float64(n.visits)
			}
			if v := wbar + 0.1*float64(n.prior); v > bestV {
				best, bestV = i, v
			}
			if n.visits > kids[mostVisited].visits {
				mostVisited = i
			}
		}
		ch, m := withPrior.chooseRoot(nil)
		if m != kids[best].move || len(ch) != k {
			t.Fatalf("case %d: chose %v, formula (4) says %v", c, m, kids[best].move)
		}
		if _, m := plain.chooseRoot(nil); m != kids[mostVisited].move {
			t.Fatalf("case %d: plain UCT chose %v, the most visited is %v", c, m, kids[mostVisited].move)
		}
		if best != mostVisited {
			differs++
		}
	}
	if differs < 100 {
		t.Fatalf("only %d cases tell (4) from the visit count", differs)
	}
}

// TestHAFMethodsUsePolicyWhereThePaperSays searches positions of random
// games with each method and counts the policy's calls: method C calls it
// once a search (the root's expansion) and no node below the root has a
// prior; methods A and B call it at every expansion, and every expanded
// node's children carry priors summing to 1; method A's playouts draw
// the policy's moves, B's and C's do not use it.
func TestHAFMethodsUsePolicyWhereThePaperSays(t *testing.T) {
	w := hafWeights(t)
	searches := 0
	worlds(3, func(p *engine.Position) {
		if p.Ply()%7 != 0 {
			return
		}
		for _, m := range []HAFMethod{MethodA, MethodB, MethodC} {
			o, q := HAFOptions(UCTOptions{Iterations: 300}, m, w, p.Turn(), Negate, 0)
			if (o.Playout != nil) != (m == MethodA) || o.FinalPrior != 0.1 {
				t.Fatalf("method %s: options %+v", m, o)
			}
			u := NewUCT(o, 3)
			res, err := u.Search(context.Background(), p, 200)
			if err != nil {
				t.Fatal(err)
			}
			expanded := 0
			for i, n := range u.nodes {
				if n.first < 0 {
					continue
				}
				expanded++
				sum := 0.0
				for _, c := range u.nodes[n.first : n.first+int32(n.nkids)] {
					sum += float64(c.prior)
				}
				switch {
				case i == 0 || m != MethodC:
					if math.Abs(sum-1) > 1e-5 {
						t.Fatalf("method %s: node %d's priors sum to %v", m, i, sum)
					}
				case sum != 0:
					t.Fatalf("method C: node %d below the root has priors (sum %v)", i, sum)
				}
			}
			want := expanded
			if m == MethodC {
				want = 1
			}
			if q.Calls != want {
				t.Fatalf("method %s: %d policy calls, %d expanded nodes", m, q.Calls, expanded)
			}
			if res.Iterations != 300 {
				t.Fatalf("%d iterations", res.Iterations)
			}
			searches++
		}
	})
	if searches < 30 {
		t.Fatalf("%d searches", searches)
	}
}

// TestHAFPlayoutDrawsByThePolicy: with a limit one ply ahead, method A's
// playout makes exactly one move; over many draws each move's frequency
// matches its probability (2) (within five standard deviations), at the
// searcher's and the opponent's turns.
func TestHAFPlayoutDrawsByThePolicy(t *testing.T) {
	w := hafWeights(t)
	r := engine.NewRand(3)
	checked := 0
	worlds(1, func(p *engine.Position) {
		if p.Ply()%9 != 0 || checked >= 6 {
			return
		}
		checked++
		var ml engine.MoveList
		ml.Generate(p)
		moves := ml.Slice()
		q := NewHAFPolicy(w, engine.First, Negate)
		pi := make([]float64, len(moves))
		q.Prior(p, moves, pi)
		count := make(map[engine.Move]int)
		const n = 20000
		for i := 0; i < n; i++ {
			c := *p
			if o := q.Playout(&c, r, p.Ply()+1); o != engine.Draw && c.Outcome() == engine.Ongoing {
				t.Fatalf("outcome %v", o)
			}
			if c.Ply() != p.Ply()+1 {
				t.Fatalf("playout made %d moves", c.Ply()-p.Ply())
			}
			found := false
			for _, m := range moves {
				d := *p
				d.Make(m)
				if d.Hash() == c.Hash() {
					count[m]++
					found = true
					break
				}
			}
			if !found {
				t.Fatal("the playout's move is not a legal move")
			}
		}
		for i, m := range moves {
			sd := math.Sqrt(n * pi[i] * (1 - pi[i]))
			if math.Abs(float64(count[m])-n*pi[i]) > 5*sd+1 {
				t.Errorf("%s move %s: drawn %d times of %d, probability %v", p, m, count[m], n, pi[i])
			}
		}
	})
	if checked < 6 {
		t.Fatalf("%d positions", checked)
	}
}

// TestHAFSearchRepeats: the same seed gives the same search, for every
// method and view.
func TestHAFSearchRepeats(t *testing.T) {
	w := hafWeights(t)
	p := engine.StartPosition(engine.Placements[3], engine.Placements[40])
	r := engine.NewRand(2)
	for i := 0; i < 30; i++ {
		p.Make(p.RandomMove(r))
	}
	for _, m := range []HAFMethod{MethodA, MethodB, MethodC} {
		for _, v := range []HAFView{Negate, OwnView} {
			var runs [2]UCTResult
			for k := range runs {
				o, _ := HAFOptions(UCTOptions{Iterations: 500}, m, w, p.Turn(), v, 0)
				res, err := NewUCT(o, 42).Search(context.Background(), &p, 200)
				if err != nil {
					t.Fatal(err)
				}
				runs[k] = res
			}
			if runs[0].Move != runs[1].Move || runs[0].Nodes != runs[1].Nodes || len(runs[0].Children) != len(runs[1].Children) {
				t.Fatalf("method %s view %s: searches differ", m, v)
			}
			for i := range runs[0].Children {
				if runs[0].Children[i] != runs[1].Children[i] {
					t.Fatalf("method %s view %s: root child %d differs", m, v, i)
				}
			}
		}
	}
}

func TestParseHAF(t *testing.T) {
	for s, want := range map[string]HAFMethod{"A": MethodA, "b": MethodB, "C": MethodC, "none": NoHAF} {
		if m, err := ParseHAFMethod(s); err != nil || m != want {
			t.Errorf("%q: %v %v", s, m, err)
		}
	}
	if _, err := ParseHAFMethod("D"); err == nil {
		t.Error("D accepted")
	}
	if v, err := ParseHAFView("own"); err != nil || v != OwnView {
		t.Error("own")
	}
	if _, err := ParseHAFView("mine"); err == nil {
		t.Error("mine accepted")
	}
}

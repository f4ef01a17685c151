package haf

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

type vecAfter struct {
	Index int     `json:"index"`
	Move  string  `json:"move"`
	Unit  int     `json:"unit"`
	Dir   int     `json:"dir"`
	Bits  []int   `json:"bits"`
	Pairs []int   `json:"pair_indices"`
	H900  float64 `json:"h_vsself2/vsself900"`
	H63   float64 `json:"h_vsself/vsself63"`
}

type vecPos struct {
	ID        string     `json:"id"`
	Board     string     `json:"board"`
	Current   []int      `json:"current_bits"`
	NMoves    int        `json:"n_moves"`
	After     []vecAfter `json:"afterstates"`
	Argmax900 int        `json:"argmax_vsself2/vsself900"`
	Chosen900 string     `json:"chosen_move_vsself2/vsself900"`
	Argmax63  int        `json:"argmax_vsself/vsself63"`
	Chosen63  string     `json:"chosen_move_vsself/vsself63"`
}

// vectors reads the test vectors the original program computed.
func vectors(t testing.TB) []vecPos {
	f, err := os.Open("../data/haf/vectors.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []vecPos
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var v vecPos
		if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	if len(out) != 4 {
		t.Fatalf("%d test positions, want 4", len(out))
	}
	return out
}

func builtin(t testing.TB, name string) *Weights {
	w, err := Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestLoaderSamples(t *testing.T) {
	w900, w63 := builtin(t, "900"), builtin(t, "63")
	for _, c := range []struct {
		w *Weights
		k int
		v float64
	}{
		{w900, 0, 3.792275872848622}, {w900, 1, -0.25933767715756384}, {w900, 2, 2.1951031498050644},
		{w900, 35, 0.7068811699970721}, {w900, 900, 1.0372772354829818}, {w900, 901, 0},
		{w900, 8127, 3.3829605783816013e-15},
		{w63, 0, 2.814852481668022}, {w63, 1, 0.01667413812862436}, {w63, 900, 0.9052411585628358},
	} {
		if got := c.w.Theta(c.k); got != c.v {
			t.Errorf("%s: θ[%d] = %v, want %v", c.w.Name(), c.k, got, c.v)
		}
	}
	// The zero pattern of every trained θ (docs/haf.md §4): 7505 nonzero,
	// and every pair with a blank bit zero.
	for _, w := range []*Weights{w900, w63} {
		nz := 0
		for k := 0; k < NumPairs; k++ {
			if w.Theta(k) != 0 {
				nz++
			}
		}
		if nz != 7505 {
			t.Errorf("%s: %d nonzero θ, want 7505", w.Name(), nz)
		}
		for _, blank := range []int{82, 83, 124, 125} {
			for j := 0; j < NumBits; j++ {
				if w.Theta(PairIndex(blank, j)) != 0 {
					t.Errorf("%s: θ of pair (%d, %d) is not zero", w.Name(), blank, j)
				}
			}
		}
	}
}

// TestVectors reproduces the four positions the original program scored:
// moves in order, afterstate bits, pair indices, h bit for bit under both
// weight files, and the chosen move.
func TestVectors(t *testing.T) {
	w900, w63 := builtin(t, "900"), builtin(t, "63")
	for _, v := range vectors(t) {
		g, err := engine.ParseGATBoard(v.Board)
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		st, err := StateFromGAT(g, engine.First)
		if err != nil {
			t.Fatalf("%s: %v", v.ID, err)
		}
		if got := st.Bits().Active(nil); !slices.Equal(got, v.Current) {
			t.Errorf("%s: current bits %v, want %v", v.ID, got, v.Current)
		}
		for _, c := range []struct {
			w      *Weights
			argmax int
			chosen string
		}{{w900, v.Argmax900, v.Chosen900}, {w63, v.Argmax63, v.Chosen63}} {
			sc := c.w.Afterstates(&st, nil)
			if len(sc) != v.NMoves || len(sc) != len(v.After) {
				t.Fatalf("%s: %d moves, want %d", v.ID, len(sc), v.NMoves)
			}
			for i, a := range v.After {
				s := sc[i]
				if s.Move.String() != a.Move || int(s.Move.Unit) != a.Unit || int(s.Move.Dir) != a.Dir {
					t.Errorf("%s: move %d is %s, want %s", v.ID, i, s.Move, a.Move)
				}
				if got := s.Bits.Active(nil); !slices.Equal(got, a.Bits) {
					t.Errorf("%s %s: bits %v, want %v", v.ID, a.Move, got, a.Bits)
				}
				if got := s.Bits.Pairs(nil); !slices.Equal(got, a.Pairs) {
					t.Errorf("%s %s: pair indices differ (%d, want %d)", v.ID, a.Move, len(got), len(a.Pairs))
				}
				want := a.H900
				if c.w == w63 {
					want = a.H63
				}
				if math.Float64bits(s.H) != math.Float64bits(want) {
					t.Errorf("%s %s: h(%s) = %v, want %v (bit for bit)", v.ID, a.Move, c.w.Name(), s.H, want)
				}
			}
			b := Best(sc)
			if b != c.argmax || sc[b].Move.String() != c.chosen {
				t.Errorf("%s: %s chooses %d %s, want %d %s", v.ID, c.w.Name(), b, sc[b].Move, c.argmax, c.chosen)
			}
			// The engine path: the same board as a position, scored
			// incrementally, and the same choice.
			p, err := g.Position(engine.First, engine.First)
			if err != nil {
				t.Fatalf("%s: %v", v.ID, err)
			}
			units := UnitsFromGAT(g, engine.First)
			moves := make([]engine.Move, len(sc))
			for i := range sc {
				moves[i] = sc[i].Engine
				if !p.IsLegal(moves[i]) {
					t.Fatalf("%s: %s = %s is not legal in %s", v.ID, sc[i].Move, moves[i], p.String())
				}
			}
			var ml engine.MoveList
			ml.Generate(&p)
			if ml.N != len(sc) {
				t.Errorf("%s: the engine has %d legal moves, the original %d", v.ID, ml.N, len(sc))
			}
			fast := make([]float64, len(sc))
			if err := c.w.ScoreMoves(&p, engine.First, moves, fast); err != nil {
				t.Fatal(err)
			}
			for i := range sc {
				if d := math.Abs(fast[i] - sc[i].H); d > c.w.Tolerance() {
					t.Errorf("%s %s: incremental %v, exact %v (off by %g > %g)", v.ID, sc[i].Move, fast[i], sc[i].H, d, c.w.Tolerance())
				}
			}
			m, err := c.w.Choose(&p, &units)
			if err != nil || m != sc[b].Engine {
				t.Errorf("%s: Choose = %s, %v; want %s", v.ID, m, err, sc[b].Engine)
			}
		}
	}
}

// TestGATLowerCase: the server writes the receiver's own pieces in lower
// case once their colour is public; the client upper-cases the first 24
// characters, so the letters' case there does not matter.
func TestGATLowerCase(t *testing.T) {
	for _, v := range vectors(t) {
		b := []byte(v.Board)
		for i := 2; i < 24; i += 3 {
			b[i] += 'a' - 'A'
		}
		g1, _ := engine.ParseGATBoard(v.Board)
		g2, err := engine.ParseGATBoard(string(b))
		if err != nil {
			t.Fatal(err)
		}
		s1, err1 := StateFromGAT(g1, engine.First)
		s2, err2 := StateFromGAT(g2, engine.First)
		if err1 != nil || err2 != nil || s1 != s2 {
			t.Errorf("%s: %q reads as %+v (%v), %q as %+v (%v)", v.ID, v.Board, s1, err1, b, s2, err2)
		}
	}
}

// TestGATAndPositionAgree scores each test board given as a GAT board
// string and as a position string, from either seat: the same bits and
// the same h for every move.
func TestGATAndPositionAgree(t *testing.T) {
	w := builtin(t, "900")
	for _, v := range vectors(t) {
		g, err := engine.ParseGATBoard(v.Board)
		if err != nil {
			t.Fatal(err)
		}
		for _, side := range []engine.Player{engine.First, engine.Second} {
			fromGAT, err := StateFromGAT(g, side)
			if err != nil {
				t.Fatal(err)
			}
			gp, err := g.Position(side, side)
			if err != nil {
				t.Fatal(err)
			}
			p, err := engine.ParsePosition(gp.String())
			if err != nil {
				t.Fatal(err)
			}
			units := UnitsFromGAT(g, side)
			fromPos, err := StateFromPosition(&p, side, &units)
			if err != nil {
				t.Fatal(err)
			}
			a, b := w.Afterstates(&fromGAT, nil), w.Afterstates(&fromPos, nil)
			if len(a) != len(b) {
				t.Fatalf("%s %v: %d moves from the GAT board, %d from %s", v.ID, side, len(a), len(b), p.String())
			}
			for i := range a {
				if a[i].Move != b[i].Move || a[i].Engine != b[i].Engine || a[i].Bits != b[i].Bits || math.Float64bits(a[i].H) != math.Float64bits(b[i].H) {
					t.Errorf("%s %v move %d: GAT %s %s %v, position %s %s %v", v.ID, side, i, a[i].Move, a[i].Engine, a[i].H, b[i].Move, b[i].Engine, b[i].H)
				}
			}
			// Without the letters (reading order) the same moves score the
			// same, in another order.
			plain, err := StateFromPosition(&p, side, nil)
			if err != nil {
				t.Fatal(err)
			}
			byMove := map[engine.Move]float64{}
			for _, s := range w.Afterstates(&plain, nil) {
				byMove[s.Engine] = s.H
			}
			for _, s := range a {
				if h, ok := byMove[s.Engine]; !ok || math.Float64bits(h) != math.Float64bits(s.H) {
					t.Errorf("%s %v: %s scores %v lettered, %v (%v) in reading order", v.ID, side, s.Engine, s.H, h, ok)
				}
			}
		}
	}
}

func TestSoftmax(t *testing.T) {
	h := []float64{-19.9, -34.2, -22.1, -19.9}
	p := make([]float64, len(h))
	Softmax(p, h)
	sum := 0.0
	for i := range h {
		sum += p[i]
		want := math.Exp(h[i]) / (math.Exp(h[0]) + math.Exp(h[1]) + math.Exp(h[2]) + math.Exp(h[3]))
		if math.Abs(p[i]-want) > 1e-15 {
			t.Errorf("p[%d] = %v, directly %v", i, p[i], want)
		}
	}
	if math.Abs(sum-1) > 1e-15 || p[0] != p[3] || !(p[0] > p[2] && p[2] > p[1]) {
		t.Errorf("softmax %v of %v", p, h)
	}
	big := []float64{1000, 999, -1000}
	Softmax(big, big)
	if math.IsNaN(big[0]) || math.Abs(big[0]-1/(1+math.Exp(-1))) > 1e-15 || big[2] != 0 {
		t.Errorf("softmax of large scores in place: %v", big)
	}
}

func TestLicense(t *testing.T) {
	l := License()
	if !strings.HasPrefix(l, "MIT License\n\nCopyright (c) 2020 KaoruShiga") || !strings.Contains(l, "The above copyright notice and this permission notice shall be included") {
		t.Errorf("licence text: %q", l)
	}
}

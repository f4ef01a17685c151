package haf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// slowH is h by the definition: θ·x over all 8128 features x[k] = b[i]·b[j]
// in ascending k, skipping the zero products.
func slowH(w *Weights, b Bits) float64 {
	h := 0.0
	for i := 0; i < NumBits; i++ {
		for j := 0; j <= i; j++ {
			if b.Has(i) && b.Has(j) {
				h += w.Theta(i*(i+1)/2 + j)
			}
		}
	}
	return h
}

// randomPositions plays random games from the start and calls f at every
// position with the pieces of the side to move lettered A..H as they
// started.
func randomPositions(games int, f func(p *engine.Position, units *Units)) {
	r := engine.NewRand(7)
	for g := 0; g < games; g++ {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		units := [2]Units{StartUnits(engine.First), StartUnits(engine.Second)}
		for p.Outcome() == engine.Ongoing && p.Ply() < 200 {
			f(&p, &units[p.Turn()])
			m := p.RandomMove(r)
			units[0].Play(m)
			units[1].Play(m)
			p.Make(m)
		}
	}
}

// TestRandomPositions checks the fast path against the direct reading on
// positions of random games, from both seats: the same legal moves as the
// engine, H equal to the definition, incremental scores within the
// tolerance of the in-order h (and the same with the opponent hidden),
// and Choose equal to the first argmax of the exact h.
func TestRandomPositions(t *testing.T) {
	w := builtin(t, "900")
	worst, n, slow := 0.0, 0, 0
	games, minPositions := 120, 1000
	if testing.Short() {
		games, minPositions = 30, 200
	}
	randomPositions(games, func(p *engine.Position, units *Units) {
		side := p.Turn()
		if !units.Matches(p, side) {
			t.Fatalf("%s: lettered pieces %v do not match", p, units)
		}
		st, err := StateFromPosition(p, side, units)
		if err != nil {
			t.Fatal(err)
		}
		sc := w.Afterstates(&st, nil)
		var ml engine.MoveList
		ml.Generate(p)
		eng := slices.Clone(ml.Slice())
		hafMoves := make([]engine.Move, len(sc))
		for i, s := range sc {
			hafMoves[i] = s.Engine
			if back, ok := st.FromEngine(s.Engine); !ok || back != s.Move {
				t.Fatalf("%s: %s -> %s -> %v %v", p, s.Move, s.Engine, back, ok)
			}
		}
		slices.Sort(eng)
		slices.Sort(hafMoves)
		if !slices.Equal(eng, hafMoves) {
			t.Fatalf("%s: engine moves %v, original's %v", p, eng, hafMoves)
		}
		if n%7 == 0 {
			for _, s := range sc {
				if got := slowH(w, s.Bits); math.Float64bits(got) != math.Float64bits(s.H) {
					t.Fatalf("%s %s: H %v, by the definition %v", p, s.Move, s.H, got)
				}
			}
			slow++
		}
		moves := make([]engine.Move, len(sc))
		for i := range sc {
			moves[i] = sc[i].Engine
		}
		fast := make([]float64, len(sc))
		if err := w.ScoreMoves(p, side, moves, fast); err != nil {
			t.Fatal(err)
		}
		hidden := *p
		hidden.Hide(side.Other())
		fastHidden := make([]float64, len(sc))
		if err := w.ScoreMoves(&hidden, side, moves, fastHidden); err != nil {
			t.Fatal(err)
		}
		for i := range sc {
			d := math.Abs(fast[i] - sc[i].H)
			worst = max(worst, d)
			if d > w.Tolerance() || fast[i] != fastHidden[i] {
				t.Fatalf("%s %s: incremental %v (hidden %v), exact %v", p, sc[i].Move, fast[i], fastHidden[i], sc[i].H)
			}
		}
		// The same moves seen from the other side (the opponent's moves
		// scored from its own side), against the rules applied directly.
		other := side.Other()
		ost, err := StateFromPosition(p, other, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := w.ScoreMoves(p, other, moves, fast); err != nil {
			t.Fatal(err)
		}
		for i, m := range moves {
			b := ost.Bits()
			from := index(m.From(), other)
			b.Clear(84 + from)
			if m.IsEscape() {
				b.Set(EscapeFlag)
			} else {
				to := index(m.To(), other)
				if ost.own()&(1<<to) != 0 {
					b.Clear(to)
					b.Clear(42 + to)
					b.Set(CaptureFlag)
				}
				b.Set(84 + to)
			}
			b.Set(Bias)
			exact := w.H(b)
			worst = max(worst, math.Abs(fast[i]-exact))
			if math.Abs(fast[i]-exact) > w.Tolerance() {
				t.Fatalf("%s: %s seen from %v scores %v, directly %v", p, m, other, fast[i], exact)
			}
		}
		want := sc[Best(sc)].Engine
		if got, err := w.Choose(p, units); err != nil || got != want {
			t.Fatalf("%s: Choose %s %v, the exact first argmax %s", p, got, err, want)
		}
		n++
	})
	t.Logf("%d positions (%d against the definition); largest incremental error %.3g, tolerance %.3g", n, slow, worst, w.Tolerance())
	if n < minPositions {
		t.Fatalf("only %d positions", n)
	}
}

// npyBytes writes theta as a version 1.0 .npy file.
func npyBytes(theta []float64, header string) []byte {
	var b bytes.Buffer
	b.WriteString(npyMagic + "\x01\x00")
	h := header
	for (10+len(h)+1)%64 != 0 {
		h += " "
	}
	h += "\n"
	binary.Write(&b, binary.LittleEndian, uint16(len(h)))
	b.WriteString(h)
	binary.Write(&b, binary.LittleEndian, theta)
	return b.Bytes()
}

const goodHeader = "{'descr': '<f8', 'fortran_order': False, 'shape': (8128,), }"

// TestChooseTies gives every move the same score: the policy then plays
// the first legal move in the original order, piece A first.
func TestChooseTies(t *testing.T) {
	w, err := ParseNPY("zeros", npyBytes(make([]float64, NumPairs), goodHeader))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	randomPositions(20, func(p *engine.Position, units *Units) {
		st, err := StateFromPosition(p, p.Turn(), units)
		if err != nil {
			t.Fatal(err)
		}
		first := st.EngineMove(st.Moves(nil)[0])
		if got, err := w.Choose(p, units); err != nil || got != first {
			t.Fatalf("%s: all tied, Choose %s %v, want the first move %s", p, got, err, first)
		}
		checked++
	})
	if checked == 0 {
		t.Fatal("no positions")
	}
}

func TestLoadErrors(t *testing.T) {
	good, err := os.ReadFile("../data/haf/vsself900_theta.npy")
	if err != nil {
		t.Fatal(err)
	}
	if len(good) != FileSize {
		t.Fatalf("built-in file has %d bytes, want %d", len(good), FileSize)
	}
	nan := slices.Clone(good)
	binary.LittleEndian.PutUint64(nan[128+8*5:], math.Float64bits(math.NaN()))
	cases := []struct {
		name string
		b    []byte
		want string
	}{
		{"empty", nil, "too short"},
		{"short", good[:1000], "truncated"},
		{"long", append(slices.Clone(good), 0), "extra bytes"},
		{"magic", append([]byte("\x93NUMPX"), good[6:]...), "not a .npy file"},
		{"version", append(append(slices.Clone(good[:6]), 9, 0), good[8:]...), "version 9.0"},
		{"f4", npyBytes(make([]float64, NumPairs), "{'descr': '<f4', 'fortran_order': False, 'shape': (8128,), }"), "dtype '<f4'"},
		{"big-endian", npyBytes(make([]float64, NumPairs), "{'descr': '>f8', 'fortran_order': False, 'shape': (8128,), }"), "dtype '>f8'"},
		{"fortran", npyBytes(make([]float64, NumPairs), "{'descr': '<f8', 'fortran_order': True, 'shape': (8128,), }"), "fortran_order True"},
		{"shape", npyBytes(make([]float64, NumPairs), "{'descr': '<f8', 'fortran_order': False, 'shape': (8127,), }"), "shape (8127,)"},
		{"2d", npyBytes(make([]float64, NumPairs), "{'descr': '<f8', 'fortran_order': False, 'shape': (127, 64), }"), "shape (127,64)"},
		{"no shape", npyBytes(make([]float64, NumPairs), "{'descr': '<f8', 'fortran_order': False, 'x': 1, }"), "shape missing"},
		{"header length", append(append(slices.Clone(good[:8]), 0xff, 0xff), good[10:]...), "header says"},
		{"nan", nan, "θ[5] is NaN"},
	}
	dir := t.TempDir()
	for _, c := range cases {
		path := filepath.Join(dir, c.name+".npy")
		if err := os.WriteFile(path, c.b, 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Load(path)
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one naming %s and saying %q", c.name, err, path, c.want)
		}
	}
	missing := filepath.Join(dir, "missing.npy")
	if _, err := Load(missing); err == nil || !strings.Contains(err.Error(), missing) || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Builtin("64"); err == nil || !strings.Contains(err.Error(), "900, 63") {
		t.Errorf("Builtin(64): %v", err)
	}
	// A good file on disk loads to the built-in θ.
	path := filepath.Join(dir, "good.npy")
	os.WriteFile(path, good, 0o644)
	w, err := Load(path)
	if err != nil || w.Theta(8127) != builtin(t, "900").Theta(8127) || w.Name() != path {
		t.Errorf("good file: %v", err)
	}
}

// FuzzParseNPY: any bytes give an error or θ read from the file's last
// 8·8128 bytes, never a panic.
func FuzzParseNPY(f *testing.F) {
	good, err := os.ReadFile("../data/haf/vsself63_theta.npy")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:200])
	f.Add(good[:10])
	f.Add(npyBytes(make([]float64, NumPairs), "{'shape': (8128,), 'fortran_order': False, 'descr': '<f8'}"))
	f.Add(npyBytes(make([]float64, NumPairs), "{'descr': '<f8', 'fortran_order': False, 'shape': (8128,), 'shape': (8128,)}"))
	f.Add([]byte("\x93NUMPY\x02\x00\x10\x00\x00\x00{}"))
	f.Fuzz(func(t *testing.T, b []byte) {
		w, err := ParseNPY("fuzz", b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "haf: weight file fuzz: ") {
				t.Fatalf("error %q does not name the file", err)
			}
			return
		}
		data := b[len(b)-8*NumPairs:]
		for k := 0; k < NumPairs; k++ {
			v := math.Float64frombits(binary.LittleEndian.Uint64(data[8*k:]))
			if v != w.Theta(k) || math.IsNaN(v) || math.IsInf(v, 0) {
				t.Fatalf("θ[%d] = %v, file has %v", k, w.Theta(k), v)
			}
		}
	})
}

// TestConcurrentScoring: one Weights scores from several goroutines at
// once with the same results as alone (run with -race to check sharing).
func TestConcurrentScoring(t *testing.T) {
	w := builtin(t, "900")
	ps := benchPositions()[:200]
	want := make([][engine.MaxMoves]float64, len(ps))
	for i := range ps {
		if err := w.ScoreMoves(&ps[i].p, ps[i].p.Turn(), ps[i].ml.Slice(), want[i][:ps[i].ml.N]); err != nil {
			t.Fatal(err)
		}
	}
	errs := make(chan string, 4)
	for g := 0; g < 4; g++ {
		go func() {
			w2, _ := Builtin("900") // the shared built-in
			var out [engine.MaxMoves]float64
			for i := range ps {
				w2.ScoreMoves(&ps[i].p, ps[i].p.Turn(), ps[i].ml.Slice(), out[:ps[i].ml.N])
				n := ps[i].ml.N
				if !slices.Equal(out[:n], want[i][:n]) {
					errs <- ps[i].p.String()
					return
				}
			}
			errs <- ""
		}()
	}
	for g := 0; g < 4; g++ {
		if e := <-errs; e != "" {
			t.Errorf("%s scored differently in a goroutine", e)
		}
	}
}

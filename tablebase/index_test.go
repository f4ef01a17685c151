package tablebase

import (
	"math/bits"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

func TestBinomialRanking(t *testing.T) {
	// Every k-subset of the free squares gets a distinct rank below
	// C(free, k), and unranking gives it back.
	r := engine.NewRand(1)
	for k := 1; k <= 6; k++ {
		for trial := 0; trial < 300; trial++ {
			var excl uint64
			for bits.OnesCount64(excl) < r.Intn(6) {
				excl |= 1 << uint(r.Intn(36))
			}
			var g uint64
			for bits.OnesCount64(g) < k {
				s := uint64(1) << uint(r.Intn(36))
				if s&excl == 0 {
					g |= s
				}
			}
			rk := rankGroup(g, excl)
			if rk >= binom[36-bits.OnesCount64(excl)][k] {
				t.Fatalf("rank %d of %x out of range", rk, g)
			}
			if back := unrankGroup(rk, k, excl); back != g {
				t.Fatalf("k=%d excl=%x: %x -> %d -> %x", k, excl, g, rk, back)
			}
		}
	}
	// Exhaustive for two pieces among 34 free squares.
	excl := uint64(1<<7 | 1<<20)
	seen := map[uint64]bool{}
	for a := 0; a < 36; a++ {
		for b := a + 1; b < 36; b++ {
			g := uint64(1)<<uint(a) | uint64(1)<<uint(b)
			if g&excl != 0 {
				continue
			}
			rk := rankGroup(g, excl)
			if seen[rk] || rk >= binom[34][2] {
				t.Fatalf("rank %d repeated or out of range", rk)
			}
			seen[rk] = true
		}
	}
}

// storedEntries, counted, equals the fold tables' size, for every class
// of up to 8 pieces (top groups of 1 to 6 pieces, even and odd).
func TestStoredEntriesCounted(t *testing.T) {
	for _, c := range purple.Classes(8) {
		for s := 0; s < 2; s++ {
			if got, want := storedEntries(c, s), newLayout(c, s).foldSize; got != want {
				t.Fatalf("%s side %d: %d stored entries counted, the fold tables hold %d", c, s, got, want)
			}
		}
	}
}

func TestMirrorFlip(t *testing.T) {
	r := engine.NewRand(2)
	for i := 0; i < 1000; i++ {
		b := r.Uint64() & mask36
		fb := engine.Expand(b)
		var m, f uint64
		for x := fb; x != 0; x &= x - 1 {
			s := engine.Square(bits.TrailingZeros64(x))
			m |= s.Mirror().Bit()
			f |= s.Flip().Bit()
		}
		if mirror36(b) != engine.Compact(m) || flip36(b) != engine.Compact(f) {
			t.Fatalf("%x: mirror %x flip %x", b, mirror36(b), flip36(b))
		}
	}
}

func TestLayoutRoundTrip(t *testing.T) {
	r := engine.NewRand(3)
	for _, c := range purple.Classes(7) {
		if classSize(c) >= 1<<31 {
			continue
		}
		for s := 0; s < 2; s++ {
			l := newLayout(c, s)
			if l.size != classSize(c) {
				t.Fatalf("%s side %d: size %d, want %d", c, s, l.size, classSize(c))
			}
			for trial := 0; trial < 300; trial++ {
				i := r.Uint64() % l.size
				x := l.board(i)
				if bits.OnesCount64(x.b) != c.Blues || bits.OnesCount64(x.r) != c.Reds || bits.OnesCount64(x.o) != c.OppPieces ||
					x.b&x.r != 0 || (x.b|x.r)&x.o != 0 || (x.b|x.r|x.o)&^mask36 != 0 {
					t.Fatalf("%s side %d index %d: bad board %+v", c, s, i, x)
				}
				if j := l.index(&x); j != i {
					t.Fatalf("%s side %d: index %d -> %+v -> %d", c, s, i, x, j)
				}
				f := l.folded(&x)
				m := x.mirrored()
				if f >= l.foldSize || l.folded(&m) != f && !l.symTop[f/l.row] {
					t.Fatalf("%s side %d: folded %d of %d (mirror %d)", c, s, f, l.foldSize, l.folded(&m))
				}
				if y := l.foldedBoard(f); y != x && y != m {
					t.Fatalf("%s side %d: folded board %+v is neither %+v nor its mirror", c, s, y, x)
				}
			}
		}
	}
}

// The smallest class exhaustively: indices are a bijection onto boards and
// the folded index covers every mirror pair.
func TestLayoutExhaustive(t *testing.T) {
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	for s := 0; s < 2; s++ {
		l := newLayout(c, s)
		seen := make(map[board]bool, l.size)
		hit := make([]bool, l.foldSize)
		for i := uint64(0); i < l.size; i++ {
			x := l.board(i)
			if seen[x] {
				t.Fatalf("board %+v twice", x)
			}
			seen[x] = true
			hit[l.folded(&x)] = true
		}
		for f, h := range hit {
			if !h {
				t.Fatalf("side %d: folded index %d unused", s, f)
			}
		}
	}
}

func TestPositionConversion(t *testing.T) {
	r := engine.NewRand(4)
	c := purple.Class{Blues: 2, Reds: 1, OppPieces: 3, OppReds: 1}
	l := newLayout(c, sideO)
	for i := 0; i < 200; i++ {
		x := l.board(r.Uint64() % l.size)
		for s := 0; s < 2; s++ {
			p := position(c, x, s)
			if err := p.Validate(); err != nil {
				t.Fatal(err)
			}
			if cc, ok := purple.ClassOf(&p, engine.First); !ok || cc != c {
				t.Fatalf("class of %s: %v", p.String(), cc)
			}
			y, s2 := fromPosition(&p, engine.First)
			sw := p.Swapped()
			z, s3 := fromPosition(&sw, engine.Second)
			if y != x || s2 != s || z != x || s3 != s {
				t.Fatalf("%s: %+v/%d, swapped %+v/%d, want %+v/%d", p.String(), y, s2, z, s3, x, s)
			}
		}
	}
}

// The verifier's incremental child indices against the plain ones.
func TestChildIndexer(t *testing.T) {
	r := engine.NewRand(5)
	for _, c := range purple.Classes(6) {
		for s := 0; s < 2; s++ {
			l := newLayout(c, s)
			lc := newLayout(c, 1-s)
			ci := childIndexer{lc: lc}
			for trial := 0; trial < 200; trial++ {
				x := l.board(r.Uint64() % l.size)
				var got []uint64
				got = append(got, ci.children(s, &x)...)
				// plain: every quiet move, indexed from scratch
				var want []uint64
				own := x.o
				if s == sideP {
					own = x.b | x.r
				}
				empty := mask36 &^ (x.b | x.r | x.o)
				for f := own; f != 0; f &= f - 1 {
					src := bits.TrailingZeros64(f)
					for d := nbr[src] & empty; d != 0; d &= d - 1 {
						y := x
						mv := uint64(1)<<uint(src) | d&-d
						switch {
						case x.b&(1<<uint(src)) != 0:
							y.b ^= mv
						case x.r&(1<<uint(src)) != 0:
							y.r ^= mv
						default:
							y.o ^= mv
						}
						want = append(want, lc.index(&y))
					}
				}
				sortU64(got)
				sortU64(want)
				if len(got) != len(want) {
					t.Fatalf("%s side %d: %d children, want %d", c, s, len(got), len(want))
				}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s side %d %+v: children %v, want %v", c, s, x, got, want)
					}
				}
			}
		}
	}
}

func sortU64(a []uint64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// The five-piece decoding table agrees with the slow decoding and with
// ranking, for every subset.
func TestColexTab5(t *testing.T) {
	tab := colexTab5()
	if uint64(len(tab)) != binom[36][5] {
		t.Fatalf("%d entries", len(tab))
	}
	for r := range tab {
		if uint64(tab[r]) != colexUnrankSlow(uint64(r), 5) {
			t.Fatalf("rank %d: %#x, slow %#x", r, tab[r], colexUnrankSlow(uint64(r), 5))
		}
		if got := rankGroup(unrankGroup(uint64(r), 5, 0), 0); got != uint64(r) {
			t.Fatalf("rank %d decodes to a set of rank %d", r, got)
		}
	}
}

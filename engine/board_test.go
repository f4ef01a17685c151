package engine

import (
	"math/bits"
	"testing"
)

// TestNeighbours checks Neighbours against the squares at distance one.
func TestNeighbours(t *testing.T) {
	for _, s := range BoardSquares {
		var want uint64
		for _, u := range BoardSquares {
			if s.Distance(u) == 1 {
				want |= u.Bit()
			}
		}
		if got := Neighbours(s.Bit()); got != want {
			t.Errorf("Neighbours(%s) = %#x, want %#x", s, got, want)
		}
	}
	b := Sq(0, 1).Bit() | Sq(5, 6).Bit()
	if got := Neighbours(b); got != Neighbours(Sq(0, 1).Bit())|Neighbours(Sq(5, 6).Bit()) {
		t.Errorf("Neighbours of two squares = %#x, not the union", got)
	}
}

// TestExitDistance checks the table against Distance to each exit.
func TestExitDistance(t *testing.T) {
	for _, pl := range []Player{First, Second} {
		for _, s := range BoardSquares {
			want := 99
			for e := Exits(pl); e != 0; e &= e - 1 {
				want = min(want, s.Distance(Square(bits.TrailingZeros64(e))))
			}
			if got := s.ExitDistance(pl); got != want {
				t.Errorf("%s.ExitDistance(%v) = %d, want %d", s, pl, got, want)
			}
		}
	}
}

func TestMoveIn(t *testing.T) {
	m := NewMove(Sq(3, 1), Sq(4, 1))
	if !m.In([]Move{NewMove(Sq(0, 1), Sq(0, 2)), m.RevealRed()}) {
		t.Error("a move with the reveal flag does not count as the same squares")
	}
	if m.In([]Move{NewMove(Sq(4, 1), Sq(3, 1))}) || m.In(nil) {
		t.Error("In reports a move that is not in the list")
	}
}

// TestCompactExpand holds Compact and Expand to their plain form, a loop
// over the ranks, on every single bit and on random words (squares off
// the board, and bits above 35, set too).
func TestCompactExpand(t *testing.T) {
	plainCompact := func(b uint64) uint64 {
		var c uint64
		for r := 1; r <= 6; r++ {
			c |= (b >> (8*r + 1) & 63) << (6 * (r - 1))
		}
		return c
	}
	plainExpand := func(c uint64) uint64 {
		var b uint64
		for r := 1; r <= 6; r++ {
			b |= (c >> (6 * (r - 1)) & 63) << (8*r + 1)
		}
		return b
	}
	words := []uint64{0, ^uint64(0), BoardMask}
	for i := 0; i < 64; i++ {
		words = append(words, 1<<i)
	}
	r := NewRand(5)
	for i := 0; i < 100000; i++ {
		words = append(words, r.Uint64())
	}
	for _, w := range words {
		if got, want := Compact(w), plainCompact(w); got != want {
			t.Fatalf("Compact(%#x) = %#x, want %#x", w, got, want)
		}
		if got, want := Expand(w), plainExpand(w); got != want {
			t.Fatalf("Expand(%#x) = %#x, want %#x", w, got, want)
		}
		if b := w & BoardMask; Expand(Compact(b)) != b {
			t.Fatalf("Expand(Compact(%#x)) = %#x", b, Expand(Compact(b)))
		}
	}
}

package haf

import (
	"errors"
	"math"
	"math/bits"
	"sort"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// hiddenOf returns the mover's view of p with the pieces lettered by
// units, and the mover's colours in p as a red mask over those letters.
func hiddenOf(p *engine.Position, units *Units) (Hidden, uint8) {
	side := p.Turn()
	h := Hidden{Side: side, Pieces: *units, Opp: p.Occupied(side.Other())}
	h.Counts = [4]int{4 - p.Blues(side.Other()), 4 - p.Reds(side.Other()), 4 - p.Blues(side), 4 - p.Reds(side)}
	var red uint8
	for j, s := range units {
		if s != engine.NoSquare && p.Pieces(side, engine.Red)&s.Bit() != 0 {
			red |= 1 << j
		}
	}
	return h, red
}

// recolour returns p with the mover's pieces coloured by red (a mask over
// the letters of units) and the mover's red count to match.
func recolour(p *engine.Position, units *Units, red uint8) engine.Position {
	side := p.Turn()
	q := *p
	n := 0
	for j, s := range units {
		if s == engine.NoSquare {
			continue
		}
		_, k, _ := q.At(s)
		q.Remove(side, k, s)
		if red&(1<<j) != 0 {
			q.Put(side, engine.Red, s)
			n++
		} else {
			q.Put(side, engine.Blue, s)
		}
	}
	q.SetReds(side, n)
	return q
}

// TestColourTermsAgree checks ColourTerms against ScoreMoves: for random
// positions of random games and several colourings of the mover (its
// true ones and others with the same counts), the same legal moves (an
// escape only for a blue on an exit), and every move's score minus the
// first move's equal to ScoreMoves' difference within the tolerance.
func TestColourTermsAgree(t *testing.T) {
	w := builtin(t, "900")
	r := engine.NewRand(3)
	checked := 0
	var ct ColourTerms
	randomPositions(30, func(p *engine.Position, units *Units) {
		h, trueRed := hiddenOf(p, units)
		if err := w.ColourTerms(&h, &ct); err != nil {
			t.Fatal(err)
		}
		var on uint8
		for j, s := range units {
			if s != engine.NoSquare {
				on |= 1 << j
			}
		}
		reds := bits.OnesCount8(trueRed)
		for try := 0; try < 4; try++ {
			red := trueRed
			if try > 0 {
				// Another colouring of the pieces on the board with the same
				// number of reds.
				red = 0
				for bits.OnesCount8(red) < reds {
					red |= (1 << r.Intn(8)) & on
				}
			}
			q := recolour(p, units, red)
			var ml engine.MoveList
			ml.Generate(&q)
			want := make(map[engine.Move]float64)
			var h [engine.MaxMoves]float64
			if err := w.ScoreMoves(&q, q.Turn(), ml.Slice(), h[:ml.N]); err != nil {
				t.Fatal(err)
			}
			for i, m := range ml.Slice() {
				want[m] = h[i]
			}
			var got []engine.Move
			first, base := true, 0.0
			for i := 0; i < ct.N; i++ {
				m := ct.Moves[i]
				if ct.Escape[i] && red&(1<<ct.Piece[i]) != 0 {
					continue
				}
				got = append(got, m)
				wv, ok := want[m]
				if !ok {
					t.Fatalf("%s: ColourTerms lists %s, not a legal move", q.String(), m)
				}
				d := ct.Score(i, red)
				if first {
					first, base = false, d-wv
					continue
				}
				if diff := d - wv - base; math.Abs(diff) > 8*w.Tolerance()+1e-9 {
					t.Fatalf("%s: move %s: ColourTerms score off by %g from ScoreMoves", q.String(), m, diff)
				}
			}
			if len(got) != ml.N {
				sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
				t.Fatalf("%s: ColourTerms lists %v, want the %d moves %v", q.String(), got, ml.N, ml.Slice())
			}
			checked++
		}
	})
	if checked < 1000 {
		t.Fatalf("only %d colourings checked", checked)
	}
}

func TestColourTermsErrors(t *testing.T) {
	w := builtin(t, "900")
	good := Hidden{Side: engine.First, Pieces: StartUnits(engine.First), Opp: 0}
	for _, s := range engine.HomeSquares(engine.Second) {
		good.Opp |= s.Bit()
	}
	var ct ColourTerms
	if err := w.ColourTerms(&good, &ct); err != nil {
		t.Fatalf("start: %v", err)
	}
	if ct.N != 8 {
		t.Fatalf("start: %d moves, want 8", ct.N)
	}
	bad := []func(h *Hidden){
		func(h *Hidden) { h.Pieces[1] = h.Pieces[0] },
		func(h *Hidden) { h.Pieces[0] = engine.Sq(0, 0) },
		func(h *Hidden) { h.Opp |= h.Pieces[3].Bit() },
		func(h *Hidden) { h.Counts[2] = 4 },
		func(h *Hidden) { h.Counts[0] = -1 },
		func(h *Hidden) { h.Opp |= 1 },
	}
	for i, f := range bad {
		h := good
		f(&h)
		if err := w.ColourTerms(&h, &ct); !errors.Is(err, ErrHiddenInput) {
			t.Errorf("case %d: got %v, want ErrHiddenInput", i, err)
		}
	}
}

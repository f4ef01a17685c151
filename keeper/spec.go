package keeper

import (
	"context"
	"math/bits"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// Spec says which positions meet the hypothesis being checked: K (the
// second player, hidden) holds N's exits a1 and f1 with Keepers pieces (2:
// both; 1: exactly one of them, the other holding no K piece) and has
// KeeperReds reds left; N (the first player, colours shown) has its pieces
// anywhere else. Theorem 1's hypothesis is Keepers 2, KeeperReds 1.
type Spec struct {
	Keepers    int
	KeeperReds int
}

// Theorem1 is the hypothesis of paper 002's Theorem 1 in the positional
// form SPEC §7 enumerates.
var Theorem1 = Spec{Keepers: 2, KeeperReds: 1}

// Check reports whether the spec is one the package enumerates.
func (s Spec) Check() error {
	if s.Keepers != 1 && s.Keepers != 2 {
		return errorf("keepers %d: want 1 or 2", s.Keepers)
	}
	if s.KeeperReds < 1 || s.KeeperReds > 3 {
		return errorf("keeper reds %d: want 1 to 3", s.KeeperReds)
	}
	return nil
}

// ClassesFor lists the material classes of spec with at least minPieces
// and at most maxPieces pieces on the board, smallest first: N with 1–4
// blues and 1–4 reds, K with KeeperReds reds and at least one blue, and
// enough pieces for its keepers.
func ClassesFor(s Spec, minPieces, maxPieces int) []purple.Class {
	var out []purple.Class
	for _, c := range purple.Classes(maxPieces) {
		if c.Pieces() < minPieces || c.OppReds != s.KeeperReds || c.OppPieces < s.Keepers {
			continue
		}
		out = append(out, c)
	}
	return out
}

// Positions calls fn for every position of class c (N = first player,
// prover; K = second, hidden) that meets spec, either side to move, of
// each position and its left-right mirror image only one, with weight 2
// (the pair) or 1 (a position that is its own mirror image). Positions are
// generated in a fixed order; fn's error stops the walk.
func Positions(ctx context.Context, c purple.Class, s Spec, fn func(p engine.Position, weight int) error) error {
	if err := s.Check(); err != nil {
		return err
	}
	if !c.Valid() || c.OppReds != s.KeeperReds || c.OppPieces < s.Keepers {
		return errorf("class %s does not fit %d keepers with %d reds", c, s.Keepers, s.KeeperReds)
	}
	a1, f1 := cbit[engine.Sq(0, 1)], cbit[engine.Sq(5, 1)]
	var keeperSets []uint64
	if s.Keepers == 2 {
		keeperSets = []uint64{a1 | f1}
	} else {
		keeperSets = []uint64{a1, f1}
	}
	for _, ks := range keeperSets {
		rest := full36 &^ (a1 | f1)
		extra := c.OppPieces - s.Keepers
		for kI := uint64(0); kI < tablebase.Binomial(bits.OnesCount64(rest), extra); kI++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			k := ks | tablebase.UnrankSquares(kI, extra, rest)
			free := full36 &^ k
			nB := tablebase.Binomial(bits.OnesCount64(free), c.Blues)
			for bI := uint64(0); bI < nB; bI++ {
				b := tablebase.UnrankSquares(bI, c.Blues, free)
				free2 := free &^ b
				nR := tablebase.Binomial(bits.OnesCount64(free2), c.Reds)
				for rI := uint64(0); rI < nR; rI++ {
					r := tablebase.UnrankSquares(rI, c.Reds, free2)
					mk, mb, mr := mirrorC(k), mirrorC(b), mirrorC(r)
					cmp := compare3(k, b, r, mk, mb, mr)
					if cmp > 0 {
						continue
					}
					w := 2
					if cmp == 0 {
						w = 1
					}
					for _, side := range []engine.Player{engine.First, engine.Second} {
						p := build(k, b, r, c, side)
						if err := fn(p, w); err != nil {
							return err
						}
					}
				}
			}
		}
	}
	return nil
}

func compare3(a, b, c, x, y, z uint64) int {
	switch {
	case a != x:
		return cmpU(a, x)
	case b != y:
		return cmpU(b, y)
	}
	return cmpU(c, z)
}

func cmpU(a, b uint64) int {
	if a < b {
		return -1
	}
	if a > b {
		return 1
	}
	return 0
}

// mirrorC reflects a compact bitboard left-right.
func mirrorC(c uint64) uint64 {
	var m uint64
	for x := c; x != 0; x &= x - 1 {
		i := bits.TrailingZeros64(x)
		r, f := i/6, i%6
		m |= 1 << (r*6 + 5 - f)
	}
	return m
}

// build returns the position with K on the compact squares k (hidden), N's
// blues on b and reds on r.
func build(k, b, r uint64, c purple.Class, side engine.Player) engine.Position {
	var pieces [2][engine.NumKinds]uint64
	pieces[engine.Second][engine.Unknown] = engine.Expand(k)
	pieces[engine.First][engine.Blue] = engine.Expand(b)
	pieces[engine.First][engine.Red] = engine.Expand(r)
	p, err := engine.FromBoards(pieces, [2]int{c.Reds, c.OppReds}, side)
	if err != nil {
		panic("keeper: " + err.Error()) // the class is valid, so is every placement
	}
	return p
}

// RandomPosition returns a position of class c that meets spec, drawn
// uniformly among them (keepers on the exits, K's other pieces and N's on
// random free squares), with toMove to move.
func RandomPosition(r *engine.Rand, c purple.Class, s Spec, toMove engine.Player) (engine.Position, error) {
	if err := s.Check(); err != nil {
		return engine.Position{}, err
	}
	if !c.Valid() || c.OppReds != s.KeeperReds || c.OppPieces < s.Keepers {
		return engine.Position{}, errorf("class %s does not fit %d keepers with %d reds", c, s.Keepers, s.KeeperReds)
	}
	a1, f1 := cbit[engine.Sq(0, 1)], cbit[engine.Sq(5, 1)]
	k := a1 | f1
	if s.Keepers == 1 {
		k = a1
		if r.Intn(2) == 1 {
			k = f1
		}
	}
	rest := full36 &^ (a1 | f1)
	extra := c.OppPieces - s.Keepers
	k |= tablebase.UnrankSquares(r.Uint64()%tablebase.Binomial(bits.OnesCount64(rest), extra), extra, rest)
	free := full36 &^ k
	b := tablebase.UnrankSquares(r.Uint64()%tablebase.Binomial(bits.OnesCount64(free), c.Blues), c.Blues, free)
	free &^= b
	red := tablebase.UnrankSquares(r.Uint64()%tablebase.Binomial(bits.OnesCount64(free), c.Reds), c.Reds, free)
	return build(k, b, red, c, toMove), nil
}

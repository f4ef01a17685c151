package solver

import (
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// guardedEscape returns a second bound on the OR side's moves to escape
// (at least plain, which it sharpens), for the prover as the OR side, or
// plain where it has none or where it would be below need (the least
// bound worth having: it stops as soon as it knows). The bound holds
// against one way of playing
// for the AND side, so the prover's sure win is no sooner than its
// fastest win against it:
//   - its guards, the pieces on an exit of the OR side or next to one,
//     stand still, but for one move: a guard next to an exit takes an OR
//     blue that steps onto that exit (a capture of a prover's blue never
//     loses for the AND side: see provesOnOwnPlies), and then stands on
//     the exit;
//   - else it moves a shuttle, a piece that is no guard and stands in the
//     2-core of the squares that hold no other AND piece (as in
//     stillTargets: it always has a move there, and never has to take the
//     OR side's last red; no guard ever stands in that core, since a
//     guard taking a blue steps onto a corner next to a guard's square),
//     until the OR side takes it, then the next one.
//
// Against it a blue escapes from an exit only after every guard of that
// exit (on it or next to it) is taken, which the OR side may do only
// while it takes no last red of the AND side (canTake). Each guard is
// taken by the escaping blue on its way (its steps through the guards'
// squares), or else it costs another OR piece a move, and steps: that
// piece's to the guard, or another blue's to the exit (the guard takes
// that blue there and is taken on the exit). Or the OR side first takes
// every shuttle, a capture each, after which only the plain bound holds.
// Where the AND side has no shuttle, or a blue stands on an exit (it
// escapes at the OR side's turn; at the AND side's, two on guarded exits
// cannot both be taken), there is no second bound.
//
// escapeMoves' guards hold for the next move or two only, with a spare
// move of the AND side; these hold for the whole game, and count the
// moves that take the guards.
func (g *game) guardedEscape(plain, need int) int {
	p := &g.pos
	x := g.orSide
	if p.Occupied(x.Other())&guardZone[x&1] == 0 || plain >= need || !g.provesOnOwnPlies() {
		return plain
	}
	blues := p.MayBeBlue(x)
	if blues&engine.Exits(x) != 0 {
		return plain
	}
	f := g.andFacts()
	// The AND side's shuttles; without one, no bound.
	if !f.shuttles && g.mutation != mutateGuardsWithoutShuttle {
		return plain
	}
	best := 255
	if f.shuttlesTaken < 255 {
		// Every shuttle taken first: a capture each, and the escape.
		if best = max(plain, int(f.shuttlesTaken)); best < need {
			return plain // no sharper than the bound already known
		}
	}
	own := p.Occupied(x)
	for _, e := range f.exits[:f.open] {
		gl := e.guards[:e.k]
		for b := blues; b != 0; b &= b - 1 {
			sq := engine.Square(trailing(b))
			if sq.Distance(e.exit)+1 >= best {
				continue // no sooner than the best so far
			}
			moves := escapeThrough(sq, e.exit, gl, own&^sq.Bit(), blues&^sq.Bit(), g.mutation)
			if best = min(best, moves); best < need {
				return plain // no sharper than the bound already known
			}
		}
	}
	return max(best, plain)
}

// andFacts returns what the bounds know of the AND side's pieces alone,
// which the OR side's pieces do not change: guardedEscape's open exits
// with their guards and its shuttles, and stillTargets' shuttles. The
// children of an OR node share them, and a search meets the same AND
// pieces again and again (df-pn expands a node many times), so the game
// keeps them in a small table (1<<andBits slots), each with what it was
// made of (the AND side's pieces, their kinds and its reds; the rules'
// mutation, which tests change in a game), and gives them again where
// that is the same. The index mixes the three sets by multiplications:
// an exclusive or of the pieces and the hidden pieces alone is zero
// wherever every piece is hidden.
func (g *game) andFacts() *andSide {
	p := &g.pos
	x := g.orSide
	and := x.Other()
	occ := p.Occupied(and)
	red, hidden := p.Pieces(and, engine.Red), p.Pieces(and, engine.Unknown)
	// The reds' counts and the mutation in one word, never 0 (an empty
	// slot's).
	counts := uint32(p.HiddenReds(and)) | uint32(p.Reds(and))<<8 | uint32(g.mutation)<<16 | 1<<24
	ko, kr := occ, red
	if g.mutation == mutateAndKey {
		ko, kr = 0, 0
	}
	f := &g.andKept[(ko*0x9e3779b97f4a7c15^kr*0xc2b2ae3d27d4eb4f^hidden)*0xbf58476d1ce4e5b9>>(64-andBits)]
	if f.counts == counts && f.occ == ko && f.red == kr && f.hidden == hidden {
		g.andHits++
		return f
	}
	f.counts, f.occ, f.red, f.hidden = counts, ko, kr, hidden
	f.open, f.shuttles, f.shuttlesTaken = 0, false, 255
	// An exit is open to the OR side where it may take every guard of
	// the exit (on it or next to it).
	guards := occ & guardZone[x&1]
	for e := engine.Exits(x); e != 0; e &= e - 1 {
		ex := engine.Square(trailing(e))
		gs := guards & (ex.Bit() | squareNeighbours[ex&63])
		if gs != 0 && (!g.canTake(gs) || g.mutation == mutateGuardsUntakeable) {
			continue
		}
		o := &f.exits[f.open]
		o.exit, o.k = ex, 0
		for r := gs; r != 0 && int(o.k) < len(o.guards); r &= r - 1 {
			o.guards[o.k] = engine.Square(trailing(r))
			o.k++
		}
		f.open++
	}
	// The pieces in the 2-core of the squares no other AND piece holds:
	// guardedEscape's shuttles are those that guard no exit,
	// stillTargets' those that no capture win takes.
	var shuttles uint64
	targets, n := g.captureTargets(), 0
	for r := occ; r != 0; r &= r - 1 {
		b := r & -r
		if inTwoCore(engine.BoardMask&^(occ&^b), b) {
			if b&guards == 0 {
				shuttles |= b
			}
			if b&targets == 0 {
				n++
			}
		}
	}
	f.stills = uint8(n)
	f.shuttles = shuttles != 0
	if n := bits.OnesCount64(shuttles); n > 0 && g.canTake(shuttles) {
		f.shuttlesTaken = uint8(n + 1)
	}
	return f
}

// andBits: the table of the AND side's kept facts has 1<<andBits slots
// (andFacts).
const andBits = 10

// andSide is what the bounds know of the AND side's pieces alone
// (andFacts), and what it was made of.
type andSide struct {
	occ, red, hidden uint64
	counts           uint32 // the reds' counts and the mutation (andFacts; 0: empty)
	// exits[:open]: the exits open to the OR side, each with its guards
	// (guardedEscape)
	exits [2]struct {
		exit   engine.Square
		guards [3]engine.Square
		k      uint8
	}
	open uint8
	// shuttles: the AND side has a shuttle that guards no exit;
	// shuttlesTaken: the OR side's moves to take them all and escape
	// (255: it may not take them all); stills: the shuttles no capture
	// win takes (stillTargets)
	shuttles      bool
	shuttlesTaken uint8
	stills        uint8
}

// guardZone holds, for each player, its exits and the squares next to
// them: where the other player's pieces guard them (guardedEscape).
var guardZone = exitZones(1)

// escapeThrough returns the OR moves at least for the blue on sq to
// escape from the exit ex after the guards gl are taken (guardedEscape):
// for each set of guards the blue takes itself, its steps through their
// squares, the moves of the other pieces (others, of them blues) for the
// rest, and the escape.
func escapeThrough(sq, ex engine.Square, gl []engine.Square, others, blues uint64, mut mutation) int {
	k := len(gl)
	if k == 0 {
		return sq.Distance(ex) + 1
	}
	if k == 1 {
		// The blue through the guard's square, or the blue straight to
		// the exit and the guard taken by another piece (below, for any
		// k), which takes a move at least.
		t := gl[0]
		through := sq.Distance(t) + t.Distance(ex)
		straight := sq.Distance(ex)
		if through <= straight+1 || others == 0 || mut == mutateGuardsBlueOnly {
			return through + 1
		}
		far := min(nearest(others, t), nearest(blues, ex))
		return min(through, straight+max(far, 1)) + 1
	}
	return escapeThroughAny(sq, ex, gl, others, blues, mut)
}

// escapeThroughAny is escapeThrough for any number of guards, k ≥ 1.
func escapeThroughAny(sq, ex engine.Square, gl []engine.Square, others, blues uint64, mut mutation) int {
	k := len(gl)
	// A guard next to the exit leaves its square only to take a blue
	// stepping onto the exit, and is then taken there: another blue's
	// steps to the exit.
	sacrifice := nearest(blues, ex)
	best := 255
	for s := 0; s < 1<<k; s++ {
		moves := blueThrough(sq, ex, gl, s)
		if rest := (1<<k - 1) &^ s; rest != 0 {
			if others == 0 || mut == mutateGuardsBlueOnly {
				continue
			}
			far := 0
			for i := 0; i < k; i++ {
				if rest>>i&1 != 0 {
					far = max(far, min(nearest(others, gl[i]), sacrifice))
				}
			}
			moves += max(far, bits.OnesCount(uint(rest)))
		}
		best = min(best, moves+1)
	}
	return best
}

// blueThrough returns the least steps from sq to the exit ex through the
// squares gl[i] of the set bits i of s, in any order.
func blueThrough(sq, ex engine.Square, gl []engine.Square, s int) int {
	switch bits.OnesCount(uint(s)) {
	case 0:
		return sq.Distance(ex)
	case 1:
		t := gl[bits.TrailingZeros(uint(s))]
		return sq.Distance(t) + t.Distance(ex)
	}
	best := 255
	var idx [3]int
	m := 0
	for i := range gl {
		if s>>i&1 != 0 {
			idx[m] = i
			m++
		}
	}
	// Every order of the two or three squares.
	for _, pm := range orders {
		if m == 2 && pm[2] != 2 {
			continue
		}
		at, d := sq, 0
		for j := 0; j < m; j++ {
			t := gl[idx[pm[j]]]
			d += at.Distance(t)
			at = t
		}
		best = min(best, d+at.Distance(ex))
	}
	return best
}

// orders holds every order of three things.
var orders = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// nearest returns the least distance in steps from a square of set to t
// (255: set is empty).
func nearest(set uint64, t engine.Square) int {
	d := 255
	for r := set; r != 0; r &= r - 1 {
		d = min(d, engine.Square(trailing(r)).Distance(t))
	}
	return d
}

// canTake reports whether the OR side may take every AND piece of set
// without taking the AND side's last red (which loses, SPEC §1): its
// hidden pieces are reds while hidden reds are left (SPEC §4), its shown
// reds always.
func (g *game) canTake(set uint64) bool {
	p := &g.pos
	and := g.orSide.Other()
	rr := bits.OnesCount64(set & p.Pieces(and, engine.Red))
	h := bits.OnesCount64(set & p.Pieces(and, engine.Unknown))
	return rr+min(h, p.HiddenReds(and)) < p.Reds(and)
}

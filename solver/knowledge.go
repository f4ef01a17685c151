package solver

import (
	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
)

// Static knowledge at df-pn's leaves: races to an exit that decide a node
// without search, for either side and either side to move, and a capture
// of the last blue (and, in fortress.go, the opponent's fortress). Each rule
// here is exact (it never claims a win or a loss that is not one); the
// tests check every one against the plain AND/OR solver, and show that a
// deliberately wrong variant of each (mutation) fails that check.

// raceSteps is the longest race looked for: on the deep suite each step
// of the prover's races at its own turn up to three saved nodes and a
// fourth searched more (docs/solving.md).
const raceSteps = 3

// mutation names a deliberately wrong variant of one rule of this file,
// or of the lower bound (game.go; after numMutations) (zero: none), set
// only by the tests that show the cross-checks catch it.
type mutation uint8

const (
	noMutation mutation = iota
	// The OR side's race at its own turn forgets that the AND side may
	// escape first.
	mutateOrRaceFirst
	// The OR side's race at the AND side's turn checks its squares as if
	// the OR side moved first: one step too close to the AND side.
	mutateOrRaceSecond
	// The AND side's race at its own turn forgets that the OR side may
	// escape first.
	mutateAndRaceFirst
	// The AND side's race at the OR side's turn checks its squares as if
	// the AND side moved first: one step too close to the OR side.
	mutateAndRaceSecond
	// The OR side's capture of the last blue takes a hidden piece as blue
	// while a hidden red is left.
	mutateOrTakesLastBlue
	// The AND side's capture of the last blue is claimed with two blues
	// left.
	mutateAndTakesLastBlue
	numMutations
)

// mutateRedsForOpponent, a wrong variant of lowerBound outside the rules
// of this file: the opponent as the OR side, too, counted as winning on
// its own moves only (provesOnOwnPlies).
const mutateRedsForOpponent = numMutations

// mutateGuardTwoAway, a wrong variant of escapeMoves: an AND piece two
// steps from the exit counted as one next to it.
const mutateGuardTwoAway = numMutations + 1

// mutateCapturesHiddenOnly, a wrong variant of lowerBound: the pieces to
// capture counted as the AND side's hidden ones only, its shown blues
// forgotten.
const mutateCapturesHiddenOnly = numMutations + 2

// mutateStillWithoutShuttle, a wrong variant of stillTargets: the AND
// side's pieces counted as standing still whether or not it has a shuttle
// to move instead.
const mutateStillWithoutShuttle = numMutations + 3

// mutateShuttlesKept, a wrong variant of stillTargets: the OR side never
// counted as taking the shuttles.
const mutateShuttlesKept = numMutations + 4

// mutateGuardsWithoutShuttle, a wrong variant of guardedEscape: the
// guards counted as standing still whether or not the AND side has a
// shuttle to move instead.
const mutateGuardsWithoutShuttle = numMutations + 5

// mutateGuardsUntakeable, a wrong variant of guardedEscape: a guarded
// exit counted as closed for good, its guards never taken.
const mutateGuardsUntakeable = numMutations + 6

// mutateGuardsBlueOnly, a wrong variant of guardedEscape: the guards
// counted as taken only by the blue that escapes.
const mutateGuardsBlueOnly = numMutations + 7

// mutateFortressTwoReds, a wrong variant of takesNothing (so of fortress
// and fortressNext): the opponent may have two reds left (the prover may
// take one piece).
const mutateFortressTwoReds = numMutations + 8

// mutateFortressShown, a wrong variant of takesNothing: the opponent's
// shown pieces allowed (the prover may take a shown blue).
const mutateFortressShown = numMutations + 9

// mutateFortressBlueOnExit, a wrong variant of fortress: a prover blue
// may stand on an exit.
const mutateFortressBlueOnExit = numMutations + 10

// mutateFortressOneExit, a wrong variant of fortress: one exit held is
// enough.
const mutateFortressOneExit = numMutations + 11

// mutateNextBlueNear, a wrong variant of fortressNext: a prover blue
// may stand next to an exit (it steps onto the exit first).
const mutateNextBlueNear = numMutations + 12

// mutateNextRedIgnored, a wrong variant of fortressNext: the prover's
// last red never blocks the step.
const mutateNextRedIgnored = numMutations + 13

// mutateBoundEscapeOnly, a wrong variant of NoWinAfter (game.go): the
// child's bound taken from the plain escape alone, the captures
// forgotten.
const mutateBoundEscapeOnly = numMutations + 14

// mutateBoundShort, a wrong variant of NoWinAfter: the child's bound
// asked one ply short.
const mutateBoundShort = numMutations + 15

// mutateAndKey, a wrong variant of the AND side's kept facts (andFacts):
// found again by the AND side's hidden pieces alone (the squares of all
// its pieces and of its shown reds forgotten).
const mutateAndKey = numMutations + 16

// fortressMutations are the wrong variants of fortress and fortressNext.
var fortressMutations = []mutation{mutateFortressTwoReds, mutateFortressShown, mutateFortressBlueOnExit, mutateFortressOneExit, mutateNextBlueNear, mutateNextRedIgnored}

func (m mutation) String() string {
	return [...]string{"none", "or-race-first", "or-race-second", "and-race-first", "and-race-second", "or-takes-last-blue", "and-takes-last-blue", "reds-for-opponent", "guard-two-away", "captures-hidden-only", "still-without-shuttle", "shuttles-kept", "guards-without-shuttle", "guards-untakeable", "guards-blue-only", "fortress-two-reds", "fortress-shown", "fortress-blue-on-exit", "fortress-one-exit", "next-blue-near", "next-red-ignored", "bound-escape-only", "bound-short", "and-key"}[m]
}

// races decides a node by a race that nothing can stop, if one is won
// (see race): the OR side's, a win in the plies the race takes; the AND
// side's, a loss for good. At an OR node: the OR side's race (its blue
// moves first) when the OR side is the prover, and the AND side's (its
// blue moves second). At an AND node: the AND side's race (first), then
// the OR side's (second). ok is false when no race decides.
func (g *game) races() (ev dfpn.Eval, ok bool) {
	p := &g.pos
	or := g.orSide
	and := or.Other()
	if p.Turn() == and {
		// A loss for good is a stronger fact than a win in a few plies.
		if k := g.race(and, 0, g.mutation == mutateAndRaceFirst); k > 0 {
			return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}, true
		}
		o := 1
		if g.mutation == mutateOrRaceSecond {
			o = 0
		}
		if k := g.race(or, o, false); k > 0 {
			return dfpn.Eval{WinIn: uint16(2*k + 2)}, true
		}
		return dfpn.Eval{}, false
	}
	if or == g.prover {
		if k := g.race(or, 0, g.mutation == mutateOrRaceFirst); k > 0 {
			return dfpn.Eval{WinIn: uint16(2*k + 1)}, true
		}
	}
	o := 1
	if g.mutation == mutateAndRaceSecond {
		o = 0
	}
	if k := g.race(and, o, false); k > 0 {
		return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}, true
	}
	return dfpn.Eval{}, false
}

// race returns the least k, 1 ≤ k ≤ raceSteps (0: none), for which a
// piece of x that may be blue wins a race whatever the other side, y,
// does: k steps along free squares to a free exit of x, then the escape,
// on ply 2k+1+o, where o is 0 when x is to move and 1 when y is.
//
// y moves k+o times before the escape. The square the racer stands on
// after its i-th step must be at least i+1+o steps from every piece of y
// (i = 0 is where it stands, which matters when y moves first): y has
// moved i-1+o times by then, so none of its pieces stands on the square
// or touches it when y moves next; no piece of y takes the racer, and
// none steps onto the racer's next square first. Only the racer moves,
// and it takes nothing. So x captures nothing (y loses no red) and y
// captures nothing that decides: not x's last blue (the racer stays); x's
// last red only makes x win sooner. A hidden racer stays one that may be
// blue (SPEC §4: captures of hidden pieces take their reds first, so a
// hidden blue stays while the racer is hidden). What is left to y is its
// own escape: no piece of y that may be blue is fewer than k+o steps from
// y's exits (it needs k+o moves and more). A wrong variant for the tests:
// ignoreEscape drops that last check.
func (g *game) race(x engine.Player, o int, ignoreEscape bool) int {
	p := &g.pos
	y := x.Other()
	// reach: the squares a racer may stand on after its k-th step (k = 0:
	// where it stands), each at least k+1+o steps from every piece of y.
	reach := p.MayBeBlue(x) & exitWithin[x&1][raceSteps]
	if reach == 0 {
		return 0
	}
	// y's pieces that may be blue (none when its escape is ignored);
	// exitWithin[y][k+o-1]: the squares fewer than k+o steps from an exit
	// of y.
	yBlues := p.MayBeBlue(y)
	if ignoreEscape {
		yBlues = 0
	}
	if yBlues&exitWithin[y&1][o] != 0 {
		return 0 // y escapes first even against a race of one step
	}
	theirs := p.Occupied(y)
	free := engine.BoardMask &^ p.Occupied(x) &^ theirs
	// near: the squares at most k+o steps from a piece of y.
	near := theirs | engine.Neighbours(theirs)
	if o == 1 {
		reach &^= near
		near |= engine.Neighbours(near)
	}
	exits := engine.Exits(x) & free
	for k := 1; k <= raceSteps; k++ {
		if k > 1 {
			if yBlues&exitWithin[y&1][k+o-1] != 0 {
				return 0 // y escapes within k+o of its moves: no longer race is won either
			}
			near |= engine.Neighbours(near)
		}
		reach = engine.Neighbours(reach) & free &^ near
		if reach&exits != 0 {
			return k
		}
		// near only grows with k: with no square left to step on, or
		// no exit far enough from y's pieces, no longer race is won.
		if reach == 0 || exits&^near == 0 {
			return 0
		}
	}
	return 0
}

// exitWithin[pl][j] holds the squares at most j steps from an exit of pl,
// for the j race asks of; exitWithin[pl][raceSteps], where a racer of
// race may stand.
var exitWithin = func() (z [2][raceSteps + 1]uint64) {
	for j := range raceSteps + 1 {
		zj := exitZones(j)
		z[engine.First][j], z[engine.Second][j] = zj[engine.First], zj[engine.Second]
	}
	return z
}()

// exitZones returns, for each player, the squares at most steps steps
// from its exits.
func exitZones(steps int) (z [2]uint64) {
	for pl := engine.First; pl <= engine.Second; pl++ {
		for _, s := range engine.BoardSquares {
			if s.ExitDistance(pl) <= steps {
				z[pl] |= s.Bit()
			}
		}
	}
	return z
}

// takesLastBlue reports whether x, to move, can take the other side's
// last blue at once, which wins (SPEC §1): the other side, y, has one blue
// left, and a piece of x stands next to a piece of y that a capture takes
// as blue: a shown blue, or a hidden piece when y has no hidden red left
// (the prover's captures of hidden pieces take reds first, SPEC §4; the
// prover's own pieces all show their colours).
func (g *game) takesLastBlue(x engine.Player) bool {
	p := &g.pos
	y := x.Other()
	mutated := g.mutation == mutateAndTakesLastBlue && x != g.orSide
	if b := p.Blues(y); b != 1 && !(mutated && b == 2) {
		return false
	}
	blue := p.Pieces(y, engine.Blue)
	if p.HiddenReds(y) == 0 || (g.mutation == mutateOrTakesLastBlue && x == g.orSide) {
		blue |= p.Pieces(y, engine.Unknown)
	}
	return blue&engine.Neighbours(p.Occupied(x)) != 0
}

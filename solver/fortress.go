package solver

import "github.com/geister-solver/geister/engine"

// fortress reports a position the prover can never win from, for the
// prover as the OR side: the opponent (every piece hidden) has one red
// left, so the prover may take none of its pieces, and it holds both of
// the prover's exits.
//
// The rule: the opponent's pieces all hidden, one of them red (SPEC §2's
// R<n>r1); an opponent piece in each of the prover's two exit regions
// (an exit and the two squares next to it); no prover blue on an exit.
// The prover's three ways to win (SPEC §1) are then all closed:
//
//   - It takes all the opponent's blues: a capture of a hidden piece
//     takes a red while a hidden red is left (SPEC §4), so its first
//     capture takes the opponent's last red, and the opponent wins.
//   - The opponent takes its last red: the opponent never has to (below).
//   - A blue escapes: against one way of playing for the opponent it
//     never reaches an exit and stays there at its own turn.
//
// That way of playing keeps a piece in each exit region. When a prover
// blue steps onto an exit, a piece of that exit's region stands next to
// it (the exit itself is the blue's) and takes it; that piece is then on
// the exit. Otherwise the opponent makes a spare move: one that keeps a
// piece in each region and does not take the prover's last red (a blue,
// or a red that is not the last, may be taken). Call a piece pinned when
// it is the only one in its region (the regions do not overlap). A pinned
// piece on its exit may step to either square next to the exit: neither
// holds an opponent piece, and at most one the last red. A pinned piece
// next to its exit may step onto the exit unless the last red stands
// there. So without a spare move of a pinned piece, the last red stands
// on the exit of one pinned piece, p0, and every other piece is
// unpinned (the red is on one exit only, so the other region holds two
// pieces or more). An unpinned piece may go
// anywhere; none is next to the red, which has only p0's region around
// it. If no unpinned piece had an empty square or a prover piece but
// the red next to it, the unpinned pieces of a group of opponent pieces
// next to each other would touch only each other and p0: p0 would cut
// them off from the rest of the board, but the 6×6 grid has no such
// square (it is 2-connected). So a spare move is always there, and the
// opponent never takes the last red. Prover blues reach an exit only
// by the steps that are answered at once, so none stands on one at the
// prover's turn.
//
// Checked against the endgame tables on every position of four classes
// (TestFortressAgainstTables) and against the plain AND/OR solver
// (TestFortressAgainstReference, TestFortressDfpnAgainstReference); a
// wrong variant of each condition (fortressMutations) fails them.
func (g *game) fortress() bool {
	if !g.takesNothing() {
		return false
	}
	x := g.orSide
	exits := engine.Exits(x)
	if g.pos.MayBeBlue(x)&exits != 0 && g.mutation != mutateFortressBlueOnExit {
		return false
	}
	held, _ := exitRegions(x, g.pos.Occupied(x.Other()))
	return held == 2 || (held == 1 && g.mutation == mutateFortressOneExit)
}

// takesNothing reports whether the prover, as the OR side, may take none
// of the opponent's pieces: they are all hidden and one of them is red,
// so its first capture takes the opponent's last red (SPEC §4).
func (g *game) takesNothing() bool {
	p := &g.pos
	x := g.orSide
	if x != g.prover {
		return false
	}
	y := x.Other()
	if r := p.Reds(y); r != 1 && !(g.mutation == mutateFortressTwoReds && r == 2) {
		return false
	}
	return p.Pieces(y, engine.Unknown) == p.Occupied(y) || g.mutation == mutateFortressShown
}

// exitRegions returns how many of x's two exit regions (an exit and the
// two squares next to it) hold a piece of occ, and the squares of one
// that holds none (0 when both hold one).
func exitRegions(x engine.Player, occ uint64) (held int, open uint64) {
	for e := engine.Exits(x); e != 0; e &= e - 1 {
		b := e & -e
		r := b | engine.Neighbours(b)
		if r&occ != 0 {
			held++
		} else {
			open = r
		}
	}
	return held, open
}

// fortressNext reports a position the prover, to move, can never win
// from because whatever it does, the opponent completes a fortress with
// its reply: as fortress, but one exit region holds no opponent piece,
// and an opponent piece can step into it next whatever the prover plays.
//
// The rule: the prover to move with one red left; the opponent's pieces
// all hidden, one of them red; one exit region held, the other empty of
// opponent pieces; no prover blue on an exit or next to one (after the
// prover's move none stands on an exit, so the opponent need not take
// one); and a square t
// of the empty region next to an opponent piece X (not one of the held
// region: the regions are too far apart for one step) such that X may
// step onto t after any prover move: t does not hold the prover's last
// red and is not next to it (the red could step onto it), or two such
// squares, of which the red's one move blocks one at most (a blue there
// X may take). The prover cannot take X first (its first capture loses:
// fortress). After X's step both regions are held and no prover blue
// stands on an exit, at the prover's turn: a fortress. With two prover
// reds or more (which X could take too) the rule would hold more often,
// but it cost the partly revealed 17-ply puzzles nodes (one of them
// 4.4 M → 5.3 M; docs/solving.md), so it asks for one.
func (g *game) fortressNext() bool {
	p := &g.pos
	x := g.orSide
	if p.Turn() != x || p.Reds(x) != 1 || !g.takesNothing() {
		return false
	}
	near := guardZone[x&1] // the exits and the squares next to them
	if g.mutation == mutateNextBlueNear {
		near = engine.Exits(x)
	}
	if p.MayBeBlue(x)&near != 0 {
		return false
	}
	occ := p.Occupied(x.Other())
	held, open := exitRegions(x, occ)
	if held != 1 {
		return false // both held (fortress), or both open
	}
	red := p.Pieces(x, engine.Red) // the last red, which blocks
	if g.mutation == mutateNextRedIgnored {
		red = 0
	}
	entries := open & engine.Neighbours(occ) &^ red
	return entries&^engine.Neighbours(red) != 0 || entries&(entries-1) != 0
}

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
	p := &g.pos
	x := g.orSide
	if x != g.prover {
		return false
	}
	y := x.Other()
	occ := p.Occupied(y)
	if p.Reds(y) != 1 && !(g.mutation == mutateFortressTwoReds && p.Reds(y) == 2) {
		return false
	}
	if p.Pieces(y, engine.Unknown) != occ && g.mutation != mutateFortressShown {
		return false
	}
	exits := engine.Exits(x)
	if p.MayBeBlue(x)&exits != 0 && g.mutation != mutateFortressBlueOnExit {
		return false
	}
	held := 0
	for e := exits; e != 0; e &= e - 1 {
		b := e & -e
		if (b|engine.Neighbours(b))&occ != 0 {
			held++
		}
	}
	return held == 2 || (held == 1 && g.mutation == mutateFortressOneExit)
}

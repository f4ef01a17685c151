// Package keeper checks paper 002's keeper theorem by machine (SPEC §7).
//
// The keeper player K moves one piece onto each exit of its opponent N (K's
// own back corners) and keeps it there; paper 002 §3 gives the keeper
// algorithm (Algorithm 1) and Theorem 1: while both keepers are uncaptured
// and K has one red left, N has no sure win against the algorithm. This
// package owns
//
//   - the algorithm as a set of choices (Choices): every move Algorithm 1
//     may make in a position, with its random choices and the probability p
//     of step 8(b) turned into alternatives, and the one piece of state the
//     algorithm keeps (which opponent piece has the value 1);
//   - the keeper game: N (the prover, colours shown) against K playing only
//     Algorithm 1's choices, K's pieces purple (SPEC §4): as a dfpn.Game
//     for single positions (NewGame, Solve), and solved class by class by
//     retrograde analysis (SolveClasses), exact and with distances;
//   - the positions that meet the theorem's hypothesis and its relaxations
//     (Spec, Positions), and a backward check of whether keeper play can
//     have led to a position (Consistent);
//   - the readings of the text (Reading: Literal is the full text,
//     Literal8bAs7 the reading with counterexamples, Grid every
//     combination), one position asked with its proof tree (Query), and a
//     census of every solved state (Solved.Census, Parity).
//
// Typical use:
//
//	classes := keeper.ClassesFor(keeper.Theorem1, 4, 5)
//	sv, err := keeper.SolveClasses(ctx, classes, keeper.Literal, nil)
//	_, bad, first, err := sv.Verify(ctx, classes[0])     // Bellman check of a solved class
//	v, ok := sv.Value(&pos, engine.First, engine.NoSquare) // N (first player) wins, no value held?
//	line, err := sv.Line(pos, engine.First, engine.NoSquare, v.Plies)
//	verdict, err := keeper.Query(ctx, pos, keeper.QueryOptions{Reading: keeper.Literal8bAs7, Marked: engine.NoSquare})
//
// All positions are in the canonical orientation of package purple: N, the
// prover, is the first player (upper case) and K the second, so K's
// keepers stand on a1 and f1.
package keeper

import "fmt"

func errorf(format string, a ...any) error {
	return fmt.Errorf("keeper: "+format, a...)
}

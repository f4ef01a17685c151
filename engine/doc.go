// Package engine is the Geister game: positions on bitboards, moves, move
// generation, make/unmake, outcomes, hashing, and the text formats users
// type (the position string and move text of SPEC.md §2–3, and the GAT
// protocol's board strings). It imports nothing of the project.
//
// A position keeps each player's pieces by kind (blue, red, or colour
// unknown), the reds each player has on the board, the side to move and
// the plies played. Make returns an Undo value that Unmake takes back;
// neither allocates:
//
//	p, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
//	var ml engine.MoveList
//	ml.Generate(&p)
//	for _, m := range ml.Slice() {
//		u := p.Make(m)
//		if p.Outcome() == engine.FirstWins { ... }
//		p.Unmake(u)
//	}
//
// Capturing a colour-unknown piece reveals it: red or blue as the counts
// decide, or, when both are possible, as the move's reveal flag says
// (Move.RevealRed). A hidden piece on its owner's exit may escape while
// its owner still has a hidden blue. These are the rules the purple-piece
// game of SPEC.md §4 is played by.
package engine

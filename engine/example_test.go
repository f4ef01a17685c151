package engine_test

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
)

// Parse a position, list its legal moves, play one and print the result.
func Example() {
	p, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	var ml engine.MoveList
	ml.Generate(&p)
	fmt.Println(len(ml.Slice()), "moves:", ml.Slice())

	m, err := engine.ParseMove("d1e1")
	if err != nil {
		fmt.Println(err)
		return
	}
	u := p.Make(m)
	fmt.Println(p.String(), p.Turn(), p.Outcome())
	p.Unmake(u)
	fmt.Println(p.String())
	// Output:
	// 6 moves: [a3a2 d1d2 a3a4 d1c1 d1e1 a3b3]
	// uu2B1/6/R5/6/6/6 s R1r1 1 s ongoing
	// uu1B2/6/R5/6/6/6 f R1r1 0
}

// Count the positions reachable in two plies from a start position.
func ExamplePerft() {
	reds, err := engine.ParsePlacement("BCFG")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := engine.StartPosition(reds, reds)
	fmt.Println(engine.Perft(&p, 1), engine.Perft(&p, 2))
	// Output: 8 64
}

// Which pieces may be blue, may be red, may escape: the second player's
// hidden pieces, and the one on its exit a6, while the counts leave them
// either colour; once its one red shows (f6), its hidden pieces are blue.
func ExamplePosition_Escapers() {
	show := func(b uint64) []string {
		var out []string
		for _, s := range engine.BoardSquares {
			if b&s.Bit() != 0 {
				out = append(out, s.String())
			}
		}
		return out
	}
	for _, text := range []string{"1B4/6/6/6/1R4/u1u2u f R1r1", "1B4/6/6/6/1R4/u1u2r f R1r1"} {
		p := engine.MustParsePosition(text)
		fmt.Println("blue", show(p.MayBeBlue(engine.Second)), "red", show(p.MayBeRed(engine.Second)), "escape", show(p.Escapers(engine.Second)))
	}
	// Output:
	// blue [a6 c6 f6] red [a6 c6 f6] escape [a6 f6]
	// blue [a6 c6] red [f6] escape [a6]
}

// A child's hash without playing its move: what a search needs to read
// the table ahead.
func ExamplePosition_HashAfter() {
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1 0")
	var ml engine.MoveList
	ml.Generate(&p)
	same := true
	for _, m := range ml.Slice() {
		h := p.HashAfter(m)
		q := p
		q.Make(m)
		same = same && h == q.Hash()
	}
	fmt.Println(len(ml.Slice()), "moves, the same hashes:", same)
	// Output: 6 moves, the same hashes: true
}

// Group the legal moves as a search that hastens a blue's escape orders
// them: escapes (none here), captures (both onto b2), the blue's step
// nearer its exit a1, the rest.
func ExampleMoveList_GenerateGrouped() {
	p := engine.MustParsePosition("2u3/Bu4/1R4/6/6/5u f R1r1")
	var ml engine.MoveList
	ml.Generate(&p)
	fmt.Println("generated:", ml.Slice())
	ml.GenerateGrouped(&p, p.Pieces(engine.First, engine.Blue))
	fmt.Println("grouped:  ", ml.Slice())
	// Output:
	// generated: [a2a1 b3b2 a2a3 b3b4 b3a3 a2b2 b3c3]
	// grouped:   [b3b2 a2b2 a2a1 a2a3 b3b4 b3a3 b3c3]
}

// A position from bitboards, as a table scan makes one for each entry:
// the first player's blue on d1 and red on a3 (Sq: file 0–5, rank
// 1–6), the second player's two hidden pieces on a1 and b1, one red each, the first player to move.
func ExampleFromBoards() {
	var pieces [2][engine.NumKinds]uint64
	pieces[engine.First][engine.Blue] = engine.Sq(3, 1).Bit()
	pieces[engine.First][engine.Red] = engine.Sq(0, 3).Bit()
	pieces[engine.Second][engine.Unknown] = engine.Sq(0, 1).Bit() | engine.Sq(1, 1).Bit()
	p, err := engine.FromBoards(pieces, [2]int{1, 1}, engine.First)
	fmt.Println(p.String(), err)
	_, err = engine.FromBoards(pieces, [2]int{1, 5}, engine.First)
	fmt.Println(err)
	// Output:
	// uu1B2/6/R5/6/6/6 f R1r1 0 <nil>
	// engine: position field 3 (reds) "R1r5": the second player has 5 reds, at most 4
}

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

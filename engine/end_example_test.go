package engine_test

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
)

// A blue on its exit leaves the board: the game ended by an escape.
func ExamplePosition_EndAfter() {
	p, _ := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	m, _ := p.ParseMove("d1e1")
	p.Make(m)
	fmt.Println(p.EndAfter(m, 0) == engine.NotEnded)
	p, _ = engine.ParsePosition("B5/6/R5/6/6/4uu s R1r1")
	m, _ = p.ParseMove("e6e5")
	p.Make(m)
	m, _ = p.ParseMove("a1a0")
	p.Make(m)
	fmt.Println(p.EndAfter(m, 0))
	// Output:
	// true
	// escape
}

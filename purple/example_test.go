package purple_test

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// The prover of a position (the side whose colours all show), its
// material class, and the purple game's value before and after the
// prover's blue escapes.
func Example() {
	pos, err := engine.ParsePosition("5B/6/R5/6/6/u4u f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	prover, err := purple.DefaultProver(&pos)
	if err != nil {
		fmt.Println(err)
		return
	}
	c, ok := purple.ClassOf(&pos, prover)
	fmt.Println(prover, c, ok, purple.ValueOf(&pos, prover))
	escape, err := engine.ParseMove("f1f0")
	if err != nil {
		fmt.Println(err)
		return
	}
	pos.Make(escape)
	fmt.Println(purple.ValueOf(&pos, prover))
	// Output:
	// f 1B1R-2U1r true ongoing
	// win
}

// The classes solved before 1B2R-3U2r, smallest first: its captures
// lead into 1B1R-3U2r and 1B2R-2U1r, and those into 1B1R-2U1r.
func ExampleClosure() {
	c, err := purple.ParseClass("1B2R-3U2r")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Captures())
	fmt.Println(purple.Closure([]purple.Class{c}))
	// Output:
	// [1B2R-2U1r 1B1R-3U2r]
	// [1B1R-2U1r 1B1R-3U2r 1B2R-2U1r 1B2R-3U2r]
}

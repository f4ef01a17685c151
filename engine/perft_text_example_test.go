package engine_test

import (
	"os"

	"github.com/geister-solver/geister/engine"
)

// "geister perft --divide" of a small position to depth 1, in words and
// as JSON.
func ExampleWriteDivide() {
	p, _ := engine.ParsePosition("b4r/6/6/6/6/R4B f R1r1")
	engine.WriteDivide(os.Stdout, &p, 1, false)
	engine.PerftCount{Depth: 2, Count: engine.Perft(&p, 2)}.Write(os.Stdout, true)
	// Output:
	// a6a5 1
	// f6f5 1
	// f6e6 1
	// a6b6 1
	// moves 4 total 4
	//
	// {"depth":2,"count":16}
}

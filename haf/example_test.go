package haf_test

import (
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
)

// The policy in a middle game of the original's test vectors: every legal
// move in the original order with its afterstate score h, and the move it
// plays (the first maximum).
func Example() {
	w, err := haf.Builtin(haf.DefaultWeights)
	if err != nil {
		panic(err)
	}
	g, _ := engine.ParseGATBoard("12B23B33R99B14R25R99R45B22u99b31u99r40u99b34u10u")
	st, _ := haf.StateFromGAT(g, engine.First)
	moves := w.Afterstates(&st, nil)
	for _, m := range moves[:4] {
		fmt.Printf("%s %s %.6f\n", m.Move, m.Engine, m.H)
	}
	best := moves[haf.Best(moves)]
	fmt.Printf("plays %s (%s), h = %.6f\n", best.Move, best.Engine, best.H)

	// The same choice from a position, scored incrementally.
	p, _ := g.Position(engine.First, engine.First)
	units := haf.UnitsFromGAT(g, engine.First)
	m, _ := w.Choose(&p, &units)
	fmt.Println(m)
	// Output:
	// A,E b3c3 -26.022385
	// A,S b3b4 -30.501011
	// A,W b3a3 -24.838247
	// A,N b3b2 -22.508989
	// plays C,N (d4d3), h = -14.729252
	// d4d3
}

package solver_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/solver"
)

// Solve one position: does the first player surely win, in how many
// plies, with which move, along which line?
func Example() {
	pos, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := solver.New(solver.Options{TTMegabytes: 8, Shortest: true})
	a, err := s.Solve(context.Background(), pos, engine.First)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Result, a.Plies, a.Exact, a.Move, a.PV)
	// Output: win 5 true d1e1 [d1e1 a1a2 e1f1 b1b2 f1f0]
}

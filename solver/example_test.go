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

// One solver for many unrelated positions: Reset between them gives each
// the search a new solver would give it (the same answer and node
// count), without making a new table.
func ExampleSolver_Reset() {
	s := solver.New(solver.Options{TTMegabytes: 8, Shortest: true})
	for _, text := range []string{"uu1B2/6/R5/6/6/6 f R1r1", "6/u4u/6/1B4/6/R4B f R1r1"} {
		pos, err := engine.ParsePosition(text)
		if err != nil {
			fmt.Println(err)
			return
		}
		s.Reset()
		a, err := s.Solve(context.Background(), pos, engine.First)
		if err != nil {
			fmt.Println(err)
			return
		}
		fresh, _ := solver.New(solver.Options{TTMegabytes: 8, Shortest: true}).Solve(context.Background(), pos, engine.First)
		fmt.Println(a.Result, a.Plies, a.Move, a.Nodes == fresh.Nodes)
	}
	// Output:
	// win 5 d1e1 true
	// no-win 0 - true
}

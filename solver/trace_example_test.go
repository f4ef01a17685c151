package solver_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/solver"
)

// Where the nodes of an exact distance go: the unbounded probe found a
// win of 19 plies, and the iterations then asked for a win within 9, 11,
// 13 and 15 plies, the first with a win being the exact distance.
// solver.TracePrinter prints the same as lines of text or JSON
// ("geister solve --trace").
func ExampleSearchTrace() {
	pos := engine.MustParsePosition("6/6/u2B2/2u3/2R3/3B2 f R1r1 0")
	var sum uint64
	opts := solver.Options{TTMegabytes: 8, Shortest: true, Trace: func(t solver.SearchTrace) {
		sum += t.Nodes
		switch t.Result {
		case solver.Win:
			fmt.Println(t.Kind, t.Plies, "win in", t.WinIn)
		case solver.NoWin:
			fmt.Println(t.Kind, t.Plies, "no win within", t.NoWin)
		default:
			fmt.Println(t.Kind, t.Plies, "undecided")
		}
	}}
	a, err := solver.New(opts).Solve(context.Background(), pos, engine.First)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(a.Result, a.Plies, a.Exact, sum == a.Nodes)
	// Output:
	// probe 0 win in 19
	// iteration 9 no win within 10
	// iteration 11 no win within 12
	// iteration 13 no win within 14
	// iteration 15 win in 15
	// win 15 true true
}

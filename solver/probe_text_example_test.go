package solver_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/solver"
)

// Probe's answers in words and as JSON. Without tables or a store a
// lookup-only solver answers nothing; here a search stands in for the
// tables, with the exact distance they would give.
func ExampleWriteProbeText() {
	s := solver.New(solver.Options{TTMegabytes: 8, Shortest: true})
	for _, text := range []string{"uu1B2/6/R5/6/6/6 f R1r1", "uu1B2/6/R5/6/6/6 s R1r1", "not a position"} {
		a, err := s.Probe(context.Background(), text, nil)
		solver.WriteProbeText(os.Stdout, text, a, err)
		if err == nil {
			a.Source = "table"
			out := solver.ProbeJSON(text, a, err)
			fmt.Println(out.Result, out.Nodes == nil)
		}
	}
	// Output:
	// uu1B2/6/R5/6/6/6 f R1r1 0: the first player surely wins in 5 plies with d1e1; line d1e1 a1a2 e1f1 b1b2 f1f0
	// win true
	// uu1B2/6/R5/6/6/6 s R1r1 0: the first player surely wins in 6 plies; line a1a2 d1e1 b1b2 e1f1 b2b3 f1f0
	// win true
	// not a position: error: engine: position field 1 (board) "not": has 1 ranks, want 6 separated by /
}

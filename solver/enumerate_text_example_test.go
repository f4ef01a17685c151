package solver_test

import (
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/solver"
)

// A position of a class and the counts of an enumeration, as "geister
// enumerate" prints them (here made by hand; solver.Enumerate gives them
// from the tables).
func ExampleEnumSummary() {
	p, _ := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	m, _ := p.ParseMove("d1e1")
	a := solver.Answer{Result: solver.Win, Plies: 5, Move: m, Source: "table"}
	solver.WriteEnumerated(os.Stdout, p, a, 2, false, false)
	solver.WriteEnumerated(os.Stdout, p, a, 2, false, true)
	sum := solver.EnumSummary{Class: "1B1R-2U1r", Source: "table", ElapsedMS: 1234,
		EnumCounts: solver.EnumCounts{Scanned: 10, Matched: 1, WithMirrors: 2, ByDTW: []solver.DTWCount{{Plies: 5, Positions: 1, WithMirrors: 2}}}}
	sum.Write(os.Stdout, false)
	// Output:
	// uu1B2/6/R5/6/6/6 f R1r1 0  win in 5 with d1e1
	// {"position":"uu1B2/6/R5/6/6/6 f R1r1 0","prover":"f","result":"win","plies":5,"move":"d1e1","mirror_images":2,"source":"table"}
	//
	// 1B1R-2U1r (table): 10 positions scanned (mirror pairs once), 1 matched (2 with mirror images)
	//    DTW    positions   with mirrors
	//      5            1              2
	// 1.2s
}

package solver_test

import (
	"os"

	"github.com/geister-solver/geister/solver"
)

// A cross-check's results as "geister verify --table" prints them (here
// made by hand; solver.CrossCheck gives them).
func ExampleWriteCrossCheck() {
	sample := []solver.CrossCheckClass{{Class: "1B1R-2U1r", Agree: 199, Undecided: 1}, {Class: "2B1R-1U0r", Agree: 200}}
	solver.WriteCrossCheck(os.Stdout, sample, 300000)
	// Output:
	// 1B1R-2U1r  df-pn sample: 199 agree, 1 undecided within 300000 nodes
	// 2B1R-1U0r  df-pn sample: 200 agree, 0 undecided within 300000 nodes
	// df-pn sample: 0 disagreements
}

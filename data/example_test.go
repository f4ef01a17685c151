package data_test

import (
	"fmt"

	"github.com/geister-solver/geister/data"
)

// The worked positions of paper 000 with their answers.
func ExamplePaper000() {
	for _, c := range data.Paper000()[:2] {
		fmt.Println(c.Source, c.Position, c.Prover, c.Move)
	}
	// Output:
	// paper 000 Fig. 4 (§4.2) uu1B2/6/R5/6/6/6 f R1r1 f d1e1
	// paper 000 Fig. 6 (§8) 2uu2/2B1R1/5B/6/6/6 f R1r1 f e2e1
}

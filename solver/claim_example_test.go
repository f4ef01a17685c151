package solver_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/solver"
)

// A line of "solve --json" read back and checked independently: the
// line replayed, a whole winning strategy walked, and no shorter win.
func ExampleCheckClaim() {
	line := `{"position":"uu1B2/6/R5/6/6/6 f R1r1","prover":"f","result":"win","plies":5,"move":"d1>","pv":["d1e1","a1a2","e1f1","a2a1","f1f0"]}`
	c, err := solver.ParseClaim([]byte(line))
	if err != nil {
		fmt.Println(err)
		return
	}
	r, checked, err := solver.CheckClaim(context.Background(), c, true, 8)
	fmt.Println(c.Move, c.Plies, checked, r.NoneShorter, err)

	_, err = solver.ParseClaim([]byte(`{"position":"uu1B2/6/R5/6/6/6 f R1r1","prover":"f","result":"win","plies":-3}`))
	fmt.Println(err)
	// Output:
	// d1e1 5 true true <nil>
	// invalid claim: uu1B2/6/R5/6/6/6 f R1r1: a win in -3 plies
}

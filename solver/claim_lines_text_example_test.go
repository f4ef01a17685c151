package solver_test

import (
	"context"
	"os"
	"strings"

	"github.com/geister-solver/geister/solver"
)

// "geister verify --quiet" on two answer lines: only the disagreement is
// printed, then the counts.
func ExampleClaimPrinter() {
	in := `{"position":"uu1B2/6/R5/6/6/6 f R1r1","prover":"f","result":"win","plies":5,"move":"d1e1","pv":["d1e1","a1a2","e1f1","a2a1","f1f0"]}
{"position":"uu1B2/6/R5/6/6/6 f R1r1","prover":"f","result":"win","plies":3}
`
	counts, _ := solver.CheckLines(context.Background(), strings.NewReader(in), false, 0, 8, solver.ClaimPrinter(os.Stdout, "answers.jsonl", true, false))
	counts.Write(os.Stdout, false)
	counts.Write(os.Stdout, true)
	// Output:
	// answers.jsonl:2: DISAGREE: uu1B2/6/R5/6/6/6 f R1r1: no sure win within 3 plies confirmed: no move of uu1B2/6/R5/6/6/6 f R1r1 0 wins within 3 plies
	// 1 wins confirmed, 1 disagreements, 0 invalid lines, 0 lines without a win to check
	// {"summary":{"confirmed":1,"disagreements":1,"invalid":0,"skipped":0}}
}

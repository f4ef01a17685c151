package solver_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/geister-solver/geister/solver"
)

// Answers as "geister solve" prints them, in words and as SPEC §5's JSON
// line: the input read as a job (its prover by SPEC §4's default), solved,
// and written.
func ExampleWriteText() {
	j := solver.NewJob(0, "uu1B2/6/R5/6/6/6 f R1r1", nil)
	opts := solver.Options{TTMegabytes: 8, Shortest: true}
	a, err := solver.New(opts).Solve(context.Background(), j.Pos, j.Prover)
	// The search's cost varies with the machine and the version.
	a.Nodes, a.Elapsed = 250, 1500*time.Microsecond
	solver.WriteText(os.Stdout, j, a, err, opts, solver.TextOptions{})
	out := solver.JSONOf(j, a, err, true)
	fmt.Println(out.Result, *out.Plies, out.Move, out.PV, *out.ElapsedMS)
	// Output:
	//     a b c d e f
	//  1  u u . B . +   + exits of the first player (a1 f1)
	//  2  . . . . . .
	//  3  R . . . . .
	//  4  . . . . . .
	//  5  . . . . . .
	//  6  + . . . . +   + exits of the second player (a6 f6)
	// first player (upper case) to move, ply 0
	// first: 2 pieces, 1 blue, 1 red; second: 2 pieces, 1 blue, 1 red (2 hidden: 1 red, 1 blue)
	// first player (upper case) surely wins in exactly 5 plies, with d1e1
	// line: d1e1 a1a2 e1f1 b1b2 f1f0
	// searched 250 positions in 1.5ms (dfpn)
	//
	// win 5 d1e1 [d1e1 a1a2 e1f1 b1b2 f1f0] 1.5
}

// A batch's input: blank lines and comments are skipped, the rest is
// numbered in order, and a line too long to be a position is an error in
// its place.
func ExampleReadInputs() {
	in := "# two positions\nuu1B2/6/R5/6/6/6 f R1r1\n\n" + strings.Repeat("x", solver.MaxLineBytes+1) + "\n  1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0  \n"
	for l := range solver.ReadInputs(strings.NewReader(in)) {
		fmt.Println(l.Line, len(l.Text), l.Err)
	}
	// Output:
	// 2 23 <nil>
	// 4 67 input line 4: 1048577 bytes, longer than the limit of 1048576 bytes a line
	// 5 40 <nil>
}

// Lines of "solve --json" checked one by one, as "geister verify" does.
func ExampleCheckLines() {
	in := `{"position":"uu1B2/6/R5/6/6/6 f R1r1","prover":"f","result":"win","plies":5,"move":"d1e1","pv":["d1e1","a1a2","e1f1","a2a1","f1f0"]}
{"position":"uu1B2/6/R5/6/6/6 f R1r1","prover":"f","result":"win","plies":3}
`
	counts, err := solver.CheckLines(context.Background(), strings.NewReader(in), true, 0, 8, func(r solver.LineResult) {
		fmt.Println(r.Line, r.Status, r.Plies, r.NoneShorter)
	})
	fmt.Println(counts, err)
	// Output:
	// 1 ok 5 true
	// 2 disagree 0 false
	// 1 wins confirmed, 1 disagreements, 0 invalid lines, 0 lines without a win to check <nil>
}

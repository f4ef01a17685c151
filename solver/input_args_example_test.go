package solver_test

import (
	"fmt"
	"strings"

	"github.com/geister-solver/geister/solver"
)

// The questions of "geister probe A B" and of "geister probe -" with the
// lines of standard input: blank and comment lines are skipped, and a line
// too long to read comes as a text naming it.
func ExampleOperands() {
	for t := range solver.Texts(solver.Operands([]string{"A", "B"}, nil)) {
		fmt.Println(t)
	}
	stdin := strings.NewReader("C\n\n# a comment\n" + strings.Repeat("x", solver.MaxLineBytes+1) + "\nD\n")
	for t := range solver.Texts(solver.Operands([]string{"-"}, stdin)) {
		fmt.Println(t)
	}
	// Output:
	// A
	// B
	// C
	// (input line 4: 1048577 bytes, longer than the limit of 1048576 bytes a line)
	// D
}

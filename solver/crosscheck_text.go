package solver

import (
	"fmt"
	"io"
)

// Disagreements counts the disagreements of a cross-check.
func Disagreements(sample []CrossCheckClass) int {
	bad := 0
	for _, c := range sample {
		bad += len(c.Disagreements)
	}
	return bad
}

// WriteCrossCheck writes a cross-check's results as "geister verify
// --table" prints them: every disagreement, each class's counts (nodes is
// the budget of each comparison), and the number of disagreements.
func WriteCrossCheck(w io.Writer, sample []CrossCheckClass, nodes uint64) {
	for _, c := range sample {
		for _, d := range c.Disagreements {
			fmt.Fprintf(w, "disagreement: %s\n", d)
		}
		fmt.Fprintf(w, "%-10s df-pn sample: %d agree, %d undecided within %d nodes\n", c.Class, c.Agree, c.Undecided, nodes)
	}
	fmt.Fprintf(w, "df-pn sample: %d disagreements\n", Disagreements(sample))
}

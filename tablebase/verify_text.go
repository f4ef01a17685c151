package tablebase

import (
	"fmt"
	"io"
	"time"
)

// WriteText writes the report for people: a line per class, every
// problem, the first disagreements, and a last line that says whether
// all is consistent.
func (r VerifyReport) WriteText(w io.Writer) {
	for _, c := range r.Classes {
		state := "ok"
		if c.Disagreements != 0 || c.BadBlocks != 0 || len(c.Problems) != 0 {
			state = "FAILED"
		}
		fmt.Fprintf(w, "%-10s %s: %d entries checked, %d blocks (%d bad), %d Bellman disagreements\n",
			c.Class, state, c.Checked, c.Blocks, c.BadBlocks, c.Disagreements)
		for _, p := range c.Problems {
			fmt.Fprintf(w, "  %s\n", p)
		}
	}
	for _, d := range r.Samples {
		fmt.Fprintf(w, "disagreement: %s: stored %s, its children give %s (class %s)\n", d.Position, d.Stored, d.Expected, d.Class)
	}
	if uint64(len(r.Samples)) < r.Disagreements {
		fmt.Fprintf(w, "(%d disagreements in all; the first %d shown)\n", r.Disagreements, len(r.Samples))
	}
	state := "all consistent"
	if !r.OK() {
		state = "PROBLEMS FOUND"
	}
	fmt.Fprintf(w, "tables: %d classes verified in %s: %s\n", len(r.Classes), r.Elapsed.Round(time.Millisecond), state)
}

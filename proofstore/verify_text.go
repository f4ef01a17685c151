package proofstore

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// WriteText writes the report on the store in dir for people: every
// corrupt entry and disagreement, the unconfirmed entries unless quiet,
// and a summary line that says whether all is consistent.
func (r *VerifyReport) WriteText(w io.Writer, dir string, quiet bool) {
	for _, c := range r.Corrupt {
		fmt.Fprintf(w, "CORRUPT: %s\n", c)
	}
	for _, d := range r.Disagree {
		fmt.Fprintf(w, "DISAGREE: %s (%s): stored %s; the fresh search finds %s", d.Position, d.Question, d.Stored, d.Found)
		if len(d.Line) > 0 {
			fmt.Fprintf(w, "; stored line %s", strings.Join(d.Line, " "))
		}
		fmt.Fprintln(w)
	}
	for _, u := range r.Unconfirmed {
		if !quiet {
			fmt.Fprintf(w, "unconfirmed (not settled within the time): %s\n", u)
		}
	}
	state := "all consistent"
	if !r.OK() {
		state = "PROBLEMS FOUND"
	}
	fmt.Fprintf(w, "proof store %s: %d entries read, %d corrupt; %d re-searched: %d confirmed, %d unconfirmed, %d disagreements (%s): %s\n",
		dir, r.Entries, len(r.Corrupt), r.Sampled, r.Confirmed, len(r.Unconfirmed), len(r.Disagree), r.Elapsed.Round(time.Millisecond), state)
}

package solver

import (
	"fmt"
	"io"
)

// ClaimPrinter returns an emit function for CheckLines that writes each
// result as "geister verify" does: in words (LineResult.Text, the input
// called name) or, with asJSON, as a JSON line; with quiet only the
// disagreements and invalid lines.
func ClaimPrinter(w io.Writer, name string, quiet, asJSON bool) func(LineResult) {
	return func(out LineResult) {
		switch {
		case asJSON:
			if !quiet || out.Status == "disagree" || out.Status == "invalid" {
				WriteJSONLine(w, out)
			}
		case out.Status == "disagree" || out.Status == "invalid" || !quiet:
			fmt.Fprintln(w, out.Text(name))
		}
	}
}

// Write writes the counts as the last line of "geister verify": in words,
// or with asJSON as {"summary":{...}}.
func (c ClaimCounts) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		return WriteJSONLine(w, map[string]ClaimCounts{"summary": c})
	}
	_, err := fmt.Fprintln(w, c)
	return err
}

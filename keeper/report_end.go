package keeper

import "io"

// WriteEnd writes the end of a check for people as "geister keeper" does:
// the class an interrupt cut short (the finished classes are written as
// they end, through CheckOptions.OnClass) and the totals (WriteTotal).
// The report is also a JSON object (its field tags), which the command
// writes instead with --json.
func (r *CheckReport) WriteEnd(w io.Writer, o CheckOptions) {
	if r.Partial && len(r.Classes) > 0 && r.Classes[len(r.Classes)-1].Partial {
		r.Classes[len(r.Classes)-1].WriteText(w, o)
	}
	r.WriteTotal(w)
}

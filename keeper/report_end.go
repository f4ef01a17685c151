package keeper

import (
	"io"

	"github.com/geister-solver/geister/solver"
)

// WriteEnd writes the end of a check as "geister keeper" does: with
// asJSON the whole report as one JSON line; else the class an interrupt
// cut short (the finished classes are written as they end, through
// CheckOptions.OnClass) and the totals (WriteTotal).
func (r *CheckReport) WriteEnd(w io.Writer, o CheckOptions, asJSON bool) error {
	if asJSON {
		return solver.WriteJSONLine(w, r)
	}
	if r.Partial && len(r.Classes) > 0 && r.Classes[len(r.Classes)-1].Partial {
		r.Classes[len(r.Classes)-1].WriteText(w, o)
	}
	r.WriteTotal(w)
	return nil
}

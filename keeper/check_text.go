package keeper

import (
	"fmt"
	"io"
	"strings"

	"github.com/geister-solver/geister/purple"
)

// WriteText writes the class's report for people: its counts, examples
// and listed N wins (o: the options it was checked with).
func (r *ClassReport) WriteText(w io.Writer, o CheckOptions) {
	partial := ""
	if r.Partial {
		partial = " (PARTIAL: interrupted)"
	}
	fmt.Fprintf(w, "== %s: K %d pieces (%d red), N %s; %d keeper(s)%s\n", r.Class, r.KPieces, r.KeeperReds, nDescr(r.Class), r.Keepers, partial)
	fmt.Fprintf(w, "positions %d (%d N to move, %d K to move; %d up to mirror)\n", r.Positions, r.NToMove, r.Positions-r.NToMove, r.Distinct)
	against := "every K"
	if o.Algorithm {
		against = "Algorithm 1 (" + o.Reading.String() + " reading)"
	}
	within := ""
	if r.WithinPlies > 0 {
		within = fmt.Sprintf(" within %d plies", r.WithinPlies)
	}
	fmt.Fprintf(w, "N sure wins%s against %s: %d (%d N to move, %d K to move; %d up to mirror)", within, against, r.NWins, r.NWinsNToMove, r.NWins-r.NWinsNToMove, r.NWinsDistinct)
	if r.NWinsAnyValue != nil {
		fmt.Fprintf(w, "; for some value state (none, or a piece of N's holding the value 1): %d (value on a blue %d, on a red %d)", *r.NWinsAnyValue, r.NWinsValueOnBlue, r.NWinsValueOnRed)
	}
	if r.WithinPlies > 0 {
		fmt.Fprintf(w, "; no win within %d plies: %d", r.WithinPlies, r.Positions-r.NWins-r.Unknown)
	}
	if r.Unknown > 0 {
		fmt.Fprintf(w, "; %d unknown (budget)", r.Unknown)
	}
	fmt.Fprintf(w, " [%s, %.1fs]\n", r.Source, r.ElapsedMS/1000)
	if r.NWinsHidden != nil {
		fmt.Fprintf(w, "with the value state hidden from N: %d of the %d N wins with no value held remain wins (%d of them longer), %d undecided within the search\n",
			*r.NWinsHidden, r.NWins, r.HiddenLonger, r.HiddenUndecided)
		for _, ex := range r.HiddenExamples {
			fmt.Fprintf(w, "  %s: %s (wins in %d seeing the value)\n", ex.Kind, ex.Position, ex.Plies)
		}
	}
	if len(r.States) > 0 {
		fmt.Fprintf(w, "every state of the keeper game (K's pieces on N's exits, the piece of value 1, side to move: N wins of states; by parity even, odd):\n")
		for _, row := range r.States {
			side := "K to move"
			if row.NToMove {
				side = "N to move"
			}
			fmt.Fprintf(w, "  %d on exits, value %-4s %s: %d of %d (even %d of %d, odd %d of %d)\n", row.KOnExits, row.ValueOn, side,
				row.NWins, row.States, row.NWinsByParity[0], row.StatesByParity[0], row.NWinsByParity[1], row.StatesByParity[1])
		}
	}
	for _, ex := range r.Examples {
		fmt.Fprintf(w, "  %s: %s  wins in %d%s: %s\n", ex.Kind, ex.Position, ex.Plies, value1(ex), strings.Join(ex.PV, " "))
	}
	for _, ex := range r.ValueExamples {
		fmt.Fprintf(w, "  %s with a value: %s  wins in %d%s: %s\n", ex.Kind, ex.Position, ex.Plies, value1(ex), strings.Join(ex.PV, " "))
	}
	if len(r.Counterexamples) > 0 {
		fmt.Fprintf(w, "  N wins (%d listed):\n", len(r.Counterexamples))
		for _, ex := range r.Counterexamples {
			fmt.Fprintf(w, "  - %s  wins in %d%s: %s\n    %s\n", ex.Position, ex.Plies, value1(ex), strings.Join(ex.PV, " "), ex.Why)
		}
	}
	fmt.Fprintln(w)
}

func value1(ex *Example) string {
	if ex.Value1 == "" {
		return ""
	}
	return " (value 1 on " + ex.Value1 + ")"
}

func nDescr(class string) string {
	c, err := purple.ParseClass(class)
	if err != nil {
		return class
	}
	return fmt.Sprintf("%d blue(s) %d red(s)", c.Blues, c.Reds)
}

// WriteTotal writes the report's last line for people: the totals,
// marked PARTIAL when the check was interrupted.
func (r *CheckReport) WriteTotal(w io.Writer) {
	if r.Partial {
		fmt.Fprint(w, "PARTIAL (interrupted) ")
	}
	fmt.Fprintf(w, "total: %d positions, %d N sure wins", r.Positions, r.NWins)
	if r.Unknown > 0 {
		fmt.Fprintf(w, ", %d unknown (budget)", r.Unknown)
	}
	fmt.Fprintf(w, "; %.1fs\n", r.ElapsedMS/1000)
}

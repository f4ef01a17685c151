package solver

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// CrossCheckOptions configure CrossCheck.
type CrossCheckOptions struct {
	Samples     int    // random positions of each class (both sides to move in turn)
	Seed        uint64 // seed of the draw
	Nodes       uint64 // df-pn budget of each comparison (0: none)
	TTMegabytes int    // the df-pn's table (0: 128)
}

// CrossCheckClass is CrossCheck's outcome for one class.
type CrossCheckClass struct {
	Class         string   `json:"class"`
	Agree         int      `json:"agree"`
	Undecided     int      `json:"undecided"` // df-pn found no exact answer within the budget
	Disagreements []string `json:"disagreements,omitempty"`
}

// CrossCheck compares o.Samples random positions of each class with a
// df-pn search that does not use the tables t: a stored win must be a
// df-pn win of the same exact distance, a stored no-win must not be a
// df-pn win. It is the check of tables against search that complements
// their own consistency check (tablebase.Verify). Positions whose game is
// over are drawn but not compared.
func CrossCheck(ctx context.Context, t purple.Tables, classes []purple.Class, o CrossCheckOptions) ([]CrossCheckClass, error) {
	r := engine.NewRand(o.Seed)
	s := New(Options{TTMegabytes: o.TTMegabytes, Shortest: true, MaxNodes: o.Nodes})
	var out []CrossCheckClass
	for _, c := range classes {
		cc := CrossCheckClass{Class: c.String()}
		for i := 0; i < o.Samples; i++ {
			if err := ctx.Err(); err != nil {
				return out, err
			}
			p := c.Random(r, engine.Player(i%2))
			if p.Outcome() != engine.Ongoing {
				continue
			}
			v, plies, err := t.ProbeValue(&p, engine.First)
			if err != nil {
				return out, fmt.Errorf("%s: %w", p.String(), err)
			}
			a, err := s.Solve(ctx, p, engine.First)
			if err != nil {
				return out, fmt.Errorf("%s: %w", p.String(), err)
			}
			switch {
			case a.Result == Unknown || (a.Result == Win && !a.Exact):
				cc.Undecided++
			case v == purple.Win && (a.Result != Win || a.Plies != plies):
				cc.Disagreements = append(cc.Disagreements, fmt.Sprintf("%s: the table says win in %d, df-pn %v in %d", p.String(), plies, a.Result, a.Plies))
			case v != purple.Win && a.Result == Win:
				cc.Disagreements = append(cc.Disagreements, fmt.Sprintf("%s: the table says no win, df-pn wins in %d (%v)", p.String(), a.Plies, a.PV))
			default:
				cc.Agree++
			}
		}
		out = append(out, cc)
	}
	return out, nil
}

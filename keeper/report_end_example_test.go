package keeper_test

import (
	"os"

	"github.com/geister-solver/geister/keeper"
)

// The end of "geister keeper" in words and as JSON, for a report whose
// classes were written as they finished.
func ExampleCheckReport_WriteEnd() {
	rep := &keeper.CheckReport{Opponent: "any", Keepers: 2, KeeperReds: 1, Hypothesis: true, Positions: 2244, ElapsedMS: 1500}
	rep.WriteEnd(os.Stdout, keeper.CheckOptions{Spec: keeper.Theorem1}, false)
	rep.WriteEnd(os.Stdout, keeper.CheckOptions{Spec: keeper.Theorem1}, true)
	// Output:
	// total: 2244 positions, 0 N sure wins; 1.5s
	// {"opponent":"any","keepers":2,"keeper_reds":1,"theorem1_hypothesis":true,"classes":null,"positions":2244,"n_wins":0,"unknown":0,"elapsed_ms":1500}
}

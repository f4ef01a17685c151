package keeper_test

import (
	"os"

	"github.com/geister-solver/geister/keeper"
)

// The end of "geister keeper" in words, for a report whose classes were
// written as they finished.
func ExampleCheckReport_WriteEnd() {
	rep := &keeper.CheckReport{Opponent: "any", Keepers: 2, KeeperReds: 1, Hypothesis: true, Positions: 2244, ElapsedMS: 1500}
	rep.WriteEnd(os.Stdout, keeper.CheckOptions{Spec: keeper.Theorem1})
	rep.Partial = true
	rep.WriteEnd(os.Stdout, keeper.CheckOptions{Spec: keeper.Theorem1})
	// Output:
	// total: 2244 positions, 0 N sure wins; 1.5s
	// PARTIAL (interrupted) total: 2244 positions, 0 N sure wins; 1.5s
}

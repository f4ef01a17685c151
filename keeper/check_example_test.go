package keeper_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/keeper"
	"github.com/geister-solver/geister/purple"
)

// Check counts, over every position of a class that meets Theorem 1's
// hypothesis, N's sure wins against Algorithm 1 (the keeper game, solved
// by retrograde analysis): none, as the theorem says.
func ExampleCheck() {
	c, _ := purple.ParseClass("1B1R-2U1r")
	rep, err := keeper.Check(context.Background(), []purple.Class{c}, keeper.CheckOptions{
		Spec: keeper.Theorem1, Algorithm: true, Reading: keeper.Literal8bAs7, Threads: 2,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	r := rep.Classes[0]
	fmt.Printf("%s (%s): %d positions, %d N wins\n", r.Class, r.Source, r.Positions, r.NWins)
	// Output: 1B1R-2U1r (retrograde): 2244 positions, 0 N wins
}

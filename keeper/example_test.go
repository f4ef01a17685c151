package keeper_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/keeper"
)

// Does N (the first player, colours shown) surely win against the keeper
// algorithm? Here K's pieces sit on its own back corners, keeping N's
// exits: N has no sure win within seven plies.
func Example() {
	pos, err := engine.ParsePosition("u4u/6/2u3/6/6/B4R f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := keeper.NewGame(pos, engine.First, engine.NoSquare, keeper.Paper, nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := keeper.Solve(context.Background(), g, nil, keeper.Options{MaxDepth: 7, TTMegabytes: 16})
	fmt.Println(r.Status)
	// Output: disproven
}

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
	g, err := keeper.NewGame(pos, engine.First, engine.NoSquare, keeper.Literal8bAs7, nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	r := keeper.Solve(context.Background(), g, nil, keeper.Options{MaxDepth: 7, TTMegabytes: 16})
	fmt.Println(r.Status)
	// Output: disproven
}

// N does not see the algorithm's value state: does it still surely win
// the shortest counterexample of the literal reading? Step 8(b)'s two
// draws show in K's moves there, so it does, in the same 5 plies; read
// with 8(b) corrected, K's hemmed-in keeper takes a blue and N has no win
// within 5.
func ExampleHidden() {
	pos, err := engine.ParsePosition("uB2Ru/B3B1/6/6/6/6 s R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	corrected, err := keeper.ParseReading("literal-8b-corrected")
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range []keeper.Reading{keeper.Literal8bAs7, corrected} {
		st, plies := keeper.NewHidden(r, nil).Win(pos, keeper.BeliefOf(engine.NoSquare), 5, 0)
		fmt.Println(r, st == keeper.HiddenWin, plies)
	}
	// Output:
	// literal-8b-as-7 true 5
	// literal-8b-corrected false 0
}

// One position asked against Algorithm 1: N's blue on b1 holds the value
// 1, K to move. N wins in 4 whatever the algorithm chooses; the tree
// answers each choice.
func ExampleQuery() {
	pos, err := engine.ParsePosition("uB2Ru/6/6/6/6/6 s R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	b1, _ := engine.ParseSquare("b1")
	v, err := keeper.Query(context.Background(), pos, keeper.QueryOptions{Reading: keeper.Literal, Marked: b1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(v.Reading, v.Result, v.Plies, v.Source)
	var show func(n *keeper.ProofNode, indent string)
	show = func(n *keeper.ProofNode, indent string) {
		for _, c := range n.Children {
			fmt.Printf("%s%s [%d]\n", indent, c.Move, c.Plies)
			show(c, indent+"  ")
		}
	}
	show(v.Tree, "")
	// Output:
	// literal win 4 retrograde
	// a1a2 [3]
	//   b1a1 [2]
	//     f1f2 [1]
	//       a1a0 [0]
	// f1f2 [2]
	//   e1f1 [1]
	//     f2f1 [0]
}

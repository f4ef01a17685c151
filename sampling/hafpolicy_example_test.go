package sampling_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
	"github.com/geister-solver/geister/sampling"
)

// A UCT search with the GAT2021 policy at the root only (paper 004's
// method C): formula (3) at the root, formula (1) below it, and the move
// chosen by formula (4).
func ExampleHAFOptions() {
	w, err := haf.Builtin(haf.DefaultWeights)
	if err != nil {
		panic(err)
	}
	world := engine.StartPosition(engine.Placements[10], engine.Placements[50])
	o, policy := sampling.HAFOptions(sampling.UCTOptions{Iterations: 2000}, sampling.MethodC, w, world.Turn(), sampling.Negate, 0)
	res, err := sampling.NewUCT(o, 1).Search(context.Background(), &world, 200)
	if err != nil {
		panic(err)
	}
	fmt.Println("iterations:", res.Iterations, "policy calls:", policy.Calls)
	fmt.Println("root moves:", len(res.Children), "final c:", o.FinalPrior)
	// Output:
	// iterations: 2000 policy calls: 1
	// root moves: 8 final c: 0.1
}

package puzzles_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/puzzles"
)

// Two puzzles of one blue and one red against two hidden pieces: a sure
// win in at least 9 plies with a single winning first move.
func ExampleMake() {
	c, _ := purple.ParseClass("1B1R-2U1r")
	ps, err := puzzles.Make(context.Background(), puzzles.Options{Class: &c, MinPlies: 9, Unique: true, Count: 2, Seed: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range ps {
		fmt.Println(p.KindName, p.Plies, p.Position, p.Move)
	}
	// Output:
	// escape 11 6/R5/3Bu1/2u3/6/6 f R1r1 0 d3d2
	// escape 9 1R3u/6/4u1/6/B5/6 f R1r1 0 a5a4
}

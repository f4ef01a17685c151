package solver_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

// SampleClass solves random positions of a class by df-pn (here without
// tables) and counts the answers, and the exact wins by distance.
func ExampleSampleClass() {
	c, _ := purple.ParseClass("1B1R-2U1r")
	opts := solver.Options{TTMegabytes: 8, MaxNodes: 50_000}
	shown := 0
	sc, err := solver.SampleClass(context.Background(), c, solver.Filter{Side: 0, MinDTW: 3}, 8, 1, opts, 2, 0, func(s solver.Sampled) {
		if s.Answer.Plies < 3 {
			fmt.Println("a win shorter than the filter's")
		}
		shown++
	})
	var byDTW uint64
	for _, d := range sc.ByDTW {
		byDTW += d.Positions
	}
	fmt.Println(err, sc.Sampled, sc.Wins+sc.NoWins+sc.Unknown, uint64(shown) == sc.Matched, byDTW == sc.Matched)
	// Output: <nil> 8 8 true true
}

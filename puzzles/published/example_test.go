package published_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/puzzles/published"
	"github.com/geister-solver/geister/solver"
)

// The example of the collection's README, read and solved: its length is
// the exact distance to win.
func Example() {
	file := "notrv,1111,----,---,05,..........u.B.................Ru....\n"
	ps, err := published.Read(strings.NewReader(file))
	if err != nil {
		fmt.Println(err)
		return
	}
	p := ps[0]
	s := solver.New(solver.Options{TTMegabytes: 16, Shortest: true})
	a, err := s.Solve(context.Background(), p.Position, engine.First)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Position.String(), "in", p.Plies)
	fmt.Println(a.Result, a.Plies, a.Exact, a.Move)
	// Output:
	// 6/4u1/B5/6/6/Ru4 f R1r1 0 in 5
	// win 5 true a3a2
}

package alphabeta_test

import (
	"context"
	"fmt"
	"time"

	"github.com/geister-solver/geister/alphabeta"
	"github.com/geister-solver/geister/engine"
)

// PurpleMax's search: the first player's worst case of the hidden
// colours, five plies deep.
func Example() {
	pos, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := alphabeta.New(alphabeta.Options{Eval: alphabeta.BlueCountDistance, Purple: true, TTBits: 16})
	r := s.Search(context.Background(), &pos, alphabeta.Limits{Depth: 5})
	fmt.Println(r.Move, "wins in", alphabeta.Win-r.Score, "plies")
	// Output: d1e1 wins in 5 plies
}

// A search of its own (here a plain minimax counting the nodes of the
// purple game's tree) kept within 5,000 nodes by a Budget, with Leaf's
// values where the game ends; the budget is read every 1,024 nodes.
func ExampleBudget() {
	pos, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	var b alphabeta.Budget
	b.Start(context.Background(), 5000, time.Time{})
	var search func(p *engine.Position, depth, ply int) int
	search = func(p *engine.Position, depth, ply int) int {
		if b.Node() {
			return 0
		}
		if v, ok := alphabeta.Leaf(p, ply, 0); ok || depth == 0 {
			return v
		}
		var ml engine.MoveList
		ml.Generate(p)
		best := -alphabeta.Win - 1
		for _, m := range ml.Slice() {
			u := p.Make(m.RevealRed())
			best = max(best, -search(p, depth-1, ply+1))
			p.Unmake(u)
			if b.Stopped() {
				break // the value is not to be trusted: stop at once
			}
		}
		return best
	}
	search(&pos, 6, 0)
	fmt.Println(b.Stopped(), b.Nodes())
	// Output:
	// true 5120
}

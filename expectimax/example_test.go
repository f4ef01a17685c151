package expectimax_test

import (
	"context"
	"fmt"

	"geister/alphabeta"
	"geister/engine"
	"geister/expectimax"
)

// The first player can capture the hidden piece on c3, red with
// probability ⅔ by the counts; if blue it was the opponent's last blue
// and the game is won. Expectimax weighs both outcomes.
func Example() {
	p := engine.MustParsePosition("u3u1/6/2u3/2B3/6/RB3R f R2r2 0")
	s := expectimax.New(expectimax.Options{Eval: alphabeta.BlueCountDistance, PlyLimit: 200})
	r := s.Search(context.Background(), &p, expectimax.Limits{Depth: 3}, nil)
	fmt.Println(r.Move, r.Score > 0.3*expectimax.Win)
	// Output:
	// c4c3 true
}

package alphabeta_test

import (
	"context"
	"fmt"

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

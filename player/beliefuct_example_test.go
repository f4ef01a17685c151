package player_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)

// The strongest agent, best (beliefuct), plays a proven sure win at once:
// here the escape race of paper 000's Fig. 4, won in 5 plies.
func Example_best() {
	a, err := player.New("best:iterations=2000,seed=1", player.DefaultEnv())
	if err != nil {
		fmt.Println(err)
		return
	}
	a.NewGame(engine.First, 1)
	pos := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	v := player.NewView(pos, engine.First, nil, 200)
	m, err := a.Move(context.Background(), &v)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("move:", m)
	// Output:
	// move: d1e1
}

package player_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)

// Make an agent by its spec and ask it for a move in a position it sees
// (its own colours shown, the opponent's hidden).
func Example() {
	a, err := player.New("blue-chototsu", player.Env{})
	if err != nil {
		fmt.Println(err)
		return
	}
	reds := a.NewGame(engine.First, 1)
	fmt.Println("reds:", reds)

	pos, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	v := player.NewView(pos, engine.First, nil, 200)
	m, err := a.Move(context.Background(), &v)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("move:", m)
	// Output:
	// reds: AEFG
	// move: d1e1
}

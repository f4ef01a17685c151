package player_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)

// An agent's move in a position, as "geister move" prints it.
func ExampleDecision_WriteText() {
	p, _ := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	a, err := player.New("purplemax:depth=2", player.DefaultEnv())
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := player.Decide(context.Background(), a, p, nil, 1, 200)
	if err != nil {
		fmt.Println(err)
		return
	}
	d.WriteText(os.Stdout, false)
	fmt.Println(d.JSON("purplemax:depth=2", &p, false).Move)
	// Output:
	// move: d1e1
	// d1e1
}

package match_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// chototsuGame plays blue-chototsu (first) against random with seed, as
// the examples' game.
func chototsuGame(seed uint64) (match.Game, [2]player.Agent, error) {
	first, _ := player.New("blue-chototsu", player.Env{})
	second, _ := player.New("random", player.Env{})
	g, err := match.Play(context.Background(), first, second, seed, 200, nil, nil)
	return g, [2]player.Agent{first, second}, err
}

// The end of a game as "geister play" prints it.
func ExampleGame_WriteEnd() {
	g, agents, err := chototsuGame(7)
	if err != nil {
		fmt.Println(err)
		return
	}
	abandoned := g.WriteEnd(os.Stdout, [2]string{"blue-chototsu", "random"}, 200, agents, false)
	fmt.Println(abandoned)
	// Output:
	// result: first (escape) after 11 plies; placements: first BEFG, second BDEH
	// false
}

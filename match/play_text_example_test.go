package match_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// The end of a game as "geister play" prints it.
func ExampleGame_WriteEnd() {
	first, _ := player.New("blue-chototsu", player.Env{})
	second, _ := player.New("random", player.Env{})
	g, err := match.Play(context.Background(), first, second, 7, 200, nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	abandoned := g.WriteEnd(os.Stdout, [2]string{"blue-chototsu", "random"}, 200, [2]player.Agent{first, second}, false)
	fmt.Println(abandoned)
	// Output:
	// result: first (escape) after 11 plies; placements: first BEFG, second BDEH
	// false
}

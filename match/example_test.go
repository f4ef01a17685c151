package match_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// Referee one game between two agents; the same seed plays the same game.
func ExamplePlay() {
	first, err := player.New("blue-chototsu", player.Env{})
	if err != nil {
		fmt.Println(err)
		return
	}
	second, err := player.New("random", player.Env{})
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := match.Play(context.Background(), first, second, 7, 200, nil, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.FirstReds, g.SecondReds, len(g.Moves), "plies:", g.Outcome, "by", g.Reason)
	// Output: BEFG BDEH 11 plies: first wins by escape
}

// Play a match of 20 games on two goroutines, each agent half of them as
// the first player.
func ExampleRun() {
	sum, err := match.Run(context.Background(), match.Config{A: "blue-chototsu", B: "random", Games: 20, Seed: 1, PlyLimit: 200, Jobs: 2})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sum.Games, "games:", sum.Wins, "wins,", sum.Losses, "losses,", sum.Draws, "draws")
	// Output: 20 games: 20 wins, 0 losses, 0 draws
}

package tournament_test

import (
	"fmt"

	"github.com/geister-solver/geister/tournament"
)

func ExampleRate() {
	s := tournament.Settings{Agents: []string{"strong", "weak"}, Games: 10}
	var rs []tournament.Game
	for g := range 10 {
		first, second, res := "strong", "weak", "first"
		if g%2 == 1 {
			first, second, res = "weak", "strong", "second"
		}
		if g == 9 {
			res = "first" // weak wins one game
		}
		rs = append(rs, tournament.Game{Pair: 0, Game: g, First: first, Second: second, Result: res})
	}
	r := tournament.Rate(s, rs, 0, 1)
	for _, x := range r.Ratings {
		fmt.Printf("%s %.0f %d-%d-%d\n", x.Agent, x.Elo, x.Wins, x.Losses, x.Draws)
	}
	fmt.Printf("p=%.4f significant=%v\n", r.Pairs[0].P, r.Pairs[0].Significant)
	// 9 wins in 10, with the one virtual draw: 9.5 of 11, 400 log10(9.5/1.5) = 320 apart.
	// Output:
	// strong 160 9-1-0
	// weak -160 1-9-0
	// p=0.0215 significant=true
}

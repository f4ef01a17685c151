package match_test

import (
	"fmt"
	"strings"

	"github.com/geister-solver/geister/match"
)

// A game's record in one line and replayed move by move (here only its
// end is shown), as "geister replay" prints them.
func ExampleRecord_WriteReplay() {
	g, _, err := chototsuGame(7)
	if err != nil {
		fmt.Println(err)
		return
	}
	rec := match.RecordOf(g, 0, "blue-chototsu", "random", 200)
	fmt.Println(rec.Line())
	final := rec.Final()
	fmt.Println(final.String())
	var b strings.Builder
	if err := rec.WriteReplay(&b); err != nil {
		fmt.Println(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	fmt.Println(strings.Join(lines[len(lines)-3:], "\n"))
	// Output:
	// game 0: blue-chototsu (reds BEFG) vs random (reds BDEH): first, escape, 11 plies
	// 2bbr1/b2rb1/6/6/2RBB1/1RRRB1 s R4r2 11
	// game over: first wins
	// position: 2bbr1/b2rb1/6/6/2RBB1/1RRRB1 s R4r2 11
	// result: first (escape) after 11 plies
}

// The progress of a match in one line.
func ExampleProgress_Line() {
	fmt.Println(match.Progress{Done: 7, Games: 20, Wins: 5, Losses: 1, Draws: 1, Elapsed: 3e9}.Line())
	// Output: match: 7/20 games, A 5-1-1, 3s
}

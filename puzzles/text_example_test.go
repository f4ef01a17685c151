package puzzles_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/puzzles"
)

// A puzzle as "geister puzzles" prints it.
func ExamplePuzzle_WriteText() {
	c, _ := purple.ParseClass("1B1R-2U1r")
	ps, err := puzzles.Make(context.Background(), puzzles.Options{Class: &c, MinPlies: 9, Unique: true, Count: 1, Seed: 5})
	if err != nil {
		fmt.Println(err)
		return
	}
	ps[0].WriteText(os.Stdout)
	// Output:
	// == escape, 1B1R-2U1r: 11 plies, 6/R5/3Bu1/2u3/6/6 f R1r1 0 (draw 9)
	//     a b c d e f
	//  1  + . . . . +   + exits of the first player (a1 f1)
	//  2  R . . . . .
	//  3  . . . B u .
	//  4  . . u . . .
	//  5  . . . . . .
	//  6  + . . . . +   + exits of the second player (a6 f6)
	// first player (upper case) to move, ply 0
	// first: 2 pieces, 1 blue, 1 red; second: 2 pieces, 1 blue, 1 red (2 hidden: 1 red, 1 blue)
	// solution: d3d2
	// line: d3d2 c4c5 d2d1 e3f3 d1c1 f3f4 c1b1 f4f5 b1a1 c5c6 a1a0
}

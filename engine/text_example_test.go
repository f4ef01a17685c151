package engine_test

import (
	"encoding/json"
	"fmt"

	"github.com/geister-solver/geister/engine"
)

// Play moves written as text; a capture of a hidden piece whose colour
// the counts leave open names it.
func ExamplePosition_PlayTexts() {
	p, _ := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	played, err := p.PlayTexts([]string{"d1e1", "a1a2"})
	fmt.Println(engine.MoveTexts(played), err, p.String())
	q, _ := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	_, err = q.PlayTexts([]string{"a3a2", "b1c1", "a2a1"})
	fmt.Println(err)
	// Output:
	// [d1e1 a1a2] <nil> 1u2B1/u5/R5/6/6/6 f R1r1 2
	// move 3 "a2a1" captures a hidden piece that may be red or blue: write a2a1(r) or a2a1(b)
}

// A position in figures, as "geister show --json" prints it.
func ExamplePosition_Summary() {
	p, _ := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	out, _ := json.Marshal(p.Summary())
	fmt.Println(string(out), engine.Second.Name())
	// Output:
	// {"position":"uu1B2/6/R5/6/6/6 f R1r1 0","to_move":"f","ply":0,"outcome":"ongoing","first":{"pieces":2,"blue":1,"red":1,"hidden":0,"hidden_red":0,"hidden_blue":0},"second":{"pieces":2,"blue":1,"red":1,"hidden":2,"hidden_red":1,"hidden_blue":1},"moves":["a3a2","d1d2","a3a4","d1c1","d1e1","a3b3"]} second
}

// The piece letters of the position string, both ways.
func ExamplePieceOfLetter() {
	pl, k, ok := engine.PieceOfLetter('u')
	fmt.Println(pl, k, ok, string(engine.PieceLetter(engine.First, engine.Red)))
	_, _, ok = engine.PieceOfLetter('x')
	fmt.Println(ok)
	// Output:
	// s unknown true R
	// false
}

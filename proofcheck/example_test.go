package proofcheck_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/geister-solver/geister/proof"
	"github.com/geister-solver/geister/proofcheck"
)

// A proof checked by the rules alone, then the same proof with one reply
// of the opponent left out.
func ExampleCheck() {
	text := `geister-proof 1
position 1B4/6/6/R5/6/4ur f R1r1 0
prover f
plies 3
nodes 5
b1a1 1
e6e5 4 f6f5 3 e6d6 2
a1a0 w
a1a0 w
a1a0 w
`
	p, err := proof.Read(strings.NewReader(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := proofcheck.Check(context.Background(), p, proofcheck.Options{})
	fmt.Println(rep.Plies, err)

	p.Nodes[1].Edges = p.Nodes[1].Edges[1:] // e6e5 left out
	_, err = proofcheck.Check(context.Background(), p, proofcheck.Options{})
	fmt.Println(err)
	// Output:
	// 3 <nil>
	// proofcheck: the proof does not hold: node 1: the opponent's reply e6e5 in B5/6/6/R5/6/4ur s R1r1 0 is missing
}

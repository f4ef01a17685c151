package proof_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/proof"
)

// A proof read from its text: the first player's blue steps onto the exit
// a1 (b1a1) and, whatever of the three replies comes, escapes (a1a0).
func ExampleRead() {
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
	fmt.Println(p.Position.String(), p.Prover, p.Plies)
	fmt.Printf("%+v\n", p.Stats())
	// Output:
	// 1B4/6/6/R5/6/4ur f R1r1 0 f 3
	// {Nodes:5 Edges:7 Won:3 InTable:0}
}

// A one-ply proof written: the blue on its exit escapes.
func ExampleProof_Write() {
	escape, err := engine.ParseMove("a1a0")
	if err != nil {
		fmt.Println(err)
		return
	}
	p := &proof.Proof{
		Position: engine.MustParsePosition("B5/6/6/R5/6/4ur f R1r1 0"),
		Prover:   engine.First,
		Plies:    1,
		Nodes: []proof.Node{{Edges: []proof.Edge{
			{Move: escape, Leaf: proof.Leaf{Kind: proof.Won}},
		}}},
	}
	if err := p.Write(os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// geister-proof 1
	// position B5/6/6/R5/6/4ur f R1r1 0
	// prover f
	// plies 1
	// nodes 1
	// a1a0 w
}

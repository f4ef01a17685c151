package belief_test

import (
	"fmt"

	"github.com/geister-solver/geister/belief"
	"github.com/geister-solver/geister/engine"
)

// The second player's belief after the first player has made one move
// and the second player has captured one of its pieces.
func Example() {
	b := belief.New(engine.Second, belief.DefaultOptions())
	start := engine.StartPosition(engine.Placements[0], engine.Placements[69])
	var moves []engine.Move
	p := start
	for _, text := range []string{"b5b4", "b2b3", "b4b3"} {
		m, _ := p.ParseMove(text)
		p.Make(m)
		moves = append(moves, m)
	}
	view := p
	view.Hide(engine.First)
	if err := b.Sync(&view, moves); err != nil {
		fmt.Println(err)
		return
	}
	worlds := b.Worlds(&view)
	sum := 0.0
	for _, w := range worlds {
		sum += w.P
	}
	fmt.Printf("%d colourings, probabilities sum to %.3f\n", len(worlds), sum)
	fmt.Printf("the piece on b3 is blue with probability in (0, 1): %v\n", b.PBlue(engine.Sq(1, 3)) > 0 && b.PBlue(engine.Sq(1, 3)) < 1)
	// Output:
	// 70 colourings, probabilities sum to 1.000
	// the piece on b3 is blue with probability in (0, 1): true
}

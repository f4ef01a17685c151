package sampling_test

import (
	"context"
	"fmt"

	"geister/engine"
	"geister/sampling"
)

// A UPP decision of 1,800 playouts (paper 001's 0.25 s budget) for the
// first player, who sees the opponent's pieces colour-unknown and has a
// blue on b2, two steps from its exit a1. Without the moves that led to
// the position the sampler starts from it.
func Example() {
	view := engine.MustParsePosition("6/1B1uu1/1uu3/6/2RR2/1RRBB1 f R4r2 0")
	s := sampling.NewSampler(engine.First, sampling.SamplerOptions{UPP: true, Playouts: 1800, Seed: 1})
	m, st, err := s.Decide(context.Background(), &view, nil, 200)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m, st.Playouts >= 1800)
	// Output:
	// b2a2 true
}

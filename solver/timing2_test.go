package solver

import (
	"context"
	"testing"

	"geister/dfpn"
	"geister/engine"
)

func TestHard(t *testing.T) {
	for _, ps := range []string{"2uu2/u5/R4B/3R2/2u3/6 f R2r3 0", "3uu1/4R1/6/B5/R1u3/1B4 s R2r2 0", "2u1R1/3R2/1u1u1u/6/2B3/6 f R2r3 0"} {
		p := engine.MustParsePosition(ps)
		g := newGame(p, engine.First, engine.First, nil)
		tt := dfpn.NewTable(64)
		r := dfpn.Search(context.Background(), g, tt, dfpn.Options{MaxNodes: 30000000})
		t.Logf("%s: %v %+v", ps, r.Status, r.Stats)
	}
}

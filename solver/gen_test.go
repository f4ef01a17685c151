package solver

import (
	"context"
	"fmt"
	"os"
	"testing"

	"geister/engine"
	"geister/internal/testpos"
)

// TestGenerateLongWins finds 9-piece positions with 15–17-ply sure wins
// for testdata/long_wins.txt. It runs only with GEISTER_GENERATE=1:
//
//	GEISTER_GENERATE=1 go test ./solver -run TestGenerateLongWins -v -timeout 0
func TestGenerateLongWins(t *testing.T) {
	if os.Getenv("GEISTER_GENERATE") == "" {
		t.Skip("set GEISTER_GENERATE=1 to generate")
	}
	r := engine.NewRand(17)
	quick := New(Options{TTMegabytes: 64, MaxNodes: 200_000})
	exact := New(Options{TTMegabytes: 128, Shortest: true, MaxNodes: 20_000_000})
	found, tried := 0, 0
	for found < 12 && tried < 200000 {
		// Nine pieces on random squares, the prover's nearest blue far
		// from its exits: a sure win, if any, is long. A quick unbounded
		// search finds candidates; --shortest gives their exact DTW.
		prover := engine.Player(r.Intn(2))
		blues, reds := 1+r.Intn(3), 1+r.Intn(3)
		opp := 9 - blues - reds
		p, ok := testpos.Material(r, prover, engine.Player(r.Intn(2)), blues, reds, opp, 1+r.Intn(min(4, opp-1)))
		if !ok {
			continue
		}
		g := newGame(p, prover, prover, nil)
		if g.lowerBound() < 11 {
			continue
		}
		tried++
		if tried%500 == 0 {
			fmt.Fprintf(os.Stderr, "tried %d found %d\n", tried, found)
		}
		a, err := quick.Solve(context.Background(), p, prover)
		if err != nil {
			t.Fatal(err)
		}
		if a.Result != Win || a.Plies < 15 {
			continue
		}
		b, err := exact.Solve(context.Background(), p, prover)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(os.Stderr, "candidate %s: proof %d, shortest %d exact %v\n", p.String(), a.Plies, b.Plies, b.Exact)
		if b.Result == Win && b.Exact && b.Plies >= 15 && b.Plies <= 17 {
			found++
			fmt.Printf("%s\t%d\n", p.String(), b.Plies)
		}
	}
	t.Logf("%d found among %d positions", found, tried)
}

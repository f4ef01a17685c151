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
	s := New(Options{TTMegabytes: 128, Shortest: true, MaxNodes: 3_000_000})
	found := 0
	for i := 0; found < 12 && i < 200000; i++ {
		prover := engine.Player(r.Intn(2))
		blues, reds := 1+r.Intn(3), 1+r.Intn(3)
		opp := 9 - blues - reds
		p, ok := testpos.Material(r, prover, engine.Player(r.Intn(2)), blues, reds, opp, 1+r.Intn(min(4, opp-1)))
		if !ok {
			continue
		}
		a, err := s.Solve(context.Background(), p, prover)
		if err != nil {
			t.Fatal(err)
		}
		if a.Result == Win && a.Exact && a.Plies >= 15 && a.Plies <= 17 {
			found++
			fmt.Printf("%s\t%d\n", p.String(), a.Plies)
		}
	}
}

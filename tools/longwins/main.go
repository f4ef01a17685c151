// Command longwins finds 9-piece positions with 15–17-ply sure wins and
// writes them as JSON lines for solver/testdata/long_wins.jsonl, the
// suite of solver's BenchmarkLongWins, whose DTWs solver's
// TestLongWinsAgainstReference checks with an independent solver:
//
//	go run ./tools/longwins > solver/testdata/long_wins.jsonl
//
// Flags: -n (positions wanted), -seed, -tries (positions looked at, at
// most). Progress goes to stderr.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/solver"
)

func main() {
	n := flag.Int("n", 12, "positions wanted")
	seed := flag.Uint64("seed", 17, "seed of the random positions")
	tries := flag.Int("tries", 200_000, "positions looked at, at most")
	flag.Parse()
	if err := run(*n, *seed, *tries); err != nil {
		fmt.Fprintln(os.Stderr, "longwins:", err)
		os.Exit(1)
	}
}

func run(want int, seed uint64, tries int) error {
	r := engine.NewRand(seed)
	quick := solver.New(solver.Options{TTMegabytes: 64, MaxNodes: 200_000})
	exact := solver.New(solver.Options{TTMegabytes: 128, Shortest: true, MaxNodes: 20_000_000})
	enc := json.NewEncoder(os.Stdout)
	found, tried := 0, 0
	for found < want && tried < tries {
		// Nine pieces on random squares, the prover's blues at least five
		// steps from its exits (a win by escape takes 11 plies or more):
		// a sure win, if any, is likely long. A quick unbounded search
		// finds candidates; the shortest search gives their exact DTW.
		prover := engine.Player(r.Intn(2))
		blues, reds := 1+r.Intn(3), 1+r.Intn(3)
		opp := 9 - blues - reds
		p, ok := testpos.Material(r, prover, engine.Player(r.Intn(2)), blues, reds, opp, 1+r.Intn(min(4, opp-1)))
		if !ok || testpos.NearestExit(&p, prover) < 5 {
			continue
		}
		tried++
		if tried%500 == 0 {
			fmt.Fprintf(os.Stderr, "tried %d, found %d\n", tried, found)
		}
		a, err := quick.Solve(context.Background(), p, prover)
		if err != nil {
			return err
		}
		if a.Result != solver.Win || a.Plies < 15 {
			continue
		}
		b, err := exact.Solve(context.Background(), p, prover)
		if err != nil {
			return err
		}
		if b.Result == solver.Win && b.Exact && b.Plies >= 15 && b.Plies <= 17 {
			found++
			if err := enc.Encode(struct {
				Position string `json:"position"`
				DTW      int    `json:"dtw"`
			}{p.String(), b.Plies}); err != nil {
				return err
			}
		}
	}
	fmt.Fprintf(os.Stderr, "%d found among %d positions\n", found, tried)
	return nil
}

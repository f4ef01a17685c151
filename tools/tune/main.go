// Command tune prints the df-pn nodes the solver spends on three suites,
// to compare search settings before and after a change:
//
//	go run ./tools/tune
//
// The suites: the long wins of solver/testdata/long_wins.jsonl solved
// shortest (each DTW checked), 300 full-material positions bounded to 11
// plies, and 150 positions near the end of random games within 200,000
// nodes each.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

func main() {
	if err := run("solver/testdata/long_wins.jsonl"); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}

func run(longWins string) error {
	ctx := context.Background()
	f, err := os.Open(longWins)
	if err != nil {
		return fmt.Errorf("%w (run from the repository's root)", err)
	}
	defer f.Close()
	var long uint64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var w struct {
			Position string `json:"position"`
			DTW      int    `json:"dtw"`
		}
		if err := json.Unmarshal(sc.Bytes(), &w); err != nil {
			return fmt.Errorf("%s: %w", longWins, err)
		}
		p, err := engine.ParsePosition(w.Position)
		if err != nil {
			return err
		}
		prover, err := purple.DefaultProver(&p)
		if err != nil {
			return err
		}
		a, err := solver.New(solver.Options{TTMegabytes: 64, Shortest: true}).Solve(ctx, p, prover)
		if err != nil {
			return err
		}
		if a.Result != solver.Win || a.Plies != w.DTW {
			return fmt.Errorf("%s: %v in %d plies, recorded %d", w.Position, a.Result, a.Plies, w.DTW)
		}
		long += a.Nodes
	}
	if err := sc.Err(); err != nil {
		return err
	}

	var full uint64
	r := engine.NewRand(88)
	s := solver.New(solver.Options{TTMegabytes: 64, MaxPlies: 11, Shortest: true})
	for i := 0; i < 300; {
		prover := engine.Player(i % 2)
		p, ok := testpos.FullMaterial(r, 10, 100, prover)
		if !ok {
			continue
		}
		i++
		a, err := s.Solve(ctx, p, prover)
		if err != nil {
			return err
		}
		full += a.Nodes
	}

	var near uint64
	decided := 0
	r = engine.NewRand(2026)
	u := solver.New(solver.Options{TTMegabytes: 64, MaxNodes: 200_000})
	for range 150 {
		p, w := testpos.NearEnd(r, 16)
		a, err := u.Solve(ctx, p, w)
		if err != nil {
			return err
		}
		near += a.Nodes
		if a.Result != solver.Unknown {
			decided++
		}
	}
	fmt.Printf("long wins %d nodes, full material %d, near the end %d (decided %d/150)\n", long, full, near, decided)
	return nil
}

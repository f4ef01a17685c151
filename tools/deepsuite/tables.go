package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

// TablesLine is one line of solver/testdata/tables_suite.jsonl: a position
// of a complete table class, the prover (the first player) to move, with
// the tables' exact answer: a win in DTW plies, or no sure win at all
// (DTW 0).
type TablesLine struct {
	Position string `json:"position"`
	Prover   string `json:"prover"`
	Result   string `json:"result"` // "win" or "no-win", the tables'
	DTW      int    `json:"dtw"`    // the tables' DTW of a win (0: no-win)
	Class    string `json:"class"`
	Pieces   int    `json:"pieces"`
	Seed     uint64 `json:"seed"`
	Draw     int    `json:"draw"` // index of the draw in its class's sequence
	// Nodes: for a no-win, the df-pn nodes a search of "a win within
	// noWinBound plies?" took when it was drawn (its hardness).
	Nodes uint64 `json:"nodes,omitempty"`
	// Source: "games" for a position a player had to move from in a
	// recorded game (Game names the file and the game, Ply the ply), as
	// that player saw it; empty for a draw from a class.
	Source string `json:"source,omitempty"`
	Game   string `json:"game,omitempty"`
	Ply    int    `json:"ply,omitempty"`
}

// noWinBound is the bound of the search that measures a no-win's
// hardness, and the bound BenchmarkTablesSuite asks no-wins under.
const noWinBound = 25

// fromTablesDeep writes wins of minDTW..maxDTW plies, about perDTW of
// each length spread over the classes, and nowins hard no-wins (a df-pn
// search of a win within noWinBound plies, without tables, took at least
// hardNodes nodes), drawn uniformly from the complete classes of the store
// in dir of at least minPieces pieces whose longest DTW reaches minDTW (seed: each class draws from
// engine.NewRand(seed + its index)), each position once (its mirror image
// counted as the same); every answer is the tables'.
func fromTablesDeep(enc *json.Encoder, dir string, minPieces, minDTW, maxDTW, perDTW, nowins int, hardNodes uint64, maxDraws int, seed uint64) error {
	db, err := openTables(dir, "deep")
	if err != nil {
		return err
	}
	defer db.Close()
	var classes []purple.Class
	var longest []int
	for _, m := range db.Classes() {
		c, err := purple.ParseClass(m.Class)
		if err == nil && m.Complete && m.MaxDTW >= minDTW && c.Pieces() >= minPieces {
			classes = append(classes, c)
			longest = append(longest, m.MaxDTW)
		}
	}
	if len(classes) == 0 {
		return fmt.Errorf("%s holds no complete class with a DTW of %d plies or more", dir, minDTW)
	}
	quick := solver.New(solver.Options{TTMegabytes: 64, MaxPlies: noWinBound, MaxNodes: 4 * hardNodes})
	// Per DTW, at most a third from one class, so the lengths and the
	// classes both spread.
	perClass := max(1, (perDTW+2)/3)
	got := map[int]int{}
	gotClass := map[[2]int]int{}
	found := 0
	seen := map[purple.Key]bool{} // positions written, mirror images as one
	for ci, c := range classes {
		r := engine.NewRand(seed + uint64(ci))
		nw := 0
		noWinsPer := nowins / len(classes) // the first classes one more
		if ci < nowins%len(classes) {
			noWinsPer++
		}
		done := func() bool {
			if nw < noWinsPer {
				return false
			}
			for d := minDTW; d <= min(maxDTW, longest[ci]); d++ {
				if got[d] < perDTW && gotClass[[2]int{ci, d}] < perClass {
					return false
				}
			}
			return true
		}
		for draw := 0; draw < maxDraws; draw++ {
			if draw%10_000 == 0 && done() {
				break
			}
			p := c.Random(r, engine.First)
			if p.Outcome() != engine.Ongoing {
				continue
			}
			v, n, err := db.ProbeValue(&p, engine.First)
			if err != nil {
				continue // a position the tables do not index (the game is over)
			}
			if _, _, k := purple.Canonical(&p, engine.First); seen[k] {
				continue
			}
			line := TablesLine{Position: p.String(), Prover: "f", Class: c.String(), Pieces: c.Pieces(), Seed: seed + uint64(ci), Draw: draw}
			switch {
			case v == purple.Win && n >= minDTW && n <= maxDTW:
				if got[n] >= perDTW || gotClass[[2]int{ci, n}] >= perClass {
					continue
				}
				got[n]++
				gotClass[[2]int{ci, n}]++
				line.Result, line.DTW = "win", n
			case v != purple.Win && nw < noWinsPer && draw%16 == 0:
				nodes, err := noWinNodes(quick, p, engine.First)
				if err != nil {
					return err
				}
				if nodes < hardNodes {
					continue
				}
				nw++
				line.Result, line.Nodes = "no-win", nodes
			default:
				continue
			}
			_, _, k := purple.Canonical(&p, engine.First)
			seen[k] = true
			found++
			if err := enc.Encode(line); err != nil {
				return err
			}
		}
		fmt.Fprintf(os.Stderr, "deep: %s: %d lines so far, %d no-wins of this class\n", c, found, nw)
	}
	fmt.Fprintf(os.Stderr, "deep: wins by DTW %v\n", got)
	return nil
}

// noWinNodes returns the nodes quick (a solver of "a win within
// noWinBound plies?") takes on p, a no-win by the tables, for prover: its
// hardness. A win found is an error: df-pn and the tables disagree.
func noWinNodes(quick *solver.Solver, p engine.Position, prover engine.Player) (uint64, error) {
	a, err := quick.Solve(context.Background(), p, prover)
	if err != nil {
		return 0, err
	}
	if a.Result == solver.Win {
		return 0, fmt.Errorf("%s: df-pn finds a win within %d plies, the tables none", p.String(), noWinBound)
	}
	return a.Nodes, nil
}

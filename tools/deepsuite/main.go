// Command deepsuite writes solver/testdata/deep_suite.jsonl, the deep
// suite of solver's BenchmarkDeepSuite and TestDeepSuite: positions whose
// shortest sure win is 13–21 plies, of four kinds, in this order:
//
//   - random: 4–11 pieces drawn at random (the prover's 1–3 blues at least
//     four steps from its exits, 1–2 reds; 2–6 hidden opponent pieces, 1–2
//     of them red), seed -seed;
//   - game: the position up to 30 plies before the end of a random game,
//     as its winner sees it, 4–12 pieces, seed -seed + 1;
//   - random6: as random with 6–12 pieces (1–3 reds, 3–6 hidden pieces),
//     seed -seed + 2;
//   - longwins, with -longwins FILE: the lines of
//     solver/testdata/long_wins.jsonl (nine pieces, 15–17 plies, from
//     tools/longwins with its seed 17);
//   - tables, with -tables DIR: positions of the store's complete classes
//     of 7 pieces or more (built by geister build --pieces 7) whose exact
//     DTW there is 17–21 plies, the prover to move, drawn by the puzzle
//     maker (package puzzles, seed -seed + 3), up to -n of them spread
//     over the classes; the DTW is the table's.
//
// With -kinds deep it writes solver/testdata/tables_suite.jsonl instead
// (tables.go): wins of 17 to -deep-max-dtw plies (-deep-per-dtw of each
// DTW, at most a third of them from one class) and -deep-nowins hard
// no-wins (a df-pn search of a win within 25 plies, without tables, takes
// at least -deep-hard-nodes nodes), drawn uniformly from every complete
// class of the store -tables DIR whose longest DTW is 17 or more, the
// prover to move, their answers the tables'. The recorded suite:
//
//	go run ./tools/deepsuite -kinds deep -tables DIR -deep-draws 2000000 -deep-per-dtw 36 -deep-nowins 0 > solver/testdata/tables_suite.jsonl
//	go run ./tools/deepsuite -kinds deep -tables DIR -deep-draws 2000000 -deep-per-dtw 0 -deep-nowins 42 >> solver/testdata/tables_suite.jsonl
//
// with DIR the complete tables of up to six pieces (geister build
// --pieces 6): 158 wins (36 of 17, 19, 21 and 23 plies, 14 of 25: the
// rarest), then 42 no-wins, 200 lines (seed 1418 and up, the default
// -seed plus 4).
//
// With -kinds games it writes positions met in recorded games (the files
// of game records, our records, GAT logs or tournament results, are the
// operands; games.go): at every ply, the position as the player to move
// saw it, when the store -tables DIR holds its class complete and it has
// -min-pieces pieces or more: wins of 17 to -deep-max-dtw plies (at most
// -deep-per-dtw of each DTW) and up to -deep-nowins hard no-wins, at most
// one of each a game; their answers the tables'. With -min-pieces 7,
// -kinds deep draws from the 7-piece classes only. The hard suite,
// solver/testdata/hard_suite.jsonl, is 160 wins (32 of 17, 19, 21, 23
// and 25 plies) and 20 hard no-wins drawn from the 7-piece classes, then
// the 4 wins and the first 16 no-wins the games of docs/ give:
//
//	go run ./tools/deepsuite -kinds deep -tables DIR -min-pieces 7 -deep-draws 2000000 -deep-per-dtw 32 -deep-nowins 0 > wins.jsonl
//	go run ./tools/deepsuite -kinds deep -tables DIR -min-pieces 7 -deep-draws 2000000 -deep-per-dtw 0 -deep-nowins 20 > nowins.jsonl
//	go run ./tools/deepsuite -kinds games -tables DIR -min-pieces 7 -deep-per-dtw 10 -deep-nowins 16 $(grep -l '"moves"' docs/*.jsonl) > games.jsonl
//	cat wins.jsonl nowins.jsonl games.jsonl > solver/testdata/hard_suite.jsonl
//
// with DIR the complete tables of up to seven pieces (geister build
// --pieces 7); the game files are those of docs/ that keep their moves.
//
// A draw is kept when a quick df-pn search (300,000 nodes; 1,000,000 for
// random6) proves a win of 13 plies or more and the exact search
// (--shortest, 40 million nodes) finds a DTW of 13–21; at most a third
// of a kind's positions share a DTW. Each line keeps its provenance: the
// kind, -seed, and the index of the draw (of the line, for longwins).
// Flags: -n (positions wanted of each kind), -seed, -tries, -game-tries,
// -random6-tries (draws looked at, at most, of each kind), -kinds,
// -longwins, -tables. Progress goes to stderr. The recorded suite:
//
//	go run ./tools/deepsuite -longwins solver/testdata/long_wins.jsonl > solver/testdata/deep_suite.jsonl
//	go run ./tools/deepsuite -kinds tables -n 8 -tables DIR >> solver/testdata/deep_suite.jsonl
//
// (its draws were made with the solver of the commit that added it; the
// quick searches' node budgets make which draws pass depend on the
// solver's version, the recorded DTWs do not).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/puzzles"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

func main() {
	n := flag.Int("n", 20, "positions wanted of each kind")
	seed := flag.Uint64("seed", 1414, "seed of the draws")
	tries := flag.Int("tries", 100_000, "random draws looked at, at most")
	gameTries := flag.Int("game-tries", 3000, "game draws looked at, at most")
	random6Tries := flag.Int("random6-tries", 60_000, "random6 draws looked at, at most")
	longWins := flag.String("longwins", "", "a long_wins.jsonl file whose lines to add")
	kinds := flag.String("kinds", "random,game,random6", "the kinds of draws, in order (random, game, random6, tables), or deep, or games")
	tables := flag.String("tables", "", "with -kinds tables, deep or games: the endgame table store to draw from")
	deepDTW := flag.Int("deep-max-dtw", 25, "with -kinds deep: the longest DTW drawn (the shortest is 17)")
	perDTW := flag.Int("deep-per-dtw", 17, "with -kinds deep: wins wanted of each DTW")
	noWins := flag.Int("deep-nowins", 50, "with -kinds deep: hard no-wins wanted")
	hardNodes := flag.Uint64("deep-hard-nodes", 20_000, "with -kinds deep: the df-pn nodes that make a no-win hard")
	deepDraws := flag.Int("deep-draws", 3_000_000, "with -kinds deep: draws looked at, at most, of each class")
	minPieces := flag.Int("min-pieces", 0, "with -kinds deep or games: only classes of at least this many pieces")
	flag.Parse()
	if slices.Contains(strings.Split(*kinds, ","), "games") {
		// The files of recorded games are the operands.
		if err := fromGames(json.NewEncoder(os.Stdout), *tables, flag.Args(), *minPieces, 17, *deepDTW, *perDTW, *noWins, *hardNodes); err != nil {
			fmt.Fprintln(os.Stderr, "deepsuite:", err)
			os.Exit(1)
		}
		return
	}
	if slices.Contains(strings.Split(*kinds, ","), "deep") {
		if err := fromTablesDeep(json.NewEncoder(os.Stdout), *tables, *minPieces, 17, *deepDTW, *perDTW, *noWins, *hardNodes, *deepDraws, *seed+4); err != nil {
			fmt.Fprintln(os.Stderr, "deepsuite:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(strings.Split(*kinds, ","), *n, *seed, *tries, *gameTries, *random6Tries, *longWins, *tables); err != nil {
		fmt.Fprintln(os.Stderr, "deepsuite:", err)
		os.Exit(1)
	}
}

// Line is one line of the suite.
type Line struct {
	Position string `json:"position"`
	Prover   string `json:"prover"`
	DTW      int    `json:"dtw"`
	Pieces   int    `json:"pieces"`
	Source   string `json:"source"` // "random", "game", "random6", "longwins" or "tables"
	Seed     uint64 `json:"seed"`
	Draw     int    `json:"draw"` // index of the draw among the kind's draws
}

func run(kinds []string, want int, seed uint64, tries, gameTries, random6Tries int, longWins, tables string) error {
	enc := json.NewEncoder(os.Stdout)
	quick := solver.New(solver.Options{TTMegabytes: 64, MaxNodes: 300_000})
	quick6 := solver.New(solver.Options{TTMegabytes: 64, MaxNodes: 1_000_000})
	exact := solver.New(solver.Options{TTMegabytes: 128, Shortest: true, MaxNodes: 40_000_000})
	dtwSeen := map[int]int{}
	for _, kind := range kinds {
		var r *engine.Rand
		switch kind {
		case "random":
			r = engine.NewRand(seed)
		case "game":
			r = engine.NewRand(seed + 1)
		case "random6":
			r = engine.NewRand(seed + 2)
		case "tables":
			if err := fromTables(enc, tables, want, seed+3); err != nil {
				return err
			}
			continue
		default:
			return fmt.Errorf("unknown kind %q", kind)
		}
		found, limit := 0, tries
		switch kind {
		case "game":
			limit = gameTries
		case "random6":
			limit = random6Tries
		}
		clear(dtwSeen)
		for draw := 0; draw < limit && found < want; draw++ {
			if draw%1000 == 0 {
				fmt.Fprintf(os.Stderr, "%s: draw %d, found %d\n", kind, draw, found)
			}
			var p engine.Position
			var prover engine.Player
			switch kind {
			case "random6":
				// 6–12 pieces, more of the prover's pieces: longer wins.
				var ok bool
				if p, prover, ok = drawRandom(r, 3, 3, 4, 6); !ok {
					continue
				}
			case "random":
				var ok bool
				if p, prover, ok = drawRandom(r, 2, 2, 5, 0); !ok {
					continue
				}
			default:
				p, prover = testpos.NearEnd(r, 30)
				n := p.Count(engine.First) + p.Count(engine.Second)
				if n < 4 || n > 12 {
					continue
				}
				if dp, err := purple.DefaultProver(&p); err != nil || dp != prover {
					continue // both sides show all colours: the default prover may differ
				}
			}
			q := quick
			if kind == "random6" {
				q = quick6
			}
			a, err := q.Solve(context.Background(), p, prover)
			if err != nil {
				return err
			}
			if a.Result != solver.Win || a.Plies < 13 {
				continue
			}
			b, err := exact.Solve(context.Background(), p, prover)
			if err != nil {
				return err
			}
			if b.Result != solver.Win || !b.Exact || b.Plies < 13 || b.Plies > 21 {
				continue
			}
			// Keep the lengths spread: at most a third of a kind at one DTW.
			if dtwSeen[b.Plies] >= (2*want+2)/3 {
				continue
			}
			dtwSeen[b.Plies]++
			found++
			if err := enc.Encode(Line{p.String(), prover.String(), b.Plies, p.Count(engine.First) + p.Count(engine.Second), kind, seed, draw}); err != nil {
				return err
			}
		}
		fmt.Fprintf(os.Stderr, "%s: %d found\n", kind, found)
	}
	if longWins != "" {
		return addLongWins(enc, longWins)
	}
	return nil
}

// addLongWins writes the lines of a long_wins.jsonl file as suite lines.
func addLongWins(enc *json.Encoder, name string) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	for i, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var w struct {
			Position string `json:"position"`
			DTW      int    `json:"dtw"`
		}
		if err := json.Unmarshal([]byte(l), &w); err != nil {
			return fmt.Errorf("%s line %d: %w", name, i+1, err)
		}
		p, err := engine.ParsePosition(w.Position)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", name, i+1, err)
		}
		prover, err := purple.DefaultProver(&p)
		if err != nil {
			return fmt.Errorf("%s line %d: %w", name, i+1, err)
		}
		if err := enc.Encode(Line{p.String(), prover.String(), w.DTW, p.Count(engine.First) + p.Count(engine.Second), "longwins", 17, i}); err != nil {
			return err
		}
	}
	return nil
}

// drawRandom draws a prover, its 1–3 blues and 1–maxReds reds, and
// oppMin to oppMin+oppSpan-1 hidden opponent pieces (1–2 of them red) on
// random squares; ok when the position is valid, the prover's blues are at
// least four steps from its exits, and it has minPieces to 12 pieces.
func drawRandom(r *engine.Rand, maxReds, oppMin, oppSpan, minPieces int) (p engine.Position, prover engine.Player, ok bool) {
	prover = engine.Player(r.Intn(2))
	blues, reds := 1+r.Intn(3), 1+r.Intn(maxReds)
	opp := oppMin + r.Intn(oppSpan)
	oppReds := 1 + r.Intn(min(2, opp-1))
	p, ok = testpos.Material(r, prover, engine.Player(r.Intn(2)), blues, reds, opp, oppReds)
	n := p.Count(engine.First) + p.Count(engine.Second)
	return p, prover, ok && testpos.NearestExit(&p, prover) >= 4 && n >= minPieces && n <= 12
}

// fromTables writes up to want positions of the store dir's complete
// classes of 7 pieces or more whose DTW is 17–21 plies (the prover, the
// first player, to move), drawn by the puzzle maker with seed, about as
// many of each class, in the puzzle maker's order (by kind, longest
// first).
func fromTables(enc *json.Encoder, dir string, want int, seed uint64) error {
	db, err := openTables(dir, "tables")
	if err != nil {
		return err
	}
	defer db.Close()
	var classes []purple.Class
	for _, m := range db.Classes() {
		c, err := purple.ParseClass(m.Class)
		if err == nil && m.Complete && c.Pieces() >= 7 && m.MaxDTW >= 17 {
			classes = append(classes, c)
		}
	}
	if len(classes) == 0 {
		return fmt.Errorf("%s holds no complete class of 7 pieces or more with a DTW of 17 plies or more", dir)
	}
	per := (want + len(classes) - 1) / len(classes)
	found := 0
	for _, c := range classes {
		if found >= want {
			break
		}
		ps, err := puzzles.Make(context.Background(), puzzles.Options{Class: &c, MinPlies: 17, Count: 4 * per, Seed: seed, Tables: db, MaxDraws: 2_000_000})
		if err != nil {
			return fmt.Errorf("class %s: %w", c, err)
		}
		n := 0
		for _, pz := range ps {
			if pz.Plies > 21 || n >= per || found >= want {
				continue
			}
			p := pz.Pos()
			if err := enc.Encode(Line{pz.Position, engine.First.String(), pz.Plies, p.Count(engine.First) + p.Count(engine.Second), "tables", seed, pz.Draw}); err != nil {
				return err
			}
			n++
			found++
		}
		fmt.Fprintf(os.Stderr, "tables: %s: %d of %d drawn\n", c, n, len(ps))
	}
	return nil
}

// openTables opens the table store dir, which the kind of suite named
// kind reads its answers from.
func openTables(dir, kind string) (*tablebase.DB, error) {
	if dir == "" {
		return nil, fmt.Errorf("the %s kind needs -tables DIR", kind)
	}
	return tablebase.OpenReadOnly(dir)
}

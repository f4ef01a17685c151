package keeper

import (
	"os"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
)

// testdata/counterexample-game.jsonl holds two complete games (geister
// replay reads them) from an initial placement in which every move of K
// (the second player) is one of Algorithm 1's choices in the paper
// reading and N's moves are legal, reaching the shortest counterexample
// uB2Ru/B3B1/6/6/6/6 s R1r1 after 117 plies and ending in N's win: game 0
// with the value 0 drawn in step 8(b) (keeper play in the cautious
// reading too), game 1 with the value 1.
func TestCounterexampleGameFromTheStart(t *testing.T) {
	f, err := os.Open("testdata/counterexample-game.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := match.ReadRecords(f)
	if err != nil || len(recs) != 2 {
		t.Fatalf("records: %d, %v", len(recs), err)
	}
	const target = "uB2Ru/B3B1/6/6/6/6 s R1r1"
	for _, rec := range recs {
		positions, moves, err := rec.Replay() // legal moves, the result as recorded
		if err != nil {
			t.Fatalf("game %d: %v", rec.Game, err)
		}
		if rec.Result != "first" {
			t.Errorf("game %d: result %s, want first (N) wins", rec.Game, rec.Result)
		}
		// Step 1: a blue and a red on the home squares nearest the exits.
		start := positions[0]
		_, kb1, _ := start.At(engine.Sq(1, 1))
		_, ke1, _ := start.At(engine.Sq(4, 1))
		if kb1 == ke1 {
			t.Errorf("game %d: K's pieces on b1 and e1 are both %v", rec.Game, kb1)
		}
		// Step 3: K's first two moves put those pieces on the exits.
		first2 := map[string]bool{moves[1].String(): true, moves[3].String(): true}
		if !first2["b1a1"] || !first2["e1f1"] {
			t.Errorf("game %d: K's first two moves %s %s, want b1a1 and e1f1", rec.Game, moves[1], moves[3])
		}
		// Steps 4-9: every later K move is a choice for some value state
		// the algorithm's draws can have led to.
		marks := map[engine.Square]bool{engine.NoSquare: true}
		reached := false
		for i, m := range moves {
			p := positions[i]
			if i == 117 {
				q := p
				q.Hide(engine.Second)
				if !strings.HasPrefix(q.String(), target+" ") || len(marks) != 1 || !marks[engine.NoSquare] {
					t.Fatalf("game %d: after 117 plies %s (value states %v), want %s with no value held", rec.Game, q.String(), marks, target)
				}
				reached = true
			}
			next := map[engine.Square]bool{}
			if p.Turn() == engine.Second && i >= 4 {
				q := p
				q.Hide(engine.Second)
				b := BoardOf(&q)
				for mk := range marks {
					for _, c := range Choices(&b, mk, Literal8bAs7, nil) {
						if c.Move == m.Plain() {
							next[NextMark(&q, engine.Second, mk, c.Move, c.Mark)] = true
						}
					}
					// Game 0 is keeper play in the cautious reading too.
					if rec.Game == 0 {
						if ok, _ := IsChoice(&b, mk, Cautious, Choice{m.Plain(), engine.NoSquare}, nil); !ok {
							t.Errorf("game 0, ply %d: %s is no choice in the cautious reading", i+1, m)
						}
					}
				}
				if len(next) == 0 {
					t.Fatalf("game %d, ply %d: K's %s in %s is none of Algorithm 1's choices %s", rec.Game, i+1, m, q.String(), choiceStrings(Choices(&b, engine.NoSquare, Literal8bAs7, nil)))
				}
			} else {
				for mk := range marks {
					next[NextMark(&p, engine.Second, mk, m, engine.NoSquare)] = true
				}
			}
			marks = next
		}
		if !reached {
			t.Errorf("game %d: the counterexample is not reached", rec.Game)
		}
	}
}

package solver

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/purple"
)

// longWin is a line of testdata/long_wins.jsonl: a 9-piece position with a
// 15–17-ply sure win for its default prover (SPEC: the side whose pieces
// all show), written by tools/longwins, and its exact DTW.
type longWin struct {
	Position string `json:"position"`
	DTW      int    `json:"dtw"`
	p        engine.Position
	prover   engine.Player
}

// readLongWins reads testdata/long_wins.jsonl.
func readLongWins(tb testing.TB) []longWin {
	tb.Helper()
	f, err := os.Open("testdata/long_wins.jsonl")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []longWin
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		var w longWin
		if err := json.Unmarshal(sc.Bytes(), &w); err != nil {
			tb.Fatalf("long_wins.jsonl line %d: %v", n, err)
		}
		if w.p, err = engine.ParsePosition(w.Position); err != nil {
			tb.Fatalf("long_wins.jsonl line %d: %v", n, err)
		}
		if w.prover, err = purple.DefaultProver(&w.p); err != nil {
			tb.Fatalf("long_wins.jsonl line %d: %v", n, err)
		}
		out = append(out, w)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatal("long_wins.jsonl is empty")
	}
	return out
}

// TestLongWins checks the recorded DTWs of testdata/long_wins.jsonl,
// which come from the solver itself: a win within DTW plies by Certify
// (every opponent reply checked with the plain move generator and the
// purple rules, down to the ends of the games), and no win within DTW-1
// by a ply-bounded df-pn search (a disproof, not the shortest-win
// iteration that found the DTW). The plain reference solver cannot reach
// 15 plies of nine pieces in any reasonable time. Without GEISTER_LONG=1
// only the first three positions are checked.
func TestLongWins(t *testing.T) {
	suite := readLongWins(t)
	if !longtest.Enabled() {
		suite = suite[:3]
	}
	for _, w := range suite {
		if _, err := Certify(context.Background(), w.p, w.prover, w.DTW, 64); err != nil {
			t.Errorf("%s: the recorded win in %d plies is not certified: %v", w.Position, w.DTW, err)
		}
		s := New(Options{TTMegabytes: 64, MaxPlies: w.DTW - 1})
		a, err := s.Solve(context.Background(), w.p, w.prover)
		if err != nil || a.Result != NoWin {
			t.Errorf("%s: within %d plies: %v (%v), want no win: the recorded DTW %d is not the shortest", w.Position, w.DTW-1, a.Result, err, w.DTW)
		}
	}
}

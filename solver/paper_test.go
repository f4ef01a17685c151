package solver

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/data"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// TestPaper000 solves the worked positions of paper 000 rebuilt in data/:
// the verdict, exact DTW and unique winning move, and the DTW after each
// move the paper discusses.
func TestPaper000(t *testing.T) {
	cases := data.Paper000()
	if len(cases) < 3 {
		t.Fatalf("%d cases", len(cases))
	}
	s := New(Options{TTMegabytes: 16, Shortest: true})
	for _, c := range cases {
		p, err := engine.ParsePosition(c.Position)
		if err != nil {
			t.Fatalf("%s: %v", c.Source, err)
		}
		prover := engine.First
		if c.Prover == "s" {
			prover = engine.Second
		}
		a, err := s.Solve(context.Background(), p, prover)
		if err != nil {
			t.Fatal(err)
		}
		if a.Result.String() != c.Result || a.Plies != c.Plies || !a.Exact || a.Move.String() != c.Move {
			t.Errorf("%s: %v in %d (exact %v) by %v; data says %s in %d by %s", c.Source, a.Result, a.Plies, a.Exact, a.Move, c.Result, c.Plies, c.Move)
		}
		// The move is the unique fastest.
		var ml engine.MoveList
		ml.Generate(&p)
		for _, m := range ml.Slice() {
			q := p
			q.Make(purple.ProverMove(&q, prover, m))
			got := -1
			switch purple.ValueOf(&q, prover) {
			case purple.Win:
				got = 1
			case purple.Ongoing:
				b, err := s.Solve(context.Background(), q, prover)
				if err != nil || b.Result == Unknown {
					t.Fatalf("%s after %s: %v %v", c.Source, m, b.Result, err)
				}
				if b.Result == Win {
					got = b.Plies + 1
				}
			}
			if want, ok := c.FirstMoves[m.String()]; ok && got != want {
				t.Errorf("%s: after %s the win takes %d plies, data says %d", c.Source, m, got, want)
			}
			if m.String() != c.Move && got >= 0 && got <= c.Plies {
				t.Errorf("%s: %s also wins in %d, so %s is not the unique fastest", c.Source, m, got, c.Move)
			}
		}
	}
}

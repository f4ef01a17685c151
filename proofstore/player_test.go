package proofstore_test

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/solver"
)

// PurpleMax's df-pn prover, given the store through player.Env, keeps
// its root answers there, and a fresh prover (a new table: another game
// or process) answers the same questions from it, identically.
func TestPlayerProverUsesStore(t *testing.T) {
	o := proofstore.DefaultOptions()
	o.MinNodes = 0
	st, err := proofstore.Open(t.TempDir(), o)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	env := player.DefaultEnv().WithStore(st)
	r := engine.NewRand(5)
	var ps []engine.Position
	for len(ps) < 30 {
		if p, w := testpos.NearEnd(r, 10); p.Turn() == w {
			ps = append(ps, p)
		}
	}
	type answer struct {
		m     engine.Move
		plies int
		ok    bool
		loss  bool
	}
	ask := func(pr player.Prover) []answer {
		out := make([]answer, len(ps))
		for i := range ps {
			p := ps[i]
			out[i].m, out[i].plies, out[i].ok = pr.SureWin(context.Background(), &p, 200, 30_000)
			out[i].loss = pr.SureLoss(context.Background(), &p, p.Turn(), 200, 30_000)
		}
		return out
	}
	first := ask(env.NewProver())
	z, err := st.Size(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	c1 := st.Stats()
	second := ask(env.NewProver())
	c2 := st.Stats()
	wins := 0
	for i := range ps {
		if first[i] != second[i] {
			t.Errorf("%s: %+v, then %+v", ps[i].String(), first[i], second[i])
		}
		if first[i].ok {
			wins++
		}
	}
	// Every question the first round kept is a hit in the second.
	if c1.Hits != 0 || c2.Hits != z.Entries || z.Entries < 10 || z.Wins == 0 || z.Bounded == 0 {
		t.Errorf("%d wins; kept %+v; counters after the first round %+v, after the second %+v", wins, z, c1, c2)
	}
	// The bare solver agrees with what the store gave.
	s := solver.New(solver.Options{TTMegabytes: 16, MaxNodes: 30_000, PlyLimit: 200})
	for i, p := range ps {
		a, err := s.Solve(context.Background(), p, p.Turn())
		if err != nil || (a.Result == solver.Win) != second[i].ok {
			t.Errorf("%s: solver %+v %v, prover %+v", p.String(), a, err, second[i])
		}
	}
}

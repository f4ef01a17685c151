package match

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/solver"
)

// countingStore is a proof store that counts the questions asked of it
// and settles none.
type countingStore struct{ asked atomic.Int64 }

func (c *countingStore) Lookup(solver.Question) (solver.Answer, bool) {
	c.asked.Add(1)
	return solver.Answer{}, false
}
func (c *countingStore) Record(solver.Question, solver.Answer) {}

// A match never asks the proof store of its Env (games depend on their
// seeds only), while the same Env given to an agent directly does: the
// check could fail.
func TestMatchIgnoresProofStore(t *testing.T) {
	st := &countingStore{}
	env := player.DefaultEnv().WithStore(st)
	a, err := player.New("purplemax:depth=2", env)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := player.New("random", env)
	if _, err := Play(context.Background(), a, b, 1, 40, nil, nil); err != nil {
		t.Fatal(err)
	}
	if st.asked.Load() == 0 {
		t.Fatal("control: purplemax with a store never asked it")
	}
	st.asked.Store(0)
	if _, err := Run(context.Background(), Config{A: "purplemax:depth=2", B: "random", Games: 4, Seed: 1, PlyLimit: 40, Jobs: 2, Env: env}); err != nil {
		t.Fatal(err)
	}
	if n := st.asked.Load(); n != 0 {
		t.Fatalf("the match asked the proof store %d times", n)
	}
}

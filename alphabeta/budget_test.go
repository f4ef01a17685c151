package alphabeta

import (
	"context"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
)

func TestBudget(t *testing.T) {
	count := func(b *Budget) uint64 {
		for i := 0; i < 1<<20; i++ {
			if b.Node() {
				return b.Nodes()
			}
		}
		return 0
	}
	var b Budget
	b.Start(context.Background(), 5000, time.Time{})
	if n := count(&b); n != 5120 || !b.Stopped() { // the first poll at or past 5000
		t.Fatalf("node limit 5000: stopped after %d nodes (%v)", n, b.Stopped())
	}
	b.Start(context.Background(), 0, time.Time{})
	if n := count(&b); n != 0 || b.Stopped() {
		t.Fatalf("no limit: stopped after %d nodes", n)
	}
	b.Start(context.Background(), 0, time.Now().Add(-time.Second))
	if n := count(&b); n != 1024 {
		t.Fatalf("past deadline: stopped after %d nodes", n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b.Start(ctx, 0, time.Time{})
	if n := count(&b); n != 1024 {
		t.Fatalf("cancelled context: stopped after %d nodes", n)
	}
}

func TestLeaf(t *testing.T) {
	p, err := engine.ParsePosition("5B/6/R5/6/6/u4u f R1r1 10")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		limit, want int
		ok          bool
	}{{0, 0, false}, {11, 0, false}, {10, 0, true}, {9, 0, true}} {
		if v, ok := Leaf(&p, 3, c.limit); v != c.want || ok != c.ok {
			t.Errorf("ply 10, limit %d: %d %v, want %d %v", c.limit, v, ok, c.want, c.ok)
		}
	}
	escape, err := engine.ParseMove("f1f0")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(escape) // first wins; second to move has lost
	if v, ok := Leaf(&p, 3, 0); v != -(Win-3) || !ok {
		t.Errorf("lost: %d %v, want %d", v, ok, -(Win - 3))
	}
	if v, ok := Leaf(&p, 5, 11); v != -(Win-5) || !ok { // over before the limit counts
		t.Errorf("lost at the limit: %d %v, want %d", v, ok, -(Win - 5))
	}
	p.SetTurn(engine.First)
	if v, ok := Leaf(&p, 4, 0); v != Win-4 || !ok {
		t.Errorf("won: %d %v, want %d", v, ok, Win-4)
	}
}

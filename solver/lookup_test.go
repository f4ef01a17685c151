package solver

import (
	"context"
	"errors"
	"github.com/geister-solver/geister/tablebase"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// mapStore is a ProofStore over a map, for tests.
type mapStore map[engine.Position]Answer

func (m mapStore) Lookup(q Question) (Answer, bool) { a, ok := m[q.Pos]; return a, ok }
func (m mapStore) Record(q Question, a Answer)      { m[q.Pos] = a }

// LookupOnly answers from the tables what a search answers (exact
// distances, a line that wins in them, the opponent's forced win for a
// no-win), then from the store, and refuses what neither holds.
func lookupOnly(t *testing.T, ts *tablebase.DB, c purple.Class) {
	ctx := context.Background()
	look := New(Options{LookupOnly: true, Tables: ts, TTMegabytes: 1})
	search := New(Options{Shortest: true, TTMegabytes: 16})
	opp := New(Options{Shortest: true, ForOpponent: true, TTMegabytes: 16})
	r := engine.NewRand(9)
	wins, losses := 0, 0
	for i := 0; i < 40; i++ {
		p := c.Random(r, engine.Player(i%2))
		if p.Outcome() != engine.Ongoing {
			continue
		}
		a, err := look.Solve(ctx, p, engine.First)
		if err != nil {
			t.Fatal(err)
		}
		b, err := search.Solve(ctx, p, engine.First)
		if err != nil {
			t.Fatal(err)
		}
		if a.Source != "table" || a.Nodes != 0 || a.Result != b.Result || a.Plies != b.Plies || len(a.PV) != a.Plies {
			t.Fatalf("%s: lookup %+v, search %+v", p.String(), a, b)
		}
		q := p
		for _, m := range a.PV {
			q.Make(m)
		}
		if a.Result == Win {
			wins++
			if q.Outcome() != engine.FirstWins {
				t.Errorf("%s: line %v does not win", p.String(), a.PV)
			}
		}
		if a.LossPlies > 0 {
			losses++
			if l, err := opp.Solve(ctx, p, engine.First); err != nil || l.Result != Win || l.Plies != a.LossPlies {
				t.Errorf("%s: lookup says the opponent wins in %d, search %+v %v", p.String(), a.LossPlies, l, err)
			}
		}
	}
	if wins == 0 || losses == 0 {
		t.Errorf("%d wins, %d losses sampled", wins, losses)
	}
	// Beyond the tables: the store, then nothing.
	p := engine.MustParsePosition("uuu3/B5/R5/6/6/1R4 f R2r2")
	st := mapStore{}
	look = New(Options{LookupOnly: true, Tables: ts, Store: st, TTMegabytes: 1})
	if _, err := look.Solve(ctx, p, engine.First); !errors.Is(err, ErrNotHeld) {
		t.Fatalf("not held: %v", err)
	}
	st[p] = Answer{Result: NoWin}
	if a, err := look.Solve(ctx, p, engine.First); err != nil || a.Source != "store" || a.Result != NoWin {
		t.Errorf("from the store: %+v %v", a, err)
	}
}

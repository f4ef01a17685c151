package player

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// TestBeliefUCTWithTables builds the tables of every class with at most
// 4 pieces and plays beliefuct with them alone (no df-pn) in positions of
// 1B1R-2U1r: where the tables say we surely win, its move keeps the win
// (the tables' distance shrinks); where some moves lose in every
// colouring of the opponent's pieces (the opponent's own table, its
// colours from the world, ours hidden) and others do not, it plays none
// of the lost ones, and it proves exactly those lost.
func TestBeliefUCTWithTables(t *testing.T) {
	db := tables4(t)
	a := mustNew(t, "beliefuct:iterations=300,dfpn=0", DefaultEnv().WithTables(db))
	// lost reports whether the opponent surely wins after m in every world.
	lost := func(p *engine.Position, m engine.Move) bool {
		me := p.Turn()
		for _, w := range colourings(p) {
			q := w
			q.Make(m)
			if o := q.Outcome(); o != engine.Ongoing {
				if win, ok := o.Winner(); ok && win == me.Other() {
					continue
				}
				return false
			}
			q.Hide(me)
			v, err := db.Probe(&q, me.Other())
			if err != nil {
				t.Fatalf("%s: %v", q.String(), err)
			}
			if v.Result != purple.Win {
				return false
			}
		}
		return true
	}
	wins, avoided := 0, 0
	c, _ := purple.ParseClass("1B1R-2U1r")
	err := db.Scan(context.Background(), c, func(p engine.Position, v tablebase.Entry) error {
		if p.Turn() != engine.First || wins >= 30 && avoided >= 30 {
			return nil
		}
		var ml engine.MoveList
		ml.Generate(&p)
		if _, esc := escapeMove(&ml); esc || ml.N < 2 {
			return nil
		}
		var bad []engine.Move
		if v.Result == purple.Win {
			if wins >= 30 || v.Plies < 3 {
				return nil
			}
		} else {
			if avoided >= 30 {
				return nil
			}
			for _, m := range ml.Slice() {
				if lost(&p, m) {
					bad = append(bad, m)
				}
			}
			if len(bad) == 0 || len(bad) == ml.N {
				return nil
			}
		}
		a.NewGame(engine.First, 1)
		view := NewView(p, engine.First, nil, 0)
		m, err := a.Move(context.Background(), &view)
		if err != nil {
			return err
		}
		if v.Result == purple.Win {
			wins++
			q := p
			q.Make(m.RevealRed())
			if q.Outcome() == engine.FirstWins {
				return nil
			}
			cv, err := db.Probe(&q, engine.First)
			if err != nil || cv.Result != purple.Win || cv.Plies >= v.Plies {
				t.Errorf("%s (win in %d): %s leads to %v, %v", p.String(), v.Plies, m, cv, err)
			}
			return nil
		}
		avoided++
		if m.In(bad) {
			t.Errorf("%s: played %s, lost in every world (so are %v)", p.String(), m, bad)
		}
		if n := a.(*beliefUCT).Last.Avoided; n != len(bad) {
			t.Errorf("%s: %d moves proven lost, want %d (%v)", p.String(), n, len(bad), bad)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if wins < 30 || avoided < 30 {
		t.Fatalf("checked %d wins and %d positions with lost moves", wins, avoided)
	}
}

package player

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// TestRealTablesGiveExactMoves builds the tables of every class with at
// most 4 pieces and checks that PurpleMax, at depth 1 so that only the
// tables can know, plays the table's fastest win and its longest loss.
func TestRealTablesGiveExactMoves(t *testing.T) {
	dir := t.TempDir()
	db, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	classes, err := tablebase.Plan(purple.Classes(4))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tablebase.Build(context.Background(), db, classes, tablebase.BuildOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	tables := db
	a := mustNew(t, "purplemax:depth=1,random=false", DefaultEnv().WithTables(tables))
	wins, losses := 0, 0
	c, _ := purple.ParseClass("1B1R-2U1r")
	err = db.Scan(context.Background(), c, func(p engine.Position, v tablebase.Entry) error {
		if p.Turn() != engine.First || (v.Result == purple.Win && (v.Plies < 5 || wins >= 20)) ||
			(v.Result == purple.Loss && (v.Plies < 4 || losses >= 20)) || v.Result == purple.Ongoing {
			return nil
		}
		a.NewGame(engine.First, 1)
		view := NewView(p, engine.First, nil, 0)
		m, err := a.Move(context.Background(), &view)
		if err != nil {
			return err
		}
		q := p
		q.Make(m.RevealRed())
		cv, err := db.Probe(&q, engine.First)
		if err != nil && q.Outcome() == engine.Ongoing {
			return err
		}
		switch v.Result {
		case purple.Win:
			wins++
			if cv.Result != purple.Win || cv.Plies != v.Plies-1 {
				t.Errorf("%s (win in %d): %s leads to %v", p.String(), v.Plies, m, cv)
			}
		case purple.Loss:
			losses++
			if q.Outcome() != engine.Ongoing || cv.Result != purple.Loss || cv.Plies != v.Plies-1 {
				t.Errorf("%s (loss in %d): %s leads to %v", p.String(), v.Plies, m, cv)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if wins < 10 || losses < 10 {
		t.Fatalf("checked %d wins and %d losses", wins, losses)
	}
}

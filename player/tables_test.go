package player

import (
	"context"
	"os"
	"sync"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

var (
	tables4Once sync.Once
	tables4DB   *tablebase.DB
	tables4Err  error
)

// tables4 returns the tables of every class with at most 4 pieces, built
// once for the package's tests (into a directory TestMain removes).
func tables4(t *testing.T) *tablebase.DB {
	t.Helper()
	tables4Once.Do(func() {
		var db *tablebase.DB
		if db, tables4Err = tablebase.Open(tables4Dir); tables4Err != nil {
			return
		}
		classes, err := tablebase.Plan(purple.Classes(4))
		if err == nil {
			_, err = tablebase.Build(context.Background(), db, classes, tablebase.BuildOptions{Workers: 2})
		}
		if err != nil {
			db.Close()
			tables4Err = err
			return
		}
		tables4DB = db
	})
	if tables4Err != nil {
		t.Fatal(tables4Err)
	}
	return tables4DB
}

// tables4Dir is where tables4 builds; TestMain makes and removes it.
var tables4Dir string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "player-tables4-")
	if err != nil {
		panic(err)
	}
	tables4Dir = dir
	code := m.Run()
	if tables4DB != nil {
		tables4DB.Close()
	}
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestRealTablesGiveExactMoves builds the tables of every class with at
// most 4 pieces and checks that PurpleMax, at depth 1 so that only the
// tables can know, plays the table's fastest win and its longest loss.
func TestRealTablesGiveExactMoves(t *testing.T) {
	db := tables4(t)
	a := mustNew(t, "purplemax:depth=1,random=false", DefaultEnv().WithTables(db))
	wins, losses := 0, 0
	c, _ := purple.ParseClass("1B1R-2U1r")
	err := db.Scan(context.Background(), c, func(p engine.Position, v tablebase.Entry) error {
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

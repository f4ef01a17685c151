package analysis

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// TestWithTables analyses a game in a class the tables hold: the first
// player's verdicts come from the tables, exact and never unknown, and
// agree with df-pn's answers without them wherever df-pn decides.
func TestWithTables(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a table (about a second)")
	}
	db, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, _ := purple.ParseClass("1B1R-2U1r")
	if _, err := tablebase.Build(context.Background(), db, []purple.Class{c}, tablebase.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	// Fig. 4 of paper 000 with every colour shown: the first player
	// surely wins in 5 with d1e1; here it steps back first (the tables
	// say that throws the sure win away), and wins when the second
	// player lets it win after all.
	start := engine.MustParsePosition("rb1B2/6/R5/6/6/6 f R1r1")
	moves := line(t, "d1d2", "b1c1", "d2d1", "c1b1", "d1e1", "a1a2", "e1f1", "a2a1", "f1f0")
	o := DefaultOptions()
	o.Tables = db
	with, err := AnalyzeLine(context.Background(), start, moves, 0, o)
	if err != nil {
		t.Fatal(err)
	}
	tableAnswers := 0
	for i, p := range with.Plies[:len(with.Plies)-1] {
		if p.First.Source == "table" {
			tableAnswers++
			if p.First.Result == "win" && !p.First.Exact {
				t.Errorf("ply %d: a table answer that is not exact: %+v", i, p.First)
			}
		}
	}
	if tableAnswers == 0 {
		t.Fatalf("no verdict came from the tables")
	}
	o.Tables = nil
	without, err := AnalyzeLine(context.Background(), start, moves, 0, o)
	if err != nil {
		t.Fatal(err)
	}
	for i := range with.Plies {
		a, b := with.Plies[i].First, without.Plies[i].First
		if a.Result == "unknown" {
			t.Errorf("ply %d: the tables left the question open", i)
		}
		if b.Result == "unknown" {
			continue // df-pn's budget ran out where the table knows
		}
		if a.Result != b.Result || (a.Result == "win" && a.Exact && b.Exact && a.Plies != b.Plies) {
			t.Errorf("ply %d: with tables %+v, without %+v", i, a, b)
		}
	}
	if with.ForcedFrom < 0 || (without.ForcedFrom >= 0 && with.ForcedFrom > without.ForcedFrom) {
		t.Errorf("forced from %d with tables, %d without: the tables know at least as much", with.ForcedFrom, without.ForcedFrom)
	}
}

package solver_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

// tables adapts a tablebase to purple.Tables.
type tables struct{ db *tablebase.DB }

func (t tables) Has(c purple.Class) bool { return t.db.Has(c) }
func (t tables) ProbeValue(p *engine.Position, prover engine.Player) (purple.Value, int, error) {
	v, err := t.db.Probe(p, prover)
	return v.Result, v.Plies, err
}

// Endgame tables of the smallest class, built, then answered without
// search (LookupOnly: SPEC §2's example wins in 5 with d1e1) and
// compared on a sample with df-pn searches that do not use them.
func ExampleCrossCheck() {
	dir, _ := os.MkdirTemp("", "tables")
	defer os.RemoveAll(dir)
	db, err := tablebase.Open(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	c, _ := purple.ParseClass("1B1R-2U1r")
	ctx := context.Background()
	if _, err := tablebase.Build(ctx, db, []purple.Class{c}, tablebase.BuildOptions{Workers: 2}); err != nil {
		fmt.Println(err)
		return
	}
	s := solver.New(solver.Options{LookupOnly: true, Tables: tables{db}, TTMegabytes: 1})
	a, err := s.Solve(ctx, engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1"), engine.First)
	fmt.Println(a.Result, a.Plies, a.Move, a.Source, a.Nodes, err)

	rep, err := solver.CrossCheck(ctx, tables{db}, []purple.Class{c}, solver.CrossCheckOptions{Samples: 20, Seed: 1, Nodes: 100_000, TTMegabytes: 8})
	fmt.Println(rep[0].Class, len(rep[0].Disagreements), rep[0].Agree+rep[0].Undecided > 0, err)
	// Output:
	// win 5 d1e1 table 0 <nil>
	// 1B1R-2U1r 0 true <nil>
}

package sources_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// The first of the longest sure wins of the smallest class (the prover
// to move), with its line, read from its table.
func ExampleEnumerateTable() {
	dir, err := smallTables()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	db, err := tablebase.OpenReadOnly(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	c, _ := purple.ParseClass("1B1R-2U1r")
	counts, err := sources.EnumerateTable(context.Background(), db, c, solver.Filter{MinDTW: 19, Side: 0}, true, func(en solver.Enumerated, a solver.Answer) error {
		fmt.Println(en.Pos.String(), a.Plies, a.Move, len(a.PV) == a.Plies, engine.MoveTexts(a.PV)[0] == a.Move.String())
		return solver.ErrStop
	}, nil)
	fmt.Println(counts.Matched, counts.Stopped, err)
	// Output:
	// 6/6/uB4/2u3/2R3/6 f R1r1 0 19 b3b2 true true
	// 1 true <nil>
}

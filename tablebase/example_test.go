package tablebase_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// Build the table of one small material class, then open it again
// read-only and probe a position of it.
func Example() {
	dir, err := os.MkdirTemp("", "tables")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	// One blue and one red against two hidden pieces, one of them red
	// (1B1R-2U1r); its captures lead into classes with nothing to build.
	class := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	db, err := tablebase.Open(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := tablebase.Build(context.Background(), db, []purple.Class{class}, tablebase.BuildOptions{Workers: 1}); err != nil {
		fmt.Println(err)
		return
	}
	if err := db.Close(); err != nil {
		fmt.Println(err)
		return
	}

	o := tablebase.DefaultOptions()
	o.ReadOnly = true
	db, err = tablebase.OpenWith(dir, o)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	pos, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	v, err := db.Probe(&pos, engine.First)
	if err != nil {
		fmt.Println(err)
		return
	}
	m, _, err := db.BestMove(&pos, engine.First)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(db.Has(class), v, m)
	// Output: true win in 5 d1e1
}

package sources_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// Build the smallest class, then check it: its blocks, every entry
// against its children, and a sample of positions against df-pn.
func ExampleVerifyTables() {
	dir, err := smallTables()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	o := solver.CrossCheckOptions{Samples: 3, Seed: 1, Nodes: 20000, TTMegabytes: 8}
	check, err := sources.VerifyTables(context.Background(), dir, nil, o, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	s := check.Sample[0]
	fmt.Println(check.OK, s.Class, s.Agree+s.Undecided, len(s.Disagreements))
	// A class the directory does not hold is an error naming it.
	_, err = sources.VerifyTables(context.Background(), dir, []purple.Class{{Blues: 2, Reds: 1, OppPieces: 2, OppReds: 1}}, o, nil)
	fmt.Println(err != nil && strings.Contains(err.Error(), "class 2B1R-2U1r is not complete"))
	// Output:
	// true 1B1R-2U1r 3 0
	// true
}

// smallTables builds the table of the smallest class, 1B1R-2U1r, in a new
// directory, which the caller removes.
func smallTables() (string, error) {
	dir, err := os.MkdirTemp("", "tables")
	if err != nil {
		return "", err
	}
	c, _ := purple.ParseClass("1B1R-2U1r")
	db, err := tablebase.Open(dir)
	if err == nil {
		_, err = tablebase.Build(context.Background(), db, []purple.Class{c}, tablebase.BuildOptions{Workers: 1})
		if cerr := db.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		os.RemoveAll(dir)
		return "", err
	}
	return dir, nil
}

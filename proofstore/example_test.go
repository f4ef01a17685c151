package proofstore_test

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/solver"
)

// The solver writes what df-pn proves to the store; the next solve of
// the same position (or its mirror image) is answered from it.
func Example() {
	dir, err := os.MkdirTemp("", "proofs")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	o := proofstore.DefaultOptions()
	o.MinNodes = 0 // keep even this small proof
	st, err := proofstore.Open(dir, o)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer st.Close()

	pos, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if err != nil {
		fmt.Println(err)
		return
	}
	opts := solver.Options{TTMegabytes: 8, Shortest: true, Store: st}
	for range 2 {
		a, err := solver.New(opts).Solve(context.Background(), pos, engine.First)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(a.Result, a.Plies, a.Move, a.Source)
	}
	// Output:
	// win 5 d1e1 dfpn
	// win 5 d1e1 store
}

package tablebase_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

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

// The plan of a build as jobs: each class with its positions and the
// classes it reads, smallest first, so that each job can run once the
// jobs of the classes it reads have finished.
func ExamplePlanJobs() {
	jobs, err := tablebase.PlanJobs([]purple.Class{{Blues: 1, Reds: 2, OppPieces: 3, OppReds: 2}})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, j := range jobs {
		fmt.Println(j.Class, j.Positions, j.Reads, j.MemoryBytes > 0)
	}
	// Output:
	// 1B1R-2U1r 1413720 [] true
	// 1B1R-3U2r 15079680 [1B1R-2U1r] true
	// 1B2R-2U1r 22619520 [1B1R-2U1r] true
	// 1B2R-3U2r 233735040 [1B2R-2U1r 1B1R-3U2r] true
}

// Classes built as jobs into stores of their own are read as one table
// through a path list, and merged into one store.
func ExampleMerge() {
	root, err := os.MkdirTemp("", "tables")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(root)
	small := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	build := func(dir string, opts tablebase.BuildOptions) error {
		db, err := tablebase.Open(dir)
		if err != nil {
			return err
		}
		defer db.Close()
		opts.NoDeps = true // this class alone: one job
		_, err = tablebase.Build(context.Background(), db, []purple.Class{small}, opts)
		return err
	}
	if err := build(filepath.Join(root, small.String()), tablebase.BuildOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	src, err := tablebase.OpenReadOnly(filepath.Join(root, small.String()) + string(os.PathListSeparator) + filepath.Join(root, "other"))
	fmt.Println(src == nil, err != nil) // every store of a list must exist
	src, err = tablebase.OpenReadOnly(filepath.Join(root, small.String()))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer src.Close()
	dst, err := tablebase.Open(filepath.Join(root, "merged"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dst.Close()
	rep, err := tablebase.Merge(context.Background(), dst, src)
	fmt.Println(len(rep.Copied), err, dst.Has(small))
	// Output:
	// true true
	// 1 <nil> true
}

// The longest wins of a class with the prover to move: ScanWhere reads
// each entry's value first and makes positions only for those kept.
func ExampleDB_ScanWhere() {
	dir, err := os.MkdirTemp("", "tables")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	class := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	db, err := tablebase.Open(dir)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	if _, err := tablebase.Build(context.Background(), db, []purple.Class{class}, tablebase.BuildOptions{Workers: 1}); err != nil {
		fmt.Println(err)
		return
	}
	keep := func(proverToMove bool, v tablebase.Entry) bool {
		return proverToMove && v.Result == purple.Win && v.Plies >= 19
	}
	n := 0
	err = db.ScanWhere(context.Background(), class, keep, func(p engine.Position, v tablebase.Entry) error {
		if n == 0 {
			fmt.Println(p.String(), v)
		}
		n++
		return nil
	})
	fmt.Println(n, err)
	// Output:
	// 6/6/uB4/2u3/2R3/6 f R1r1 0 win in 19
	// 3 <nil>
}

package tablebase_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// A class built in a store of its own (one job of a cluster build), merged
// into the main store, which is then compared with it.
func ExampleMergeDirs() {
	dir, err := os.MkdirTemp("", "merge")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	job, main := filepath.Join(dir, "job"), filepath.Join(dir, "main")
	c, _ := purple.ParseClass("1B1R-2U1r")
	db, err := tablebase.Open(job)
	if err == nil {
		_, err = tablebase.Build(context.Background(), db, []purple.Class{c}, tablebase.BuildOptions{Workers: 1})
		db.Close()
	}
	if err != nil {
		fmt.Println(err)
		return
	}
	rep, err := tablebase.MergeDirs(context.Background(), main, []string{job})
	fmt.Println(len(rep.Copied), len(rep.Kept), err)
	rep, err = tablebase.MergeDirs(context.Background(), main, []string{job})
	fmt.Println(len(rep.Copied), len(rep.Kept), err)
	n, err := tablebase.CompareDirs(context.Background(), job, main)
	fmt.Println(n, err)
	// Output:
	// 1 0 <nil>
	// 0 1 <nil>
	// 1 <nil>
}

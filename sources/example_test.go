package sources_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/geister-solver/geister/sources"
)

// Open the tables and the proof store a program starts from: here the
// named table directory does not exist (a warning, no tables), and the
// store is asked for in a directory of its own (created).
func ExampleOpen() {
	dir, err := os.MkdirTemp("", "sources")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	warn := func(m string) { fmt.Println(strings.ReplaceAll(m, dir, "DIR")) }
	src, err := sources.Open(filepath.Join(dir, "tables"), false, sources.Store{On: true, Dir: filepath.Join(dir, "proofs")}, warn)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer src.Close()
	fmt.Println(src.Tables == nil, src.Store != nil, src.ProofStore() != nil)
	// Output:
	// warning: no table directory DIR/tables; going on without endgame tables
	// true true true
}

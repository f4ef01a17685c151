package sources_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// List a table directory that holds no class yet, then one that does not
// exist.
func ExampleWriteListing() {
	dir, err := os.MkdirTemp("", "listing")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	tables := filepath.Join(dir, "tables")
	db, err := tablebase.Open(tables)
	if err != nil {
		fmt.Println(err)
		return
	}
	db.Close()
	var out strings.Builder
	warn := func(m string) { fmt.Println("warning:", m) }
	err = sources.WriteListing(context.Background(), &out, tables, false, warn)
	fmt.Print(strings.ReplaceAll(out.String(), dir, "DIR"))
	fmt.Println(err)
	err = sources.WriteListing(context.Background(), &out, filepath.Join(dir, "none"), false, warn)
	fmt.Println(strings.ReplaceAll(err.Error(), dir, "DIR"))
	// Output:
	// no classes in DIR/tables (build them with geister build --pieces 5)
	// <nil>
	// no endgame tables in DIR/none (build them with geister build --pieces 5)
}

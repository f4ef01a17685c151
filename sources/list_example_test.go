package sources_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// List a table directory that holds no class yet (with the caller's note
// on what to do), then one that does not exist: a *NoTablesError.
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
	o := sources.ListOptions{Warn: warn, EmptyNote: "(make some first)"}
	err = sources.WriteListing(context.Background(), &out, tables, o)
	fmt.Print(strings.ReplaceAll(out.String(), dir, "DIR"))
	fmt.Println(err)
	err = sources.WriteListing(context.Background(), &out, filepath.Join(dir, "none"), o)
	var none *sources.NoTablesError
	fmt.Println(strings.ReplaceAll(err.Error(), dir, "DIR"), errors.As(err, &none), errors.Is(err, fs.ErrNotExist))
	// Output:
	// no classes in DIR/tables (make some first)
	// <nil>
	// no endgame tables in DIR/none true true
}

package main

import (
	"fmt"
	"io"

	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// warner prints the warnings of package sources on w.
func warner(w io.Writer) func(string) { return func(m string) { fmt.Fprintf(w, "geister: %s\n", m) } }

// openTablesDB opens the endgame tables in dir read-only
// (sources.OpenTables); the returned function closes them.
func openTablesDB(dir string) (*tablebase.DB, func() error, error) {
	db, err := sources.OpenTables(dir)
	if db == nil {
		return nil, func() error { return nil }, err
	}
	return db, db.Close, nil
}

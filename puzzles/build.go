package puzzles

import (
	"context"
	"fmt"
	"os"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// tempTables builds the endgame table of class c, and of the classes its
// captures lead into, in a temporary directory and returns it open with
// the function that closes and removes it. A class of five pieces builds
// in well under a second of CPU, after which every draw is answered
// exactly by probes instead of df-pn searches (thousands of times
// faster for long wins).
func tempTables(ctx context.Context, c purple.Class) (*tablebase.DB, func(), error) {
	dir, err := os.MkdirTemp("", "geister-puzzles-tables-")
	if err != nil {
		return nil, nil, err
	}
	remove := func() { os.RemoveAll(dir) }
	db, err := tablebase.Open(dir)
	if err != nil {
		remove()
		return nil, nil, err
	}
	done := func() { db.Close(); remove() }
	if _, err := tablebase.Build(ctx, db, []purple.Class{c}, tablebase.BuildOptions{CheckpointEvery: -1}); err != nil {
		done()
		return nil, nil, fmt.Errorf("puzzles: building the table of %s: %w", c, err)
	}
	return db, done, nil
}

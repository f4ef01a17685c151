package player

import (
	"errors"
	"fmt"
	"os"

	"geister/alphabeta"
	"geister/engine"
	"geister/purple"
	"geister/tablebase"
)

// dbTables adapts an open tablebase to the interface the search and the
// solver probe (alphabeta.Tables, solver.TableProber).
type dbTables struct{ db *tablebase.DB }

// TablesOf returns db as the tables agents probe.
func TablesOf(db *tablebase.DB) alphabeta.Tables { return dbTables{db} }

func (t dbTables) Has(c purple.Class) bool { return t.db.Has(c) }

func (t dbTables) ProbeValue(p *engine.Position, prover engine.Player) (purple.Value, int, error) {
	v, err := t.db.Probe(p, prover)
	if err != nil {
		return purple.Ongoing, 0, err
	}
	return v.Result, v.Plies, nil
}

// OpenTables opens the endgame tables in dir read-only (several processes
// may share them) for agents to probe. A directory that does not exist
// means no tables: nil, with no error. The returned function closes them.
func OpenTables(dir string) (alphabeta.Tables, func() error, error) {
	if dir == "" {
		return nil, func() error { return nil }, nil
	}
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return nil, func() error { return nil }, nil
	}
	o := tablebase.DefaultOptions()
	o.ReadOnly = true
	db, err := tablebase.OpenWith(dir, o)
	if err != nil {
		return nil, nil, fmt.Errorf("player: endgame tables in %s: %w", dir, err)
	}
	if len(db.Classes()) == 0 {
		db.Close()
		return nil, func() error { return nil }, nil
	}
	return TablesOf(db), db.Close, nil
}

package main

import (
	"geister/engine"
	"geister/purple"
	"geister/tablebase"
)

// dbTables is the name enumerate and keeper still give an open tablebase;
// *tablebase.DB is purple.Tables (and solver.ClassScanner) itself, so this
// forwards only, and goes when those commands pass the DB directly.
type dbTables struct{ db *tablebase.DB }

func (t dbTables) Has(c purple.Class) bool { return t.db.Has(c) }

func (t dbTables) ProbeValue(p *engine.Position, prover engine.Player) (purple.Value, int, error) {
	return t.db.ProbeValue(p, prover)
}

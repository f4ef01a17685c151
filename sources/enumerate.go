package sources

import (
	"context"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

// EnumerateTable streams the sure-win positions of class c that f keeps,
// read from the tables db (solver.Enumerate), each with the answer the
// tables give: the exact distance, a winning move when the prover is to
// move (the table's best when the filter found none), and with line a
// principal line. emit may stop the scan early with solver.ErrStop.
// progress, when not nil, gets the entries scanned of the class's total.
func EnumerateTable(ctx context.Context, db *tablebase.DB, c purple.Class, f solver.Filter, line bool,
	emit func(solver.Enumerated, solver.Answer) error, progress func(scanned, total uint64)) (solver.EnumCounts, error) {
	total := uint64(0)
	if m, ok := db.Manifest(c); ok {
		total = m.Stored[0] + m.Stored[1]
	}
	return solver.Enumerate(ctx, db, c, f, func(en solver.Enumerated) error {
		move := en.Move
		var pv []engine.Move
		if move == engine.NoMove && en.Pos.Turn() == engine.First {
			m, _, err := db.BestMove(&en.Pos, engine.First)
			if err != nil {
				return err
			}
			move = m
		}
		if line {
			l, err := db.Line(&en.Pos, engine.First, en.Plies)
			if err != nil {
				return err
			}
			pv = l
		}
		return emit(en, solver.Answer{Result: solver.Win, Plies: en.Plies, Move: move, PV: pv, Source: "table"})
	}, func(scanned uint64) {
		if progress != nil && total > 0 {
			progress(scanned, total)
		}
	})
}

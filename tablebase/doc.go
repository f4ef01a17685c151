// Package tablebase holds exact endgame tables of the purple game (SPEC §4,
// §6): for every position of a material class (purple.Class: the
// prover's blues and reds, the opponent's hidden pieces and how many are
// red), with either side to move, the distance to the prover's sure win
// (DTW), or to the opponent's forced win (DTL), or neither.
//
// It owns the index of a class (binomial ranking of each piece group, the
// prover as first player, mirror images stored once), the retrograde
// builder (predecessor counters over un-moves, level by level, on all
// cores; captures lead into smaller classes, built first), the Badger
// store (checksummed compressed blocks, a manifest per class, resumable
// builds), probing with a shared decoded-block cache, and verification
// (checksums and Bellman consistency of every entry).
//
//	db, err := tablebase.Open(tablebase.DefaultDir())
//	if err != nil { ... }
//	defer db.Close()
//	_, err = tablebase.Build(ctx, db, purple.Classes(5), tablebase.BuildOptions{})
//	if db.Has(class) {
//		v, err := db.Probe(&pos, prover)  // v.Result: purple.Win (v.Plies = DTW),
//		                                  // purple.Loss (DTL) or purple.Ongoing
//		m, v, err := db.BestMove(&pos, prover)
//	}
//	err = db.Scan(ctx, class, func(p engine.Position, v tablebase.Entry) error { ... })
//	err = db.ScanWhere(ctx, class, keep, fn) // keep sees each value first
//
// A DB is safe for concurrent use; open one per process (several
// processes may share a directory read-only, see Options.ReadOnly).
package tablebase

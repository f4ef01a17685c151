// Package dfpn is depth-first proof-number search (Nagai 2002) over a
// small AND/OR game interface. It knows nothing of Geister: the caller's
// Game says whose turn it is (OR: the side whose win is asked), what is
// known of a node without search (terminal, or exact facts from a table),
// its moves, and initial proof and disproof numbers.
//
// What it does (sources in docs/references.md, "df-pn", "1+ε trick",
// "GHI"):
//
//   - saturating proof and disproof numbers, child thresholds with the
//     1+ε trick of Pawlewicz & Lew: max(pn2+1, ⌈pn2·(1+ε)⌉);
//   - initial numbers from the game (mobility and a heuristic);
//   - a transposition table of 32-byte entries in 4-way buckets that
//     starts at 1 MiB and grows by four when half full, up to the size
//     asked for (so a small search never touches a large table);
//     replacement of the least-worked entry (solved entries kept first),
//     garbage collection of the least-worked half when it fills;
//   - budgets: nodes and a context deadline; statistics;
//   - distances: a proven node stores the length of its proof (OR: one
//     more than its shortest proven child, AND: one more than its longest),
//     a disproven node how many plies it has no win within;
//   - an optional ply bound (MaxDepth): "a win within D plies?". With a
//     bound the answer of a node depends only on the node and the plies
//     left, never on the path, so no cycle handling is needed;
//   - without a bound, cycles: a repetition of a position on the current
//     path is not a win. A disproof that rests on a repetition of an
//     ancestor depends on the path and is never stored as a plain
//     disproof (GHI); it lives only in the parent's child list. A
//     disproof that rests only on repetitions inside its own subtree is
//     path-independent and is stored. Proofs never rest on repetitions.
//   - Parallel: several goroutines search one root on one table
//     (NewSharedTable: a lock in each bucket, growing), taking in each other's
//     proofs and disproofs: SearchSplit shares out the root's children
//     (each child's subtree on one goroutine, the last open one helped),
//     Search runs df-pn from the root on each; the verdict and distances
//     are those of one goroutine.
//
// Use:
//
//	tt := dfpn.NewTable(64) // megabytes
//	r := dfpn.Search(ctx, game, tt, dfpn.Options{MaxNodes: 1e7})
//	switch r.Status { case dfpn.Proven: ... r.WinIn, r.Best }
package dfpn

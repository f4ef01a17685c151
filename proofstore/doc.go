// Package proofstore keeps what df-pn proves: a Badger store of root
// answers of the purple game (SPEC §4), probed before searching again.
// The same positions recur across games, enumerations and keeper runs;
// the endgame tables (package tablebase) cover only small material.
//
// An entry is keyed by the full canonical encoding of the position
// (purple.Key: prover as first player, mirror folded, every piece and
// count, the side to move; never a hash, so no collision can give a wrong
// answer) and by the question: does the prover win, or does the opponent
// force a win in the prover's purple game. Its value says what is proven:
// a win with its DTW, exact or an upper bound, the winning move and the
// principal line (kept in the canonical orientation and mapped back
// through purple.Transform); and/or no win within D plies, or no win
// ever (only searches without a ply bound give that: their no-wins never
// depend on the path, GHI). It also records the proof's size in nodes,
// the solver.Version, and a checksum over key and value. Answers of
// different searches of one question are merged (the shorter win, the
// larger no-win bound); proofs that contradict each other are reported
// and dropped. An entry answers only the questions it covers: an upper
// bound never answers a Shortest question, "no win within D" answers only
// bounds up to D.
//
// Keys start with FormatVersion: entries of another format are never
// read (Size counts them). A value that fails its checksum, its layout
// or the replay of its line is reported (Options.OnProblem, ErrCorrupt)
// and never used; the next proof of the question replaces it.
//
// The store lives in its own Badger directory beside the tables, DirFor
// (default "<table dir>.proofs"): the tables are immutable and opened
// read-only by every process, while this store needs a writer; Badger
// allows one writing process per directory. A process opens it once
// (OpenShared; match --threads N shares one Store between all games); a
// second process gets it read-only, or, while a writer holds it, not at
// all (ErrLocked), and goes on without it. Reads look in a cache of
// decoded, checked entries, else in Badger, and merge in the entries not
// yet written; writes queue in memory (visible to reads at once) and one
// background goroutine writes them in WriteBatches (BatchSize entries, or
// every FlushEvery), with the hit counters.
//
// Use with the solver (the store implements solver.ProofStore):
//
//	st, err := proofstore.OpenShared(proofstore.DirFor(tablebase.DefaultDir()), proofstore.DefaultOptions())
//	if err != nil { ... } // errors.Is(err, proofstore.ErrLocked): go on without
//	defer proofstore.Release(st)
//	opts := solver.DefaultOptions()
//	opts.Store = st                    // consulted after the tables, before df-pn
//	a, err := solver.New(opts).Solve(ctx, pos, prover) // a.Source == "store" on a hit
//
// Direct use (enumerations, keeper runs). Put checks what it is given: a
// win needs its principal line (legal, ending in the win, no longer than
// the plies); no-wins need none. Record does the same from a
// solver.Answer.
//
//	e, ok, err := st.Get(&pos, prover, proofstore.ProverWins) // moves in pos's orientation
//	err = st.Put(&pos, prover, proofstore.ProverWins, proofstore.Entry{
//		Win: true, Plies: 5, Exact: true, Move: m, PV: pv, Nodes: n, Solver: solver.Version})
//	err = st.Flush()                   // written (Close flushes too)
//	z, err := st.Size(ctx)             // entries, bytes; st.Stats(): hits, misses
//	rep, err := proofstore.Verify(ctx, st, proofstore.VerifyOptions{Sample: 100})
package proofstore

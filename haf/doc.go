// Package haf is the move policy that won the GAT2021 Geister tournament
// (KaoruShiga/geister_rl; paper 004 calls it HAF, the Hayazashi Agent
// Function), exactly as the original program computes it: for each legal
// move, the 127-bit vector of the position after it (our blues, our reds
// and the opponent's pieces by square, capture counts one-hot in three
// planes, capture and escape flags, a bias bit), the 8128 pair features
// b[i]·b[j] (j ≤ i, index i(i+1)/2 + j), and h = Σ θ over the active pairs
// as a float64 sum in ascending pair order. The policy plays the first
// move of maximum h in its own move order (pieces A..H, each E, S, W, N);
// there is no search and no forced escape. docs/haf.md describes it all.
//
// The trained θ ship with the package (embedded by package data, MIT
// licence): Builtin("900") after 9,000,000 self-play games (the default,
// and the θ paper 004 uses), Builtin("63") the file the program loaded at
// GAT2021; LoadFile reads any .npy file of the same layout and says what
// is wrong with a bad one.
//
// Two paths compute h. State, Afterstates and H follow the original
// literally (its frame, its piece letters, its move order; h summed in
// order, bit-identical to the original's test vectors). ScoreMoves scores
// every move of an engine.Position incrementally, without allocating (a
// move changes two to four bits, so only the pairs with those bits
// change), for searches that score many positions; its values agree with
// H to w.Tolerance(), and Choose turns them into the original's exact
// choice.
//
//	w, _ := haf.Builtin(haf.DefaultWeights)
//	var ml engine.MoveList
//	ml.Generate(&p)
//	var h [engine.MaxMoves]float64
//	err := w.ScoreMoves(&p, p.Turn(), ml.Slice(), h[:ml.N]) // every move's h
//	m, err := w.Choose(&p, nil)                              // the policy's move
package haf

// Package belief is a player's belief over the opponent's hidden colours
// during a game: a probability for each placement of the opponent's eight
// pieces (which four are red, at most C(8,4) = 70 placements) that
// agrees with what the player has seen (the colours its captures
// revealed, the reds the opponent has left), updated after every move of
// the opponent by an opponent model.
//
// A move model gives the probability of each opponent move under each
// placement: the HAF policy (package haf; the opponent's moves scored
// from its own side with the placement's colours), or a generic model of
// how programs move their blues and reds (GenericWeights), each mixed
// with a robust model (a uniform choice among the legal moves, but an
// escape whenever one is legal) so that no move rules a placement out.
// The default model (Average) averages over the two: it learns from the
// moves whether the opponent plays like the policy, and weighs the
// placements accordingly; alone, the HAF model reads the policy's own
// moves almost perfectly but other programs' worse than no inference at
// all. The uniform belief and paper 004's red likelihood are there for
// comparison.
//
// The pieces are followed by identity (sampling.Tracker): a placement
// names the opponent's pieces by the letters A–H of their start squares.
//
//	b := belief.New(engine.First, belief.DefaultOptions())
//	err := b.Sync(&view, moves) // at every turn: the view and every move so far
//	p := b.PBlue(sq)            // the chance the piece on sq is blue
//	worlds := b.Worlds(&view)   // colourings, likeliest first
//	w := b.Sample(rng, &view)   // one colouring drawn from the belief
//
// docs/belief.md measures the models on recorded games.
package belief

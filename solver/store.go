package solver

import (
	"github.com/geister-solver/geister/engine"
)

// Version identifies the solver's answers in stored proofs (package
// proofstore records it with every entry). Raise it when a change makes
// earlier answers untrustworthy, so that stored answers can be told apart.
const Version = 1

// ProofStore keeps root answers between runs (package proofstore is the
// Badger one). The solver asks it after the endgame tables and before
// df-pn, and hands it every root answer its search settled. It must be
// safe for concurrent use (Batch shares one between its solvers) and must
// answer only the questions its entries cover: an upper bound on the DTW
// never answers a Shortest question, and "no win within D" answers only
// bounds of D or less.
type ProofStore interface {
	// Lookup returns the answer to q if a stored entry settles it: Result
	// Win with Plies, Exact, Move and PV (Move NoMove when the opponent is
	// to move), or NoWin. The solver fills in the rest.
	Lookup(q Question) (Answer, bool)
	// Record offers a settled root answer (Result Win or NoWin, found by
	// search) for keeping. It should not block for long.
	Record(q Question, a Answer)
}

// Question is everything a root answer depends on: the position (its
// ply matters only through Bound), whose purple game it is, whose win
// is asked, and the ply bound.
type Question struct {
	Pos    engine.Position
	Prover engine.Player
	// ForOpponent asks whether the opponent forces a win in the prover's
	// purple game (Options.ForOpponent).
	ForOpponent bool
	// Bound asks for a win within that many plies (0: any length); it is
	// Options.MaxPlies narrowed by Options.PlyLimit.
	Bound int
	// Shortest asks for the exact DTW.
	Shortest bool
}

// question returns the question of the current call with bound.
func (s *Solver) question(bound int) Question {
	return Question{Pos: s.g.pos, Prover: s.g.prover, ForOpponent: s.opts.ForOpponent, Bound: bound, Shortest: s.opts.Shortest}
}

// lookupStore answers a from the store, if it can.
func (s *Solver) lookupStore(a *Answer, bound int) bool {
	b, ok := s.opts.Store.Lookup(s.question(bound))
	if !ok || (b.Result != Win && b.Result != NoWin) {
		return false
	}
	a.Result, a.Plies, a.Exact, a.Move, a.PV, a.Source = b.Result, b.Plies, b.Exact, b.Move, b.PV, "store"
	if a.Result == NoWin {
		a.Plies, a.Exact, a.Move, a.PV = 0, false, engine.NoMove, nil
	}
	return true
}

// recordStore offers a settled answer found by search to the store;
// not one the root's own evaluation gives (the store is not asked then).
func (s *Solver) recordStore(a *Answer, bound int) {
	if s.opts.Store == nil || a.Source != "dfpn" || a.Nodes == 0 || s.g.tableErr != nil {
		return
	}
	hits := s.g.tableHits
	ev := s.g.Evaluate()
	s.g.tableHits = hits
	if win, noWin := decidedAtRoot(ev, bound, false); win || noWin {
		return
	}
	if a.Result == NoWin || (a.Result == Win && len(a.PV) > 0) {
		s.opts.Store.Record(s.question(bound), *a)
	}
}

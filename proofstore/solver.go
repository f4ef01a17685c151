package proofstore

import (
	"errors"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

// Lookup answers a solver question from the store (solver.ProofStore):
// a win when a stored win fits the bound (and is exact, for a Shortest
// question), a no-win when a stored no-win covers the bound (a no-win
// found under a bound never answers a question without one). It counts
// a hit or a miss; corrupt entries are reported and missed.
func (s *Store) Lookup(q solver.Question) (solver.Answer, bool) {
	cp, t, pk := purple.Canonical(&q.Pos, q.Prover)
	e, ok, _ := s.getCanonical(&cp, makeKey(pk, questionOf(q.ForOpponent)))
	var a solver.Answer
	if ok {
		a.Result, ok = e.answer(q.Bound, q.Shortest)
	}
	if !ok {
		s.delta.misses.Add(1)
		return solver.Answer{}, false
	}
	s.delta.hits.Add(1)
	if a.Result == solver.Win {
		e = e.transformMoves(t.Unmove)
		a.Plies, a.Exact, a.Move, a.PV = e.Plies, e.Exact, e.Move, e.PV
	}
	return a, true
}

// Record keeps a root answer of the solver (solver.ProofStore): a win
// with its distance, exactness and line; a no-win as "no win ever"
// when the question had no bound, else as "no win within the bound".
// Answers that took fewer than Options.MinNodes nodes, unknowns, and
// everything on a read-only store are ignored; a faulty answer is
// reported (OnProblem), not kept.
func (s *Store) Record(q solver.Question, a solver.Answer) {
	if s.ro || a.Nodes < s.opts.MinNodes {
		return
	}
	e := Entry{Nodes: a.Nodes, Solver: solver.Version}
	switch a.Result {
	case solver.Win:
		e.Win, e.Plies, e.Exact, e.Move, e.PV = true, a.Plies, a.Exact, a.Move, a.PV
	case solver.NoWin:
		if q.Bound == 0 {
			e.NoWinEver = true
		} else {
			e.NoWinWithin = q.Bound
		}
	default:
		return
	}
	if err := s.Put(&q.Pos, q.Prover, questionOf(q.ForOpponent), e); err != nil && !errors.Is(err, ErrReadOnly) {
		s.report(fmt.Errorf("proofstore: not kept: %w", err))
	}
}

var _ solver.ProofStore = (*Store)(nil)

// The stores this process has open, by directory (OpenShared).
var shared struct {
	sync.Mutex
	m map[string]*sharedStore
}

type sharedStore struct {
	s    *Store
	refs int
}

// OpenShared returns this process's Store for dir, opening it on first
// use: read-write if it can; read-only when another process writes it
// (or when o.ReadOnly). Later calls for the same directory return the
// same Store (their options are ignored) and must each call Release.
// When another process holds the store for writing, so that not even
// read-only access is possible, the error wraps ErrLocked.
func OpenShared(dir string, o Options) (*Store, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("proofstore: %w", err)
	}
	shared.Lock()
	defer shared.Unlock()
	if ss, ok := shared.m[abs]; ok {
		ss.refs++
		return ss.s, nil
	}
	s, err := Open(dir, o)
	if errors.Is(err, ErrLocked) && !o.ReadOnly {
		ro := o
		ro.ReadOnly = true
		if s2, err2 := Open(dir, ro); err2 == nil {
			s, err = s2, nil
		}
	}
	if err != nil {
		return nil, err
	}
	if shared.m == nil {
		shared.m = map[string]*sharedStore{}
	}
	shared.m[abs] = &sharedStore{s: s, refs: 1}
	return s, nil
}

// Release gives back a Store from OpenShared, closing it when the last
// user releases it.
func Release(s *Store) error {
	abs, err := filepath.Abs(s.dir)
	if err != nil {
		return fmt.Errorf("proofstore: %w", err)
	}
	shared.Lock()
	ss, ok := shared.m[abs]
	if ok && ss.s == s {
		ss.refs--
		if ss.refs > 0 {
			shared.Unlock()
			return nil
		}
	}
	shared.Unlock()
	return s.Close()
}

// forget drops s from the stores OpenShared hands out.
func forget(s *Store) {
	abs, err := filepath.Abs(s.dir)
	if err != nil {
		return
	}
	shared.Lock()
	if ss, ok := shared.m[abs]; ok && ss.s == s {
		delete(shared.m, abs)
	}
	shared.Unlock()
}

// orSide returns the side whose win question q asks about, in the
// canonical orientation (the prover is the first player).
func orSide(q Question) engine.Player {
	if q == OpponentWins {
		return engine.Second
	}
	return engine.First
}

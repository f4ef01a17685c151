package player

import (
	"context"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

// DefaultEnv returns the environment the command line gives agents: the
// df-pn prover of package solver, without tables (see WithTables).
func DefaultEnv() Env {
	return Env{NewProver: func() Prover { return NewSolverProver(nil, 8) }}
}

// WithTables returns e with the endgame tables t for PurpleMax's search
// and its df-pn prover.
func (e Env) WithTables(t purple.Tables) Env {
	e.Tables = t
	if t != nil {
		e = e.withSolverProver()
	}
	return e
}

// WithStore returns e with the proof store st (one for all agents: it is
// safe for concurrent use), which the df-pn prover asks before searching
// and keeps what it proves in.
func (e Env) WithStore(st solver.ProofStore) Env {
	e.Store = st
	if st != nil {
		e = e.withSolverProver()
	}
	return e
}

// withSolverProver returns e with package solver's df-pn as its prover,
// using e's tables and proof store.
func (e Env) withSolverProver() Env {
	t, st := e.Tables, e.Store
	e.NewProver = func() Prover { return &solverProver{tables: t, store: st, ttMB: 8} }
	return e
}

// solverProver is the Prover made of package solver's df-pn: one solver
// for the sure-win question and one for the proven-loss question, each
// with its own transposition table of ttMB megabytes.
type solverProver struct {
	tables purple.Tables
	store  solver.ProofStore
	ttMB   int
	limit  int
	win    *solver.Solver
	loss   *solver.Solver
	budget uint64
}

// NewSolverProver returns a Prover that asks package solver (df-pn over
// the purple game, with tables when not nil).
func NewSolverProver(tables purple.Tables, ttMB int) Prover {
	return &solverProver{tables: tables, ttMB: ttMB}
}

func (s *solverProver) solvers(plyLimit int, maxNodes uint64) {
	if s.win != nil && s.limit == plyLimit && s.budget == maxNodes {
		return
	}
	opts := solver.Options{MaxNodes: maxNodes, PlyLimit: plyLimit, TTMegabytes: s.ttMB}
	if s.tables != nil {
		opts.Tables = s.tables
	}
	opts.Store = s.store
	s.win = solver.New(opts)
	opts.ForOpponent = true
	s.loss = solver.New(opts)
	s.limit, s.budget = plyLimit, maxNodes
}

func (s *solverProver) SureWin(ctx context.Context, p *engine.Position, plyLimit int, maxNodes uint64) (engine.Move, int, bool) {
	s.solvers(plyLimit, maxNodes)
	a, err := s.win.Solve(ctx, *p, p.Turn())
	if err != nil || a.Result != solver.Win || a.Move == engine.NoMove {
		return engine.NoMove, 0, false
	}
	return a.Move, a.Plies, true
}

func (s *solverProver) SureLoss(ctx context.Context, p *engine.Position, prover engine.Player, plyLimit int, maxNodes uint64) bool {
	s.solvers(plyLimit, maxNodes)
	a, err := s.loss.Solve(ctx, *p, prover)
	return err == nil && a.Result == solver.Win
}

// WithoutStore returns e without its proof store, its prover asking the
// tables only. Matches and tournaments play with it: a store grows with
// the games played (and with every solve run beside the tables), and a
// df-pn prover within a node budget finds more from it, so a game would
// depend on what was played or solved before, and on which thread played
// it, not only on its seed.
func (e Env) WithoutStore() Env {
	if e.Store == nil {
		return e
	}
	e.Store = nil
	if e.Tables != nil {
		return e.withSolverProver()
	}
	e.NewProver = DefaultEnv().NewProver
	return e
}

package web

import "github.com/geister-solver/geister/solver"

// solverKey is what a solver is made for (a Solver's options are fixed
// when it is made; its table stays valid across positions).
type solverKey struct {
	shortest bool
	maxPlies int
	nodes    uint64
}

// maxIdleSolvers bounds the idle solvers kept (each holds its table).
const maxIdleSolvers = 4

func (s *Server) getSolver(k solverKey) *solver.Solver {
	s.mu.Lock()
	if l := s.pool[k]; len(l) > 0 {
		sv := l[len(l)-1]
		s.pool[k] = l[:len(l)-1]
		s.idle--
		s.mu.Unlock()
		return sv
	}
	s.mu.Unlock()
	return solver.New(solver.Options{MaxNodes: k.nodes, MaxPlies: k.maxPlies, Shortest: k.shortest,
		TTMegabytes: s.cfg.SolveTTMegabyte, Tables: s.cfg.Tables, Store: s.cfg.Store})
}

func (s *Server) putSolver(k solverKey, sv *solver.Solver) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.idle >= maxIdleSolvers {
		for k2, l := range s.pool { // drop one of another kind
			if len(l) > 0 {
				s.pool[k2] = l[:len(l)-1]
				s.idle--
				break
			}
		}
	}
	s.pool[k] = append(s.pool[k], sv)
	s.idle++
}

package solver

import (
	"fmt"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
)

// facts is what is known of a node without searching it: the game's own
// evaluation and the transposition table's solved facts.
type facts struct {
	move  dfpn.Move
	winIn uint16 // wins within (InfLen: unknown)
	noWin uint16 // no win within (InfLen: never)
}

// childFacts lists the current node's children with their facts.
func (s *Solver) childFacts() []facts {
	g := s.g
	moves := g.Moves(nil)
	out := make([]facts, len(moves))
	for i, m := range moves {
		g.Play(m)
		ev := g.Evaluate()
		winIn, noWin, _, _ := s.tt.Facts(g.Hash())
		g.Undo()
		out[i] = facts{move: m, winIn: min(ev.WinIn, winIn), noWin: max(ev.NoWin, noWin)}
	}
	return out
}

// line walks the principal line of a proven win of a.Plies plies and
// fills a.PV and a.Move. With exact distances (a.Exact) every step keeps
// the DTW exact: the prover's moves win fastest, the opponent's replies
// resist longest. Otherwise it follows the proof: the prover's moves
// with the shortest known proof, the opponent's with the longest.
func (s *Solver) line(a *Answer) error {
	g := s.g
	played := 0
	defer func() {
		for ; played > 0; played-- {
			g.Undo()
		}
	}()
	var pv []engine.Move
	for k := a.Plies; k > 0 && g.pos.Outcome() == engine.Ongoing; {
		m, kc, err := s.step(k, a.Exact)
		if err != nil {
			return err
		}
		pv = append(pv, engine.Move(m).Plain())
		g.Play(m)
		played++
		k = kc
	}
	if g.pos.Outcome() != engine.WinFor(g.orSide) {
		return fmt.Errorf("solver: internal error: the principal line of %s ends in %s, not a win", a.Position, g.pos.String())
	}
	a.PV = pv
	if len(pv) > 0 && played == len(pv) && rootTurn(g, played) == g.orSide {
		a.Move = pv[0]
	}
	return nil
}

// step chooses the next move of a line from a node that wins within k
// plies (exactly k when exact) and returns it with the distance of the
// child.
func (s *Solver) step(k int, exact bool) (dfpn.Move, int, error) {
	g := s.g
	fs := s.childFacts()
	if g.OrNode() {
		best := -1
		for i, f := range fs {
			if int(f.winIn) <= k-1 && (best < 0 || f.winIn < fs[best].winIn) {
				best = i
			}
		}
		if best < 0 {
			// No stored proof of a child: search them, most promising first.
			for i := range fs {
				r, err := s.searchChild(fs[i].move, k-1)
				if err != nil {
					return 0, 0, err
				}
				if r.Status == dfpn.Proven {
					best, fs[i].winIn = i, uint16(r.WinIn)
					break
				}
			}
		}
		if best < 0 {
			return 0, 0, fmt.Errorf("solver: internal error: no move of %s wins within %d plies", g.pos.String(), k-1)
		}
		if exact {
			return fs[best].move, k - 1, nil
		}
		return fs[best].move, int(fs[best].winIn), nil
	}
	if exact {
		// The longest resistance has DTW exactly k-1: no win within k-2.
		if k == 1 {
			return fs[0].move, 0, nil
		}
		order := resistanceOrder(fs)
		for _, i := range order {
			f := fs[i]
			if f.winIn == 0 {
				continue
			}
			if int(f.noWin) >= k-2 {
				return f.move, k - 1, nil
			}
		}
		for _, i := range order {
			if fs[i].winIn == 0 {
				continue
			}
			r, err := s.searchChild(fs[i].move, k-2)
			if err != nil {
				return 0, 0, err
			}
			if r.Status == dfpn.Disproven {
				return fs[i].move, k - 1, nil
			}
		}
		return 0, 0, fmt.Errorf("solver: internal error: every reply in %s loses within %d plies, yet its DTW is %d", g.pos.String(), k-2, k)
	}
	// Along the proof: every reply is lost within k-1; take the one whose
	// proof is longest, searching replies whose proofs are not stored.
	best := -1
	for i := range fs {
		if int(fs[i].winIn) > k-1 {
			r, err := s.searchChild(fs[i].move, k-1)
			if err != nil {
				return 0, 0, err
			}
			if r.Status != dfpn.Proven {
				return 0, 0, fmt.Errorf("solver: internal error: reply %s in %s is not lost within %d plies", engine.Move(fs[i].move), g.pos.String(), k-1)
			}
			fs[i].winIn = uint16(r.WinIn)
		}
		if best < 0 || fs[i].winIn > fs[best].winIn {
			best = i
		}
	}
	return fs[best].move, int(fs[best].winIn), nil
}

// resistanceOrder lists children by the longest known proof first, those
// without one last.
func resistanceOrder(fs []facts) []int {
	order := make([]int, 0, len(fs))
	for i := range fs {
		order = append(order, i)
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && key(fs[order[j]]) > key(fs[order[j-1]]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	return order
}

func key(f facts) int {
	if f.winIn == dfpn.InfLen {
		return -1
	}
	return int(f.winIn)
}

// searchChild searches the child after m with d plies (d ≥ 0).
func (s *Solver) searchChild(m dfpn.Move, d int) (dfpn.Report, error) {
	s.g.Play(m)
	defer s.g.Undo()
	if d == 0 {
		ev := s.g.Evaluate()
		if ev.WinIn == 0 {
			return dfpn.Report{Status: dfpn.Proven, WinIn: 0}, nil
		}
		return dfpn.Report{Status: dfpn.Disproven, NoWin: 0}, nil
	}
	r, err := s.search(d, SearchLine)
	if err == nil && r.Status == dfpn.Undecided {
		err = errBudget
	}
	return r, err
}

// rootTurn returns the side to move at the root, played plies up.
func rootTurn(g *game, played int) engine.Player {
	if played%2 == 0 {
		return g.pos.Turn()
	}
	return g.pos.Turn().Other()
}

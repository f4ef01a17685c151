// Package reference holds plain, obviously-correct solvers that the tests
// of faster code check against: depth-bounded AND/OR search by plain
// recursion over engine moves, with a memo keyed by the whole position
// (never a hash) and the remaining depth. No heuristics, no tricks.
// They are slow and meant for small material and shallow depths.
package reference

import (
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// Mode says how captures of colour-unknown pieces are resolved.
type Mode int

const (
	// Purple: every prover capture of a hidden piece is red while a hidden
	// red remains (SPEC §4).
	Purple Mode = iota
	// BothColours: where the counts leave both colours possible, the
	// capture branches on both, and the prover must win after either (the
	// colour is revealed, so its play may depend on it). This is the
	// definition of a sure win, with nature choosing colours as late as
	// possible.
	BothColours
)

// memoKey is a position and the plies left, exactly: what stands on
// each of the 36 squares (nothing, or a kind of one player's piece) in
// three bits a square, eighteen squares a word, and the red counts, the
// side to move and the plies left in the third word. Different positions
// have different keys (TestKeyExact checks it against the bitboards
// themselves); 24 bytes where the bitboards took 80, which the memo's
// map hashes, compares and moves at every lookup and growth (the tests
// that check against this package spent most of their time there).
type memoKey struct {
	squares [2]uint64
	rest    uint64
}

// Solver answers "can winner force a win within d plies?" in the game
// where prover's pieces all show their colours and the opponent's hidden
// pieces resolve as Mode says. Winner may be the prover (a sure win) or
// the opponent (a proven loss for the prover).
type Solver struct {
	Prover engine.Player
	Winner engine.Player
	Mode   Mode
	memo   map[memoKey]bool
	// Nodes counts the positions the search created and evaluated (one
	// per move made), the unit df-pn counts in.
	Nodes int
}

// New returns a solver; winner is the side whose forced win is asked.
func New(prover, winner engine.Player, mode Mode) *Solver {
	return &Solver{Prover: prover, Winner: winner, Mode: mode, memo: map[memoKey]bool{}}
}

// squareIndex numbers the board's squares 0..35 by their bits.
var squareIndex = func() (t [64]uint8) {
	for b := engine.BoardMask; b != 0; b &= b - 1 {
		sq := engine.Square(bits.TrailingZeros64(b))
		t[sq] = uint8((sq.Rank()-1)*6 + sq.File())
	}
	return t
}()

func key(p *engine.Position, d int) memoKey {
	var k memoKey
	for pl := engine.First; pl <= engine.Second; pl++ {
		for kind := engine.Blue; kind < engine.NumKinds; kind++ {
			code := uint64(1 + 3*int(pl) + int(kind)) // 1..6; 0 is an empty square
			for b := p.Pieces(pl, kind); b != 0; b &= b - 1 {
				i := squareIndex[bits.TrailingZeros64(b)]
				k.squares[i/18] |= code << (3 * (i % 18))
			}
		}
	}
	k.rest = uint64(p.Reds(engine.First)) | uint64(p.Reds(engine.Second))<<8 |
		uint64(p.Turn())<<16 | uint64(d)<<24
	return k
}

// WinWithin reports whether Winner can force a win from p within d plies
// (the winning ply counts). p is not changed.
func (s *Solver) WinWithin(p *engine.Position, d int) bool {
	if w, ok := p.Outcome().Winner(); ok {
		return w == s.Winner
	}
	if d <= 0 {
		return false
	}
	k := key(p, d)
	if v, ok := s.memo[k]; ok {
		return v
	}
	q := *p
	var ml engine.MoveList
	ml.Generate(&q)
	winnerToMove := q.Turn() == s.Winner
	result := !winnerToMove // OR: any child wins; AND: all children win
	for _, m := range ml.Slice() {
		var ok bool
		if q.Turn() == s.Prover && s.Mode == BothColours && s.ambiguousCapture(&q, m) {
			// Nature picks the colour against the prover: the prover's
			// win needs both colours to win, the opponent's either.
			red, blue := s.child(&q, m.RevealRed(), d), s.child(&q, m.Plain(), d)
			if s.Winner == s.Prover {
				ok = red && blue
			} else {
				ok = red || blue
			}
		} else {
			if q.Turn() == s.Prover {
				m = m.RevealRed()
			}
			ok = s.child(&q, m, d)
		}
		if winnerToMove && ok {
			result = true
			break
		}
		if !winnerToMove && !ok {
			result = false
			break
		}
	}
	s.memo[k] = result
	return result
}

func (s *Solver) child(p *engine.Position, m engine.Move, d int) bool {
	s.Nodes++
	u := p.Make(m)
	v := s.WinWithin(p, d-1)
	p.Unmake(u)
	return v
}

// ambiguousCapture reports whether m captures a hidden piece whose colour
// the counts leave open.
func (s *Solver) ambiguousCapture(p *engine.Position, m engine.Move) bool {
	if m.IsEscape() {
		return false
	}
	opp := p.Turn().Other()
	if p.Pieces(opp, engine.Unknown)&m.To().Bit() == 0 {
		return false
	}
	return p.HiddenReds(opp) > 0 && p.HiddenBlues(opp) > 0
}

// DTW returns the least d ≤ maxDepth such that Winner wins within d
// plies, or -1 when there is none within maxDepth.
func (s *Solver) DTW(p *engine.Position, maxDepth int) int {
	for d := 0; d <= maxDepth; d++ {
		if s.WinWithin(p, d) {
			return d
		}
	}
	return -1
}

package haf

import (
	"errors"
	"math"
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// ErrHidden is returned when the side whose moves are scored has pieces
// whose colour the position does not show: the policy needs to know which
// of its own pieces are blue and which red.
var ErrHidden = errors.New("haf: the scoring side's colours must be shown")

// scratch is the per-call working set of ScoreMoves: the current state's
// active bits and the row sums R[b] = Σ_{a active} θ(a, b) computed so far.
// It lives on the caller's stack.
type scratch struct {
	w    *Weights
	a    [32]uint8
	n    int
	have Bits
	r    [128]float64
}

// row returns R[b], computing it once.
func (s *scratch) row(b int) float64 {
	b &= 127
	if s.have[b>>6]>>(b&63)&1 != 0 {
		return s.r[b]
	}
	m := &s.w.m[b&127]
	a := s.a[:s.n]
	var x0, x1, x2, x3 float64
	i := 0
	for ; i+3 < len(a); i += 4 {
		x0 += m[a[i]&127]
		x1 += m[a[i+1]&127]
		x2 += m[a[i+2]&127]
		x3 += m[a[i+3]&127]
	}
	for ; i < len(a); i++ {
		x0 += m[a[i]&127]
	}
	v := (x0 + x1) + (x2 + x3)
	s.r[b] = v
	s.have[b>>6] |= 1 << (b & 63)
	return v
}

// ScoreMoves sets out[i] to h of the afterstate of moves[i], seen from
// viewer (docs/haf.md §3–5), and returns nil; or it returns ErrHidden when
// p does not show viewer's colours. Each move must be legal for the player
// whose piece stands on its from-square:
//
//   - a move of viewer scores its afterstate, the policy's h: viewer's
//     piece moves; an escape sets the escape flag; a capture removes the
//     opponent's piece and sets the capture flag; the counts stay;
//   - a move of viewer's opponent scores the position after it seen from
//     viewer by the same rules with the roles swapped: the opponent's piece
//     moves (bits 84..119); its escape sets the escape flag; its capture
//     removes viewer's piece and sets the capture flag; the counts stay.
//     This is one reading of "the opponent's priority" for searches that
//     score the opponent's moves from their own side (paper 004 §5.2
//     negates it); to score them from the opponent's own view instead,
//     pass viewer = the opponent (with its colours shown).
//
// The moves may be in any order (the engine's MoveList order, say). The
// opponent's colours on the board are never used.
//
// The scores are incremental: h of the current state once, the row sums
// R[b] = Σ θ(a, b) over its active bits a for the few bits the moves
// change, and then each afterstate as h plus the pairs its changed bits
// gain and lose, with no recount. They are summed in another order than
// the original's in-order dot product, so they may differ from H of the
// same afterstate in the last bits, by at most w.Tolerance(); Choose makes
// the original's exact choice from them. ScoreMoves allocates nothing and
// is safe for concurrent use.
func (w *Weights) ScoreMoves(p *engine.Position, viewer engine.Player, moves []engine.Move, out []float64) error {
	if p.Pieces(viewer, engine.Unknown) != 0 {
		return ErrHidden
	}
	_ = out[:len(moves)]
	opp := viewer.Other()
	blue := compact(p.Pieces(viewer, engine.Blue), viewer)
	red := compact(p.Pieces(viewer, engine.Red), viewer)
	oppSq := compact(p.Occupied(opp), viewer)

	s := scratch{w: w}
	var cur Bits
	cur[0] = blue | red<<42
	cur[1] = red>>22 | oppSq<<20
	for t, n := range [4]int{4 - p.Blues(opp), 4 - p.Reds(opp), 4 - p.Blues(viewer), 4 - p.Reds(viewer)} {
		if n >= 1 && n <= 3 {
			cur.Set(42*(n-1) + 36 + t)
		}
	}
	for x := 0; x < 2; x++ {
		for v := cur[x]; v != 0; v &= v - 1 {
			s.a[s.n&31] = uint8(64*x + bits.TrailingZeros64(v))
			s.n++
		}
	}
	// h of the current state (without the bias: every afterstate gains it
	// as an added bit below), in four independent sums.
	var h0, h1, h2, h3 float64
	for x := 0; x < s.n; x++ {
		m := &w.m[s.a[x]&127]
		j := 0
		for ; j+3 <= x; j += 4 {
			h0 += m[s.a[j]&127]
			h1 += m[s.a[j+1]&127]
			h2 += m[s.a[j+2]&127]
			h3 += m[s.a[j+3]&127]
		}
		for ; j <= x; j++ {
			h0 += m[s.a[j]&127]
		}
	}
	h := (h0 + h1) + (h2 + h3)
	// Every afterstate gains the bias: add its pairs with the current
	// state once; each move then corrects for the bits it changes.
	hb := h + s.row(Bias) + w.m[Bias][Bias]
	mb := &w.m[Bias]
	own := blue | red

	for i, mv := range moves {
		fi := index(mv.From(), viewer)
		// The moving piece's plane: 0 (viewer's blue), 42 (viewer's red)
		// or 84 (the opponent's); the plane of a piece it captures.
		plane, victim := 84, 0
		if own>>fi&1 != 0 {
			plane, victim = 0, 84
			if red>>fi&1 != 0 {
				plane = 42
			}
		}
		x := plane + fi
		// Removed: x (and z for a capture). Added: y, or a flag f.
		if mv.IsEscape() {
			f := EscapeFlag
			mf := &w.m[f]
			out[i] = hb - s.row(x) - mb[x] + (s.row(f) - mf[x] + mf[f] + mb[f])
			continue
		}
		ti := index(mv.To(), viewer)
		y := plane + ti
		my := &w.m[y]
		var captured bool
		if plane == 84 {
			captured = own>>ti&1 != 0
			if red>>ti&1 != 0 {
				victim = 42
			}
		} else {
			captured = oppSq>>ti&1 != 0
		}
		if !captured {
			out[i] = hb - s.row(x) - mb[x] + (s.row(y) - my[x] + my[y] + mb[y])
			continue
		}
		z, f := victim+ti, CaptureFlag
		mf := &w.m[f]
		lost := s.row(x) + s.row(z) - w.m[x][z&127] + mb[x] + mb[z&127]
		gainY := s.row(y) - my[x] - my[z&127] + my[y] + mb[y]
		gainF := s.row(f) - mf[x] - mf[z&127] + mf[y] + mf[f] + mb[f]
		out[i] = hb - lost + gainY + gainF
	}
	return nil
}

// FromEngine returns the engine move m of s.Side as the original program
// names it, or false when no piece of s stands on its square or the step
// is not one square.
func (s *State) FromEngine(m engine.Move) (Move, bool) {
	from := m.From()
	if !from.OnBoard() {
		return Move{}, false
	}
	fi := index(from, s.Side)
	for i, u := range s.Units {
		if int(u.Square) != fi || u.Square < 0 {
			continue
		}
		if m.IsEscape() {
			switch fi {
			case 0:
				return Move{uint8(i), West}, true
			case 5:
				return Move{uint8(i), East}, true
			}
			return Move{}, false
		}
		if !m.To().OnBoard() {
			return Move{}, false
		}
		switch index(m.To(), s.Side) - fi {
		case 1:
			return Move{uint8(i), East}, true
		case 6:
			return Move{uint8(i), South}, true
		case -1:
			return Move{uint8(i), West}, true
		case -6:
			return Move{uint8(i), North}, true
		}
		return Move{}, false
	}
	return Move{}, false
}

// Choose returns the move the policy plays in p for the side to move: the
// first maximum of h over the legal moves in the original order (pieces
// lettered by units; nil: ReadingUnits). It scores every move with
// ScoreMoves; when other moves score within twice the tolerance of the
// best, it sums those exactly in the original order and takes the first
// maximum, so the choice is always the original's. It returns NoMove when
// the game is over.
func (w *Weights) Choose(p *engine.Position, units *Units) (engine.Move, error) {
	var ml engine.MoveList
	ml.Generate(p)
	if ml.N == 0 {
		return engine.NoMove, nil
	}
	var sc [engine.MaxMoves]float64
	if err := w.ScoreMoves(p, p.Turn(), ml.Slice(), sc[:ml.N]); err != nil {
		return engine.NoMove, err
	}
	best := 0
	for i := 1; i < ml.N; i++ {
		if sc[i] > sc[best] {
			best = i
		}
	}
	near := 0
	for i := 0; i < ml.N; i++ {
		if sc[i] >= sc[best]-2*w.tol {
			near++
		}
	}
	if near == 1 {
		return ml.Moves[best], nil
	}
	st, err := StateFromPosition(p, p.Turn(), units)
	if err != nil {
		return engine.NoMove, err
	}
	bestKey, bestH := -1, 0.0
	for i := 0; i < ml.N; i++ {
		if sc[i] < sc[best]-2*w.tol {
			continue
		}
		m, ok := st.FromEngine(ml.Moves[i])
		if !ok {
			continue
		}
		h := w.H(st.After(m))
		if bestKey < 0 || h > bestH || (h == bestH && m.key() < bestKey) {
			best, bestKey, bestH = i, m.key(), h
		}
	}
	return ml.Moves[best], nil
}

// Softmax sets out[i] = exp(h[i]) / Σ_j exp(h[j]), the policy's move
// probabilities (paper 004 (2); the original's training policy), computed
// as exp(h[i] − max h) so that large scores do not overflow. For the
// opponent's moves scored from our side, paper 004 §5.2 inverts the sign:
// negate h first. out may be h itself. It allocates nothing.
func Softmax(out, h []float64) {
	if len(h) == 0 {
		return
	}
	_ = out[:len(h)]
	m := h[0]
	for _, v := range h[1:] {
		m = max(m, v)
	}
	sum := 0.0
	for i, v := range h {
		e := math.Exp(v - m)
		out[i] = e
		sum += e
	}
	for i := range h {
		out[i] /= sum
	}
}

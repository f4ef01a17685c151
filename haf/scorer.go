package haf

import (
	"errors"
	"math/bits"

	"geister/engine"
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

// ScoreMoves sets out[i] to h of the afterstate of moves[i], a legal move
// of side in p, seen from side (docs/haf.md §3–5), and returns nil; or it
// returns ErrHidden when p does not show side's colours. moves may be in
// any order (the engine's MoveList order, say); side is normally the side
// to move, and scoring the opponent's moves from the opponent's own view
// is side = p.Turn() at the opponent's turn. The opponent's colours on
// the board are never used.
//
// The scores are incremental (the item 4): h of the current state
// once, the row sums R[b] = Σ θ(a, b) over its active bits a for the few
// bits the moves change, and then each afterstate as h plus the pairs that
// its changed bits gain and lose, with no recount. They are summed in
// another order than the original's in-order dot product, so they may
// differ from H of the same afterstate in the last bits, by at most
// w.Tolerance(); Choose makes the original's exact choice from them.
// ScoreMoves allocates nothing and is safe for concurrent use.
func (w *Weights) ScoreMoves(p *engine.Position, side engine.Player, moves []engine.Move, out []float64) error {
	if p.Pieces(side, engine.Unknown) != 0 {
		return ErrHidden
	}
	_ = out[:len(moves)]
	opp := side.Other()
	blue := compact(p.Pieces(side, engine.Blue), side)
	red := compact(p.Pieces(side, engine.Red), side)
	oppSq := compact(p.Occupied(opp), side)

	s := scratch{w: w}
	var cur Bits
	cur[0] = blue | red<<42
	cur[1] = red>>22 | oppSq<<20
	for t, n := range [4]int{4 - p.Blues(opp), 4 - p.Reds(opp), 4 - p.Blues(side), 4 - p.Reds(side)} {
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

	for i, mv := range moves {
		from := mv.From()
		fi := index(from, side)
		plane := 0
		if red>>fi&1 != 0 {
			plane = 42
		}
		x := plane + fi
		// Removed: x (and z for a capture). Added: y and the flag f.
		if mv.IsEscape() {
			f := EscapeFlag
			mf := &w.m[f]
			out[i] = hb - s.row(x) - mb[x] + (s.row(f) - mf[x] + mf[f] + mb[f])
			continue
		}
		ti := index(mv.To(), side)
		y := plane + ti
		my := &w.m[y]
		if oppSq>>ti&1 == 0 {
			out[i] = hb - s.row(x) - mb[x] + (s.row(y) - my[x] + my[y] + mb[y])
			continue
		}
		z, f := 84+ti, CaptureFlag
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

package haf

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// ErrHiddenInput is returned by ColourTerms for a Hidden that cannot be a
// position: a piece off the board, two pieces on one square, a count out
// of range.
var ErrHiddenInput = errors.New("haf: invalid hidden position")

// Hidden is a position from the side to move's view when the caller does
// not know that side's colours (an opponent whose colours are being
// inferred): where the mover's pieces stand, where the other side's
// pieces stand, and the capture counts. The policy never reads the other
// side's colours, so none are needed.
type Hidden struct {
	// Side is the player whose moves are scored, the side to move.
	Side engine.Player
	// Pieces are the mover's pieces by a letter of the caller's choosing
	// (0–7), NoSquare for a piece that is not on the board.
	Pieces [8]engine.Square
	// Opp holds the squares of the other side's pieces.
	Opp uint64
	// Counts are State.Counts from Side's view: [0] the other side's
	// blues Side captured, [1] its reds Side captured, [2] Side's blues
	// lost, [3] Side's reds lost.
	Counts [4]int
}

// ColourTerms are the scores of every legal move of a Hidden mover as
// functions of its colours. With red the mover's colours (bit j set when
// piece j is red), Score(i, red) is h of move i's afterstate minus a
// value that depends on red but not on the move, so that for one
// colouring the scores differ from ScoreMoves' by one constant: the
// softmax of the policy (Softmax) is the same. Only pairs of the
// policy's features are involved, so Score is a sum of terms each
// reading at most the moving piece's colour and one other piece's.
type ColourTerms struct {
	// N is the number of moves.
	N int
	// Moves are the mover's moves, escapes included (legal only when the
	// escaping piece is blue).
	Moves [engine.MaxMoves]engine.Move
	// Piece is the letter of the piece each move moves.
	Piece [engine.MaxMoves]int8
	// Escape marks escapes.
	Escape [engine.MaxMoves]bool
	// d[i][c][j][cj]: the part of move i's score read from piece j of
	// colour cj (0 blue, 1 red) when the moving piece has colour c. The
	// moving piece's own entry carries the move's colour-free part.
	d [engine.MaxMoves][2][8][2]float64
}

// Score returns move i's score for the colouring red (bit j: piece j
// red). For an escape and a red moving piece the value means nothing:
// the move is not legal then.
func (t *ColourTerms) Score(i int, red uint8) float64 {
	d := &t.d[i]
	c := int(red>>uint(t.Piece[i]&7)) & 1
	dc := &d[c]
	return ((dc[0][red&1] + dc[1][red>>1&1]) + (dc[2][red>>2&1] + dc[3][red>>3&1])) +
		((dc[4][red>>4&1] + dc[5][red>>5&1]) + (dc[6][red>>6&1] + dc[7][red>>7&1]))
}

// Term returns the part of move i's score read from piece j of colour cj
// when the moving piece has colour c (0 blue, 1 red): Score(i, red) is
// the sum of Term(i, c, j, cj) over the eight letters. Callers that
// score many colourings may sum these in their own order.
func (t *ColourTerms) Term(i, c, j, cj int) float64 {
	return t.d[i][c&1][j&7][cj&1]
}

// ColourTerms fills t with every legal move of the mover of h and its
// score terms, without allocating. It returns an error wrapping
// ErrHiddenInput, naming the fault, when h cannot be a position.
func (w *Weights) ColourTerms(h *Hidden, t *ColourTerms) error {
	side := h.Side
	var occ uint64
	for j, s := range h.Pieces {
		if s == engine.NoSquare {
			continue
		}
		if !s.OnBoard() {
			return fmt.Errorf("%w: piece %d of the mover on square %d, off the board", ErrHiddenInput, j, s)
		}
		if occ&s.Bit() != 0 || h.Opp&s.Bit() != 0 {
			return fmt.Errorf("%w: two pieces on %s", ErrHiddenInput, s)
		}
		occ |= s.Bit()
	}
	if h.Opp&^engine.BoardMask != 0 {
		return fmt.Errorf("%w: the other side's squares %#x leave the board", ErrHiddenInput, h.Opp)
	}
	for k, n := range h.Counts {
		if n < 0 || n > 3 {
			return fmt.Errorf("%w: count %d is %d, want 0 to 3", ErrHiddenInput, k, n)
		}
	}
	// Q: the colour-free active bits of the current state.
	var q [16]uint8
	nq := 0
	for c := compact(h.Opp, side); c != 0; c &= c - 1 {
		q[nq&15] = uint8(84 + bits.TrailingZeros64(c))
		nq++
	}
	for k, n := range h.Counts {
		if n >= 1 {
			q[nq&15] = uint8(42*(n-1) + 36 + k)
			nq++
		}
	}
	rq := func(b int) float64 {
		m := &w.m[b&127]
		v := 0.0
		for _, a := range q[:nq] {
			v += m[a&127]
		}
		return v
	}
	var idx [8]int
	for j, s := range h.Pieces {
		if s != engine.NoSquare {
			idx[j] = index(s, side)
		}
	}
	exits := engine.Exits(side)
	n := 0
	add := func(k int, to engine.Square, escape bool) {
		t.Moves[n] = engine.NewMove(h.Pieces[k], to)
		t.Piece[n] = int8(k)
		t.Escape[n] = escape
		w.fillTerms(h, &idx, k, to, escape, rq, &t.d[n])
		n++
	}
	for k, s := range h.Pieces {
		if s == engine.NoSquare {
			continue
		}
		if exits&s.Bit() != 0 && n < engine.MaxMoves {
			rank := 0
			if side == engine.Second {
				rank = 7
			}
			add(k, engine.Sq(s.File(), rank), true)
		}
		for to := engine.Neighbours(s.Bit()) & engine.BoardMask &^ occ; to != 0 && n < engine.MaxMoves; to &= to - 1 {
			add(k, engine.Square(bits.TrailingZeros64(to)), false)
		}
	}
	t.N = n
	return nil
}

// fillTerms writes the terms of piece k's move to to (or its escape) into
// d, following ScoreMoves' formulas with the rows R(b) = Σ θ(a, b) over
// the current state's active bits a split into the colour-free part rq
// and each piece's part.
func (w *Weights) fillTerms(h *Hidden, idx *[8]int, k int, to engine.Square, escape bool, rq func(int) float64, d *[2][8][2]float64) {
	mb := &w.m[Bias]
	*d = [2][8][2]float64{}
	for c := 0; c < 2; c++ {
		if escape && c == 1 {
			continue
		}
		x := 42*c + idx[k]
		// rows[0:nr] with signs: the R terms of the formula; extra: the
		// move's θ terms that read no other piece.
		var rows [4]int
		var sign [4]float64
		nr := 0
		var extra float64
		switch {
		case escape:
			f := EscapeFlag
			mf := &w.m[f]
			rows, sign, nr = [4]int{x, f}, [4]float64{-1, 1}, 2
			extra = -mb[x] - mf[x] + mf[f] + mb[f]
		default:
			ti := index(to, h.Side)
			y := 42*c + ti
			my := &w.m[y]
			if h.Opp&to.Bit() == 0 {
				rows, sign, nr = [4]int{x, y}, [4]float64{-1, 1}, 2
				extra = -mb[x] - my[x] + my[y] + mb[y]
				break
			}
			z, f := 84+ti, CaptureFlag
			mf := &w.m[f]
			rows, sign, nr = [4]int{x, z, y, f}, [4]float64{-1, -1, 1, 1}, 4
			extra = w.m[x][z] - mb[x] - mb[z] +
				(-my[x] - my[z] + my[y] + mb[y]) +
				(-mf[x] - mf[z] + mf[y] + mf[f] + mb[f])
		}
		// The moving piece's own entry: its bit x in each row, the
		// colour-free rows and the extra terms.
		own := extra
		for r := 0; r < nr; r++ {
			own += sign[r] * (w.m[x][rows[r]] + rq(rows[r]))
		}
		d[c][k][c], d[c][k][1-c] = own, own
		for j, s := range h.Pieces {
			if j == k || s == engine.NoSquare {
				continue
			}
			for cj := 0; cj < 2; cj++ {
				m := &w.m[42*cj+idx[j]]
				v := 0.0
				for r := 0; r < nr; r++ {
					v += sign[r] * m[rows[r]]
				}
				d[c][j][cj] = v
			}
		}
	}
}

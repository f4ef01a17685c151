package sampling

import (
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// Board is the playout board: each side's blue and red pieces as
// bitboards on the engine's 8×8 frame (paper 004 §5.3: the 6×6 board
// inside an 8×8 frame, the squares beyond the exit corners standing for
// "escaped"), the side to move, the plies played and the result. It
// shows every colour: it is one world. Making a move costs a few bit
// operations and no hash, which is what makes playouts fast.
type Board struct {
	pieces [2][2]uint64 // [player][Blue, Red]
	turn   engine.Player
	ply    int
	won    engine.Outcome
}

// BoardOf returns the playout board of p, which must show every colour
// (a world); ok is false when p has a colour-unknown piece.
func BoardOf(p *engine.Position) (b Board, ok bool) {
	for pl := engine.First; pl <= engine.Second; pl++ {
		if p.Pieces(pl, engine.Unknown) != 0 {
			return b, false
		}
		b.pieces[pl][0] = p.Pieces(pl, engine.Blue)
		b.pieces[pl][1] = p.Pieces(pl, engine.Red)
	}
	b.turn, b.ply, b.won = p.Turn(), p.Ply(), p.Outcome()
	return b, true
}

// Turn returns the side to move.
func (b *Board) Turn() engine.Player { return b.turn }

// Ply returns the plies played since the start of the game.
func (b *Board) Ply() int { return b.ply }

// Outcome returns Ongoing unless a move ended the game.
func (b *Board) Outcome() engine.Outcome { return b.won }

// Pieces returns pl's pieces of kind k (Blue or Red).
func (b *Board) Pieces(pl engine.Player, k engine.Kind) uint64 { return b.pieces[pl][k&1] }

// escapeTargets returns the frame squares pl's blues on pl's exits can
// step to.
func escapeTargets(blue uint64, pl engine.Player) uint64 {
	on := blue & engine.Exits(pl)
	if pl == engine.First {
		return on >> 8
	}
	return on << 8
}

// Make plays the move from → to of the side to move (legal: a piece of
// the side to move on from, to next to it and not holding one of its own
// pieces, or the frame square beyond an exit for a blue there).
func (b *Board) Make(from, to engine.Square) {
	us := b.turn
	them := us ^ 1
	fb, tb := from.Bit(), to.Bit()
	k := 0
	if b.pieces[us][1]&fb != 0 {
		k = 1
	}
	b.pieces[us][k] ^= fb
	b.turn = them
	b.ply++
	if engine.BoardMask&tb == 0 {
		b.won = engine.WinFor(us)
		return
	}
	b.pieces[us][k] |= tb
	switch {
	case b.pieces[them][0]&tb != 0:
		b.pieces[them][0] &^= tb
		if b.pieces[them][0] == 0 {
			b.won = engine.WinFor(us)
		}
	case b.pieces[them][1]&tb != 0:
		b.pieces[them][1] &^= tb
		if b.pieces[them][1] == 0 {
			b.won = engine.WinFor(them)
		}
	}
}

// Result returns 1 for a win of pl, 0 for a loss, ½ for a draw or an
// unfinished game.
func Result(o engine.Outcome, pl engine.Player) float64 {
	if w, ok := o.Winner(); ok {
		if w == pl {
			return 1
		}
		return 0
	}
	return 0.5
}

// MaxPlayoutPlies bounds a playout when the game has no draw limit.
const MaxPlayoutPlies = 1000

// limitOf returns the ply at which a playout stops as a draw.
func limitOf(plyLimit int) int {
	if plyLimit <= 0 {
		return MaxPlayoutPlies
	}
	return plyLimit
}

// RandomMoveSquareFirst returns a random move of the side to move (the
// game must be ongoing): an escape when a blue can (see escape), else a
// move chosen as paper 004 §5.3 describes: first a
// target square among those the side to move can step to (the squares
// next to its pieces that hold none of them, and the frame squares beyond
// its exits where a blue stands), at random; then a random piece of its
// next to that square. It is not uniform over the moves, but it never
// picks a piece that cannot move, and costs two random numbers and a few
// bit operations.
func (b *Board) RandomMoveSquareFirst(r *engine.Rand) (from, to engine.Square) {
	us := b.turn
	if from, to, ok := b.escape(); ok {
		return from, to
	}
	own := b.pieces[us][0] | b.pieces[us][1]
	targets := engine.Neighbours(own)&^own | escapeTargets(b.pieces[us][0], us)
	t := nth(targets, r.Intn(bits.OnesCount64(targets)))
	tb := uint64(1) << t
	if engine.BoardMask&tb == 0 {
		// Beyond an exit: the blue on the exit next to it.
		if us == engine.First {
			return engine.Square(t + 8), engine.Square(t)
		}
		return engine.Square(t - 8), engine.Square(t)
	}
	cand := engine.Neighbours(tb) & own
	return engine.Square(nth(cand, r.Intn(bits.OnesCount64(cand)))), engine.Square(t)
}

// RandomMoveUniform returns an escape when a blue of the side to move can
// (see escape), else a legal move of the side to move (the game must be
// ongoing) drawn uniformly (paper 001 §2's random simulation):
// the moves are counted by direction and the chosen one found by its
// index, without listing them.
func (b *Board) RandomMoveUniform(r *engine.Rand) (from, to engine.Square) {
	us := b.turn
	if from, to, ok := b.escape(); ok {
		return from, to
	}
	own := b.pieces[us][0] | b.pieces[us][1]
	free := engine.BoardMask &^ own
	sets := [5]uint64{b.pieces[us][0] & engine.Exits(us), (own >> 8) & free, (own << 8) & free, (own >> 1) & free, (own << 1) & free}
	d, s := r.DrawBit(&sets)
	switch d {
	case 0:
		if us == engine.First {
			return s, s - 8
		}
		return s, s + 8
	case 1:
		return s + 8, s
	case 2:
		return s - 8, s
	case 3:
		return s + 1, s
	}
	return s - 1, s
}

// escape returns the escape of a blue of the side to move that stands on
// its exit, if any. Both random move choices take it: a player who can
// win in one move does (paper 000 §5's random player does the same), so
// that a blue on an exit weighs in the playouts as the threat it is.
func (b *Board) escape() (from, to engine.Square, ok bool) {
	us := b.turn
	e := b.pieces[us][0] & engine.Exits(us)
	if e == 0 {
		return 0, 0, false
	}
	from = engine.Square(bits.TrailingZeros64(e))
	if us == engine.First {
		return from, from - 8, true
	}
	return from, from + 8, true
}

// MoveChooser picks a random move of the side to move in an ongoing
// game: RandomMoveSquareFirst or RandomMoveUniform (or another policy).
type MoveChooser func(b *Board, r *engine.Rand) (from, to engine.Square)

// SquareFirst and Uniform are the two built-in move choosers.
var (
	SquareFirst MoveChooser = (*Board).RandomMoveSquareFirst
	Uniform     MoveChooser = (*Board).RandomMoveUniform
)

// PlayoutSquareFirst plays paper 004 §5.3's square-first random moves
// until the game ends or reaches plyLimit plies (0: MaxPlayoutPlies) and
// returns the outcome (Draw at the limit).
func (b *Board) PlayoutSquareFirst(r *engine.Rand, plyLimit int) engine.Outcome {
	limit := limitOf(plyLimit)
	for b.won == engine.Ongoing {
		if b.ply >= limit {
			return engine.Draw
		}
		b.Make(b.RandomMoveSquareFirst(r))
	}
	return b.won
}

// PlayoutUniform is PlayoutSquareFirst with uniformly random moves.
func (b *Board) PlayoutUniform(r *engine.Rand, plyLimit int) engine.Outcome {
	limit := limitOf(plyLimit)
	for b.won == engine.Ongoing {
		if b.ply >= limit {
			return engine.Draw
		}
		b.Make(b.RandomMoveUniform(r))
	}
	return b.won
}

// Playout plays moves chosen by choose (nil: Uniform) as PlayoutUniform
// does.
func (b *Board) Playout(choose MoveChooser, r *engine.Rand, plyLimit int) engine.Outcome {
	if choose == nil {
		return b.PlayoutUniform(r, plyLimit)
	}
	limit := limitOf(plyLimit)
	for b.won == engine.Ongoing {
		if b.ply >= limit {
			return engine.Draw
		}
		b.Make(choose(b, r))
	}
	return b.won
}

// nth returns the index of the k-th set bit of x (k from 0).
func nth(x uint64, k int) int {
	for ; k > 0; k-- {
		x &= x - 1
	}
	return bits.TrailingZeros64(x)
}

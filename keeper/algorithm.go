package keeper

import (
	"math/bits"

	"github.com/geister-solver/geister/engine"
)

// Reading selects between the two readings of Algorithm 1 where paper 002's
// text leaves a choice open (steps 7 and 9(b)). Both are written out in
// docs/keeper.md.
type Reading uint8

const (
	// Paper is the literal reading of paper 002 §3, Algorithm 1:
	//   - step 7: "if some piece can move to a square without an opponent
	//     piece, choose one of those pieces at random and move it to such a
	//     square"; only when no piece can, the chosen piece takes an
	//     opponent piece of value 0, else a random piece makes a random move;
	//   - step 9(b): both actions the step names (onto an exit without an
	//     opponent piece; take a value-0 piece on an exit) are choices.
	Paper Reading = iota
	// Agent is the reading of the project's keeper agent (player/keeper.go):
	//   - step 7: the chosen piece is any movable piece; it moves to a
	//     square without an opponent piece if it has one, else takes a
	//     value-0 piece, else a random piece makes a random move;
	//   - step 9(b): moves onto empty exits first; captures of value-0
	//     pieces on exits only when no such move exists.
	Agent
	// Cautious is the paper reading with one gap filled differently: when
	// step 8 moves its other piece towards the free exit and that piece
	// is not next to it, the text says nothing of how; Paper and Agent
	// step along a shortest path, taking an opponent piece in the way
	// when no empty square shortens it, whatever its value. Cautious never
	// takes the piece of value 1 on the way (steps 7 and 9(b) never take
	// it deliberately either); with no other step it plays step 7.
	Cautious
)

// Readings lists every reading.
var Readings = []Reading{Paper, Agent, Cautious}

func (r Reading) String() string {
	switch r {
	case Agent:
		return "agent"
	case Cautious:
		return "cautious"
	}
	return "paper"
}

// ParseReading reads "paper", "agent" or "cautious".
func ParseReading(s string) (Reading, error) {
	for _, r := range Readings {
		if s == r.String() {
			return r, nil
		}
	}
	return Paper, errorf("reading %q: want paper, agent or cautious", s)
}

// Choice is one move that Algorithm 1 may make: the move, and the opponent
// piece that step 8(b) gives the value 1 just before it (engine.NoSquare
// when the move sets no value). Keeper moves never capture with a reveal
// flag: the opponent's colours are shown in the keeper game.
type Choice struct {
	Move engine.Move
	Mark engine.Square
}

// Board is what Algorithm 1 looks at when the keeper player K is to move:
// the squares of K's pieces and of its opponent N's pieces (frame
// bitboards, engine.Square.Bit), K's side, and how many reds N has left.
// The algorithm never looks at its own colours (paper 002 §3, remark after
// Theorem 1), and N's colours enter only through N's red count (step 8).
type Board struct {
	K, N  uint64
	Side  engine.Player // K
	NReds int
}

// BoardOf returns the board of p for the side to move as keeper.
func BoardOf(p *engine.Position) Board {
	k := p.Turn()
	return Board{K: p.Occupied(k), N: p.Occupied(k.Other()), Side: k, NReds: p.Reds(k.Other())}
}

// Exits returns the squares the keeper keeps: its opponent's exits (K's
// own back corners).
func (b *Board) Exits() uint64 { return engine.Exits(b.Side.Other()) }

// Choices appends to dst every move Algorithm 1 may make on b, with marked
// the opponent piece that has the value 1 (engine.NoSquare: none; at most
// one piece has it, step 8(b)). Each random choice of the algorithm, and
// the probability p of step 8(b), becomes a set of alternatives: for the
// opponent's sure win every one of them must be answered.
//
// The steps (paper 002 §3, Algorithm 1; steps 1–3 are the placement and
// the first two moves, over before any position this package looks at):
//
//   - step 4: 3 or more pieces: step 5; 2 pieces: step 6.
//   - step 5: a piece not on an exit moves, to a square without an
//     opponent piece when one of them can (all such moves are choices);
//     else the captures of those pieces; else (no such piece can move at
//     all, which the board's shape rules out) any move.
//   - step 6: both pieces on exits: step 7; one: step 8; none: step 9.
//   - step 7: see Reading.
//   - step 8(a): no opponent piece on the free exit, or the opponent has 2
//     or more reds: the other piece steps towards the free exit (onto it,
//     taking what stands there, when next to it); the steps that shorten
//     its distance, to squares without opponent pieces first (the
//     project's agent, player/keeper.go; the Cautious reading never takes
//     the piece of value 1 on the way); step 7 if it has none.
//   - step 8(b): one opponent red left and an opponent piece on the free
//     exit: when no piece has the value 1, with probability p the exit
//     piece gets it — both outcomes are choices. Value 0: take it (step
//     towards it as in (a)); value 1: as step 7.
//   - step 9(a): a piece not next to an exit: any move of any piece.
//   - step 9(b): see Reading; when neither action exists, any move.
//
// Escapes are never chosen: Algorithm 1 has no step that declares one (an
// escape is not a move "to a square"), and being blind to its own colours
// it could not know which piece may leave.
func Choices(b *Board, marked engine.Square, r Reading, dst []Choice) []Choice {
	start := len(dst)
	if bits.OnesCount64(b.K) >= 3 {
		return b.step5(dst, start)
	}
	switch bits.OnesCount64(b.K & b.Exits()) {
	case 2:
		return dedupe(b.step7(dst, start, marked, engine.NoSquare, r), start)
	case 1:
		return dedupe(b.step8(dst, start, marked, r), start)
	}
	return b.step9(dst, start, marked, r)
}

// IsChoice reports whether c is one of Choices(b, marked, r).
func IsChoice(b *Board, marked engine.Square, r Reading, c Choice, buf []Choice) (bool, []Choice) {
	if bits.OnesCount64(b.K) >= 3 {
		// Step 5 without listing: a step of a piece not on an exit is a
		// choice when it is quiet (then some such piece can move to a
		// square without an opponent piece), or when it is a capture and
		// no such piece has a quiet move.
		from, to := c.Move.From(), c.Move.To()
		ex := b.Exits()
		if c.Mark != engine.NoSquare || b.K&from.Bit() == 0 || from.Bit()&ex != 0 || !to.OnBoard() ||
			engine.Neighbours(from.Bit())&to.Bit() == 0 || b.K&to.Bit() != 0 {
			goto slow
		}
		if b.N&to.Bit() == 0 {
			return true, buf
		}
	}
slow:
	buf = Choices(b, marked, r, buf[:0])
	for _, d := range buf {
		if d == c {
			return true, buf
		}
	}
	return false, buf
}

// dedupe removes repeated choices from dst[start:] (steps 7 and 8 may
// reach one move by two ways).
func dedupe(dst []Choice, start int) []Choice {
	out := dst[:start]
	for i, c := range dst[start:] {
		dup := false
		for _, d := range dst[start : start+i] {
			if d == c {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, c)
		}
	}
	return out
}

var dirs = [4]int{8, -8, 1, -1}

// targets returns the board squares next to s that K may enter: empty
// squares (quiet) and squares of opponent pieces (captures).
func (b *Board) targets(s engine.Square) (quiet, capt uint64) {
	t := engine.Neighbours(s.Bit()) &^ b.K
	return t &^ b.N, t & b.N
}

func (b *Board) addMoves(dst []Choice, start int, from engine.Square, to uint64, mark engine.Square) []Choice {
	for ; to != 0; to &= to - 1 {
		dst = append(dst, Choice{engine.NewMove(from, sq(to)), mark})
	}
	return dst
}

func sq(x uint64) engine.Square { return engine.Square(bits.TrailingZeros64(x)) }

// anyMove appends every legal (non-escape) move of every piece: "a random
// piece, a random direction".
func (b *Board) anyMove(dst []Choice, start int, mark engine.Square) []Choice {
	for x := b.K; x != 0; x &= x - 1 {
		s := sq(x)
		q, c := b.targets(s)
		dst = b.addMoves(dst, start, s, q|c, mark)
	}
	return dst
}

func (b *Board) step5(dst []Choice, start int) []Choice {
	free := b.K &^ b.Exits()
	var quiet, capt bool
	for x := free; x != 0; x &= x - 1 {
		q, c := b.targets(sq(x))
		quiet = quiet || q != 0
		capt = capt || c != 0
	}
	switch {
	case quiet:
		for x := free; x != 0; x &= x - 1 {
			q, _ := b.targets(sq(x))
			dst = b.addMoves(dst, start, sq(x), q, engine.NoSquare)
		}
	case capt:
		for x := free; x != 0; x &= x - 1 {
			_, c := b.targets(sq(x))
			dst = b.addMoves(dst, start, sq(x), c, engine.NoSquare)
		}
	default:
		dst = b.anyMove(dst, start, engine.NoSquare)
	}
	return dst
}

// step7 appends step 7's choices with marked the piece of value 1; mark
// is the Choice.Mark to record (set when step 8(b) has just given the
// value).
func (b *Board) step7(dst []Choice, start int, marked, mark engine.Square, r Reading) []Choice {
	anyQuiet := false
	for x := b.K; x != 0; x &= x - 1 {
		if q, _ := b.targets(sq(x)); q != 0 {
			anyQuiet = true
		}
	}
	fallback := false
	for x := b.K; x != 0; x &= x - 1 {
		s := sq(x)
		q, c := b.targets(s)
		switch {
		case q != 0:
			dst = b.addMoves(dst, start, s, q, mark)
		case c == 0:
			// Not movable: never chosen.
		case r != Agent && anyQuiet:
			// Paper: the chosen piece is one that can move to a square
			// without an opponent piece; this one cannot.
		default:
			if z := c &^ markBit(marked); z != 0 {
				dst = b.addMoves(dst, start, s, z, mark)
			} else {
				fallback = true
			}
		}
	}
	if fallback {
		dst = b.anyMove(dst, start, mark)
	}
	return dst
}

func markBit(s engine.Square) uint64 {
	if s == engine.NoSquare {
		return 0
	}
	return s.Bit()
}

// towards appends the steps of the piece on s that shorten its Manhattan
// distance to x, to squares without opponent pieces if there are such,
// else captures (never of the squares in avoid); it reports whether there
// was any.
func (b *Board) towards(dst []Choice, start int, s, x engine.Square, mark engine.Square, avoid uint64) ([]Choice, bool) {
	q, c := b.targets(s)
	c &^= avoid
	var nq, nc uint64
	d := s.Distance(x)
	for t := q | c; t != 0; t &= t - 1 {
		u := sq(t)
		if u.Distance(x) >= d {
			continue
		}
		if u.Bit()&q != 0 {
			nq |= u.Bit()
		} else {
			nc |= u.Bit()
		}
	}
	switch {
	case nq != 0:
		return b.addMoves(dst, start, s, nq, mark), true
	case nc != 0:
		return b.addMoves(dst, start, s, nc, mark), true
	}
	return dst, false
}

// FreeExit returns, with exactly one of the two exits held by K, the other
// one (step 8's free exit), else engine.NoSquare.
func (b *Board) FreeExit() engine.Square {
	ex := b.Exits()
	if bits.OnesCount64(b.K&ex) != 1 {
		return engine.NoSquare
	}
	return sq(ex &^ b.K)
}

func (b *Board) step8(dst []Choice, start int, marked engine.Square, r Reading) []Choice {
	free := b.FreeExit()
	other := sq(b.K &^ b.Exits())
	oppOnExit := b.N&free.Bit() != 0
	approach := func(dst []Choice, marked, mark engine.Square) []Choice {
		var avoid uint64
		if r == Cautious {
			avoid = markBit(marked)
		}
		dst, ok := b.towards(dst, start, other, free, mark, avoid)
		if !ok {
			dst = b.step7(dst, start, marked, mark, r)
		}
		return dst
	}
	switch {
	case !oppOnExit || b.NReds >= 2:
		return approach(dst, marked, engine.NoSquare) // (a)
	case marked == engine.NoSquare:
		// (b) with probability p the exit piece gets the value 1 ...
		dst = b.step7(dst, start, free, free, r)
		// ... else it keeps the value 0 and is taken.
		return approach(dst, marked, engine.NoSquare)
	case marked == free:
		return b.step7(dst, start, marked, engine.NoSquare, r)
	}
	return approach(dst, marked, engine.NoSquare)
}

func (b *Board) step9(dst []Choice, start int, marked engine.Square, r Reading) []Choice {
	ex := b.Exits()
	for x := b.K; x != 0; x &= x - 1 {
		if engine.Neighbours(sq(x).Bit())&ex == 0 {
			return b.anyMove(dst, start, engine.NoSquare) // (a)
		}
	}
	// (b) Both pieces next to exits.
	n := len(dst)
	for x := b.K; x != 0; x &= x - 1 {
		s := sq(x)
		dst = b.addMoves(dst, start, s, engine.Neighbours(s.Bit())&ex&^b.K&^b.N, engine.NoSquare)
	}
	if r != Agent || len(dst) == n {
		for x := b.K; x != 0; x &= x - 1 {
			s := sq(x)
			dst = b.addMoves(dst, start, s, engine.Neighbours(s.Bit())&ex&b.N&^markBit(marked), engine.NoSquare)
		}
	}
	if len(dst) == n {
		dst = b.anyMove(dst, start, engine.NoSquare)
	}
	return dst
}

// NextMark returns the opponent piece of value 1 after the move m of the
// side to move in p (before m is made), with c.Mark for a keeper move:
// the value follows its piece and is gone with it.
func NextMark(p *engine.Position, keeper engine.Player, marked engine.Square, m engine.Move, mark engine.Square) engine.Square {
	if p.Turn() == keeper {
		if mark != engine.NoSquare {
			marked = mark
		}
		if m.To() == marked {
			return engine.NoSquare
		}
		return marked
	}
	if m.From() == marked {
		if m.IsEscape() {
			return engine.NoSquare
		}
		return m.To()
	}
	return marked
}

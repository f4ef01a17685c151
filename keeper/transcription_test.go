package keeper

import (
	"sort"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// A second transcription of paper 002 §3, Algorithm 1, written from the
// text step by step and independent of Choices: it works on the position
// and its legal moves (engine.MoveList) instead of bitboards, and follows
// the paper's "choose a piece, then its move" wording literally. Every
// reading is checked against it on positions dense near K's exits, where
// hemmed-in keepers and occupied exits are common.

// allReadings lists every combination of the reading fields.
func allReadings() []Reading {
	var out []Reading
	for s7 := Step7Literal; s7 <= Step7AnyPiece; s7++ {
		for a := ApproachShortest; a <= ApproachCautious; a++ {
			for b := Step8bAsStep7; b <= Step8bWrittenGap7; b++ {
				for s9 := Step9bBoth; s9 <= Step9bExitFirst; s9++ {
					out = append(out, Reading{Step7: s7, Approach: a, Step8b: b, Step9b: s9})
				}
			}
		}
	}
	return out
}

// trans is the keeper (side to move of p) seen through its legal moves.
type trans struct {
	p      *engine.Position
	k      engine.Player
	marked engine.Square // N's piece of value 1
	r      Reading
	moves  []engine.Move // legal board moves (no escapes)
}

func newTrans(p *engine.Position, marked engine.Square, r Reading) *trans {
	t := &trans{p: p, k: p.Turn(), marked: marked, r: r}
	var ml engine.MoveList
	ml.Generate(p)
	for _, m := range ml.Slice() {
		if !m.IsEscape() {
			t.moves = append(t.moves, engine.NewMove(m.From(), m.To()))
		}
	}
	return t
}

func (t *trans) opponentAt(s engine.Square) bool {
	pl, _, ok := t.p.At(s)
	return ok && pl != t.k
}

func (t *trans) isExit(s engine.Square) bool {
	return s == engine.Sq(0, 1) && t.k == engine.Second || s == engine.Sq(5, 1) && t.k == engine.Second ||
		s == engine.Sq(0, 6) && t.k == engine.First || s == engine.Sq(5, 6) && t.k == engine.First
}

// pieces lists K's squares.
func (t *trans) pieces() []engine.Square {
	var out []engine.Square
	for _, s := range engine.BoardSquares {
		if pl, _, ok := t.p.At(s); ok && pl == t.k {
			out = append(out, s)
		}
	}
	return out
}

// movesOf lists the legal moves of the piece on s: to squares without an
// opponent piece (empty) and onto opponent pieces (captures), the latter
// without those of the piece of value 1 when value0 is set.
func (t *trans) movesOf(s engine.Square, empty bool, captures bool, value0 bool) []engine.Move {
	var out []engine.Move
	for _, m := range t.moves {
		if m.From() != s {
			continue
		}
		opp := t.opponentAt(m.To())
		if !opp && empty || opp && captures && (!value0 || m.To() != t.marked) {
			out = append(out, m)
		}
	}
	return out
}

type tchoice struct {
	m    engine.Move
	mark engine.Square
}

func with(ms []engine.Move, mark engine.Square) []tchoice {
	var out []tchoice
	for _, m := range ms {
		out = append(out, tchoice{m, mark})
	}
	return out
}

// choices follows steps 4 to 9.
func (t *trans) choices() []tchoice {
	ps := t.pieces()
	if len(ps) >= 3 {
		return t.step5(ps)
	}
	onExit := 0
	for _, s := range ps {
		if t.isExit(s) {
			onExit++
		}
	}
	switch onExit {
	case 2:
		return t.step7(engine.NoSquare)
	case 1:
		return t.step8(ps)
	}
	return t.step9(ps)
}

// Step 5: move a piece other than those on the exits; to a destination
// without an opponent piece when there is one.
func (t *trans) step5(ps []engine.Square) []tchoice {
	var empty, all []engine.Move
	for _, s := range ps {
		if t.isExit(s) {
			continue
		}
		empty = append(empty, t.movesOf(s, true, false, false)...)
		all = append(all, t.movesOf(s, true, true, false)...)
	}
	switch {
	case len(empty) > 0:
		return with(empty, engine.NoSquare)
	case len(all) > 0:
		return with(all, engine.NoSquare)
	}
	return with(t.moves, engine.NoSquare)
}

// Step 7: choose a piece at random — literal: among those that can move
// to a square without an opponent piece, if there is one; any piece: among
// all movable pieces — and move it to such a square; if every destination
// of the chosen piece holds an opponent piece, choose one of value 0; if
// none has value 0, a random piece in a random direction.
func (t *trans) step7(mark engine.Square) []tchoice {
	var candidates []engine.Square
	for _, s := range t.pieces() {
		if len(t.movesOf(s, true, false, false)) > 0 {
			candidates = append(candidates, s)
		}
	}
	if len(candidates) == 0 || t.r.Step7 == Step7AnyPiece {
		candidates = nil
		for _, s := range t.pieces() {
			if len(t.movesOf(s, true, true, false)) > 0 {
				candidates = append(candidates, s)
			}
		}
	}
	var out []tchoice
	randomMove := false
	for _, s := range candidates {
		if e := t.movesOf(s, true, false, false); len(e) > 0 {
			out = append(out, with(e, mark)...)
		} else if z := t.movesOf(s, false, true, true); len(z) > 0 {
			out = append(out, with(z, mark)...)
		} else {
			randomMove = true
		}
	}
	if randomMove {
		out = append(out, with(t.moves, mark)...)
	}
	return out
}

// Step 8: one keeper on an exit, the other piece elsewhere.
func (t *trans) step8(ps []engine.Square) []tchoice {
	var keeper, other, free engine.Square
	for _, s := range ps {
		if t.isExit(s) {
			keeper = s
		} else {
			other = s
		}
	}
	for _, s := range engine.BoardSquares {
		if t.isExit(s) && s != keeper {
			free = s
		}
	}
	// (a): no opponent piece on the free exit, or two or more opponent
	// reds: move the other piece to the exit.
	if !t.opponentAt(free) || t.p.Reds(t.k.Other()) >= 2 {
		return t.approach(other, free, engine.NoSquare)
	}
	// (b): the value of the exit piece becomes 1 with probability p when
	// no other piece has it; then value 0: take it, moving to the exit;
	// value 1: the response.
	switch t.marked {
	case engine.NoSquare:
		t2 := *t
		t2.marked = free
		out := t2.value1(keeper, free)
		return append(out, t.approach(other, free, engine.NoSquare)...)
	case free:
		return t.value1(keeper, engine.NoSquare)
	}
	return t.approach(other, free, engine.NoSquare)
}

// approach: the steps of the piece on s that bring it nearer to x (in
// Manhattan distance), to squares without opponent pieces if any, else
// onto opponent pieces (cautious: never the piece of value 1); step 7 when
// there is none.
func (t *trans) approach(s, x engine.Square, mark engine.Square) []tchoice {
	dist := func(a engine.Square) int {
		df, dr := a.File()-x.File(), a.Rank()-x.Rank()
		if df < 0 {
			df = -df
		}
		if dr < 0 {
			dr = -dr
		}
		return df + dr
	}
	var empty, capt []engine.Move
	for _, m := range t.movesOf(s, true, true, false) {
		if dist(m.To()) >= dist(s) {
			continue
		}
		switch {
		case !t.opponentAt(m.To()):
			empty = append(empty, m)
		case t.r.Approach == ApproachCautious && m.To() == t.marked:
		default:
			capt = append(capt, m)
		}
	}
	switch {
	case len(empty) > 0:
		return with(empty, mark)
	case len(capt) > 0:
		return with(capt, mark)
	}
	return t.step7(mark)
}

// value1 is step 8(b)'s response when the exit piece has the value 1
// (t.marked); mark records a value just given.
func (t *trans) value1(keeper engine.Square, mark engine.Square) []tchoice {
	switch t.r.Step8b {
	case Step8bWritten, Step8bWrittenGap7:
		// "If the keeper on the exit can move to a square where an
		// opponent piece is placed, ... move to a square where no opponent
		// piece is placed. If every destination holds an opponent piece,
		// choose one of value 0." Otherwise nothing is said: any move
		// (written), or step 7 (the gap filled by step 7).
		if len(t.movesOf(keeper, false, true, false)) == 0 {
			if t.r.Step8b == Step8bWrittenGap7 {
				return t.step7(mark)
			}
			return with(t.moves, mark)
		}
		if e := t.movesOf(keeper, true, false, false); len(e) > 0 {
			return with(e, mark)
		}
		return with(t.movesOf(keeper, false, true, true), mark)
	case Step8bCorrected:
		if e := t.movesOf(keeper, true, false, false); len(e) > 0 {
			return with(e, mark)
		}
		return with(t.movesOf(keeper, false, true, true), mark)
	}
	return t.step7(mark)
}

// Step 9: both pieces off the exits.
func (t *trans) step9(ps []engine.Square) []tchoice {
	nextToExit := func(s engine.Square) bool {
		for _, e := range engine.BoardSquares {
			df, dr := e.File()-s.File(), e.Rank()-s.Rank()
			if t.isExit(e) && df*df+dr*dr == 1 {
				return true
			}
		}
		return false
	}
	for _, s := range ps {
		if !nextToExit(s) {
			return with(t.moves, engine.NoSquare) // (a)
		}
	}
	var onto, take []engine.Move
	for _, m := range t.moves {
		if !t.isExit(m.To()) {
			continue
		}
		if !t.opponentAt(m.To()) {
			onto = append(onto, m)
		} else if m.To() != t.marked {
			take = append(take, m)
		}
	}
	out := with(onto, engine.NoSquare)
	if t.r.Step9b == Step9bBoth || len(onto) == 0 {
		out = append(out, with(take, engine.NoSquare)...)
	}
	if len(out) == 0 {
		return with(t.moves, engine.NoSquare)
	}
	return out
}

func transStrings(cs []tchoice) string {
	seen := map[string]bool{}
	var out []string
	for _, c := range cs {
		s := c.m.String()
		if c.mark != engine.NoSquare {
			s += "+" + c.mark.String()
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

// densePosition places N's and K's pieces mostly on K's three back ranks
// (K the second player, keeping a1 and f1), often on the exits.
func densePosition(r *engine.Rand) engine.Position {
	for {
		var p engine.Position
		free := func() engine.Square {
			for {
				var s engine.Square
				if r.Intn(4) > 0 {
					s = engine.Sq(r.Intn(6), 1+r.Intn(3))
				} else {
					s = engine.Sq(r.Intn(6), 1+r.Intn(6))
				}
				if _, _, ok := p.At(s); !ok {
					return s
				}
			}
		}
		nb, nr, kp := 1+r.Intn(4), 1+r.Intn(2), 2+r.Intn(2)
		if r.Intn(3) > 0 {
			kp = 2
		}
		for _, x := range []engine.Square{engine.Sq(0, 1), engine.Sq(5, 1)} {
			if r.Intn(4) > 0 && kp > 0 {
				p.Put(engine.Second, engine.Unknown, x)
				kp--
			}
		}
		for ; kp > 0; kp-- {
			p.Put(engine.Second, engine.Unknown, free())
		}
		for i := 0; i < nb; i++ {
			p.Put(engine.First, engine.Blue, free())
		}
		for i := 0; i < nr; i++ {
			p.Put(engine.First, engine.Red, free())
		}
		p.SetReds(engine.First, nr)
		p.SetReds(engine.Second, 1)
		p.SetTurn(engine.Second)
		if p.Validate() == nil && p.Outcome() == engine.Ongoing {
			return p
		}
	}
}

// valueStates lists the value states of b: none, or one of N's pieces.
func valueStates(b *Board) []engine.Square {
	marks := []engine.Square{engine.NoSquare}
	for x := b.N; x != 0; x &= x - 1 {
		marks = append(marks, sq(x&-x))
	}
	return marks
}

// Choices agrees with the transcription in every reading, for every value
// state, on positions dense near the exits.
func TestChoicesMatchTranscription(t *testing.T) {
	r := engine.NewRand(16)
	n := 6000
	if testing.Short() {
		n = 1500
	}
	readings := allReadings()
	for i := 0; i < n; i++ {
		p := densePosition(r)
		b := BoardOf(&p)
		for _, mk := range valueStates(&b) {
			for _, rd := range readings {
				got := choiceStrings(Choices(&b, mk, rd, nil))
				want := transStrings(newTrans(&p, mk, rd).choices())
				if got != want {
					t.Fatalf("%s, value 1 on %v, reading %s:\nChoices       %q\ntranscription %q", p.String(), mk, rd, got, want)
				}
			}
		}
	}
}

// The agent reading of step 7 offers a superset of the literal reading's
// choices in every state (all other steps equal), so it leaves N no win
// the literal reading does not.
func TestStep7AnyPieceIsSuperset(t *testing.T) {
	r := engine.NewRand(17)
	for i := 0; i < 3000; i++ {
		p := densePosition(r)
		b := BoardOf(&p)
		for _, mk := range valueStates(&b) {
			for _, rd := range allReadings() {
				if rd.Step7 != Step7Literal {
					continue
				}
				any := rd
				any.Step7 = Step7AnyPiece
				sup := map[Choice]bool{}
				for _, c := range Choices(&b, mk, any, nil) {
					sup[c] = true
				}
				for _, c := range Choices(&b, mk, rd, nil) {
					if !sup[c] {
						t.Fatalf("%s, value on %v, %s: %v is not a choice of %s", p.String(), mk, rd, c, any)
					}
				}
			}
		}
	}
}

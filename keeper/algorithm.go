package keeper

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// Reading says how Algorithm 1 is read where paper 002's text (§3,
// Algorithm 1) leaves a choice open or says something that cannot be
// meant as written. Each step that admits more than one reading has a
// field; the zero value is Literal8bAs7 (step 7 literal, 8(b)'s value-1
// response replaced by step 7). Literal is the full text. docs/keeper.md
// states every reading with its justification.
type Reading struct {
	Step7    Step7Rule
	Approach ApproachRule
	Step8b   Step8bRule
	Step9b   Step9bRule
}

// Step7Rule reads step 7's first sentence: 相手駒がおかれていない番地に移動
// 可能な駒があれば, 移動可能な駒の中から無作為に一つ選び相手駒がおかれてい
// ない番地へ移動する ("if there is a piece that can move to a square
// without an opponent piece, choose one of the movable pieces at random
// and move it to a square without an opponent piece").
type Step7Rule uint8

const (
	// Step7Literal: "the movable pieces" are those that can move to a
	// square without an opponent piece; only when none can, the chosen
	// piece takes an opponent piece of value 0, else a random piece makes
	// a random move.
	Step7Literal Step7Rule = iota
	// Step7AnyPiece: the chosen piece is any movable piece (the project's
	// keeper agent, player/keeper.go); it moves to a square without an
	// opponent piece if it has one, else takes a value-0 piece (the next
	// sentence, "if every destination of the chosen piece holds an
	// opponent piece"), else a random piece makes a random move.
	Step7AnyPiece
)

// ApproachRule reads step 8's "move it to the exit" (脱出口に移動させる,
// (a)) and "take it, moving onto the exit" ((b), value 0) for the piece
// not on an exit, which the text does not say how to do when that piece
// is not next to the free exit.
type ApproachRule uint8

const (
	// ApproachShortest: every step that shortens the piece's distance to
	// the free exit, to squares without opponent pieces when there are
	// such, else taking the opponent piece in the way, whatever its value;
	// step 7 when no step shortens it (the project's keeper agent).
	ApproachShortest ApproachRule = iota
	// ApproachCautious: the same, but never taking the piece of value 1
	// (which steps 7 and 9(b) never take deliberately either).
	ApproachCautious
)

// Step8bRule reads step 8(b)'s response when the opponent piece on the
// free exit has the value 1. The text: 脱出口に存在するキーパー駒が相手駒が
// おかれている番地に移動可能であれば, 移動可能な駒の中から無作為に一つ選び
// 相手駒がおかれていない番地へ移動する. 選んだ駒の全ての可能な移動先に相手駒
// が置かれている場合, 置かれている相手駒の値が 0である番地が存在すれば, その
// 点を選択する. ("If the keeper on the exit can move to a square where an
// opponent piece is placed, choose one of the movable pieces at random and
// move it to a square where no opponent piece is placed. If every possible
// destination of the chosen piece holds an opponent piece and one of them
// has the value 0, choose that square.")
type Step8bRule uint8

const (
	// Step8bAsStep7: the response is step 7's (read as Step7 says): the
	// sentence copies step 7's wording, so read as step 7 (the project's
	// keeper agent).
	Step8bAsStep7 Step8bRule = iota
	// Step8bWritten: as written. When the keeper on K's exit can move onto
	// a square holding an opponent piece, that keeper (the only piece the
	// condition names) moves to a square without an opponent piece if it
	// has one, else takes a piece of value 0. When it cannot, the text
	// prescribes nothing: every legal move of either piece is a choice,
	// the completion that leaves N the fewest wins, so that a sure win of
	// N's in this reading is one against every completion of the gap.
	Step8bWritten
	// Step8bCorrected: おかれている read as おかれていない (a slip): when the
	// keeper on K's exit can move to a square without an opponent piece,
	// it moves to such a square; else every destination of it holds an
	// opponent piece, all of value 0 (the piece of value 1 stands on the
	// other exit, next to neither), and it takes one of them.
	Step8bCorrected
	// Step8bWrittenGap7: as written (Step8bWritten), but when the keeper
	// on K's exit cannot move onto an opponent piece, the gap is filled by
	// step 7 instead of every legal move.
	Step8bWrittenGap7
)

// Step9bRule reads step 9(b), which names two actions (onto an exit
// without an opponent piece; take a value-0 piece on an exit) without an
// order.
type Step9bRule uint8

const (
	// Step9bBoth: both actions are choices; any move when neither exists.
	Step9bBoth Step9bRule = iota
	// Step9bExitFirst: onto an empty exit first, captures only when there
	// is no such move (the project's keeper agent).
	Step9bExitFirst
)

var (
	// Literal is paper 002's full text: step 7 literal, the shortest
	// approach in step 8, 8(b) as written (its gap, the keeper unable to
	// move onto an opponent piece, filled by every legal move), both
	// actions of 9(b).
	Literal = Reading{Step8b: Step8bWritten}
	// Literal8bAs7 is Literal with 8(b)'s value-1 response replaced by
	// step 7: the reading with counterexamples to Theorem 1.
	Literal8bAs7 = Reading{}
	// Paper is the name Literal8bAs7 had.
	//
	// Deprecated: use Literal8bAs7 (or Literal for the full text).
	Paper = Literal8bAs7
	// Agent is the reading of the project's keeper agent
	// (player/keeper.go): step 7 chooses any movable piece, 8(b)'s value-1
	// response is step 7, step 9(b) moves onto empty exits first.
	Agent = Reading{Step7: Step7AnyPiece, Step9b: Step9bExitFirst}
	// Cautious is Literal8bAs7 with step 8's approach never taking the
	// piece of value 1.
	Cautious = Reading{Approach: ApproachCautious}
)

// Grid lists every combination of the switches: step 7 (2) × 8(a) (2) ×
// 8(b) (4: as written, as step 7, corrected, as written with its gap
// filled by step 7) × 9(b) (2), 32 readings, Literal first.
var Grid = func() []Reading {
	var out []Reading
	for _, s7 := range []Step7Rule{Step7Literal, Step7AnyPiece} {
		for _, a := range []ApproachRule{ApproachShortest, ApproachCautious} {
			for _, b := range []Step8bRule{Step8bWritten, Step8bAsStep7, Step8bCorrected, Step8bWrittenGap7} {
				for _, s9 := range []Step9bRule{Step9bBoth, Step9bExitFirst} {
					out = append(out, Reading{Step7: s7, Approach: a, Step8b: b, Step9b: s9})
				}
			}
		}
	}
	return out
}()

// readingKeys are the switches: the STEP=VALUE syntax of ParseReading,
// and the name suffix of each value that differs from Literal.
var readingKeys = []struct {
	key      string
	values   []string
	suffixes []string
	get      func(*Reading) *uint8
}{
	{"7", []string{"literal", "any"}, []string{"", "-7-any"}, func(r *Reading) *uint8 { return (*uint8)(&r.Step7) }},
	{"8a", []string{"shortest", "cautious"}, []string{"", "-8a-cautious"}, func(r *Reading) *uint8 { return (*uint8)(&r.Approach) }},
	{"8b", []string{"as-7", "written", "corrected", "gap-7"}, []string{"-8b-as-7", "", "-8b-corrected", "-8b-gap-7"}, func(r *Reading) *uint8 { return (*uint8)(&r.Step8b) }},
	{"9b", []string{"both", "exit-first"}, []string{"", "-9b-exit-first"}, func(r *Reading) *uint8 { return (*uint8)(&r.Step9b) }},
}

// readingAliases are names ParseReading accepts besides the names String
// writes; "paper" is deprecated.
var readingAliases = []struct {
	name string
	r    Reading
}{{"paper", Literal8bAs7}, {"agent", Agent}, {"cautious", Cautious}}

// String names r by its switches: "literal" followed by a suffix for
// each step read otherwise, in the order 7, 8a, 8b, 9b: "-7-any",
// "-8a-cautious", "-8b-as-7", "-8b-corrected", "-8b-gap-7",
// "-9b-exit-first". Examples: "literal", "literal-8b-as-7", and the
// agent's "literal-7-any-8b-as-7-9b-exit-first".
func (r Reading) String() string {
	s := "literal"
	for _, k := range readingKeys {
		v := *k.get(&r)
		if int(v) < len(k.suffixes) {
			s += k.suffixes[v]
		} else {
			s += fmt.Sprintf("-%s-%d", k.key, v)
		}
	}
	return s
}

// parseName reads a reading's name: one String writes, or an alias.
func parseName(name string) (Reading, bool) {
	for _, a := range readingAliases {
		if name == a.name {
			return a.r, true
		}
	}
	rest, ok := strings.CutPrefix(name, "literal")
	if !ok {
		return Literal, false
	}
	r := Literal
	for _, k := range readingKeys {
		for j, suf := range k.suffixes {
			if suf != "" && strings.HasPrefix(rest, suf) && (len(rest) == len(suf) || rest[len(suf)] == '-') {
				*k.get(&r) = uint8(j)
				rest = rest[len(suf):]
				break
			}
		}
	}
	return r, rest == ""
}

// ParseReading reads a reading: a name (as String writes it, e.g.
// "literal" or "literal-8b-as-7", or one of the aliases "agent",
// "cautious" and the deprecated "paper" for literal-8b-as-7; default
// literal), then optionally comma-separated steps read otherwise:
// 7=literal|any, 8a=shortest|cautious, 8b=written|as-7|corrected|gap-7,
// 9b=both|exit-first. Example: "literal,7=any".
func ParseReading(s string) (Reading, error) {
	r := Literal
	parts := strings.Split(s, ",")
	i := 0
	if !strings.Contains(parts[0], "=") {
		var ok bool
		if r, ok = parseName(parts[0]); !ok {
			return Literal, errorf("reading %q: %q is no reading (literal, literal-8b-as-7, ... as docs/keeper.md lists them; agent, cautious)", s, parts[0])
		}
		i = 1
	}
	for _, p := range parts[i:] {
		key, val, ok := strings.Cut(p, "=")
		if !ok {
			return Literal, errorf("reading %q: %q is not STEP=VALUE", s, p)
		}
		known := false
		for _, k := range readingKeys {
			if k.key != key {
				continue
			}
			known = true
			if val == "step7" && key == "8b" {
				val = "as-7" // the value's former name
			}
			j := slices.Index(k.values, val)
			if j < 0 {
				return Literal, errorf("reading %q: step %s: %q is none of %s", s, key, val, strings.Join(k.values, ", "))
			}
			*k.get(&r) = uint8(j)
		}
		if !known {
			return Literal, errorf("reading %q: no step %q (7, 8a, 8b, 9b)", s, key)
		}
	}
	return r, nil
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
//   - step 7: see Step7Rule.
//   - step 8(a): no opponent piece on the free exit, or the opponent has 2
//     or more reds: the other piece steps towards the free exit (onto it,
//     taking what stands there, when next to it); the steps that shorten
//     its distance, to squares without opponent pieces first (the
//     project's agent, player/keeper.go; see ApproachRule); step 7 if it
//     has none.
//   - step 8(b): one opponent red left and an opponent piece on the free
//     exit: when no piece has the value 1, with probability p the exit
//     piece gets it — both outcomes are choices. Value 0: take it (step
//     towards it as in (a)); value 1: see Step8bRule.
//   - step 9(a): a piece not next to an exit: any move of any piece.
//   - step 9(b): see Step9bRule; when neither action exists, any move.
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
		case r.Step7 == Step7Literal && anyQuiet:
			// Literal: the chosen piece is one that can move to a square
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
		if r.Approach == ApproachCautious {
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
		dst = b.value1(dst, start, free, free, r)
		// ... else it keeps the value 0 and is taken.
		return approach(dst, marked, engine.NoSquare)
	case marked == free:
		return b.value1(dst, start, marked, engine.NoSquare, r)
	}
	return approach(dst, marked, engine.NoSquare)
}

// value1 appends step 8(b)'s response when the opponent piece on the free
// exit has the value 1 (marked), as r.Step8b reads it; mark as in step7.
func (b *Board) value1(dst []Choice, start int, marked, mark engine.Square, r Reading) []Choice {
	if r.Step8b == Step8bAsStep7 {
		return b.step7(dst, start, marked, mark, r)
	}
	keeper := sq(b.K & b.Exits())
	q, c := b.targets(keeper)
	if c == 0 {
		// The condition (the keeper can move onto an opponent piece)
		// fails and the text says nothing more: any move, or step 7.
		switch r.Step8b {
		case Step8bWritten:
			return b.anyMove(dst, start, mark)
		case Step8bWrittenGap7:
			return b.step7(dst, start, marked, mark, r)
		}
	}
	if q != 0 {
		return b.addMoves(dst, start, keeper, q, mark)
	}
	if z := c &^ markBit(marked); z != 0 {
		return b.addMoves(dst, start, keeper, z, mark)
	}
	// Unreachable: the keeper always has a destination (K has two
	// pieces) and the piece of value 1 is on the other exit.
	return b.anyMove(dst, start, mark)
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
	if r.Step9b == Step9bBoth || len(dst) == n {
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

package solver

import (
	"math/bits"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// fuzzRefDepth and fuzzRefPieces: FuzzAgainstReference asks for wins
// within fuzzRefDepth plies, of positions of at most fuzzRefPieces
// pieces, where the plain solver answers in about a millisecond.
const (
	fuzzRefDepth  = 7
	fuzzRefPieces = 8
)

// fuzzPosition makes FuzzAgainstReference's position from its input:
// two bytes a piece, at most fuzzRefPieces of them (the square, mod 36;
// the player and kind, mod 6: the first player's blue, red and hidden
// piece, then the second's; a later piece on a square replaces an earlier
// one); each player's reds count is its shown reds plus redsSel's nibble
// (the first player's the low one) mod its hidden pieces plus one.
// Whether that is a position is engine.FromBoards's to say.
func fuzzPosition(pieces []byte, toMove engine.Player, redsSel byte) (engine.Position, error) {
	var owner [36]int8 // 1 + player*NumKinds + kind; 0: empty
	for i := 0; i+1 < len(pieces) && i < 2*fuzzRefPieces; i += 2 {
		owner[pieces[i]%36] = int8(1 + pieces[i+1]%6)
	}
	var boards [2][engine.NumKinds]uint64
	for sq, o := range owner {
		if o > 0 {
			pl, k := (o-1)/int8(engine.NumKinds), (o-1)%int8(engine.NumKinds)
			boards[pl][k] |= engine.Sq(sq%6, 1+sq/6).Bit()
		}
	}
	var reds [2]int
	for pl := range reds {
		hidden := bits.OnesCount64(boards[pl][engine.Unknown])
		reds[pl] = bits.OnesCount64(boards[pl][engine.Red]) + int(redsSel>>(4*pl)&15)%(hidden+1)
	}
	return engine.FromBoards(boards, reds, toMove)
}

// fuzzInput is fuzzPosition's pieces and redsSel for the position p.
func fuzzInput(p engine.Position) ([]byte, byte) {
	var out []byte
	for sq := 0; sq < 36; sq++ {
		bit := engine.Sq(sq%6, 1+sq/6).Bit()
		for code := 0; code < 6; code++ {
			if p.Pieces(engine.Player(code/int(engine.NumKinds)), engine.Kind(code%int(engine.NumKinds)))&bit != 0 {
				out = append(out, byte(sq), byte(code))
			}
		}
	}
	var sel byte
	for pl := engine.First; pl <= engine.Second; pl++ {
		sel |= byte(p.Reds(pl)-bits.OnesCount64(p.Pieces(pl, engine.Red))) << (4 * pl)
	}
	return out, sel
}

// FuzzAgainstReference is TestAgainstReference on the positions a fuzzer
// makes: every position of at most fuzzRefPieces pieces that the solver
// accepts for the prover (its pieces' colours shown) gets, from
// --max-plies fuzzRefDepth --shortest and from --shortest without a bound
// what checkAgainstReference asks (TestAgainstReference's checks), and
// for the mirror question (the opponent's forced win,
// Options.ForOpponent) the plain solver's answer (checkForOpponent,
// TestForOpponent's). The evaluation's own
// bounds at the position, for either side's win, are checked too: a
// bound too high shows there even where it misleads no search of
// fuzzRefDepth plies.
//
// The input is a position (pieces, side to move and reds counts:
// fuzzPosition) and the prover, so that most inputs are positions. The
// seeds are random small positions of both sides to move and the
// positions named below; the fuzzer moves, adds, takes away and
// recolours pieces, and so reaches positions (pieces on the exits, shown
// opponent colours, counts at their limits) that the test's random
// generator rarely makes: every rule of the static knowledge is checked
// against the plain solver on whatever it finds.
func FuzzAgainstReference(f *testing.F) {
	r := engine.NewRand(11)
	for i := 0; i < 24; i++ {
		prover := engine.Player(i & 1)
		p := randomPosition(r, prover, engine.Player(i>>1&1))
		pieces, redsSel := fuzzInput(p)
		if q, err := fuzzPosition(pieces, p.Turn(), redsSel); err != nil || q.String() != p.String() {
			f.Fatalf("seed %s made as %s (%v)", p.String(), q.String(), err)
		}
		f.Add(pieces, p.Turn() == engine.Second, redsSel, prover == engine.First)
	}
	// Positions the knowledge's tests single out, and positions the
	// fuzzer found where a rule of the evaluation made wrong (solver's
	// mutations) fails: a blue boxed in with nothing to shuttle, the prover
	// forced to take the last red; an AND piece two steps from the exit
	// taken for a guard; the shown blues left out of the captures; the
	// capture of the AND side's last blue missed; a guard that may be
	// taken counted; the opponent's fortress with one exit closed, or
	// completed by a reply, misread.
	for _, c := range []struct {
		pos   string
		first bool
	}{
		{"6/6/6/6/5R/2B1ur s R1r1 0", true},
		{"6/6/6/6/4uu/3uRB f R1r1 0", true},
		{"6/6/6/6/uu4/BRu3 f R1r1 0", true},
		{"4Bb/6/u1R3/6/5b/6 f R1r1 0", true},
		{"6/6/b5/6/1r4/B1R3 f R1r1 0", false},
		{"6/6/uuR3/bbB3/6/6 f R1r2 0", true},
		{"6/6/UUr3/6/6/Bb4 s R1r1 0", false},
		{"6/6/Ur4/6/5U/1b4 s R1r1 0", false},
		{"6/6/r5/U5/5U/1b4 s R1r1 0", false},
	} {
		p := engine.MustParsePosition(c.pos)
		pieces, redsSel := fuzzInput(p)
		f.Add(pieces, p.Turn() == engine.Second, redsSel, c.first)
	}
	f.Fuzz(func(t *testing.T, pieces []byte, secondToMove bool, redsSel byte, first bool) {
		toMove := engine.First
		if secondToMove {
			toMove = engine.Second
		}
		p, err := fuzzPosition(pieces, toMove, redsSel)
		if err != nil {
			return
		}
		prover := engine.Second
		if first {
			prover = engine.First
		}
		if purple.CheckProver(&p, prover) != nil {
			return // the prover's colours hidden: Solve refuses it (tested elsewhere)
		}
		bounded := New(Options{TTMegabytes: 4, Shortest: true, MaxPlies: fuzzRefDepth, Threads: 1})
		unbounded := New(Options{TTMegabytes: 4, Shortest: true, MaxNodes: 20000, Threads: 1})
		want, _, _ := checkAgainstReference(t, p, prover, bounded, unbounded, fuzzRefDepth)
		anyWin := New(Options{TTMegabytes: 4, MaxNodes: 20000, Threads: 1})
		anyWin.onceBelow = 0 // by deepen, as without a budget
		checkAnyAgainstReference(t, p, prover, anyWin, want, fuzzRefDepth)
		mirror := New(Options{TTMegabytes: 4, Shortest: true, MaxPlies: fuzzRefDepth, Threads: 1, ForOpponent: true})
		wantOpp := checkForOpponent(t, mirror, p, prover, fuzzRefDepth)
		// The evaluation's own claims at the position, with either side as
		// the OR side, against the plain solver's exact distances within
		// fuzzRefDepth: no win within NoWin (a loss for good: within
		// fuzzRefDepth), and a win within WinIn.
		for _, c := range [...]struct {
			or engine.Player
			d  int
		}{{prover, want}, {prover.Other(), wantOpp}} {
			or, d := c.or, c.d
			ev := newGame(p, prover, or, nil).Evaluate()
			if k := min(int(ev.NoWin), fuzzRefDepth); k > 0 && d >= 0 && d <= k {
				t.Fatalf("%s prover %v, %v's win: Evaluate says no win within %d, the plain solver wins in %d", p.String(), prover, or, ev.NoWin, d)
			}
			if w := int(ev.WinIn); w <= fuzzRefDepth && (d < 0 || d > w) {
				t.Fatalf("%s prover %v, %v's win: Evaluate says a win within %d, the plain solver's distance is %d", p.String(), prover, or, w, d)
			}
		}
	})
}

package keeper

import (
	"context"
	"sort"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/player"
)

func choiceStrings(cs []Choice) string {
	var out []string
	for _, c := range cs {
		s := c.Move.String()
		if c.Mark != engine.NoSquare {
			s += "+" + c.Mark.String()
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func sqr(t *testing.T, s string) engine.Square {
	if s == "" {
		return engine.NoSquare
	}
	q, err := engine.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// Algorithm 1's choices in small positions, worked out by hand from paper
// 002 §3 (K is the second player, keeping a1 and f1; "+x1" after a move
// means that step 8(b) first gives the piece on x1 the value 1).
func TestChoicesByHand(t *testing.T) {
	cases := []struct {
		name, pos, marked string
		paper, agent      string
		cautious          string // "": as paper
	}{
		{"step 7: both keepers move to empty squares",
			"u4u/6/6/6/6/B4R s R1r1", "",
			"a1a2 a1b1 f1e1 f1f2", "a1a2 a1b1 f1e1 f1f2", ""},
		{"step 7: a1's keeper hemmed in; paper: only pieces with an empty square; agent: it may be chosen and take a value-0 piece",
			"uB3u/R5/6/6/6/6 s R1r1", "",
			"f1e1 f1f2", "a1a2 a1b1 f1e1 f1f2", ""},
		{"step 7: as before, b1 holds the value 1",
			"uB3u/R5/6/6/6/6 s R1r1", "b1",
			"f1e1 f1f2", "a1a2 f1e1 f1f2", ""},
		{"step 7: no piece can move to an empty square; every capture but the value-1 piece",
			"uB2Bu/R4B/6/6/6/6 s R1r1", "b1",
			"a1a2 f1e1 f1f2", "a1a2 f1e1 f1f2", ""},
		{"step 8(a): free exit empty: back onto it",
			"5u/u5/6/6/6/B4R s R1r1", "",
			"a2a1", "a2a1", ""},
		{"step 8(a): N has 2 reds: take the piece on the free exit",
			"B4u/u5/6/6/6/R4R s R2r1", "",
			"a2a1", "a2a1", ""},
		{"step 8(a): the other piece far: the steps that bring it nearer, to empty squares",
			"5u/6/2u3/6/6/B4R s R1r1", "",
			"c3b3 c3c2", "c3b3 c3c2", ""},
		{"step 8(b): value 0 (take it) or, with probability p, value 1 and step 7",
			"B4u/u5/6/6/6/R5 s R1r1", "",
			"a2a1 a2a3+a1 a2b2+a1 f1e1+a1 f1f2+a1", "a2a1 a2a3+a1 a2b2+a1 f1e1+a1 f1f2+a1", ""},
		{"step 8(b): the exit piece already has the value 1: step 7",
			"B4u/u5/6/6/6/R5 s R1r1", "a1",
			"a2a3 a2b2 f1e1 f1f2", "a2a3 a2b2 f1e1 f1f2", ""},
		{"step 8(b): another piece has the value 1: the exit piece keeps 0 and is taken",
			"B4u/u5/6/6/6/R5 s R1r1", "a6",
			"a2a1", "a2a1", ""},
		{"step 9(a): a piece not next to an exit: any move",
			"6/5u/2u3/6/6/B4R s R1r1", "",
			"c3b3 c3c2 c3c4 c3d3 f2e2 f2f1 f2f3", "c3b3 c3c2 c3c4 c3d3 f2e2 f2f1 f2f3", ""},
		{"step 9(b): one exit empty, a value-0 piece on the other; paper: both, agent: the empty exit first",
			"5B/u4u/6/6/6/R5 s R1r1", "",
			"a2a1 f2f1", "a2a1", ""},
		{"step 9(b): both pieces next to a1 only, whose piece has the value 1: any move",
			"Bu4/u5/6/6/6/4BR s R1r1", "a1",
			"a2a1 a2a3 a2b2 b1a1 b1b2 b1c1", "a2a1 a2a3 a2b2 b1a1 b1b2 b1c1", ""},
		{"step 5: three pieces: the non-keeper moves, to empty squares",
			"u4u/6/2u3/6/6/B4R s R1r1", "",
			"c3b3 c3c2 c3c4 c3d3", "c3b3 c3c2 c3c4 c3d3", ""},
		{"step 5: the non-keeper hemmed in by N's pieces: its captures",
			"u4u/2B3/1BuR2/2R3/6/6 s R2r1", "",
			"c3b3 c3c2 c3c4 c3d3", "c3b3 c3c2 c3c4 c3d3", ""},
		{"step 8(a): the only step towards the free exit takes the piece of value 1; cautious: step 7 instead",
			"uB4/B3BR/5u/6/6/6 s R1r1", "f2",
			"f3f2", "f3f2", "f3e3 f3f4"},
	}
	for _, c := range cases {
		p := engine.MustParsePosition(c.pos)
		b := BoardOf(&p)
		for _, r := range []Reading{Literal8bAs7, Agent, Cautious} {
			want := c.paper
			switch {
			case r == Agent:
				want = c.agent
			case r == Cautious && c.cautious != "":
				want = c.cautious
			}
			got := choiceStrings(Choices(&b, sqr(t, c.marked), r, nil))
			if got != want {
				t.Errorf("%s (%s)\n%s marked %q: got %q, want %q", c.name, r, c.pos, c.marked, got, want)
			}
			// IsChoice agrees with the list, for listed and unlisted moves.
			all := Choices(&b, sqr(t, c.marked), r, nil)
			var ml engine.MoveList
			ml.Generate(&p)
			for _, m := range ml.Slice() {
				for _, mk := range []engine.Square{engine.NoSquare, b.FreeExit()} {
					ch := Choice{m, mk}
					listed := false
					for _, a := range all {
						listed = listed || a == ch
					}
					if ok, _ := IsChoice(&b, sqr(t, c.marked), r, ch, nil); ok != listed {
						t.Errorf("%s: IsChoice(%v) = %v, listed %v", c.pos, ch, ok, listed)
					}
				}
			}
		}
	}
}

// The project's keeper agent (player/keeper.go, its own implementation of
// Algorithm 1) only ever plays moves that Choices lists in the agent
// reading, whatever value state its random draws have led to: the set of
// possible value states is followed through each game.
func TestChoicesCoverTheKeeperAgent(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 60
	}
	ctx := context.Background()
	checked := 0
	for g := 0; g < games; g++ {
		ks := engine.Player(g % 2)
		ka, err := player.New("keeper:p=0.5", player.Env{})
		if err != nil {
			t.Fatal(err)
		}
		opp := "random"
		if g%3 == 0 {
			opp = "red-chototsu"
		}
		ra, err := player.New(opp, player.Env{})
		if err != nil {
			t.Fatal(err)
		}
		seed := uint64(g + 1)
		kp, rp := ka.NewGame(ks, seed), ra.NewGame(ks.Other(), seed)
		var pos engine.Position
		if ks == engine.First {
			pos = engine.StartPosition(kp, rp)
		} else {
			pos = engine.StartPosition(rp, kp)
		}
		var moves []engine.Move
		marks := map[engine.Square]bool{engine.NoSquare: true}
		for pos.OutcomeWithLimit(engine.DefaultPlyLimit) == engine.Ongoing {
			mover := pos.Turn()
			a := ra
			if mover == ks {
				a = ka
			}
			v := player.NewView(pos, mover, moves, engine.DefaultPlyLimit)
			m, err := a.Move(ctx, &v)
			if err != nil {
				t.Fatal(err)
			}
			next := map[engine.Square]bool{}
			switch {
			case mover == ks && len(moves)/2 >= 2 && !m.IsEscape():
				// Steps 4-9 (the agent's first two moves are step 3).
				b := BoardOf(&pos)
				for mk := range marks {
					for _, c := range Choices(&b, mk, Agent, nil) {
						if c.Move == m.Plain() {
							next[NextMark(&pos, ks, mk, m, c.Mark)] = true
						}
					}
				}
				if len(next) == 0 {
					t.Fatalf("game %d: the agent played %s in %s (value states %v), not one of Algorithm 1's choices %s",
						g, m, pos.String(), marks, choiceStrings(Choices(&b, engine.NoSquare, Agent, nil)))
				}
				checked++
			default:
				for mk := range marks {
					next[NextMark(&pos, ks, mk, m, engine.NoSquare)] = true
				}
			}
			marks = next
			moves = append(moves, m.Plain())
			pos.Make(m)
		}
	}
	if checked < games*5 {
		t.Fatalf("only %d keeper moves checked", checked)
	}
	t.Logf("%d keeper moves of %d games checked", checked, games)
}

// Every choice is a legal move of the side to move, never an escape, and
// a value is only ever given to N's piece on the free exit.
func TestChoicesAreLegal(t *testing.T) {
	r := engine.NewRand(7)
	for i := 0; i < 6000; i++ {
		p := randomKeeperGamePosition(r, engine.Second)
		b := BoardOf(&p)
		var marks []engine.Square
		marks = append(marks, engine.NoSquare)
		for x := b.N; x != 0; x &= x - 1 {
			marks = append(marks, sq(x&-x))
		}
		for _, mk := range marks {
			for _, rd := range allReadings() {
				cs := Choices(&b, mk, rd, nil)
				if len(cs) == 0 {
					t.Fatalf("%s: no choice", p.String())
				}
				seen := map[Choice]bool{}
				for _, c := range cs {
					if seen[c] {
						t.Fatalf("%s: %v listed twice", p.String(), c)
					}
					seen[c] = true
					if !p.IsLegal(c.Move) || c.Move.IsEscape() {
						t.Fatalf("%s: %s is no legal board move", p.String(), c.Move)
					}
					if c.Mark != engine.NoSquare && (c.Mark != b.FreeExit() || b.N&c.Mark.Bit() == 0 || mk != engine.NoSquare) {
						t.Fatalf("%s: value given to %s", p.String(), c.Mark)
					}
				}
			}
		}
	}
}

// randomKeeperGamePosition returns a position of small random material
// with K (second player, hidden) to move or not, K having 2 to 4 pieces.
func randomKeeperGamePosition(r *engine.Rand, toMove engine.Player) engine.Position {
	for {
		var p engine.Position
		put := func(pl engine.Player, k engine.Kind) { testpos.PutRandom(r, &p, pl, k) }
		nb, nr, kp := 1+r.Intn(3), 1+r.Intn(3), 2+r.Intn(3)
		kr := 1 + r.Intn(kp-1)
		for i := 0; i < nb; i++ {
			put(engine.First, engine.Blue)
		}
		for i := 0; i < nr; i++ {
			put(engine.First, engine.Red)
		}
		// Often K holds one or both exits.
		for _, x := range []engine.Square{engine.Sq(0, 1), engine.Sq(5, 1)} {
			if r.Intn(3) > 0 && (p.Occupied(engine.First)|p.Occupied(engine.Second))&x.Bit() == 0 && kp > 0 {
				p.Put(engine.Second, engine.Unknown, x)
				kp--
			}
		}
		for ; kp > 0; kp-- {
			put(engine.Second, engine.Unknown)
		}
		p.SetReds(engine.First, nr)
		p.SetReds(engine.Second, kr)
		p.SetTurn(toMove)
		if p.Validate() == nil {
			return p
		}
	}
}

// Step 8(b)'s response to the value 1 in its three readings, worked out by
// hand from the text (paper 002 §3, Algorithm 1).
func TestStep8bByHand(t *testing.T) {
	cases := []struct {
		name, pos, marked string
		want              map[Reading]string
	}{
		{"the exit piece holds 1; K's keeper on f1 has only empty squares next to it",
			"B4u/u5/6/6/6/R5 s R1r1", "a1",
			map[Reading]string{
				Literal8bAs7: "a2a3 a2b2 f1e1 f1f2", // step 7
				// As written: f1's keeper cannot move onto an opponent piece,
				// and the text says nothing more: any move (a2a1 takes N's blue).
				{Step8b: Step8bWritten}: "a2a1 a2a3 a2b2 f1e1 f1f2",
				// Corrected: f1's keeper moves to a square without one.
				{Step8b: Step8bCorrected}: "f1e1 f1f2",
				// As written, the gap filled by step 7.
				{Step8b: Step8bWrittenGap7}: "a2a3 a2b2 f1e1 f1f2",
			}},
		{"the shortest counterexample after f1f2 e1f1: no value held, a1's keeper hemmed in by blues",
			"uB3R/B3Bu/6/6/6/6 s R1r1", "",
			map[Reading]string{
				// Value 0: take the red (f2f1); value 1: step 7, literal: only
				// f2 can reach an empty square.
				Literal8bAs7: "f2f1 f2f3+f1",
				// Step 7, any piece: a1 may be chosen and take a blue (value 0).
				{Step7: Step7AnyPiece}: "a1a2+f1 a1b1+f1 f2f1 f2f3+f1",
				// 8(b) as written and corrected: a1's keeper is chosen; it has
				// no empty square, so it takes a value-0 piece.
				{Step8b: Step8bWritten}:     "a1a2+f1 a1b1+f1 f2f1",
				{Step8b: Step8bCorrected}:   "a1a2+f1 a1b1+f1 f2f1",
				{Step8b: Step8bWrittenGap7}: "a1a2+f1 a1b1+f1 f2f1",
			}},
	}
	for _, c := range cases {
		p := engine.MustParsePosition(c.pos)
		b := BoardOf(&p)
		for r, want := range c.want {
			if got := choiceStrings(Choices(&b, sqr(t, c.marked), r, nil)); got != want {
				t.Errorf("%s (%s)\n%s marked %q: got %q, want %q", c.name, r, c.pos, c.marked, got, want)
			}
		}
	}
}

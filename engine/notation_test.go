package engine

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

var validPositions = []string{
	"1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0",
	"1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0",
	"uu1B2/6/R5/6/6/6 f R1r1 0",
	"1rbbr1/1brrb1/6/6/1UUUU1/1UUUU1 s R4r4 17",
	"B4r/6/6/2R3/6/b5 f R1r1 0",
	"uUuUuU/6/6/6/6/6 s R2r1 199",
	"6/6/6/6/6/BRbr2 f R1r1 3",
}

func TestPositionRoundTrip(t *testing.T) {
	for _, s := range validPositions {
		p, err := ParsePosition(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if p.String() != s {
			t.Errorf("format(parse(%q)) = %q", s, p.String())
		}
		q, err := ParsePosition(p.String())
		if err != nil || q != p {
			t.Errorf("parse(format(parse(%q))) differs: %v", s, err)
		}
	}
	// The ply field is optional and defaults to 0.
	p := MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if p.String() != "uu1B2/6/R5/6/6/6 f R1r1 0" {
		t.Errorf("default ply: %s", p.String())
	}
}

func TestPositionRoundTripRandom(t *testing.T) {
	r := NewRand(3)
	for g := 0; g < 200; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		if g%2 == 0 {
			p.Hide(Player(g / 2 % 2))
		}
		for p.Outcome() == Ongoing && p.Ply() < 120 {
			q, err := ParsePosition(p.String())
			if err != nil {
				t.Fatalf("%s: %v", p.String(), err)
			}
			if q != p {
				t.Fatalf("round trip of %s gave %s", p.String(), q.String())
			}
			p.Make(p.RandomMove(r))
		}
	}
}

func TestPositionInvalid(t *testing.T) {
	cases := []struct {
		in    string
		field int
		want  string // part of the message
	}{
		{"", 0, "0 fields"},
		{"uu1B2/6/R5/6/6/6 f", 0, "2 fields"},
		{"uu1B2/6/R5/6/6/6 f R1r1 0 x", 0, "5 fields"},
		{"uu1B2/6/R5/6/6 f R1r1", 1, "5 ranks"},
		{"uu1B2/6/R5/6/6/6/6 f R1r1", 1, "7 ranks"},
		{"uu1B3/6/R5/6/6/6 f R1r1", 1, "rank 1"},
		{"uu1B1/6/R5/6/6/6 f R1r1", 1, "adds up to 5"},
		{"uu1B2/6/R5/6/6/7 f R1r1", 1, "rank 6"},
		{"uu1X2/6/R5/6/6/6 f R1r1", 1, `"X" is not a piece`},
		{"uu1B2/6/R5/6/6/06 f R1r1", 1, `"0"`},
		{"uu1B2/6/R5/6/6/6 x R1r1", 2, "want f"},
		{"uu1B2/6/R5/6/6/6 F R1r1", 2, "want f"},
		{"uu1B2/6/R5/6/6/6 f r1R1", 3, "R<n>r<m>"},
		{"uu1B2/6/R5/6/6/6 f R1r", 3, "R<n>r<m>"},
		{"uu1B2/6/R5/6/6/6 f R11r1", 3, "R<n>r<m>"},
		{"uu1B2/6/R5/6/6/6 f R1r1 -1", 4, "plies"},
		{"uu1B2/6/R5/6/6/6 f R1r1 x", 4, "plies"},
		{"uu1B2/6/R5/6/6/6 f R1r1 +3", 4, "plies"},
		{"uu1B2/6/R5/6/6/6 f R0r1", 3, "no red left"},
		{"uu1B2/6/R5/6/6/6 f R2r1", 3, "no blue left"},
		{"uu1B2/6/R5/6/6/6 f R1r2", 3, "no blue left"},
		{"uu1B2/6/R5/6/6/6 f R1r0", 3, "no red left"},
		{"uUuUuU/uUuUuU/6/6/6/6 f R1r4", 3, "5 blues, at most 4"},
		{"uuuuuu/uuu3/6/6/6/1RB3 f R1r4", 1, "9 pieces"},
		{"BBBBB1/6/6/6/6/ur4 f R1r1", 3, "shows 5 blue pieces"},
		{"BBR3/R5/6/6/6/ur4 f R1r1", 3, "2 red pieces"},
		{"bb1B2/6/R5/6/6/6 f R1r1", 3, "blue pieces of the second"},
		{"RRRRR1/B5/6/6/6/ur4 f R5r1", 3, "5 reds"},
	}
	for _, c := range cases {
		_, err := ParsePosition(c.in)
		if err == nil {
			t.Errorf("%q: no error", c.in)
			continue
		}
		var pe *ParseError
		if !errors.As(err, &pe) || !errors.Is(err, ErrInvalidPosition) {
			t.Errorf("%q: %v is not a ParseError", c.in, err)
			continue
		}
		if pe.Field != c.field || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: field %d %q; want field %d containing %q", c.in, pe.Field, err, c.field, c.want)
		}
	}
}

func TestMoveText(t *testing.T) {
	p := MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1 0")
	ok := map[string]string{
		"d1e1": "d1e1", "d1>": "d1e1", "d1→": "d1e1", " d1e1 ": "d1e1",
		"a3^": "a3a2", "a3↑(R)": "a3a2", "a3v": "a3a4", "a3>": "a3b3", "d1<": "d1c1", "d1v": "d1d2",
		"a3a2": "a3a2",
	}
	for in, want := range ok {
		m, err := p.ParseMove(in)
		if err != nil || m.String() != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %s", in, m, err, want)
		}
	}
	bad := map[string]string{
		"":      "want from-to",
		"d1":    "want from-to",
		"g1h1":  "not a board square",
		"d1f1":  "not next to",
		"d1d0":  "off the board",
		"d1^":   "leaves the board",
		"d1x":   "neither a square nor an arrow",
		"c1d1":  "no first-player piece",
		"a3a4x": "neither",
		"a1a2":  "no first-player piece on a1",
		"a3a3":  "not next to",
	}
	for in, want := range bad {
		_, err := p.ParseMove(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseMove(%q) error %v, want it to say %q", in, err, want)
		}
	}
	// Escapes: text forms and legality.
	q := MustParsePosition("B4B/6/6/6/R5/u4r f R1r1 0")
	for _, in := range []string{"a1a0", "a1^", "a1<", "f1f0", "f1>", "f1^"} {
		m, err := q.ParseMove(in)
		if err != nil || !m.IsEscape() {
			t.Errorf("escape %q: %v %v", in, m, err)
		}
	}
	q2 := MustParsePosition("R4B/6/6/6/6/u4u s R1r1 0")
	if _, err := q2.ParseMove("a1a0"); err == nil {
		t.Error("second player escaped through a1")
	}
	if m, err := q2.ParseMove("a6a7"); err != nil || !m.IsEscape() {
		t.Errorf("hidden piece with a hidden blue may escape: %v", err)
	}
	q3 := MustParsePosition("R4B/6/6/6/6/r4b f R1r1 0")
	if _, err := q3.ParseMove("a1a0"); err == nil || !strings.Contains(err.Error(), "only a blue") {
		t.Errorf("red escaped: %v", err)
	}
	// Every generated move prints as text that parses back to it.
	r := NewRand(5)
	for g := 0; g < 100; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == Ongoing && p.Ply() < 200 {
			var ml MoveList
			ml.Generate(&p)
			for _, m := range ml.Slice() {
				back, err := p.ParseMove(m.String())
				if err != nil || back != m {
					t.Fatalf("%s: %s parsed back as %v, %v", p.String(), m, back, err)
				}
			}
			p.Make(p.RandomMove(r))
		}
	}
}

func TestGATBoard(t *testing.T) {
	ex := "14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u"
	g, err := ParseGATBoard("MOV?" + ex)
	if err != nil {
		t.Fatal(err)
	}
	if g.String() != ex {
		t.Fatalf("round trip: %s", g)
	}
	// The example seen by the first player: its pieces A–H on b5–e6.
	p, err := g.Position(First, First)
	if err != nil {
		t.Fatal(err)
	}
	if want := "1uuuu1/1uuuu1/6/6/1BRRR1/1RBBB1 f R4r4 0"; p.String() != want {
		t.Fatalf("first player's frame: %s, want %s", p.String(), want)
	}
	// The same string seen by the second player: its own pieces rotated.
	p2, err := g.Position(Second, Second)
	if err != nil {
		t.Fatal(err)
	}
	if want := "1bbbr1/1rrrb1/6/6/1UUUU1/1UUUU1 s R4r4 0"; p2.String() != want {
		t.Fatalf("second player's frame: %s, want %s", p2.String(), want)
	}
	for _, v := range []struct {
		pos    string
		viewer Player
	}{{p.String(), First}, {p2.String(), Second}} {
		q := MustParsePosition(v.pos)
		h, err := GATBoardOf(&q, v.viewer)
		if err != nil {
			t.Fatal(err)
		}
		if h.String() != ex {
			t.Errorf("GAT board of %s for %v: %s, want %s", v.pos, v.viewer, h, ex)
		}
	}
	// Random games, each side's view: format, parse, compare.
	r := NewRand(9)
	for g := 0; g < 200; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for p.Outcome() == Ongoing && p.Ply() < 200 {
			for _, viewer := range []Player{First, Second} {
				view := p
				view.Hide(viewer.Other())
				b, err := GATBoardOf(&view, viewer)
				if err != nil {
					t.Fatal(err)
				}
				b2, err := ParseGATBoard(b.String())
				if err != nil || b2 != b {
					t.Fatalf("%s: GAT string %s does not parse back: %v", view.String(), b, err)
				}
				q, err := b.Position(viewer, p.Turn())
				if err != nil {
					t.Fatalf("%s: %v", view.String(), err)
				}
				q.SetPly(p.Ply())
				if q != view {
					t.Fatalf("%s seen by %v: GAT %s gives %s", view.String(), viewer, b, q.String())
				}
			}
			p.Make(p.RandomMove(r))
		}
	}
}

func TestGATBoardInvalid(t *testing.T) {
	ex := "14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u"
	cases := map[string]string{
		ex[:45]:                   "45 characters",
		"x" + ex[1:]:              "two digits",
		"14X" + ex[3:]:            "not a piece letter",
		"24B" + ex[3:]:            "two pieces",
		"66B" + ex[3:]:            "off the board",
		"99u" + ex[3:]:            "captured piece",
		"88R" + ex[3:]:            "only a blue escapes",
		ex[:24] + "41x" + ex[27:]: "not a piece letter",
		"88B" + ex[3:]:            "escaped",
		"99r99r99r99r" + ex[12:]:  "no red left",
	}
	for in, want := range cases {
		g, err := ParseGATBoard(in)
		if err == nil {
			_, err = g.Position(First, First)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to say %q", in, err, want)
		}
	}
}

func TestPlacement(t *testing.T) {
	if len(Placements) != 70 {
		t.Fatal(len(Placements))
	}
	for _, pl := range Placements {
		q, err := ParsePlacement(pl.String())
		if err != nil || q != pl {
			t.Fatalf("%s: %v", pl, err)
		}
	}
	for _, bad := range []string{"", "ABC", "ABCDE", "ABCI", "AABC"} {
		if _, err := ParsePlacement(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// SPEC §2's start: first player's reds b5 e5 c6 d6 = A D F G; second's
	// on e1 c2 d2 b1 seen from its side: B C E H.
	a, _ := ParsePlacement("ADFG")
	b, _ := ParsePlacement("BCEH")
	p := StartPosition(a, b)
	if p.String() != "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0" {
		t.Fatalf("start: %s", p.String())
	}
}

// TestValidateNamesRedsField: Validate's error for a position put
// together piece by piece names the reds field as the string would show
// it, though the field's text is made only for an error; an error of
// the board names the board.
func TestValidateNamesRedsField(t *testing.T) {
	var p Position
	p.Put(First, Blue, Sq(0, 0))
	p.Put(First, Red, Sq(1, 0))
	p.Put(Second, Unknown, Sq(0, 5))
	p.Put(Second, Unknown, Sq(1, 5))
	p.SetReds(First, 1)
	p.SetReds(Second, 1)
	if err := p.Validate(); err != nil {
		t.Fatalf("valid position: %v", err)
	}
	p.SetReds(First, 2) // two reds among two pieces: no blue left
	err := p.Validate()
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Field != 3 || pe.Value != "R2r1" {
		t.Fatalf("Validate: %v (%#v), want field 3 \"R2r1\"", err, pe)
	}
	p.SetReds(First, 1)
	for f := 0; f < 6; f++ { // nine pieces of the second player
		for r := 3; r < 5; r++ {
			if n := p.Count(Second); n < 9 {
				p.Put(Second, Unknown, Sq(f, r))
			}
		}
	}
	err = p.Validate()
	if !errors.As(err, &pe) || pe.Field != 1 || pe.Value != p.BoardString() {
		t.Fatalf("Validate with nine pieces: %v (%#v), want field 1 %q", err, pe, p.BoardString())
	}
}

// TestPutAll: a group put at once (Put is PutAll of one square) is the
// same position, hash and counts included, as its squares put one by one
// in the plain way (bitboards, hash and a full recount at each square),
// along random games' positions taken apart and built again both ways.
func TestPutAll(t *testing.T) {
	plainPut := func(p *Position, pl Player, k Kind, s Square) {
		p.pieces[pl][k] |= s.Bit()
		p.occ[pl] |= s.Bit()
		p.hash ^= zobristPiece[pl][k][s]
		p.recount()
	}
	r := NewRand(11)
	for game := 0; game < 200; game++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for ply := 0; ply < 60 && p.Outcome() == Ongoing; ply++ {
			var one, all Position
			for pl := First; pl <= Second; pl++ {
				for k := Blue; k < NumKinds; k++ {
					g := p.pieces[pl][k]
					for b := g; b != 0; b &= b - 1 {
						plainPut(&one, pl, k, Square(trailingZeros(b)))
					}
					all.PutAll(pl, k, g)
				}
			}
			if one != all {
				t.Fatalf("%s: PutAll %+v, put one by one %+v", p.String(), all, one)
			}
			ms := p.AppendMoves(nil)
			p.Make(ms[r.Intn(len(ms))])
		}
	}
}

// FromBoards is PutAll, SetReds, SetTurn and Validate in one: the same
// position (counts, masks and hash) along random games, with the colours
// shown and hidden; and each input those calls cannot make a position of
// is refused, naming its field.
func TestFromBoards(t *testing.T) {
	r := NewRand(12)
	built := 0
	for game := 0; game < 200; game++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for ply := 0; ply < 60 && p.Outcome() == Ongoing; ply++ {
			for hide := 0; hide < 3; hide++ {
				q := p
				if hide > 0 {
					q.Hide(Player(hide - 1))
				}
				var want Position
				for pl := First; pl <= Second; pl++ {
					for k := Blue; k < NumKinds; k++ {
						want.PutAll(pl, k, q.pieces[pl][k])
					}
					want.SetReds(pl, q.Reds(pl))
				}
				want.SetTurn(q.Turn())
				if err := want.Validate(); err != nil {
					t.Fatal(err)
				}
				got, err := FromBoards(q.pieces, [2]int{q.Reds(First), q.Reds(Second)}, q.Turn())
				if err != nil || got != want {
					t.Fatalf("%s: FromBoards %+v (%v), built square by square %+v", q.String(), got, err, want)
				}
				built++
			}
			ms := p.AppendMoves(nil)
			p.Make(ms[r.Intn(len(ms))])
		}
	}
	if built < 10000 {
		t.Fatalf("only %d positions compared", built)
	}

	ok, err := ParsePosition("uu1B2/6/R5/6/6/6 f R1r1 0")
	if err != nil {
		t.Fatal(err)
	}
	reds := [2]int{1, 1}
	if p, err := FromBoards(ok.pieces, reds, First); err != nil || p != ok {
		t.Fatalf("the example position: %+v %v, parsed %+v", p, err, ok)
	}
	bad := func(name string, field int, pieces [2][NumKinds]uint64, reds [2]int, toMove Player) {
		t.Helper()
		p, err := FromBoards(pieces, reds, toMove)
		pe, isPE := err.(*ParseError)
		if !isPE || pe.Field != field || p != (Position{}) {
			t.Errorf("%s: %+v, %v; want an error of field %d and no position", name, p, err, field)
		}
	}
	off, overlap, nine, twoRed := ok.pieces, ok.pieces, ok.pieces, ok.pieces
	off[First][Blue] |= 1 // square 0 is off the board
	overlap[Second][Unknown] |= ok.pieces[First][Red]
	nine[First][Red] |= 0x7e<<32 | 1<<41 // seven more red pieces (c4–h4 and b5)
	twoRed[First][Red] |= twoRed[First][Blue]
	twoRed[First][Blue] = 0
	bad("a square off the board", 1, off, reds, First)
	bad("two players on one square", 1, overlap, reds, First)
	bad("nine pieces", 1, nine, [2]int{4, 1}, First)
	bad("no red", 3, ok.pieces, [2]int{0, 1}, First)
	bad("five reds", 3, ok.pieces, [2]int{1, 5}, First)
	bad("257 reds (1 as a byte)", 3, ok.pieces, [2]int{257, 1}, First)
	bad("a negative count", 3, ok.pieces, [2]int{-1, 1}, First)
	bad("two reds shown, one red", 3, twoRed, reds, First)
	bad("a third player", 2, ok.pieces, reds, Player(2))
}

// SetReds takes any count without a panic (the hash once read a count of
// 8 or more past its end), keeps it from wrapping round into a valid one,
// and Validate refuses every count outside 1–4, naming the reds field.
func TestSetRedsOutOfRange(t *testing.T) {
	for _, n := range []int{-1 << 40, -129, -1, 0, 5, 7, 8, 9, 99, 100, 257, 1 << 40} {
		p, err := ParsePosition("uu1B2/6/R5/6/6/6 f R1r1 0")
		if err != nil {
			t.Fatal(err)
		}
		want := p
		p.SetReds(First, n)
		err = p.Validate()
		pe, ok := err.(*ParseError)
		if !ok || pe.Field != 3 {
			t.Errorf("%d reds: %v, want an error of the reds field", n, err)
		}
		if n >= 5 && n <= 99 && !strings.Contains(err.Error(), fmt.Sprintf("%d reds", n)) {
			t.Errorf("%d reds: %v does not name the count", n, err)
		}
		p.SetReds(First, 1)
		if err := p.Validate(); err != nil || p != want || p.Hash() != p.RecomputeHash() {
			t.Errorf("%d reds, then 1: %+v %v, want %+v", n, p, err, want)
		}
	}
}

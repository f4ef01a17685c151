package purple

import (
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

func TestDefaultProver(t *testing.T) {
	cases := map[string]struct {
		prover engine.Player
		err    bool
	}{
		"uu1B2/6/R5/6/6/6 f R1r1":                  {engine.First, false},
		"uu1B2/6/R5/6/6/6 s R1r1":                  {engine.First, false},
		"rb1U2/6/U5/6/6/6 f R1r1":                  {engine.Second, false},
		"rb1B2/6/R5/6/6/6 s R1r1":                  {engine.Second, false},
		"rb1B2/6/R5/6/6/6 f R1r1":                  {engine.First, false},
		"1uuuu1/1uuuu1/6/6/1UUUU1/1UUUU1 f R4r4 0": {0, true},
	}
	for s, want := range cases {
		p := engine.MustParsePosition(s)
		got, err := DefaultProver(&p)
		if (err != nil) != want.err || (!want.err && got != want.prover) {
			t.Errorf("%s: %v %v, want %v err=%v", s, got, err, want.prover, want.err)
		}
	}
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if _, err := New(p, engine.Second); err == nil {
		t.Error("a prover with hidden pieces was accepted")
	}
}

// TestPurpleCaptures: the prover's captures of hidden pieces are red
// while a hidden red remains; the opponent's hidden pieces escape while
// a hidden blue remains.
func TestPurpleCaptures(t *testing.T) {
	p := engine.MustParsePosition("uuu3/B5/R5/6/6/6 f R1r2")
	g, _ := New(p, engine.First)
	u := g.Make(engine.NewMove(engine.Sq(0, 2), engine.Sq(0, 1))) // B a2 takes a1
	if g.Pos.Reds(engine.Second) != 1 || g.Value() != Ongoing {
		t.Fatalf("first capture should be red: %s", g.Pos.String())
	}
	g.Unmake(u)
	if g.Pos != p {
		t.Fatal("unmake")
	}
	// One hidden red left: capturing it gives the opponent the win.
	q := engine.MustParsePosition("uu4/B5/R5/6/6/6 f R1r1")
	g2, _ := New(q, engine.First)
	g2.Make(engine.NewMove(engine.Sq(0, 2), engine.Sq(0, 1)))
	if g2.Value() != Loss {
		t.Fatalf("taking the last hidden red must lose: %s %v", g2.Pos.String(), g2.Value())
	}
	// No hidden red left (the red is shown): a hidden piece is blue.
	q3 := engine.MustParsePosition("ur4/B5/R5/6/6/6 f R1r1")
	g3, _ := New(q3, engine.First)
	g3.Make(engine.NewMove(engine.Sq(0, 2), engine.Sq(0, 1)))
	if g3.Value() != Win {
		t.Fatalf("the hidden piece must be the last blue: %v", g3.Value())
	}
	// Escapes of hidden pieces.
	q4 := engine.MustParsePosition("6/6/6/B5/R5/u4u s R1r1")
	var ml engine.MoveList
	g4, _ := New(q4, engine.First)
	g4.Moves(&ml)
	esc := 0
	for _, m := range ml.Slice() {
		if m.IsEscape() {
			esc++
		}
	}
	if esc != 2 {
		t.Fatalf("two hidden pieces on exits with a hidden blue: %d escapes", esc)
	}
	q5 := engine.MustParsePosition("6/6/6/B5/R5/u4b s R1r1")
	g5, _ := New(q5, engine.First)
	g5.Moves(&ml)
	esc = 0
	for _, m := range ml.Slice() {
		if m.IsEscape() {
			esc++
		}
	}
	if esc != 1 {
		t.Fatalf("the shown blue escapes, the hidden red does not: %d escapes", esc)
	}
}

func TestCanonical(t *testing.T) {
	r := engine.NewRand(5)
	for g := 0; g < 200; g++ {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		prover := engine.Player(g % 2)
		p.Hide(prover.Other())
		for p.Outcome() == engine.Ongoing && p.Ply() < 150 {
			q, tr, k := Canonical(&p, prover)
			if !q.AllShown(engine.First) {
				t.Fatalf("%s: canonical %s does not have the prover first", p.String(), q.String())
			}
			if tp := tr.Position(&p); tp != q {
				t.Fatalf("transform replays to %s, want %s", tp.String(), q.String())
			}
			for _, v := range []engine.Position{p.Mirrored(), p} {
				if k2 := KeyOf(&v, prover); k2 != k {
					t.Fatalf("%s: mirror has another key", p.String())
				}
			}
			sw := p.Swapped()
			if k3 := KeyOf(&sw, prover.Other()); k3 != k {
				t.Fatalf("%s: swapped has another key", p.String())
			}
			d, err := k.Decode()
			q.SetPly(0)
			if err != nil || d != q {
				t.Fatalf("decode %s: %v %v", q.String(), d.String(), err)
			}
			var ml engine.MoveList
			ml.Generate(&p)
			for _, m := range ml.Slice() {
				if tr.Unmove(tr.Move(m)) != m || !q.IsLegal(tr.Move(m)) {
					t.Fatalf("%s: move %s does not map", p.String(), m)
				}
			}
			p.Make(p.RandomMove(r))
		}
	}
	var bad Key
	bad[0] = 0xff
	if _, err := bad.Decode(); err == nil {
		t.Error("bad key decoded")
	}
	// Reds counts past 4 in either nibble (a corrupt proof store's keys):
	// an error naming the key, never a panic (a count of 8 or more once
	// indexed the hash past its end).
	p, err := engine.ParsePosition("uu1B2/6/R5/6/6/6 f R1r1 0")
	if err != nil {
		t.Fatal(err)
	}
	good := KeyOf(&p, engine.First)
	// Two kinds on one square (the first player's blue group copied
	// onto the opponent's hidden one), and a side that is no player.
	for name, k := range map[string]Key{"overlap": func() Key { k := good; copy(k[25:30], k[0:5]); return k }(), "side": func() Key { k := good; k[31] = 2; return k }()} {
		if d, err := k.Decode(); err == nil {
			t.Errorf("%s: decoded as %s", name, d.String())
		}
	}
	for _, reds := range []byte{0x1f, 0xf1, 0x18, 0x81, 0x15, 0x00} {
		k := good
		k[30] = reds
		if d, err := k.Decode(); err == nil || !strings.Contains(err.Error(), "reds") {
			t.Errorf("reds byte %#x: %s, %v; want an error of the reds", reds, d.String(), err)
		}
	}
}

// FuzzKeyDecode: any 32 bytes decode to a position that validates, whose
// hash is its own and whose key decodes to it again, or are refused.
func FuzzKeyDecode(f *testing.F) {
	for _, s := range []string{"uu1B2/6/R5/6/6/6 f R1r1 0", "R4u/1B1u2/6/2R3/u1B2R/5r f R3r3 0"} {
		p, err := engine.ParsePosition(s)
		if err != nil {
			f.Fatal(err)
		}
		k := KeyOf(&p, engine.First)
		f.Add(k[:])
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var k Key
		copy(k[:], b)
		p, err := k.Decode()
		if err != nil {
			return
		}
		q := p
		if err := q.Validate(); err != nil || q != p || p.Hash() != p.RecomputeHash() {
			t.Fatalf("%x: %s: %v", k[:], p.String(), err)
		}
	})
}

func TestClass(t *testing.T) {
	cs := Classes(6)
	seen := map[Class]bool{}
	for _, c := range cs {
		if !c.Valid() || c.Pieces() > 6 || seen[c] {
			t.Fatalf("bad class %v", c)
		}
		seen[c] = true
		back, err := ParseClass(c.String())
		if err != nil || back != c {
			t.Fatalf("%s: %v %v", c, back, err)
		}
	}
	// 4 pieces: 1B1R-2U1r; 5: 2B1R-2U1r, 1B2R-2U1r, 1B1R-3U1r, 1B1R-3U2r.
	n4, n5 := 0, 0
	for _, c := range cs {
		switch c.Pieces() {
		case 4:
			n4++
		case 5:
			n5++
		}
	}
	if n4 != 1 || n5 != 4 {
		t.Fatalf("classes: %d with 4 pieces, %d with 5", n4, n5)
	}
	for _, bad := range []string{"", "1B1R", "1B0R-2U1r", "1B1R-2U2r", "11B1R-2U1r", "1B1R-2U1rx"} {
		if _, err := ParseClass(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if c, ok := ClassOf(&p, engine.First); !ok || c.String() != "1B1R-2U1r" {
		t.Fatalf("class of %s: %v %v", p.String(), c, ok)
	}
}

func TestClassRandom(t *testing.T) {
	r := engine.NewRand(1)
	for _, c := range Classes(8) {
		p := c.Random(r, engine.Second)
		got, ok := ClassOf(&p, engine.First)
		if !ok || got != c || p.Turn() != engine.Second || p.Hash() != p.RecomputeHash() {
			t.Fatalf("%s: %s (%v %v)", c, p.String(), got, ok)
		}
		if _, err := engine.ParsePosition(p.String()); err != nil {
			t.Fatal(err)
		}
	}
}

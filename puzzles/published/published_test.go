package published

import (
	"errors"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// readmeRow is the example of the collection's README ("GetSol
// ..........u.B.................Ru.... 1 7": one opponent blue, a
// five-move solution, the blue stepping up three times and escaping).
const readmeRow = "notrv,1111,----,---,05,..........u.B.................Ru...."

func TestParseRowOrientation(t *testing.T) {
	p, err := ParseRow(readmeRow)
	if err != nil {
		t.Fatal(err)
	}
	// The collection's first row is the row of the player's exits: the
	// position string's rank 1, whose corners a1 and f1 are the first
	// player's exits.
	if got, want := p.Position.String(), "6/4u1/B5/6/6/Ru4 f R1r1 0"; got != want {
		t.Errorf("position %q, want %q", got, want)
	}
	if p.Plies != 5 || p.Revealed || p.RedWall {
		t.Errorf("plies %d, revealed %v, red wall %v; want 5, false, false", p.Plies, p.Revealed, p.RedWall)
	}
	if d := engine.Sq(0, 3).ExitDistance(engine.First); d != 2 {
		t.Errorf("a3 is %d steps from the first player's exits, want 2", d)
	}
}

func TestReadLinesAndErrors(t *testing.T) {
	in := readmeRow + "\n\n" + "prtrv,2313,wall,cap,17,R....u.B.u..........R...u.B..R.....r\r\n"
	ps, err := Read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 2 || ps[0].Line != 1 || ps[1].Line != 3 {
		t.Fatalf("got %d puzzles, lines %v", len(ps), ps)
	}
	q := ps[1]
	if !q.Revealed || !q.RedWall || !q.Cap || q.Plies != 17 || q.Position.Reds(engine.Second) != 3 || q.Position.Count(engine.Second) != 4 {
		t.Errorf("second row read as %+v (%s)", q, q.Position.String())
	}
	if got := q.Position.String(); got != "R4u/1B1u2/6/2R3/u1B2R/5r f R3r3 0" {
		t.Errorf("second row's position %q", got)
	}

	bad := map[string]string{
		"notrv,1111,----,---,05": "want 6 comma-separated fields",
		"other,1111,----,---,05,..........u.B.................Ru....": "kind \"other\"",
		"notrv,11a1,----,---,05,..........u.B.................Ru....": "material \"11a1\"",
		"notrv,1111,-w--,---,05,..........u.B.................Ru....": "third field",
		"notrv,1111,----,-x-,05,..........u.B.................Ru....": "fourth field",
		"notrv,1111,----,---,0x,..........u.B.................Ru....": "length \"0x\"",
		"notrv,1111,----,---,00,..........u.B.................Ru....": "length \"00\"",
		"notrv,1111,----,---,05,..........u.B.................Ru...":  "want 36 squares, got 35",
		"notrv,1111,----,---,05,..........u.X.................Ru....": "square 13 is 'X'",
		"notrv,2111,----,---,05,..........u.B.................Ru....": "does not hold the material 2111",
		"notrv,1111,----,---,05,..........b.B.................Ru....": "notrv board shows opponent colours",
		"notrv,1101,----,---,05,..........u.B.................R.....": "no blue left",
		"prtrv,1111,----,---,05,..........b.B.................Rb....": "does not hold the material 1111",
		// Nine reds: a count the position's reds hash once took as an
		// index past its end (a panic).
		"notrv,0901,----,---,17,RRRRRRRRRu..........................": "9 pieces, at most 8",
		"notrv,0801,----,---,17,RRRRRRRR.u..........................": "8 reds, at most 4",
	}
	for row, want := range bad {
		_, err := Read(strings.NewReader(readmeRow + "\n" + row + "\n"))
		var e *Error
		if !errors.As(err, &e) || e.Line != 2 || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want line 2 and %q", row, err, want)
		}
	}
	if _, err := Read(strings.NewReader(strings.Repeat("x", maxLine+1))); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("an overlong line: %v", err)
	}
}

func TestRowRoundTrip(t *testing.T) {
	for _, s := range []string{
		"6/4u1/B5/6/6/Ru4 f R1r1 0",
		"1uuu2/6/2u2B/2B3/5R/1B4 f R1r3 0",
		"R4u/1B1u2/6/2R3/u1B2R/5r f R3r3 0",
		"uuu3/uuu3/6/6/BBRR2/BBRR2 f R4r4 0",
	} {
		p := Puzzle{Position: engine.MustParsePosition(s), Plies: 17, Revealed: strings.ContainsAny(s[:strings.IndexByte(s, ' ')], "br"), RedWall: true, Cap: true}
		row, err := p.Row()
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		q, err := ParseRow(row)
		if err != nil {
			t.Fatalf("%s: %s: %v", s, row, err)
		}
		if q.Position.String() != s || q.Plies != 17 || q.Revealed != p.Revealed || !q.RedWall || !q.Cap {
			t.Errorf("%s: row %s read back as %+v (%s)", s, row, q, q.Position.String())
		}
	}
	for _, s := range []string{"6/4u1/B5/6/6/Ru4 s R1r1 0", "6/4U1/b5/U5/6/ru4 f R1r1 0", "6/4b1/B5/6/u5/Ru4 f R1r1 0"} {
		p := Puzzle{Position: engine.MustParsePosition(s), Plies: 5}
		if row, err := p.Row(); err == nil {
			t.Errorf("%s written as %s, want an error", s, row)
		}
	}
}

func FuzzParseRow(f *testing.F) {
	f.Add(readmeRow)
	f.Add("prtrv,2313,wall,cap,17,R....u.B.u..........R...u.B..R.....r")
	f.Add("notrv,4444,----,---,99,BBBBRRRRuuuuuuuu....................")
	f.Add("notrv,0901,----,---,17,RRRRRRRRRu..........................")
	f.Fuzz(func(t *testing.T, row string) {
		p, err := ParseRow(row)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		back, err := p.Row()
		if err != nil {
			t.Fatalf("%q read as %s, which Row refuses: %v", row, p.Position.String(), err)
		}
		q, err := ParseRow(back)
		if err != nil || q.Position != p.Position || q.Plies != p.Plies || q.Revealed != p.Revealed || q.RedWall != p.RedWall || q.Cap != p.Cap {
			t.Fatalf("%q: written %q, read back %+v, %v", row, back, q, err)
		}
	})
}

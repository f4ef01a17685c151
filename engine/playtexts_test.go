package engine

import (
	"errors"
	"strings"
	"testing"
)

// PlayTexts never panics; what it accepts is legal move by move, and a
// game still in play gives a position string that reads back the same.
func FuzzPlayTexts(f *testing.F) {
	f.Add("uu1B2/6/R5/6/6/6 f R1r1", "d1e1 a1a2 e1f1")
	f.Add("uu1B2/6/R5/6/6/6 f R1r1", "a3a2 b1c1 a2a1(r)")
	f.Add("1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0", "b5b4 b2b3 c5c4(b)")
	f.Fuzz(func(t *testing.T, pos, moves string) {
		p, err := ParsePosition(pos)
		if err != nil {
			return
		}
		played, err := p.PlayTexts(strings.Fields(moves))
		if err != nil {
			return
		}
		if len(played) != len(strings.Fields(moves)) {
			t.Fatalf("%d moves played of %q", len(played), moves)
		}
		if p.Outcome() == Ongoing {
			q, err := ParsePosition(p.String())
			if err != nil || q.String() != p.String() {
				t.Fatalf("%s does not read back: %v", p.String(), err)
			}
		}
	})
}

// PlayLine plays a legal line as Make would, calls after once a move,
// and names the first move that cannot be played: illegal (with the
// position it stands in, the moves before it made) or after the end.
func TestPlayLine(t *testing.T) {
	start := MustParsePosition("1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	r := NewRand(9)
	var line []Move
	want := start
	for len(line) < 12 {
		m := want.RandomMove(r)
		line = append(line, m)
		want.Make(m)
	}
	p := start
	var seen []int
	if err := p.PlayLine(line, nil, func(i int, m Move) error { seen = append(seen, i); return nil }); err != nil || p != want || len(seen) != 12 || seen[11] != 12 {
		t.Fatalf("legal line: %v, %s against %s, after %v", err, p.String(), want.String(), seen)
	}
	bad := append(append([]Move(nil), line[:5]...), line[6])
	p = start
	err := p.PlayLine(bad, nil, nil)
	var le *LineError
	if !errors.As(err, &le) || le.Index != 6 || le.Over || le.Move != line[6] || p.Ply() != start.Ply()+5 || le.At != p.String() {
		t.Errorf("illegal move: %v, %+v", err, le)
	}
	won := MustParsePosition("uu3B/6/R5/6/6/6 f R1r1")
	esc := NoMove
	for _, m := range won.AppendMoves(nil) {
		if m.IsEscape() {
			esc = m
		}
	}
	if esc == NoMove {
		t.Fatal("no escape in the test position")
	}
	p = won
	err = p.PlayLine([]Move{esc, esc}, nil, nil)
	if !errors.As(err, &le) || le.Index != 2 || !le.Over || !strings.Contains(err.Error(), "already over") {
		t.Errorf("after the end: %v", err)
	}
	p = start
	stop := errors.New("stop")
	if err := p.PlayLine(line, nil, func(i int, _ Move) error {
		if i == 3 {
			return stop
		}
		return nil
	}); err != stop || p.Ply() != start.Ply()+3 {
		t.Errorf("after's error: %v at ply %d", err, p.Ply())
	}
}

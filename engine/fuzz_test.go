package engine

import (
	"testing"
)

// Seed corpora live in testdata/fuzz/<FuzzName>/; run a target with
// go test ./engine -run '^$' -fuzz FuzzParsePosition -fuzztime 30s

func FuzzParsePosition(f *testing.F) {
	for _, s := range validPositions {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			return
		}
		q, err := ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("%q: round trip %q: %v", s, p.String(), err)
		}
		if p.Hash() != p.RecomputeHash() {
			t.Fatalf("%q: hash", s)
		}
		var ml MoveList
		ml.Generate(&p)
		for _, m := range ml.Slice() {
			u := p.Make(m)
			p.Unmake(u)
			if p != q {
				t.Fatalf("%q: make/unmake %s", s, m)
			}
		}
		_ = p.Pretty()
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"d1e1", "a1a0", "f6f7", "d1>", "a3^", "d2v", "b6<", "a3↑(R)", "g9", ""} {
		f.Add(s)
	}
	p := MustParsePosition("1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		back, err := ParseMove(m.String())
		if err != nil || back != m {
			t.Fatalf("%q -> %s -> %v, %v", s, m, back, err)
		}
		if m2, err := p.ParseMove(s); err == nil && !p.IsLegal(m2) {
			t.Fatalf("%q accepted but not legal", s)
		}
	})
}

func FuzzParseGATBoard(f *testing.F) {
	f.Add("14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u")
	f.Add("MOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u")
	f.Add("WON:99B24R34R44R15R25B35B45B41u31u21u11u40u30u20u88b")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := ParseGATBoard(s)
		if err != nil {
			return
		}
		g2, err := ParseGATBoard(g.String())
		if err != nil || g2 != g {
			t.Fatalf("%q: round trip %s: %v", s, g, err)
		}
		for _, v := range []Player{First, Second} {
			p, err := g.Position(v, v)
			if err != nil {
				continue
			}
			if _, err := ParsePosition(p.String()); err != nil {
				t.Fatalf("%q: position %s does not parse: %v", s, p.String(), err)
			}
		}
	})
}

// FuzzFromBoards: any bitboards, counts and side either make a position
// that validates, hashes as computed from scratch and reads back as
// given, or are refused; never a panic.
func FuzzFromBoards(f *testing.F) {
	for _, s := range validPositions {
		p, err := ParsePosition(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(p.pieces[0][Blue], p.pieces[0][Red], p.pieces[0][Unknown], p.pieces[1][Blue], p.pieces[1][Red], p.pieces[1][Unknown], p.Reds(First), p.Reds(Second), uint8(p.Turn()))
	}
	f.Fuzz(func(t *testing.T, fb, fr, fu, sb, sr, su uint64, fReds, sReds int, toMove uint8) {
		pieces := [2][NumKinds]uint64{{Blue: fb, Red: fr, Unknown: fu}, {Blue: sb, Red: sr, Unknown: su}}
		p, err := FromBoards(pieces, [2]int{fReds, sReds}, Player(toMove))
		if err != nil {
			return
		}
		q := p
		if err := q.Validate(); err != nil || q != p || p.Hash() != p.RecomputeHash() {
			t.Fatalf("%+v: validates %v, hash %x, from scratch %x", p, err, p.Hash(), p.RecomputeHash())
		}
		if p.pieces != pieces || p.Reds(First) != fReds || p.Reds(Second) != sReds || p.Turn() != Player(toMove) || p.Ply() != 0 {
			t.Fatalf("%+v: not what was given", p)
		}
		if r, err := ParsePosition(p.String()); err != nil || r != p {
			t.Fatalf("%s: parsed back %+v, %v", p.String(), r, err)
		}
	})
}

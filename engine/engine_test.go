package engine

import (
	"math/bits"
	"sort"
	"strings"
	"testing"
)

// perftCase is a golden perft row: counts[d-1] is perft(d).
type perftCase struct {
	pos    string
	counts []uint64
}

var perftTable = []perftCase{
	// Two start placements (SPEC §2 gives 8, 64, 768 for the first).
	{"1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0", []uint64{8, 64, 768, 9200, 118488}},
	{"1brrb1/1rbbr1/6/6/1BRRB1/1RBBR1 f R4r4 0", []uint64{8, 64, 768, 9200, 118488}},
	// Endgames with escapes and captures of last pieces.
	{"rb1B2/6/R5/6/6/6 f R1r1 0", []uint64{6, 18, 102, 518, 3076}},
	{"B4r/6/6/2R3/6/b5 f R1r1 0", []uint64{7, 30, 168, 836, 5280}},
	{"1B4/r5/6/6/4R1/b4B s R1r1 0", []uint64{6, 45, 258, 1852, 10897}},
	{"Rb4/B5/6/6/6/rb3r s R1r2 0", []uint64{8, 21, 182, 922, 8236}},
	{"1BR3/bRr3/6/6/6/4rB f R2r2 0", []uint64{8, 59, 536, 3800, 35082}},
	{"1rb1r1/1b1rb1/2B3/3R2/1R1B2/1B1R2 f R3r3 0", []uint64{16, 208, 3438, 45507, 753757}},
}

func TestPerftGolden(t *testing.T) {
	for _, c := range perftTable {
		p := MustParsePosition(c.pos)
		before := p
		for d, want := range c.counts {
			if got := Perft(&p, d+1); got != want {
				t.Errorf("perft(%s, %d) = %d, want %d", c.pos, d+1, got, want)
			}
			if p != before {
				t.Fatalf("perft(%s, %d) changed the position to %s", c.pos, d+1, p.String())
			}
		}
	}
}

// TestPerftNaive recounts the golden table with the slow model; the deep
// rows only without -short.
func TestPerftNaive(t *testing.T) {
	for _, c := range perftTable {
		n := naiveParse(c.pos)
		for d, want := range c.counts {
			if d >= 3 && testing.Short() {
				break
			}
			if got := naivePerft(n, d+1); got != want {
				t.Errorf("naive perft(%s, %d) = %d, golden %d", c.pos, d+1, got, want)
			}
		}
	}
}

func TestPerftDivideSums(t *testing.T) {
	p := MustParsePosition(perftTable[2].pos)
	moves, counts := PerftDivide(&p, 4)
	var sum uint64
	for _, c := range counts {
		sum += c
	}
	if sum != perftTable[2].counts[3] || len(moves) != int(perftTable[2].counts[0]) {
		t.Fatalf("divide: %d moves summing to %d, want %d moves summing to %d", len(moves), sum, perftTable[2].counts[0], perftTable[2].counts[3])
	}
}

func moveStrings(p *Position) []string {
	var ml MoveList
	ml.Generate(p)
	var out []string
	for _, m := range ml.Slice() {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}

// checkAgainstNaive compares moves, outcomes and successor strings of p
// with the naive model, and that Make/Unmake restore p exactly.
func checkAgainstNaive(t *testing.T, p *Position) {
	t.Helper()
	n := naiveParse(p.String())
	got, want := moveStrings(p), n.moves()
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("%s: moves %v, naive %v", p, got, want)
	}
	if p.CountMoves() != len(want) {
		t.Fatalf("%s: CountMoves %d, naive %d", p, p.CountMoves(), len(want))
	}
	var ml MoveList
	ml.Generate(p)
	before := *p
	for _, m := range ml.Slice() {
		for _, reveal := range []bool{false, true} {
			mm := m
			if reveal {
				mm = m.RevealRed()
			}
			if !p.IsLegal(mm) {
				t.Fatalf("%s: generated %s is not IsLegal", p, m)
			}
			u := p.Make(mm)
			c, w := n.play(m.String(), reveal)
			wantOutcome := Ongoing
			if w >= 0 {
				wantOutcome = WinFor(Player(w))
			}
			if p.Outcome() != wantOutcome {
				t.Fatalf("%s after %s (reveal %v): outcome %v, naive %v", before.String(), m, reveal, p.Outcome(), wantOutcome)
			}
			if p.String() != c.String() {
				t.Fatalf("%s after %s: %s, naive %s", before.String(), m, p, c)
			}
			if p.Hash() != p.RecomputeHash() {
				t.Fatalf("%s after %s: incremental hash differs from scratch", before.String(), m)
			}
			p.Unmake(u)
			if *p != before {
				t.Fatalf("%s: make/unmake %s gave %s", before.String(), m, p)
			}
		}
	}
}

func TestMovesAgainstNaive(t *testing.T) {
	for _, c := range perftTable {
		p := MustParsePosition(c.pos)
		checkAgainstNaive(t, &p)
	}
	// Hidden pieces: escapes while a hidden blue remains, captures
	// resolved by the counts or the reveal flag.
	for _, s := range []string{
		"uu1B2/6/R5/6/6/6 f R1r1 0",
		"uu1B2/6/R5/6/6/6 s R1r1 0",
		"1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0",
		"BU4/u5/6/6/6/u4r f R1r2 0",
		"B5/u5/6/6/6/ru3R s R1r1 0",
		"1R4/uB4/6/6/6/ub4 f R1r1 0",
	} {
		p := MustParsePosition(s)
		checkAgainstNaive(t, &p)
	}
	r := NewRand(7)
	games := 300
	if testing.Short() {
		games = 60
	}
	for g := 0; g < games; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		if g%3 == 1 {
			p.Hide(Second)
		} else if g%3 == 2 {
			p.Hide(First)
		}
		for p.Outcome() == Ongoing && p.Ply() < 200 {
			checkAgainstNaive(t, &p)
			p.Make(p.RandomMove(r).RevealRed())
		}
	}
}

func TestHashIncremental(t *testing.T) {
	r := NewRand(11)
	for g := 0; g < 500; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		if g%2 == 1 {
			p.Hide(First)
		}
		for p.Outcome() == Ongoing && p.Ply() < 200 {
			p.Make(p.RandomMove(r).RevealRed())
			if p.Hash() != p.RecomputeHash() {
				t.Fatalf("game %d ply %d %s: hash %x, from scratch %x", g, p.Ply(), p.String(), p.Hash(), p.RecomputeHash())
			}
		}
	}
}

// HashAfter gives every move's hash from scratch, and leaves the position
// as it was.
func TestHashAfter(t *testing.T) {
	eachRandomPosition(12, 200, func(g int, p *Position) {
		before := *p
		for _, m := range movesBothWays(p) {
			h := p.HashAfter(m)
			if *p != before {
				t.Fatalf("game %d %s: HashAfter(%v) changed the position to %s", g, before.String(), m, p.String())
			}
			q := *p
			q.Make(m)
			if h != q.RecomputeHash() {
				t.Fatalf("game %d %s: HashAfter(%v) %x, from scratch %x", g, p.String(), m, h, q.RecomputeHash())
			}
		}
	})
}

// eachRandomPosition plays games random games from random placements,
// every second one with one side's colours hidden (the first player's,
// then the second's), and calls visit at every position with the game on
// before the next random move (two in three with the reveal-red flag).
// visit must leave the position as it found it.
func eachRandomPosition(seed uint64, games int, visit func(g int, p *Position)) {
	r := NewRand(seed)
	for g := 0; g < games; g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		if g%2 == 1 {
			p.Hide(Player(g / 2 % 2))
		}
		for p.Outcome() == Ongoing && p.Ply() < 200 {
			visit(g, &p)
			m := p.RandomMove(r)
			if g%3 != 1 {
				m = m.RevealRed()
			}
			p.Make(m)
		}
	}
}

// movesBothWays lists p's legal moves, each plain and with the reveal-red
// flag (which decides the colour of a hidden piece captured).
func movesBothWays(p *Position) []Move {
	var ml MoveList
	ml.Generate(p)
	var ms []Move
	for _, m := range ml.Slice() {
		ms = append(ms, m, m.RevealRed())
	}
	return ms
}

func TestHashTransposition(t *testing.T) {
	// Two move orders to one position give one hash, and so does parsing.
	start := "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0"
	orders := [][]string{
		{"b5b4", "b2b3", "e5e4", "e2e3"},
		{"e5e4", "e2e3", "b5b4", "b2b3"},
		{"e5e4", "b2b3", "b5b4", "e2e3"},
	}
	var hashes []uint64
	var strs []string
	for _, o := range orders {
		p := MustParsePosition(start)
		for _, s := range o {
			m, err := p.ParseMove(s)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
		}
		hashes = append(hashes, p.Hash())
		strs = append(strs, p.BoardString())
	}
	for i := range hashes {
		if hashes[i] != hashes[0] || strs[i] != strs[0] {
			t.Fatalf("order %d: %s hash %x; order 0: %s hash %x", i, strs[i], hashes[i], strs[0], hashes[0])
		}
	}
	q := MustParsePosition(strs[0] + " f R4r4 4")
	if q.Hash() != hashes[0] {
		t.Fatalf("parsed %s: hash %x, played %x", q.String(), q.Hash(), hashes[0])
	}
	// Side to move and reds are part of the hash.
	q2 := MustParsePosition(strs[0] + " s R4r4 4")
	q3 := MustParsePosition("uuu1B1/6/R5/6/6/6 f R1r1")
	q4 := MustParsePosition("uuu1B1/6/R5/6/6/6 f R1r2")
	if q2.Hash() == q.Hash() || q3.Hash() == q4.Hash() {
		t.Fatal("side to move or reds count not in the hash")
	}
}

// TestRandomGames plays 10,000 games from random placements; each must
// end by a win condition of SPEC §1 or at the ply limit, and unmaking
// every move must restore the start exactly.
func TestRandomGames(t *testing.T) {
	r := NewRand(2026)
	games := 10000
	if testing.Short() {
		games = 2000
	}
	reasons := map[string]int{}
	for g := 0; g < games; g++ {
		start := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		p := start
		var undos []Undo
		var last Undo
		for p.OutcomeWithLimit(DefaultPlyLimit) == Ongoing {
			m := p.RandomMove(r)
			if m == NoMove {
				t.Fatalf("game %d: no legal move in %s", g, p.String())
			}
			last = p.Make(m)
			undos = append(undos, last)
		}
		o := p.OutcomeWithLimit(DefaultPlyLimit)
		var reason string
		winner, won := o.Winner()
		switch {
		case o == Draw:
			reason = "ply limit"
			if p.Ply() != DefaultPlyLimit || p.Outcome() != Ongoing {
				t.Fatalf("game %d: draw at ply %d", g, p.Ply())
			}
		case last.Move().IsEscape():
			reason = "escape"
			if winner != p.Turn().Other() {
				t.Fatalf("game %d: escape by %v but %v", g, p.Turn().Other(), o)
			}
		case p.Reds(winner) == 0:
			reason = "reds given"
		case p.Blues(winner.Other()) == 0:
			reason = "blues taken"
		default:
			t.Fatalf("game %d: %v with no win condition met: %s", g, o, p.String())
		}
		if !won && o != Draw {
			t.Fatalf("game %d: outcome %v", g, o)
		}
		reasons[reason]++
		for i := len(undos) - 1; i >= 0; i-- {
			p.Unmake(undos[i])
		}
		if p != start {
			t.Fatalf("game %d: unmaking %d moves gave %s, want %s", g, len(undos), p.String(), start.String())
		}
	}
	for _, k := range []string{"escape", "reds given", "blues taken", "ply limit"} {
		if reasons[k] == 0 {
			t.Errorf("no game ended by %s in %d games: %v", k, games, reasons)
		}
	}
	t.Logf("%d games: %v", games, reasons)
}

// TestRandomMoveUniform draws many moves from a few positions: each legal
// move, and nothing else, comes up about equally often.
func TestRandomMoveUniform(t *testing.T) {
	r := NewRand(99)
	for _, s := range []string{perftTable[0].pos, perftTable[3].pos, "1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0", "B5/u5/6/6/6/ru3R s R1r1 0"} {
		p := MustParsePosition(s)
		legal := map[Move]int{}
		var ml MoveList
		ml.Generate(&p)
		for _, m := range ml.Slice() {
			legal[m] = 0
		}
		const draws = 200000
		for i := 0; i < draws; i++ {
			m := p.RandomMove(r)
			if _, ok := legal[m]; !ok {
				t.Fatalf("%s: RandomMove gave %s, not legal", s, m)
			}
			legal[m]++
		}
		want := float64(draws) / float64(len(legal))
		for m, c := range legal {
			// 6 standard deviations of a binomial count.
			if d := float64(c) - want; d*d > 36*want {
				t.Errorf("%s: %s drawn %d times, expected about %.0f", s, m, c, want)
			}
		}
	}
}

// Distance counts orthogonal steps, whatever the direction.
func TestSquareDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"a1", "a1", 0}, {"a1", "f6", 10}, {"f6", "a1", 10}, {"c3", "b5", 3}, {"e2", "e1", 1}} {
		a, _ := ParseSquare(c.a)
		b, _ := ParseSquare(c.b)
		if got := a.Distance(b); got != c.d {
			t.Errorf("%s-%s: %d, want %d", c.a, c.b, got, c.d)
		}
	}
}

// TestMayBeAgainstColourings checks MayBeBlue, MayBeRed and Escapers
// against every colouring of the hidden pieces that agrees with the
// counts: a piece may be blue (red) when some colouring makes it so, and
// may escape when it may be blue and stands on one of its owner's exits
// (a1, f1 for the first player; a6, f6 for the second, SPEC §1).
func TestMayBeAgainstColourings(t *testing.T) {
	exits := [2][]string{{"a1", "f1"}, {"a6", "f6"}}
	r := NewRand(33)
	var checked [3]int
	starts := []string{"BU4/u5/6/6/6/u4r f R1r2 0", "B5/u5/6/6/6/ru3R s R1r1 0", "1R4/uB4/6/6/6/ub4 f R1r1 0", "uUuU2/6/6/6/6/uUuU2 f R2r2 0"}
	for g := 0; g < 200+len(starts); g++ {
		p := StartPosition(r.RandomPlacement(), r.RandomPlacement())
		p.Hide(Player(g % 2))
		if g%5 == 0 {
			p.Hide(Player(g%2) ^ 1)
		}
		if g >= 200 {
			p = MustParsePosition(starts[g-200])
		}
		for p.Outcome() == Ongoing && p.Ply() < 200 {
			for pl := First; pl <= Second; pl++ {
				var hidden []uint64
				for u := p.Pieces(pl, Unknown); u != 0; u &= u - 1 {
					hidden = append(hidden, u&-u)
				}
				hr := p.HiddenReds(pl)
				blue, red := p.Pieces(pl, Blue), p.Pieces(pl, Red)
				for set := 0; set < 1<<len(hidden); set++ {
					if bits.OnesCount(uint(set)) != hr {
						continue
					}
					for i, b := range hidden {
						if set>>i&1 != 0 {
							red |= b
						} else {
							blue |= b
						}
					}
				}
				var exit uint64
				for _, e := range exits[pl] {
					s, err := ParseSquare(e)
					if err != nil {
						t.Fatal(err)
					}
					exit |= s.Bit()
				}
				if got := p.MayBeBlue(pl); got != blue {
					t.Fatalf("%s: MayBeBlue(%v) = %x, want %x", p.String(), pl, got, blue)
				}
				if got := p.MayBeRed(pl); got != red {
					t.Fatalf("%s: MayBeRed(%v) = %x, want %x", p.String(), pl, got, red)
				}
				if got := p.Escapers(pl); got != blue&exit {
					t.Fatalf("%s: Escapers(%v) = %x, want %x", p.String(), pl, got, blue&exit)
				}
				if len(hidden) > 0 {
					checked[min(hr, 1)+min(len(hidden)-hr, 1)]++ // 0 all blue, 1 one colour, 2 both
				}
			}
			m := p.RandomMove(r)
			if r.Intn(2) == 0 {
				m = m.RevealRed() // else a hidden piece taken is blue while one is
			}
			p.Make(m)
		}
	}
	if checked[1] == 0 || checked[2] == 0 {
		t.Fatalf("hidden pieces of one colour in %d positions, of both in %d: want some of each", checked[1], checked[2])
	}
}

// TestCountsKept plays random games, half of them with one side's colours
// hidden, every move plain and with the reveal-red flag (a hidden capture
// taken as red, or as blue), escapes included: after every Make and every
// Unmake the counts Count, HiddenReds and HiddenBlues, and the pieces
// MayBeBlue reads, must be those of the bitboards and reds, counted from
// scratch; and so in the mirrored and swapped positions.
func TestCountsKept(t *testing.T) {
	check := func(p *Position, what string) {
		t.Helper()
		for pl := First; pl <= Second; pl++ {
			n := bits.OnesCount64(p.Occupied(pl))
			hr := p.Reds(pl) - bits.OnesCount64(p.Pieces(pl, Red))
			hb := bits.OnesCount64(p.Pieces(pl, Unknown)) - hr
			if p.Count(pl) != n || p.HiddenReds(pl) != hr || p.HiddenBlues(pl) != hb || p.Blues(pl) != n-p.Reds(pl) {
				t.Fatalf("%s %s, %v: count %d hidden reds %d hidden blues %d blues %d, from scratch %d %d %d %d",
					what, p.String(), pl, p.Count(pl), p.HiddenReds(pl), p.HiddenBlues(pl), p.Blues(pl), n, hr, hb, n-p.Reds(pl))
			}
			mb := p.Pieces(pl, Blue)
			if hb > 0 {
				mb |= p.Pieces(pl, Unknown)
			}
			if p.MayBeBlue(pl) != mb {
				t.Fatalf("%s %s, %v: may be blue %#x, from scratch %#x", what, p.String(), pl, p.MayBeBlue(pl), mb)
			}
		}
	}
	escapes := 0
	eachRandomPosition(5, 300, func(g int, p *Position) {
		check(p, "reached")
		q := MustParsePosition(p.String())
		check(&q, "parsed")
		q = p.Mirrored()
		check(&q, "mirrored")
		q = p.Swapped()
		check(&q, "swapped")
		before := *p
		for _, m := range movesBothWays(p) {
			u := p.Make(m)
			if m.IsEscape() {
				escapes++
			}
			check(p, "after "+m.String())
			p.Unmake(u)
			if *p != before {
				t.Fatalf("game %d: %v taken back gives %s, want %s", g, m, p.String(), before.String())
			}
		}
	})
	if escapes == 0 {
		t.Fatal("no escape was tried")
	}
}

// TestGenerateGrouped: on the positions of random games (half with one
// side's colours hidden), and for the side to move's may-be-blue pieces
// and for all its pieces as nearer, GenerateGrouped gives Generate's moves
// sorted stably into escapes, captures, steps of a piece of nearer that
// bring it nearer its exits, and the rest.
func TestGenerateGrouped(t *testing.T) {
	groups := [4]int{}
	eachRandomPosition(9, 200, func(_ int, p *Position) {
		pl := p.Turn()
		for _, nearer := range []uint64{p.MayBeBlue(pl), p.Occupied(pl)} {
			var ml, got MoveList
			ml.Generate(p)
			var want [4][]Move
			for _, m := range ml.Slice() {
				k := 3
				switch {
				case m.IsEscape():
					k = 0
				case p.Occupied(pl.Other())&m.To().Bit() != 0:
					k = 1
				case nearer&m.From().Bit() != 0 && m.To().ExitDistance(pl) < m.From().ExitDistance(pl):
					k = 2
				}
				want[k] = append(want[k], m)
				groups[k]++
			}
			all := append(append(append(want[0], want[1]...), want[2]...), want[3]...)
			got.GenerateGrouped(p, nearer)
			if len(all) != got.N {
				t.Fatalf("%s: %d moves grouped, want %d", p.String(), got.N, len(all))
			}
			for i, m := range all {
				if got.Moves[i] != m {
					t.Fatalf("%s: grouped %v, want %v", p.String(), got.Slice(), all)
				}
			}
		}
	})
	for k, n := range groups {
		if n == 0 {
			t.Fatalf("no move of group %d met: the test covers too little", k)
		}
	}
}

package keeper

import (
	"context"
	"sync"
	"testing"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

func TestRankUnrank(t *testing.T) {
	r := engine.NewRand(3)
	for i := 0; i < 20000; i++ {
		free := full36
		for j := r.Intn(6); j > 0; j-- {
			free &^= 1 << r.Intn(36)
		}
		n := 0
		for x := free; x != 0; x &= x - 1 {
			n++
		}
		k := r.Intn(min(n, 7) + 1)
		idx := r.Uint64() % tablebase.Binomial(n, k)
		set := tablebase.UnrankSquares(idx, k, free)
		if set&^free != 0 || popcount(set) != k {
			t.Fatalf("unrank(%d, %d, %x) = %x", idx, k, free, set)
		}
		if got := tablebase.RankSquares(set, free); got != idx {
			t.Fatalf("rank(unrank(%d)) = %d", idx, got)
		}
	}
	// Every index of a small class decodes to a state that encodes back.
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	tab := newClassTab(c)
	for i := uint64(0); i < tab.size(); i += 997 {
		var s state
		tab.decode(i, &s)
		if s.k&(s.b|s.r) != 0 || s.b&s.r != 0 || popcount(s.k) != 2 || popcount(s.b) != 1 || popcount(s.r) != 1 {
			t.Fatalf("index %d: bad state %+v", i, s)
		}
		if j := tab.index(&s); j != i {
			t.Fatalf("index %d decodes and encodes to %d", i, j)
		}
	}
	// The fast paths against their plain forms: the K placement number
	// decode returns, half, and the mark slots (markOf and slotOf inverse,
	// markOf the slot-th square of N's pieces in square order).
	for _, c := range []purple.Class{c, {Blues: 2, Reds: 1, OppPieces: 2, OppReds: 1}, {Blues: 1, Reds: 2, OppPieces: 3, OppReds: 2}} {
		tab := newClassTab(c)
		for i := uint64(0); i < tab.size(); i += 499 {
			var s state
			kI := tab.decode(i, &s)
			if want := tablebase.RankSquares(s.k, full36); kI != want {
				t.Fatalf("%s: index %d: decode's K number %d, rank %d", c, i, kI, want)
			}
			if j := tab.indexWithK(kI, &s); j != i {
				t.Fatalf("%s: index %d: indexWithK %d", c, i, j)
			}
			if pre := tab.placement(&s); tab.at(pre, s.side, s.slot) != i || tab.halfAt(pre, s.slot) != tab.half(i) {
				t.Fatalf("%s: index %d: placement %d does not give the index and its half", c, i, pre)
			}
			if want := i/(2*tab.marks)*tab.marks + i%tab.marks; tab.half(i) != want {
				t.Fatalf("%s: half(%d) = %d, want %d", c, i, tab.half(i), want)
			}
			n := s.b | s.r
			if markOf(n, 0) != 0 || slotOf(n, 0) != 0 {
				t.Fatalf("%s: slot 0 is not no mark", c)
			}
			slot := uint64(1)
			for y := n; y != 0; y &= y - 1 {
				if m := markOf(n, slot); m != y&-y || slotOf(n, m) != slot {
					t.Fatalf("%s: pieces %x: slot %d marks %x (slot %d), want %x", c, n, slot, m, slotOf(n, m), y&-y)
				}
				slot++
			}
		}
	}
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// plain is the keeper game by plain recursion: N (first player) wins
// within d plies? Memo keyed by the whole state and the plies left.
type plain struct {
	r     Reading
	memo  map[plainKey]bool
	nodes int
}

type plainKey struct {
	pieces [2][3]uint64
	reds   [2]int
	turn   engine.Player
	marked engine.Square
	d      int
}

func newPlain(r Reading) *plain { return &plain{r: r, memo: map[plainKey]bool{}} }

func (s *plain) win(p *engine.Position, marked engine.Square, d int) bool {
	if w, ok := p.Outcome().Winner(); ok {
		return w == engine.First
	}
	if d == 0 {
		return false
	}
	var k plainKey
	for pl := engine.First; pl <= engine.Second; pl++ {
		for kind := engine.Blue; kind < engine.NumKinds; kind++ {
			k.pieces[pl][kind] = p.Pieces(pl, kind)
		}
		k.reds[pl] = p.Reds(pl)
	}
	k.turn, k.marked, k.d = p.Turn(), marked, d
	if v, ok := s.memo[k]; ok {
		return v
	}
	s.nodes++
	res := false
	if p.Turn() == engine.First {
		var ml engine.MoveList
		ml.Generate(p)
		for _, m := range ml.Slice() {
			m = m.RevealRed() // purple: K's hidden piece is red while K has a hidden red
			q := *p
			q.Make(m)
			if s.win(&q, NextMark(p, engine.Second, marked, m, engine.NoSquare), d-1) {
				res = true
				break
			}
		}
	} else {
		b := BoardOf(p)
		res = true
		for _, c := range Choices(&b, marked, s.r, nil) {
			q := *p
			q.Make(c.Move)
			if !s.win(&q, NextMark(p, engine.Second, marked, c.Move, c.Mark), d-1) {
				res = false
				break
			}
		}
	}
	s.memo[k] = res
	return res
}

var (
	smallOnce   sync.Once
	smallSolved *Solved
	smallErr    error
)

// small returns the keeper game of 1B1R-2U1r solved in the paper reading.
func small(t *testing.T) *Solved {
	smallOnce.Do(func() {
		smallSolved, smallErr = SolveClasses(context.Background(), []purple.Class{{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}}, Literal8bAs7, nil)
	})
	if smallErr != nil {
		t.Fatal(smallErr)
	}
	return smallSolved
}

// randomState returns a random state of class c (N first player) with a
// random value state where the class has one.
func randomState(r *engine.Rand, c purple.Class) (engine.Position, engine.Square) {
	tab := newClassTab(c)
	var s state
	tab.decode(r.Uint64()%tab.size(), &s)
	p := build(s.k, s.b, s.r, c, engine.Player(s.side))
	return p, frameSq(markOf(s.b|s.r, s.slot))
}

// The retrograde values agree with plain recursion: "N wins within d
// plies" exactly when the solved distance is at most d.
func TestRetroAgreesWithPlainSearch(t *testing.T) {
	sv := small(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	const d = 7
	r := engine.NewRand(11)
	pl := newPlain(Literal8bAs7)
	var wins, losses int
	for i := 0; i < 4000 && (wins < 60 || losses < 60); i++ {
		p, mk := randomState(r, c)
		v, ok := sv.Value(&p, engine.First, mk)
		if !ok {
			t.Fatalf("%s: no value", p.String())
		}
		inD := v.Win && v.Plies <= d
		// Keep the sample balanced: most random states are long wins or
		// losses that only the deepest check tells apart.
		if inD && wins >= 60 || !inD && losses >= 60 {
			continue
		}
		got := pl.win(&p, mk, d)
		if got != inD {
			t.Fatalf("%s value-1 %s: plain search says win within %d: %v; retrograde %+v", p.String(), mk, d, got, v)
		}
		if inD {
			wins++
			if v.Plies > 1 && pl.win(&p, mk, v.Plies-1) {
				t.Fatalf("%s: plain search wins within %d, retrograde distance %d", p.String(), v.Plies-1, v.Plies)
			}
		} else {
			losses++
		}
	}
	if wins < 30 || losses < 30 {
		t.Fatalf("too few cases: %d wins, %d others", wins, losses)
	}
	t.Logf("%d wins within %d and %d others agree; %d plain nodes", wins, d, losses, pl.nodes)
}

// The retrograde values agree with df-pn over the keeper game (Game), both
// the verdict and, with Shortest, the distance.
func TestRetroAgreesWithDfpn(t *testing.T) {
	sv := small(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	r := engine.NewRand(5)
	tt := dfpn.NewTable(64)
	var decided, wins int
	for i := 0; i < 60; i++ {
		p, mk := randomState(r, c)
		v, _ := sv.Value(&p, engine.First, mk)
		g, err := NewGame(p, engine.First, mk, Literal8bAs7, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		res := Solve(context.Background(), g, tt, Options{MaxNodes: 300000, Shortest: true})
		switch res.Status {
		case dfpn.Undecided:
			continue
		case dfpn.Proven:
			if !v.Win || (res.Exact && res.Plies != v.Plies) {
				t.Fatalf("%s value-1 %s: df-pn wins in %d (exact %v), retrograde %+v", p.String(), mk, res.Plies, res.Exact, v)
			}
			wins++
		case dfpn.Disproven:
			if v.Win {
				t.Fatalf("%s value-1 %s: df-pn disproves, retrograde %+v", p.String(), mk, v)
			}
		}
		decided++
	}
	if decided < 40 || wins < 10 {
		t.Fatalf("df-pn decided %d of 60 (%d wins)", decided, wins)
	}
	t.Logf("%d decided (%d wins)", decided, wins)
}

// Values and lines: the same state seen with N as the second player has
// the same value; a line walks down the distances to N's win.
func TestValueOrientationAndLines(t *testing.T) {
	sv := small(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	r := engine.NewRand(9)
	lines := 0
	for i := 0; i < 3000; i++ {
		p, mk := randomState(r, c)
		v, _ := sv.Value(&p, engine.First, mk)
		q := p.Swapped()
		qm := mk
		if qm != engine.NoSquare {
			qm = qm.Flip()
		}
		w, ok := sv.Value(&q, engine.Second, qm)
		if !ok || w != v {
			t.Fatalf("%s: %+v, swapped %s: %+v", p.String(), v, q.String(), w)
		}
		if v.Win && lines < 200 {
			line, err := sv.Line(p, engine.First, mk, 1000)
			if err != nil {
				t.Fatal(err)
			}
			end := p
			for _, s := range line {
				if !end.IsLegal(s.Move) {
					t.Fatalf("%s: line %v: %s illegal", p.String(), line, s.Move)
				}
				end.Make(s.Move)
			}
			if len(line) != v.Plies || end.Outcome() != engine.FirstWins {
				t.Fatalf("%s: line %v of %d plies ends %v, distance %d", p.String(), line, len(line), end.Outcome(), v.Plies)
			}
			lines++
		}
	}
	// States that are no states of the class are refused.
	p := engine.MustParsePosition("u4u/6/6/6/6/B4R s R1r1")
	if _, ok := sv.Value(&p, engine.First, sqr(t, "c3")); ok {
		t.Error("a value on an empty square was accepted")
	}
	p = engine.MustParsePosition("u4u/6/6/6/6/B3RR s R2r1")
	if _, ok := sv.Value(&p, engine.First, engine.NoSquare); ok {
		t.Error("an unsolved class was answered")
	}
}

// A sure win against every K (the purple tables) is one against the
// algorithm too, never longer: over every position of 1B1R-2U1r.
func TestKeeperWinsContainPurpleWins(t *testing.T) {
	sv := small(t)
	db, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	if _, err := tablebase.Build(context.Background(), db, []purple.Class{c}, tablebase.BuildOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	var purpleWins, onlyAlgorithm, n int
	err = db.Scan(context.Background(), c, func(p engine.Position, pv tablebase.Entry) error {
		n++
		v, ok := sv.Value(&p, engine.First, engine.NoSquare)
		if !ok {
			t.Fatalf("%s: no keeper value", p.String())
		}
		if pv.Result == purple.Win {
			purpleWins++
			if !v.Win || v.Plies > pv.Plies {
				t.Fatalf("%s: purple win in %d, keeper game %+v", p.String(), pv.Plies, v)
			}
		} else if v.Win {
			onlyAlgorithm++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if purpleWins == 0 || onlyAlgorithm == 0 {
		t.Fatalf("%d positions: %d purple wins, %d wins only against the algorithm", n, purpleWins, onlyAlgorithm)
	}
	t.Logf("%d positions: %d purple wins (all keeper-game wins), %d more wins against the algorithm only", n, purpleWins, onlyAlgorithm)
}

// A long test: a class with two K reds (N's captures lead into smaller
// classes) and the agent reading, against plain recursion.
func TestRetroAgreesWithPlainSearchLong(t *testing.T) {
	longtest.Skip(t)
	for _, rd := range []Reading{Literal8bAs7, Agent} {
		c := purple.Class{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2}
		sv, err := SolveClasses(context.Background(), []purple.Class{c, {Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}}, rd, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, cc := range []purple.Class{c, {Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}} {
			r := engine.NewRand(13)
			pl := newPlain(rd)
			const d = 7
			wins, others := 0, 0
			for i := 0; i < 20000 && (wins < 100 || others < 100); i++ {
				p, mk := randomState(r, cc)
				v, _ := sv.Value(&p, engine.First, mk)
				inD := v.Win && v.Plies <= d
				if inD && wins >= 100 || !inD && others >= 100 {
					continue
				}
				if got := pl.win(&p, mk, d); got != inD {
					t.Fatalf("%s %s value-1 %s: plain %v, retrograde %+v", rd, p.String(), mk, got, v)
				}
				if inD {
					wins++
				} else {
					others++
				}
			}
			t.Logf("%s %s: %d wins, %d others agree", rd, cc, wins, others)
		}
	}
}

// Every state of the solved class agrees with its successors (Bellman
// consistency, which with exact distances proves the class right).
func TestVerify(t *testing.T) {
	sv := small(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	n, bad, first, err := sv.Verify(context.Background(), c)
	if err != nil || bad != 0 || n != States(c) {
		t.Fatalf("verify: %d checked, %d bad (%s), %v", n, bad, first, err)
	}
	// A corrupted value is found.
	tab := sv.tabs[c]
	old := tab.val[12345]
	tab.val[12345] = old + 3
	_, bad, first, _ = sv.Verify(context.Background(), c)
	tab.val[12345] = old
	if bad == 0 {
		t.Fatal("a corrupted value went unnoticed")
	}
	t.Logf("corruption found: %d states disagree, e.g. %s", bad, first)
}

// The choice masks of two-piece classes give the same values as listing
// the algorithm's choices at every predecessor.
func TestChoiceMasksAgreeWithChoices(t *testing.T) {
	longtest.Skip(t) // TestVerify checks the solved values in normal runs
	sv := small(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	useChoiceMasks = false
	slow, err := SolveClasses(context.Background(), []purple.Class{c}, Literal8bAs7, nil)
	useChoiceMasks = true
	if err != nil {
		t.Fatal(err)
	}
	a, b := sv.tabs[c].val, slow.tabs[c].val
	for i := range a {
		if a[i] != b[i] {
			var s state
			sv.tabs[c].decode(uint64(i), &s)
			t.Fatalf("state %d %+v: %d with masks, %d without", i, s, a[i], b[i])
		}
	}
}

// Each kind of wrong value is found by Verify: a win dropped, a win
// invented, a distance one too short and one too long, for either side
// to move.
func TestVerifyFindsPlantedErrors(t *testing.T) {
	longtest.Skip(t) // TestVerify plants one error in normal runs
	sv := small(t)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	tab := sv.tabs[c]
	r := engine.NewRand(8)
	pick := func(side int, ok func(v uint8) bool) uint64 {
		for {
			i := r.Uint64() % tab.size()
			var s state
			tab.decode(i, &s)
			if s.side == side && ok(tab.val[i]) {
				return i
			}
		}
	}
	for side := 0; side < 2; side++ {
		for _, k := range []struct {
			name   string
			ok     func(v uint8) bool
			change func(v uint8) uint8
		}{
			{"win dropped", func(v uint8) bool { return v != 0 }, func(uint8) uint8 { return 0 }},
			{"win invented", func(v uint8) bool { return v == 0 }, func(uint8) uint8 { return 7 }},
			{"distance too short", func(v uint8) bool { return v > 1 }, func(v uint8) uint8 { return v - 1 }},
			{"distance too long", func(v uint8) bool { return v != 0 }, func(v uint8) uint8 { return v + 1 }},
		} {
			i := pick(side, k.ok)
			old := tab.val[i]
			tab.val[i] = k.change(old)
			_, bad, first, err := sv.Verify(context.Background(), c)
			tab.val[i] = old
			if err != nil || bad == 0 {
				t.Fatalf("side %d, %s (state %d: %d for %d): %d bad, %v", side, k.name, i, k.change(old), old, bad, err)
			}
			t.Logf("side %d, %s: %d states disagree, e.g. %s", side, k.name, bad, first)
		}
	}
}

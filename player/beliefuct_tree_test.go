package player

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/geister-solver/geister/belief"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
	"github.com/geister-solver/geister/sampling"
)

// TestSelectOpponentByColour checks that the opponent's choice in a world
// is made on the statistics of the colour its moving piece has there: a
// move that wins for it with a blue and loses with a red is chosen where
// the piece is blue, and the other move, even on average, where it is
// red. Pooled over colours the two moves would tie.
func TestSelectOpponentByColour(t *testing.T) {
	// The second player (lower case) to move, with pieces on a2 and d2.
	blueA := engine.MustParsePosition("6/b2r2/6/6/3R2/B2B2 s R1r1 0")
	redA := engine.MustParsePosition("6/r2b2/6/6/3R2/B2B2 s R1r1 0")
	a2a3, err := engine.ParseMove("a2a3")
	if err != nil {
		t.Fatal(err)
	}
	d2d3, err := engine.ParseMove("d2d3")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []engine.Move{a2a3, d2d3} {
		if !blueA.IsLegal(m) || !redA.IsLegal(m) {
			t.Fatalf("%s is not legal", m)
		}
	}
	tr := newISTree(1, nil, 0.5)
	tr.nodes = []isNode{
		{first: 1, nkids: 2, visits: 40},
		{move: a2a3, first: -1, visits: 20, wins: 10, cvisits: [2]int32{10, 10}, cwins: [2]float32{10, 0}},
		{move: d2d3, first: -1, visits: 20, wins: 10, cvisits: [2]int32{10, 10}, cwins: [2]float32{5, 5}},
	}
	if got := tr.nodes[tr.selectOpponent(0, &blueA)].move; got != a2a3 {
		t.Errorf("a2 blue: the opponent chose %s, want a2a3 (it wins with a blue)", got)
	}
	if got := tr.nodes[tr.selectOpponent(0, &redA)].move; got != d2d3 {
		t.Errorf("a2 red: the opponent chose %s, want d2d3 (a2a3 loses with a red)", got)
	}
}

// uniformWorlds returns the worlds of a uniform belief about the
// opponent of view's side to move.
func uniformWorlds(t *testing.T, view *engine.Position) []belief.World {
	t.Helper()
	b := belief.New(view.Turn(), belief.Options{Model: belief.Uniform})
	if err := b.Sync(view, nil); err != nil {
		t.Fatal(err)
	}
	return b.Worlds(view)
}

// TestTreeColourStatistics checks, after a search over several worlds,
// that every opponent move's statistics split by colour add up to its
// totals, and that the player's own moves have none.
func TestTreeColourStatistics(t *testing.T) {
	view := engine.MustParsePosition("uuuu2/uuu3/6/6/1RBRB1/BRBR2 f R4r4 0")
	ws := uniformWorlds(t, &view)
	var ml engine.MoveList
	ml.Generate(&view)
	tr := newISTree(3, squareFirst, 0.4)
	tr.search(context.Background(), ws, nil, &ml, nil, make([]bool, ml.N), 200, 5000, time.Time{}, false)
	opp := 0
	var walk func(i int32, depth int)
	walk = func(i int32, depth int) {
		n := &tr.nodes[i]
		if n.first < 0 {
			return
		}
		for k := n.first; k < n.first+int32(n.nkids); k++ {
			c := &tr.nodes[k]
			if depth%2 == 1 { // the opponent's moves
				opp++
				if c.cvisits[0]+c.cvisits[1] != c.visits || math.Abs(float64(c.cwins[0]+c.cwins[1]-c.wins)) > 1e-3*float64(c.visits) {
					t.Fatalf("opponent move %s: by colour %v visits %v points, totals %d and %g", c.move, c.cvisits, c.cwins, c.visits, c.wins)
				}
			} else if c.cvisits != [2]int32{} {
				t.Fatalf("own move %s has colour statistics %v", c.move, c.cvisits)
			}
			walk(k, depth+1)
		}
	}
	walk(0, 0)
	if opp == 0 {
		t.Fatal("the search reached no opponent move")
	}
}

// TestRepetitionKeys checks viewKey and the table of positions met: a
// key ignores the opponent's colours but not the player's nor where the
// pieces stand; remembered keys repeat, others do not, and a reset (a
// capture) forgets the earlier ones.
func TestRepetitionKeys(t *testing.T) {
	a := engine.MustParsePosition("6/b2r2/6/6/3R2/B2B2 f R1r1 0")
	b := engine.MustParsePosition("6/r2b2/6/6/3R2/B2B2 f R1r1 0") // the opponent's colours swapped
	c := engine.MustParsePosition("6/b2r2/6/6/3B2/B2R2 f R1r1 0") // ours swapped
	d := engine.MustParsePosition("6/b2r2/6/3R2/6/B2B2 f R1r1 0") // a piece moved
	ka, kb, kc, kd := viewKey(&a, engine.First), viewKey(&b, engine.First), viewKey(&c, engine.First), viewKey(&d, engine.First)
	if ka != kb {
		t.Error("the key reads the opponent's hidden colours")
	}
	if ka == kc || ka == kd || kc == kd {
		t.Error("different positions share a key")
	}
	tr := newISTree(1, nil, 0.35)
	tr.remember(ka, true)
	tr.remember(kc, false)
	if !tr.repeats(ka) || !tr.repeats(kb) || !tr.repeats(kc) || tr.repeats(kd) {
		t.Fatal("repeats disagrees with what was remembered")
	}
	tr.remember(kd, true)
	if tr.repeats(ka) || !tr.repeats(kd) {
		t.Fatal("a reset did not forget the earlier positions")
	}
	// Many keys: every one found, none lost to collisions in the table.
	r := engine.NewRand(5)
	keys := make([]uint64, 300)
	for i := range keys {
		keys[i] = r.Uint64() | 1
		tr.remember(keys[i], i == 0)
	}
	for _, k := range keys {
		if !tr.repeats(k) {
			t.Fatalf("key %x lost", k)
		}
	}
}

// TestWorldLosses checks worldLosses world by world against the rule
// read off the position: the opponent's piece on a6 stands on its exit
// and escapes at once if blue, and it has one red left, on a6 or c2.
// Taking a6 loses where a6 is red (the last red taken) and wins where it
// is blue (the last blue taken); every other move loses where a6 is blue.
// No move loses in every world, so none is left out.
func TestWorldLosses(t *testing.T) {
	view := engine.MustParsePosition("6/2u3/6/6/4R1/uB4 f R1r1 0")
	ws := uniformWorlds(t, &view)
	if len(ws) != 2 {
		t.Fatalf("%d worlds, want 2", len(ws))
	}
	var ml engine.MoveList
	ml.Generate(&view)
	a6, err := engine.ParseSquare("a6")
	if err != nil {
		t.Fatal(err)
	}
	a := &beliefUCT{side: engine.First, dfpn: 100000, limit: 200, exact: newExactKnowledge(engine.First, nil, 200, 1)}
	lost, lostIn := a.worldLosses(context.Background(), &view, &ml, ws)
	for i, m := range ml.Slice() {
		if lost[i] {
			t.Errorf("%s left out as lost in every world", m)
		}
		for k, w := range ws {
			a6Red := w.Pos.Pieces(engine.Second, engine.Red)&a6.Bit() != 0
			want := (m.To() == a6) == a6Red
			if got := lostIn[k]>>uint(i)&1 != 0; got != want {
				t.Errorf("%s in the world with a6 red=%v: lost %v, want %v", m, a6Red, got, want)
			}
		}
	}
}

// TestTreeWorldLosses checks that a root move the opponent surely wins
// after in most of the belief's worlds is worth no more than the
// remaining worlds in the search: its mean is at most their share, while
// without the knowledge (the mutation: lostIn nil) the same search rates
// it like the other moves.
func TestTreeWorldLosses(t *testing.T) {
	view := engine.MustParsePosition("uuuu2/uuu3/6/6/1RBRB1/BRBR2 f R4r4 0")
	ws := uniformWorlds(t, &view)
	var ml engine.MoveList
	ml.Generate(&view)
	lostIn := make([]uint64, len(ws))
	mass := 0.0
	for k := range ws {
		if k%10 != 0 { // move 0 lost in 9 worlds of 10
			lostIn[k] = 1
			mass += ws[k].P
		}
	}
	for _, with := range []bool{true, false} {
		tr := newISTree(5, squareFirst, 0.5)
		var li []uint64
		if with {
			li = lostIn
		}
		r := tr.search(context.Background(), ws, li, &ml, nil, make([]bool, ml.N), 200, 20000, time.Time{}, false)
		c := r.Children[0]
		if c.Visits < 20 {
			t.Fatalf("move 0 visited %d times", c.Visits)
		}
		if with && c.Mean > 1-mass+0.05 {
			t.Errorf("lost in worlds of mass %.2f, move 0 has mean %.3f", mass, c.Mean)
		}
		if !with && c.Mean < 0.3 {
			t.Errorf("without the knowledge move 0 has mean %.3f: the test cannot tell", c.Mean)
		}
	}
}

// TestFinalChoiceLossMass checks formula (4)'s final choice with the
// worlds' losses: the policy's favourite, lost in every world, does not
// outscore a move that survives in some (a position from a game lost to
// naotti11), and without the loss mass (the mutation) it would.
func TestFinalChoiceLossMass(t *testing.T) {
	cs := []sampling.RootChild{
		{Visits: 11790, Mean: 0, Prior: 0.758},
		{Visits: 16751, Mean: 0.025, Prior: 0.020},
		{Visits: 339, Mean: 0, Prior: 0.022},
	}
	a := &beliefUCT{w: new(haf.Weights), final: 0.1}
	lost := make([]bool, len(cs))
	for _, c := range []struct {
		mass []float64
		want int
	}{
		{[]float64{1, 0.0003, 1}, 1},
		{nil, 0}, // no loss known: formula (4) as the paper has it
		{[]float64{0.5, 0, 0}, 0},
	} {
		a.lossMass = c.mass
		if best, _ := a.rankChildren(cs, lost); best != c.want {
			t.Errorf("loss mass %v: chose move %d, want %d", c.mass, best, c.want)
		}
	}
}

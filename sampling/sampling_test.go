package sampling

import (
	"context"
	"math"
	"testing"

	"geister/engine"
)

// boardMatches reports whether b shows the same pieces, side to move, ply
// and result as p.
func boardMatches(b *Board, p *engine.Position) bool {
	for pl := engine.First; pl <= engine.Second; pl++ {
		if b.Pieces(pl, engine.Blue) != p.Pieces(pl, engine.Blue) || b.Pieces(pl, engine.Red) != p.Pieces(pl, engine.Red) {
			return false
		}
	}
	return b.Turn() == p.Turn() && b.Ply() == p.Ply() && b.Outcome() == p.Outcome()
}

// TestBoardAgreesWithEngine plays random games on the playout board and on
// the engine's position side by side: every move either chooser draws is
// legal in the engine, the escape rule holds, and the two boards agree
// after every move, results included.
func TestBoardAgreesWithEngine(t *testing.T) {
	r := engine.NewRand(7)
	for g := 0; g < 200; g++ {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		b, ok := BoardOf(&p)
		if !ok {
			t.Fatal("BoardOf refused a start position")
		}
		choose := Uniform
		if g%2 == 1 {
			choose = SquareFirst
		}
		for p.Outcome() == engine.Ongoing && p.Ply() < 300 {
			from, to := choose(&b, r)
			m := engine.NewMove(from, to)
			if !p.IsLegal(m) {
				t.Fatalf("game %d: %s is not legal in %s", g, m, p.String())
			}
			if esc := p.Pieces(p.Turn(), engine.Blue) & engine.Exits(p.Turn()); esc != 0 && !m.IsEscape() {
				t.Fatalf("game %d: %s played while a blue could escape in %s", g, m, p.String())
			}
			p.Make(m)
			b.Make(from, to)
			if !boardMatches(&b, &p) {
				t.Fatalf("game %d: after %s the playout board differs from %s", g, m, p.String())
			}
		}
	}
}

// TestUniformIsUniform checks that RandomMoveUniform draws every legal move
// about equally often where no escape is possible.
func TestUniformIsUniform(t *testing.T) {
	p := engine.MustParsePosition("1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	b, _ := BoardOf(&p)
	var ml engine.MoveList
	ml.Generate(&p)
	count := map[engine.Move]int{}
	r := engine.NewRand(1)
	const n = 120000
	for i := 0; i < n; i++ {
		f, to := b.RandomMoveUniform(r)
		count[engine.NewMove(f, to)]++
	}
	if len(count) != ml.N {
		t.Fatalf("drew %d distinct moves, want the %d legal ones", len(count), ml.N)
	}
	want := float64(n) / float64(ml.N)
	for m, c := range count {
		if math.Abs(float64(c)-want) > 5*math.Sqrt(want) {
			t.Errorf("move %s drawn %d times, want about %.0f", m, c, want)
		}
	}
}

// randomGame plays a game between random players and calls f before every
// move with the referee's position (every colour shown) and the moves so
// far.
func randomGame(seed uint64, f func(p *engine.Position, moves []engine.Move)) {
	r := engine.NewRand(seed)
	p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
	var moves []engine.Move
	for p.OutcomeWithLimit(200) == engine.Ongoing {
		f(&p, moves)
		m := p.RandomMove(r)
		moves = append(moves, m)
		p.Make(m)
	}
}

// truth follows the opponent's pieces by identity the slow way (a map
// from squares to letters) and returns the true placement of the
// opponent and the pieces captured by the player.
func truth(start engine.Position, me engine.Player, moves []engine.Move) (pl engine.Placement, captured uint8) {
	opp := me.Other()
	at := map[engine.Square]int{}
	for i, s := range engine.HomeSquares(opp) {
		at[s] = i
		if start.Pieces(opp, engine.Red)&s.Bit() != 0 {
			pl |= 1 << i
		}
	}
	p := start
	for _, m := range moves {
		if p.Turn() == opp {
			id := at[m.From()]
			delete(at, m.From())
			at[m.To()] = id
		} else if id, ok := at[m.To()]; ok {
			captured |= 1 << id
			delete(at, m.To())
		}
		p.Make(m)
	}
	return pl, captured
}

// TestWorldsAgreeWithWhatWasSeen is the property test of world sampling:
// over random games, at every turn of either player, every placement the
// tracker calls consistent gives the captured pieces their true colours
// and leaves the opponent its true number of reds on the board; the true
// placement is always consistent; and every world the samplers draw
// (uniform, by UPP value, by red likelihood) is a valid position that
// shows the player's own pieces as they are and the opponent's reds in
// the right number, on the right squares.
func TestWorldsAgreeWithWhatWasSeen(t *testing.T) {
	for g := uint64(0); g < 30; g++ {
		var start engine.Position
		trackers := [2]*Tracker{NewTracker(engine.First), NewTracker(engine.Second)}
		samplers := [2]*Sampler{NewSampler(engine.First, SamplerOptions{UPP: true, Playouts: 40, Seed: g}), NewSampler(engine.Second, SamplerOptions{Playouts: 40, Seed: g})}
		rng := engine.NewRand(g)
		randomGame(g+100, func(p *engine.Position, moves []engine.Move) {
			if len(moves) == 0 {
				start = *p
			}
			me := p.Turn()
			opp := me.Other()
			view := *p
			view.Hide(opp)
			tr := trackers[me]
			if err := tr.Sync(&view, moves); err != nil {
				t.Fatalf("game %d ply %d: %v", g, p.Ply(), err)
			}
			truePl, captured := truth(start, me, moves)
			if !tr.Consistent(truePl) {
				t.Fatalf("game %d ply %d: the true placement %s is called inconsistent", g, p.Ply(), truePl)
			}
			n := 0
			for _, pl := range engine.Placements {
				if !tr.Consistent(pl) {
					continue
				}
				n++
				if (pl^truePl)&engine.Placement(captured) != 0 {
					t.Fatalf("game %d ply %d: placement %s disagrees with captured pieces %08b (truth %s)", g, p.Ply(), pl, captured, truePl)
				}
				checkWorld(t, tr, &view, p, pl)
			}
			checkWorld(t, tr, &view, p, tr.SampleLikely(rng))
			// The samplers' own draws, through a decision.
			s := samplers[me]
			if _, _, err := s.Decide(context.Background(), &view, moves, 200); err != nil {
				t.Fatalf("game %d ply %d: %v", g, p.Ply(), err)
			}
			for i := 0; i < 5; i++ {
				wi := s.drawWorld()
				if !s.Tracker().Consistent(engine.Placements[wi]) {
					t.Fatalf("game %d ply %d: sampler drew inconsistent world %s", g, p.Ply(), engine.Placements[wi])
				}
				checkWorld(t, s.Tracker(), &view, p, engine.Placements[wi])
			}
			if n == 0 {
				t.Fatalf("game %d ply %d: no consistent world", g, p.Ply())
			}
		})
	}
}

// checkWorld checks the world of pl: valid, the player's pieces as they
// are, the opponent's pieces on their squares with its true number of reds.
func checkWorld(t *testing.T, tr *Tracker, view, referee *engine.Position, pl engine.Placement) {
	t.Helper()
	w := tr.World(view, pl)
	if err := w.Validate(); err != nil {
		t.Fatalf("world %s of %s: %v", pl, view.String(), err)
	}
	me := view.Turn()
	opp := me.Other()
	if w.Pieces(opp, engine.Unknown) != 0 {
		t.Fatalf("world %s leaves pieces hidden", pl)
	}
	if w.Occupied(opp) != referee.Occupied(opp) || w.Pieces(me, engine.Red) != referee.Pieces(me, engine.Red) || w.Pieces(me, engine.Blue) != referee.Pieces(me, engine.Blue) {
		t.Fatalf("world %s moves pieces: %s vs %s", pl, w.String(), referee.String())
	}
	if got, want := popcount(w.Pieces(opp, engine.Red)), referee.Reds(opp); got != want {
		t.Fatalf("world %s shows %d opponent reds, the opponent has %d", pl, got, want)
	}
}

// TestUPPValuesStayADistribution plays UPP against random players and
// checks after every decision that the world values are ≥ 0, sum to 1,
// are 0 exactly on the worlds that disagree with what was seen, and that
// step 3 ran (the values changed) in a fair share of the decisions (it
// needs playouts that began with the opponent's actual reply under both
// colours of the moved piece).
func TestUPPValuesStayADistribution(t *testing.T) {
	updates, decisions := 0, 0
	for g := uint64(0); g < 4; g++ {
		s := [2]*Sampler{NewSampler(engine.First, SamplerOptions{UPP: true, Playouts: 1000, Seed: g}), NewSampler(engine.Second, SamplerOptions{UPP: true, Playouts: 1000, Seed: g + 50})}
		r := engine.NewRand(g)
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		var moves []engine.Move
		for p.OutcomeWithLimit(200) == engine.Ongoing {
			me := p.Turn()
			view := p
			view.Hide(me.Other())
			m, st, err := s[me].Decide(context.Background(), &view, moves, 200)
			if err != nil {
				t.Fatal(err)
			}
			decisions++
			if st.Updated {
				updates++
			}
			vals := s[me].Values()
			sum := 0.0
			for i, v := range vals {
				cons := s[me].Tracker().Consistent(engine.Placements[i])
				if v < 0 || (v == 0) == cons {
					t.Fatalf("value %g of world %s (consistent %v)", v, engine.Placements[i], cons)
				}
				sum += v
			}
			if math.Abs(sum-1) > 1e-9 {
				t.Fatalf("world values sum to %g", sum)
			}
			moves = append(moves, m)
			p.Make(m)
		}
	}
	t.Logf("step 3 updated the values in %d of %d decisions", updates, decisions)
	if updates < decisions/5 {
		t.Errorf("step 3 updated the values in %d of %d decisions", updates, decisions)
	}
}

// TestUPPStep3Direction feeds step 3 playouts in which the player does
// better when the opponent's moved piece is red: the worlds calling it
// blue (the colour the opponent's choice favours) gain c, the others
// nothing, before normalisation.
func TestUPPStep3Direction(t *testing.T) {
	s := NewSampler(engine.First, SamplerOptions{UPP: true, Playouts: 10, Seed: 1})
	// Second's piece A (b2) moves to b3.
	reply := engine.NewMove(engine.Sq(1, 2), engine.Sq(1, 3))
	own := engine.NewMove(engine.Sq(0, 5), engine.Sq(0, 4))
	s.tracker.id[engine.Sq(1, 3)] = 0
	for i := range engine.Placements {
		s.worlds = append(s.worlds, uint8(i))
	}
	s.lastMove = own
	for i, pl := range engine.Placements {
		res := uint8(0)
		if pl&1 != 0 {
			res = 2 // red A: the player wins
		}
		s.records = append(s.records, record{world: uint8(i), result: res, move: own, reply: reply})
	}
	before := s.values
	if !s.step123(reply) {
		t.Fatal("step 3 did not update")
	}
	for i, pl := range engine.Placements {
		want := before[i]
		if pl&1 == 0 {
			want += 0.1
		}
		if math.Abs(s.values[i]-want) > 1e-12 {
			t.Fatalf("world %s: value %g, want %g", pl, s.values[i], want)
		}
	}
}

// TestUCTVisitsAddUp checks that after searches of random positions every
// expanded node was visited once more than its children together (the
// playout that preceded its expansion), and the root once per iteration.
func TestUCTVisitsAddUp(t *testing.T) {
	u := NewUCT(UCTOptions{Iterations: 3000}, 1)
	r := engine.NewRand(5)
	for g := 0; g < 8; g++ {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		for i := 0; i < 10*g; i++ {
			if p.Outcome() != engine.Ongoing {
				break
			}
			p.Make(p.RandomMove(r))
		}
		if p.Outcome() != engine.Ongoing {
			continue
		}
		res, err := u.Search(context.Background(), &p, 200)
		if err != nil {
			t.Fatal(err)
		}
		if int(u.nodes[0].visits) != res.Iterations {
			t.Fatalf("root visited %d times in %d iterations", u.nodes[0].visits, res.Iterations)
		}
		checked := 0
		u.forEachExpanded(func(v, sum int) {
			checked++
			if v != sum+1 {
				t.Fatalf("a node visited %d times has children visited %d times", v, sum)
			}
		})
		if checked < 10 {
			t.Fatalf("only %d expanded nodes", checked)
		}
		if !p.IsLegal(res.Move) {
			t.Fatalf("UCT chose %s, not legal in %s", res.Move, p.String())
		}
	}
}

// TestUCTFindsTheWin gives UCT a position where one move captures the
// opponent's last blue: it must find it.
func TestUCTFindsTheWin(t *testing.T) {
	p := engine.MustParsePosition("5r/6/2b3/2B3/6/RRRR2 f R4r1 0")
	if err := p.Validate(); err != nil {
		t.Skip(err)
	}
	u := NewUCT(UCTOptions{Iterations: 2000}, 1)
	res, err := u.Search(context.Background(), &p, 200)
	if err != nil {
		t.Fatal(err)
	}
	if res.Move != engine.NewMove(engine.Sq(2, 4), engine.Sq(2, 3)) {
		t.Fatalf("UCT played %s, want c4c3", res.Move)
	}
}

// TestSeedRepeats checks that a seeded decision repeats exactly.
func TestSeedRepeats(t *testing.T) {
	p := engine.MustParsePosition("1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	for _, upp := range []bool{false, true} {
		var got [2]engine.Move
		var sc [2]float64
		for i := range got {
			s := NewSampler(engine.First, SamplerOptions{UPP: upp, Playouts: 500, Seed: 9})
			m, st, err := s.Decide(context.Background(), &p, nil, 200)
			if err != nil {
				t.Fatal(err)
			}
			got[i], sc[i] = m, st.Score
		}
		if got[0] != got[1] || sc[0] != sc[1] {
			t.Errorf("upp=%v: two runs with one seed gave %s (%g) and %s (%g)", upp, got[0], sc[0], got[1], sc[1])
		}
	}
}

func popcount(b uint64) int {
	n := 0
	for ; b != 0; b &= b - 1 {
		n++
	}
	return n
}

// TestTrackerStartsFromAPosition: without the moves, a mid-game view is
// the tracker's start; the consistent placements are exactly the ways to
// colour the pieces on the board with the reds left, times the ways to
// colour the captured ones with the reds taken.
func TestTrackerStartsFromAPosition(t *testing.T) {
	view := engine.MustParsePosition("6/1B1uu1/1uu3/6/2RR2/1RRBB1 f R4r2 0")
	tr := NewTracker(engine.First)
	if err := tr.Sync(&view, nil); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, pl := range engine.Placements {
		if tr.Consistent(pl) {
			n++
			checkWorld(t, tr, &view, &view, pl)
		}
	}
	// 4 on the board with 2 reds: 6 ways; 4 captured with 2 reds: 6 ways.
	if n != 36 {
		t.Fatalf("%d consistent placements, want 36", n)
	}
}

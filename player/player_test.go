package player

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/geister-solver/geister/alphabeta"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/purple"
)

func mustNew(t testing.TB, spec string, env Env) Agent {
	t.Helper()
	a, err := New(spec, env)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// moveIn returns the agent's move in the position string, as its side to
// move sees it.
func moveIn(t testing.TB, a Agent, pos string) engine.Move {
	t.Helper()
	p := engine.MustParsePosition(pos)
	a.NewGame(p.Turn(), 1)
	v := NewView(p, p.Turn(), nil, 200)
	m, err := a.Move(context.Background(), &v)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	if !p.IsLegal(m) {
		t.Fatalf("%s: illegal move %s", pos, m)
	}
	return m
}

func TestParseSpec(t *testing.T) {
	good := map[string]string{
		"random":                                 "random",
		" Random ":                               "random",
		"purplemax:depth=6,time=100ms":           "purplemax:depth=6,time=100ms",
		"purplemax:time=100ms, depth=6":          "purplemax:depth=6,time=100ms",
		"keeper:seed=3":                          "keeper:seed=3",
		"random:reds=BCFG":                       "random:reds=BCFG",
		"naotti1.1:depth=3":                      "naotti11:depth=3",
		"keeper:p=0.25,reds=AEBC":                "keeper:p=0.25,reds=AEBC",
		"purplemax:random=false,dfpn=0,tables=0": "purplemax:dfpn=0,random=false,tables=0",
	}
	for in, want := range good {
		s, err := ParseSpec(in)
		if err != nil {
			t.Errorf("%q: %v", in, err)
			continue
		}
		if s.String() != want {
			t.Errorf("%q: %q, want %q", in, s.String(), want)
		}
	}
	bad := map[string]string{
		"":                         "unknown name",
		"nobody":                   `unknown name "nobody"`,
		"random:":                  "empty option list",
		"random:depth=3":           `no option "depth"`,
		"purplemax:depth":          "want NAME=VALUE",
		"purplemax:depth=x":        `depth="x": want a whole number`,
		"purplemax:time=fast":      "want a duration",
		"random:reds=BCF":          "four distinct letters",
		"random:reds=BBCF":         "four distinct letters",
		"keeper:p=1.5":             "strictly between 0 and 1",
		"purplemax:random=perhaps": "true or false",
		"random:seed=1,seed=2":     "given twice",
		"purplemax:depth=-1":       "whole number",
	}
	for in, want := range bad {
		_, err := ParseSpec(in)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want it to say %q", in, err, want)
		}
	}
	for _, spec := range []string{"keeper:reds=BCFG", "purplemax:depth=0", "purplemax:tt=0", "naotti10:depth=0", "human"} {
		if _, err := New(spec, Env{}); err == nil || !strings.Contains(err.Error(), spec) {
			t.Errorf("New(%q): %v, want an error naming the spec", spec, err)
		}
	}
}

func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"random", "purplemax:depth=6,time=100ms", "keeper:p=0.3,seed=9", "random:reds=BCFG", "x:y=z", "a:,", "naotti11:depth=5,random=true"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sp, err := ParseSpec(s)
		if err != nil {
			return
		}
		again, err := ParseSpec(sp.String())
		if err != nil || again.String() != sp.String() {
			t.Fatalf("%q -> %q -> %v %q", s, sp.String(), err, again.String())
		}
	})
}

func TestPlacements(t *testing.T) {
	a := mustNew(t, "chototsu", Env{})
	if pl := a.NewGame(engine.First, 5); pl.String() != "BCFG" {
		t.Errorf("chototsu placement %s, want BCFG (paper 001: inner four red)", pl)
	}
	a = mustNew(t, "random:reds=adeh", Env{})
	if pl := a.NewGame(engine.Second, 5); pl.String() != "ADEH" {
		t.Errorf("reds option gave %s", pl)
	}
	seen := map[engine.Placement]bool{}
	for _, spec := range []string{"keeper", "keeper-purplemax"} {
		a = mustNew(t, spec, Env{})
		for seed := uint64(0); seed < 400; seed++ {
			pl := a.NewGame(engine.First, seed)
			if !pl.Valid() || (pl>>4&1)+(pl>>7&1) != 1 {
				t.Fatalf("%s placement %s: want exactly one of the keepers E, H red", spec, pl)
			}
			seen[pl] = true
		}
	}
	if len(seen) != 40 {
		t.Errorf("keeper placements: %d distinct, want all 40 with one red keeper", len(seen))
	}
	a = mustNew(t, "random", Env{})
	all := map[engine.Placement]bool{}
	for seed := uint64(0); seed < 2000; seed++ {
		all[a.NewGame(engine.First, seed)] = true
	}
	if len(all) != 70 {
		t.Errorf("random placements: %d of 70", len(all))
	}
}

func TestRandomEscapesWhenItCan(t *testing.T) {
	a := mustNew(t, "random", Env{})
	for seed := uint64(0); seed < 50; seed++ {
		a.NewGame(engine.First, seed)
		p := engine.MustParsePosition("B4R/6/2uu2/6/6/6 f R1r1")
		v := NewView(p, engine.First, nil, 200)
		if m, _ := a.Move(context.Background(), &v); m.String() != "a1a0" {
			t.Fatalf("random played %s with an escape on a1", m)
		}
	}
}

func TestChototsuCharges(t *testing.T) {
	start := "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0"
	for spec, colour := range map[string]engine.Kind{"blue-chototsu": engine.Blue, "red-chototsu": engine.Red, "chototsu": engine.Blue} {
		a := mustNew(t, spec+":reds=BCFG", Env{})
		for seed := uint64(0); seed < 20; seed++ {
			a.NewGame(engine.First, seed)
			p := engine.MustParsePosition(start)
			v := NewView(p, engine.First, nil, 200)
			m, _ := a.Move(context.Background(), &v)
			_, k, _ := p.At(m.From())
			if k != colour || m.To().Rank() != m.From().Rank()-1 {
				t.Fatalf("%s played %s: want a %s piece stepping forward", spec, m, colour)
			}
		}
	}
	// A blue on the far row walks to the nearer exit (paper 001 §1).
	a := mustNew(t, "blue-chototsu", Env{})
	if m := moveIn(t, a, "1B4/6/2uu2/6/4R1/6 f R1r1"); m.String() != "b1a1" {
		t.Errorf("blue-chototsu on the far row played %s, want b1a1", m)
	}
}

// TestPurpleMaxTactics: a one-move win (an escape: in the purple game a
// capture is never a sure win), blocking a one-move escape, and paper 000's worked positions.
func TestPurpleMaxTactics(t *testing.T) {
	cases := []struct{ pos, want, why string }{
		{"B4R/6/2uu2/6/6/6 f R1r1", "a1a0", "escape"},
		{"5B/4u1/6/6/6/uR4 f R1r1", "f1f0", "escapes rather than stopping the opponent's escape"},
		{"3uu1/6/5B/3B2/6/uR4 f R1r2", "b6a6", "takes the piece about to escape from a6"},
		{"uu1B2/6/R5/6/6/6 f R1r1", "d1e1", "paper 000 Fig. 4: the sure win, not a3a2"},
		{"2uu2/2B1R1/5B/6/6/6 f R1r1", "e2e1", "paper 000 Fig. 6: blocks d1e1, then escapes via f1"},
		{"6/6/5B/6/uu4/1R4 f R1r1", "b6a6", "paper 000 Fig. 7: blocks the exit a6 first"},
	}
	for _, spec := range []string{"purplemax:depth=5,dfpn=0,random=false", "purplemax:depth=5,dfpn=0", "purplemax", "keeper-purplemax:depth=5"} {
		a := mustNew(t, spec, Env{})
		for _, c := range cases {
			for seed := uint64(0); seed < 3; seed++ {
				p := engine.MustParsePosition(c.pos)
				a.NewGame(p.Turn(), seed)
				v := NewView(p, p.Turn(), make([]engine.Move, 10), 200)
				m, err := a.Move(context.Background(), &v)
				if err != nil || m.String() != c.want {
					t.Errorf("%s in %s: %s %v, want %s (%s)", spec, c.pos, m, err, c.want, c.why)
				}
			}
		}
	}
}

// TestInferredReds: the opponent's hidden piece parked on its exit f6
// through its last turn (it moved c2c3 instead of escaping) is taken for
// its last red. The purple game says every move loses (the f6 piece
// "escapes" next, and taking c3 would take the last red); with the
// inference c3 is blue and taking it leaves the opponent only its red:
// PurpleMax takes it and wins in the true position.
func TestInferredReds(t *testing.T) {
	truth := engine.MustParsePosition("6/6/2b3/2B3/R5/5r f R1r1 50")
	c2c3, err := engine.ParseMove("c2c3")
	if err != nil {
		t.Fatal(err)
	}
	hist := []engine.Move{c2c3}
	for _, c := range []struct {
		spec, want, source string
	}{
		{"purplemax:infer=false", "", "search"},
		{"purplemax", "c4c3", "inferred"},
		{"purplemax:depth=3,dfpn=0,random=true", "c4c3", "inferred"},
	} {
		a := mustNew(t, c.spec, Env{})
		a.NewGame(engine.First, 1)
		v := NewView(truth, engine.First, hist, 200)
		m, err := a.Move(context.Background(), &v)
		last := a.(*purpleMax).Last
		if err != nil || last.Source != c.source || (c.want != "" && m.String() != c.want) || (c.want == "" && m.String() == "c4c3") {
			t.Errorf("%s: %s %v from %q (score %d), want %q from %q", c.spec, m, err, last.Source, last.Score, c.want, c.source)
			continue
		}
		if c.want != "" {
			q := truth
			q.Make(m)
			if q.Outcome() != engine.WinFor(engine.First) {
				t.Errorf("%s: %s does not win in the true position", c.spec, m)
			}
		}
	}
	// Nothing is inferred without a last move, or from a piece that has
	// just stepped onto the exit.
	p := truth
	p.Hide(engine.Second)
	if _, n := inferReds(&p, engine.NoMove); n != 0 {
		t.Errorf("inferred %d reds without a last move", n)
	}
	f5f6, err := engine.ParseMove("f5f6")
	if err != nil {
		t.Fatal(err)
	}
	if _, n := inferReds(&p, f5f6); n != 0 {
		t.Errorf("inferred %d reds from a piece that just arrived", n)
	}
	if q, n := inferReds(&p, c2c3); n != 1 || q.Pieces(engine.Second, engine.Red) != engine.Exits(engine.Second)&p.Occupied(engine.Second) {
		t.Errorf("inferred %d reds: %s", n, q.String())
	}
}

// TestEACPIsFooledAsThePaperSays: in Fig. 4, 6 and 7 EACP prefers the move
// that wins in every single colour placement but not surely (paper 000
// §4.2, §8).
func TestEACPIsFooledAsThePaperSays(t *testing.T) {
	for pos, want := range map[string]string{
		"uu1B2/6/R5/6/6/6 f R1r1":    "a3a2",
		"2uu2/2B1R1/5B/6/6/6 f R1r1": "f3f2",
		"6/6/5B/6/uu4/1R4 f R1r1":    "f3f2",
	} {
		a := mustNew(t, "naotti11:random=false", Env{})
		if m := moveIn(t, a, pos); m.String() != want {
			t.Errorf("naotti11 in %s: %s, want %s", pos, m, want)
		}
	}
}

// TestFigureReconstructions checks the rebuilt Fig. 6 and 7 against the
// paper's narrative with the reference solver: a sure win in 7 plies
// whose only winning move is the paper's, while the move EACP picks wins
// in every colour placement but is no sure win.
func TestFigureReconstructions(t *testing.T) {
	for _, c := range []struct{ pos, win, eacp string }{
		{"2uu2/2B1R1/5B/6/6/6 f R1r1", "e2e1", "f3f2"},
		{"6/6/5B/6/uu4/1R4 f R1r1", "b6a6", "f3f2"},
	} {
		p := engine.MustParsePosition(c.pos)
		if d := reference.New(engine.First, engine.First, reference.Purple).DTW(&p, 9); d != 7 {
			t.Errorf("%s: sure win in %d plies, the paper says 7", c.pos, d)
		}
		for _, m := range p.AppendMoves(nil) {
			q := p
			q.Make(m.RevealRed())
			wins := reference.New(engine.First, engine.First, reference.Purple).WinWithin(&q, 8)
			if wins != (m.String() == c.win) {
				t.Errorf("%s: %s sure win %v", c.pos, m, wins)
			}
			if m.String() != c.eacp {
				continue
			}
			for _, w := range Worlds(&p, nil) {
				wq := w
				wq.Make(m)
				if !reference.New(engine.First, engine.First, reference.BothColours).WinWithin(&wq, 4) {
					t.Errorf("%s: %s does not win in the placement %s", c.pos, m, w.String())
				}
			}
		}
	}
}

func TestWorlds(t *testing.T) {
	p := engine.MustParsePosition("1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	ws := Worlds(&p, nil)
	if len(ws) != 70 {
		t.Fatalf("%d worlds at the start, want 70", len(ws))
	}
	seen := map[string]bool{}
	for _, w := range ws {
		if !w.AllShown(engine.Second) || w.Reds(engine.Second) != 4 || w.Hash() != w.RecomputeHash() {
			t.Fatalf("bad world %s", w.String())
		}
		seen[w.String()] = true
	}
	if len(seen) != 70 {
		t.Fatalf("worlds repeat")
	}
	q := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	if n := len(Worlds(&q, nil)); n != 2 {
		t.Fatalf("Fig. 4: %d worlds, want 2", n)
	}
}

// TestEACPEqualsPlainComputation checks the pruned EACP against the plain
// definition: every move's minimum over every world, each world searched
// with a full window.
func TestEACPEqualsPlainComputation(t *testing.T) {
	r := engine.NewRand(11)
	n := 0
	for n < 25 {
		p := engine.StartPosition(r.RandomPlacement(), r.RandomPlacement())
		stop := 4 + r.Intn(60)
		for p.Outcome() == engine.Ongoing && p.Ply() < stop {
			p.Make(p.RandomMove(r))
		}
		if p.Outcome() != engine.Ongoing {
			continue
		}
		n++
		p.Hide(p.Turn().Other())
		worlds := Worlds(&p, nil)
		moves := p.AppendMoves(nil)
		depth := 3
		plain := alphabeta.New(alphabeta.Options{Eval: alphabeta.BlueCountDistance})
		value := map[engine.Move]int{}
		best := -inf
		for _, m := range moves {
			v := inf
			for i := range worlds {
				v = min(v, plain.AfterMove(context.Background(), &worlds[i], m, depth, -inf, inf))
			}
			value[m] = v
			best = max(best, v)
		}
		var nodes uint64
		for _, ties := range []bool{false, true} {
			s := alphabeta.New(alphabeta.Options{Eval: alphabeta.BlueCountDistance, TTBits: 12})
			m, tied := eacp(context.Background(), s, worlds, moves, depth, ties, &nodes)
			if value[m] != best {
				t.Fatalf("%s: eacp chose %s of value %d, best is %d", p.String(), m, value[m], best)
			}
			if ties {
				want := 0
				for _, v := range value {
					if v == best {
						want++
					}
				}
				if len(tied) != want {
					t.Fatalf("%s: %d ties, want %d", p.String(), len(tied), want)
				}
				for _, m := range tied {
					if value[m] != best {
						t.Fatalf("tie %s has value %d", m, value[m])
					}
				}
			}
		}
	}
}

// TestAgentsSeeOnlyTheirSide plays each agent twice against the same
// opponent moves with different opponent placements: until a piece is
// captured, which shows a colour, the agent must play the same moves.
func TestAgentsSeeOnlyTheirSide(t *testing.T) {
	specs := []string{"random", "blue-chototsu", "red-chototsu", "chototsu", "naotti10:depth=2", "naotti11:depth=2",
		"purplemax:depth=3,tt=1", "keeper", "keeper-purplemax:depth=3,tt=1"}
	for _, spec := range specs {
		for seed := uint64(0); seed < 6; seed++ {
			var runs [2][]engine.Move
			for i, reds := range []string{"ABCD", "EFGH"} {
				a := mustNew(t, spec, Env{})
				b := mustNew(t, "random:reds="+reds, Env{})
				a.NewGame(engine.First, seed)
				b.NewGame(engine.Second, 99)
				fr, _ := engine.ParsePlacement("ADEH")
				sr, _ := engine.ParsePlacement(reds)
				p := engine.StartPosition(fr, sr)
				var moves []engine.Move
				agents := [2]Agent{a, b}
				for p.Outcome() == engine.Ongoing && p.Ply() < 60 {
					v := NewView(p, p.Turn(), moves, 200)
					m, err := agents[p.Turn()].Move(context.Background(), &v)
					if err != nil {
						t.Fatal(err)
					}
					u := p.Make(m)
					moves = append(moves, m)
					if _, _, captured := u.Captured(); captured || m.IsEscape() {
						break
					}
				}
				runs[i] = moves
			}
			n := min(len(runs[0]), len(runs[1])) - 1
			for j := 0; j < n; j++ {
				if runs[0][j] != runs[1][j] {
					t.Fatalf("%s (seed %d) played %s or %s at ply %d depending on the opponent's hidden colours", spec, seed, runs[0][j], runs[1][j], j+1)
				}
			}
		}
	}
}

func TestKeeperAlgorithm(t *testing.T) {
	// Step 3: the first two moves put keepers on the opponent's exits.
	for side := engine.First; side <= engine.Second; side++ {
		a := mustNew(t, "keeper", Env{})
		b := mustNew(t, "random", Env{})
		for seed := uint64(0); seed < 30; seed++ {
			agents := [2]Agent{}
			agents[side], agents[side.Other()] = a, b
			pf := agents[0].NewGame(engine.First, seed)
			ps := agents[1].NewGame(engine.Second, seed+1)
			p := engine.StartPosition(pf, ps)
			var moves []engine.Move
			for p.Outcome() == engine.Ongoing && p.Ply() < 200 {
				v := NewView(p, p.Turn(), moves, 200)
				before := p
				m, err := agents[p.Turn()].Move(context.Background(), &v)
				if err != nil || !p.IsLegal(m) {
					t.Fatalf("keeper: %s %v", m, err)
				}
				p.Make(m)
				moves = append(moves, m)
				if before.Turn() != side {
					continue
				}
				onExits := p.Occupied(side) & engine.Exits(side.Other())
				turn := before.Ply() / 2
				if turn == 1 && p.Outcome() == engine.Ongoing && onExits != engine.Exits(side.Other()) {
					t.Fatalf("after two moves the keepers are not both on the exits: %s", p.String())
				}
				// Step 5: with 3+ pieces, keepers stay while another piece can move.
				if turn >= 2 && before.Count(side) >= 3 && engine.Exits(side.Other())&m.From().Bit() != 0 {
					others := before.Occupied(side) &^ engine.Exits(side.Other())
					if q, c := movesOf(&before, others); len(q)+len(c) > 0 {
						t.Fatalf("keeper moved off the exit with %d pieces: %s in %s", before.Count(side), m, before.String())
					}
				}
			}
		}
	}
	// Step 8(b): two pieces, one keeper on a6; an opponent piece on the
	// free exit f6 and one red left: value 0 is taken, value 1 is not.
	pos := "6/6/3u2/6/6/R3Bu f R1r1"
	for _, c := range []struct {
		p    string
		take bool
	}{{"0.000001", true}, {"0.999999", false}} {
		a := mustNew(t, "keeper:p="+c.p, Env{})
		p := engine.MustParsePosition(pos)
		a.NewGame(engine.First, 3)
		v := NewView(p, engine.First, make([]engine.Move, 20), 200)
		m, err := a.Move(context.Background(), &v)
		if err != nil {
			t.Fatal(err)
		}
		if (m.String() == "e6f6") != c.take {
			t.Errorf("keeper p=%s played %s; take the piece on the exit: %v", c.p, m, c.take)
		}
	}
}

func TestHumanReadsMovesAndAsksAgain(t *testing.T) {
	var out bytes.Buffer
	in := strings.NewReader("bcfg\nxyz\nd5d3\nd5^\n")
	a := mustNew(t, "human", Env{In: in, Out: &out})
	if pl := a.NewGame(engine.First, 1); pl.String() != "BCFG" {
		t.Fatalf("placement %s", pl)
	}
	p := engine.MustParsePosition("1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0")
	v := NewView(p, engine.First, nil, 200)
	m, err := a.Move(context.Background(), &v)
	if err != nil || m.String() != "d5d4" {
		t.Fatalf("move %s %v", m, err)
	}
	text := out.String()
	for _, want := range []string{"Which four are red?", "Legal moves: ", "b5b4", `"xyz" is not a legal move`, `"d5d3" is not a legal move`, "Your move, first player"} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if strings.Count(text, "Your move") != 3 {
		t.Errorf("want three prompts:\n%s", text)
	}
	if _, err := a.Move(context.Background(), &v); err == nil || !strings.Contains(err.Error(), "no more input") {
		t.Errorf("end of input: %v", err)
	}
}

// fakeTables answers for every class of at most 4 pieces with the
// reference solver (exact within 11 plies).
type fakeTables struct{}

func (fakeTables) Has(c purple.Class) bool { return c.Pieces() <= 4 }

func (fakeTables) ProbeValue(p *engine.Position, prover engine.Player) (purple.Value, int, error) {
	if d := reference.New(prover, prover, reference.Purple).DTW(p, 11); d >= 0 {
		return purple.Win, d, nil
	}
	if d := reference.New(prover, prover.Other(), reference.Purple).DTW(p, 11); d >= 0 {
		return purple.Loss, d, nil
	}
	return purple.Ongoing, 0, nil
}

// TestTablesGiveExactMoves: in table material PurpleMax plays a move that
// keeps the exact table value: the fastest win, or the longest loss.
func TestTablesGiveExactMoves(t *testing.T) {
	r := engine.NewRand(5)
	a := mustNew(t, "purplemax:depth=1,dfpn=0,random=false", Env{Tables: fakeTables{}})
	checked := 0
	for tries := 0; tries < 3000 && checked < 12; tries++ {
		// Random 4-piece positions: 1B1R for the first player, 2U (1 red).
		var p engine.Position
		squares := engine.BoardSquares
		used := map[engine.Square]bool{}
		pick := func() engine.Square {
			for {
				s := squares[r.Intn(36)]
				if !used[s] && engine.Exits(engine.First)&s.Bit() == 0 && engine.Exits(engine.Second)&s.Bit() == 0 {
					used[s] = true
					return s
				}
			}
		}
		p.Put(engine.First, engine.Blue, pick())
		p.Put(engine.First, engine.Red, pick())
		p.Put(engine.Second, engine.Unknown, pick())
		p.Put(engine.Second, engine.Unknown, pick())
		p.SetReds(engine.First, 1)
		p.SetReds(engine.Second, 1)
		if p.Validate() != nil {
			continue
		}
		v, d, _ := fakeTables{}.ProbeValue(&p, engine.First)
		if v != purple.Win || d < 5 {
			continue
		}
		checked++
		a.NewGame(engine.First, 1)
		view := NewView(p, engine.First, nil, 200)
		m, err := a.Move(context.Background(), &view)
		if err != nil {
			t.Fatal(err)
		}
		q := p
		q.Make(m.RevealRed())
		cv, cd, _ := fakeTables{}.ProbeValue(&q, engine.First)
		if cv != purple.Win || cd != d-1 {
			t.Errorf("%s (win in %d): %s leads to %v in %d", p.String(), d, m, cv, cd)
		}
	}
	if checked < 5 {
		t.Fatalf("only %d positions checked", checked)
	}
}

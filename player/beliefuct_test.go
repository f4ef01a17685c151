package player

import (
	"bufio"
	"context"
	"encoding/json"
	"math/bits"
	"os"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/solver"
)

// colourings returns every world of p for its hidden player: each choice
// of the hidden pieces that are red, as many as the counts say.
func colourings(p *engine.Position) []engine.Position {
	var hid engine.Player
	switch {
	case p.Pieces(engine.First, engine.Unknown) != 0:
		hid = engine.First
	case p.Pieces(engine.Second, engine.Unknown) != 0:
		hid = engine.Second
	default:
		return []engine.Position{*p}
	}
	h := p.Pieces(hid, engine.Unknown)
	reds := p.HiddenReds(hid)
	n := bits.OnesCount64(h)
	var out []engine.Position
	for mask := 0; mask < 1<<n; mask++ {
		if bits.OnesCount(uint(mask)) != reds {
			continue
		}
		w := *p
		i := 0
		for b := h; b != 0; b &= b - 1 {
			s := engine.Square(bits.TrailingZeros64(b))
			k := engine.Blue
			if mask&(1<<i) != 0 {
				k = engine.Red
			}
			w.Remove(hid, engine.Unknown, s)
			w.Put(hid, k, s)
			i++
		}
		out = append(out, w)
	}
	return out
}

// lostEverywhere reports, by the slow reference solver, whether after our
// move m in p (our view) the opponent forces a win within d plies in
// every colouring of its pieces, our colours hidden from it.
func lostEverywhere(p *engine.Position, m engine.Move, d int) bool {
	me := p.Turn()
	for _, w := range colourings(p) {
		q := w
		q.Make(m)
		if o := q.Outcome(); o != engine.Ongoing {
			if win, ok := o.Winner(); ok && win == me.Other() {
				continue
			}
			return false
		}
		q.Hide(me)
		if !reference.New(me.Other(), me.Other(), reference.Purple).WinWithin(&q, d) {
			return false
		}
	}
	return true
}

// TestBeliefUCTAvoidsProvenLosses draws small positions in which some of
// our moves lose by force in every colouring of the opponent's pieces
// (the reference solver, within 5 plies) and others do not, and checks
// that beliefuct never plays a lost one.
func TestBeliefUCTAvoidsProvenLosses(t *testing.T) {
	a := mustNew(t, "beliefuct:iterations=400,worlds=4,dfpn=20000", DefaultEnv())
	r := engine.NewRand(29)
	found := 0
	want := 25
	if testing.Short() {
		want = 8
	}
	for tries := 0; tries < 20000 && found < want; tries++ {
		p, ok := testpos.Material(r, engine.First, engine.First, 1+r.Intn(2), 1+r.Intn(2), 2+r.Intn(2), 1)
		if !ok || p.Outcome() != engine.Ongoing {
			continue
		}
		var ml engine.MoveList
		ml.Generate(&p)
		if _, esc := escapeMove(&ml); esc {
			continue
		}
		lost := make([]bool, ml.N)
		n := 0
		for i, m := range ml.Slice() {
			if lostEverywhere(&p, m, 5) {
				lost[i] = true
				n++
			}
		}
		if n == 0 || n == ml.N {
			continue
		}
		found++
		view := NewView(p, engine.First, nil, 200)
		a.NewGame(engine.First, uint64(tries))
		m, err := a.Move(context.Background(), &view)
		if err != nil {
			t.Fatalf("%s: %v", p.String(), err)
		}
		for i, x := range ml.Slice() {
			if x == m && lost[i] {
				t.Errorf("%s: played %s, lost in every world (%d of %d moves are)", p.String(), m, n, ml.N)
			}
		}
	}
	if found < want {
		t.Fatalf("found %d positions with some moves lost, want %d", found, want)
	}
	t.Logf("%d positions with some moves lost in every world", found)
}

// deepWins reads the deep suite: sure wins of 13-21 plies with the prover
// to move.
func deepWins(t *testing.T) []engine.Position {
	f, err := os.Open("../solver/testdata/deep_suite.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []engine.Position
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var c struct {
			Position string `json:"position"`
			Prover   string `json:"prover"`
		}
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		p, err := engine.ParsePosition(c.Position)
		if err != nil {
			t.Fatal(err)
		}
		if turn := map[engine.Player]string{engine.First: "f", engine.Second: "s"}[p.Turn()]; turn != c.Prover {
			continue
		}
		out = append(out, p)
	}
	return out
}

// TestBeliefUCTKeepsSureWins plays beliefuct from the deep suite's sure
// wins (13-21 plies) against hayazashi and random, the opponent's colours
// a random colouring: after each of its moves the position is still a
// sure win (an independent df-pn solver says so), and it wins.
func TestBeliefUCTKeepsSureWins(t *testing.T) {
	ps := deepWins(t)
	if len(ps) < 10 {
		t.Fatalf("%d deep-suite positions", len(ps))
	}
	if testing.Short() {
		ps = ps[:6]
	}
	check := solver.New(solver.Options{MaxNodes: 2_000_000, TTMegabytes: 16})
	r := engine.NewRand(7)
	ctx := context.Background()
	plies := 0
	for i, start := range ps {
		me := start.Turn()
		ws := colourings(&start)
		w := ws[r.Intn(len(ws))]
		a := mustNew(t, "beliefuct:iterations=400,worlds=4,dfpn=1000000", DefaultEnv())
		a.NewGame(me, uint64(i))
		opp := mustNew(t, []string{"hayazashi", "random"}[i%2], DefaultEnv())
		opp.NewGame(me.Other(), uint64(i))
		won := false
		for ply := 0; ply < 120 && w.Outcome() == engine.Ongoing; ply++ {
			mover := a
			if w.Turn() != me {
				mover = opp
			}
			v := NewView(w, w.Turn(), nil, 0)
			m, err := mover.Move(ctx, &v)
			if err != nil || !w.IsLegal(m) {
				t.Fatalf("%s ply %d: %s, %v", start.String(), ply, m, err)
			}
			w.Make(m)
			if w.Turn() == me || w.Outcome() != engine.Ongoing {
				continue
			}
			if src := a.(*beliefUCT).Last.Source; src != "win" {
				t.Errorf("%s ply %d: %s found by %q, not as a sure win", start.String(), ply, m, src)
			}
			q := w
			q.Hide(me.Other())
			ans, err := check.Solve(ctx, q, me)
			if err != nil || ans.Result != solver.Win {
				t.Fatalf("%s ply %d: after %s, %s is no sure win (%v, %v)", start.String(), ply, m, q.String(), ans.Result, err)
			}
		}
		if win, ok := w.Outcome().Winner(); ok && win == me {
			won = true
		}
		if !won {
			t.Errorf("%s: not won (%s)", start.String(), w.String())
		}
		plies += w.Ply()
	}
	t.Logf("%d sure wins played out in %d plies", len(ps), plies)
}

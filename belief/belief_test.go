package belief

import (
	"math"
	"math/bits"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
)

func weights(t testing.TB) *haf.Weights {
	w, err := haf.Builtin(haf.DefaultWeights)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// game is a whole game with its truth: the placements and the moves.
type game struct {
	first, second engine.Placement
	moves         []engine.Move
}

// positions returns the referee's position after each ply 0..len(moves).
func (g *game) positions() []engine.Position {
	p := engine.StartPosition(g.first, g.second)
	out := []engine.Position{p}
	for _, m := range g.moves {
		p.Make(m)
		out = append(out, p)
	}
	return out
}

// randomGames plays n games in which each move is the HAF policy's with
// probability hafShare and a uniformly random legal move otherwise.
func randomGames(t testing.TB, n int, seed uint64, hafShare float64) []game {
	w := weights(t)
	r := engine.NewRand(seed)
	var out []game
	for len(out) < n {
		g := game{first: r.RandomPlacement(), second: r.RandomPlacement()}
		p := engine.StartPosition(g.first, g.second)
		for p.OutcomeWithLimit(200) == engine.Ongoing {
			var m engine.Move
			if float64(r.Uint64()>>11)/(1<<53) < hafShare {
				var err error
				if m, err = w.Choose(&p, nil); err != nil {
					t.Fatal(err)
				}
			} else {
				m = p.RandomMove(r)
			}
			p.Make(m)
			g.moves = append(g.moves, m)
		}
		out = append(out, g)
	}
	return out
}

// view returns what me sees of p.
func view(p engine.Position, me engine.Player) engine.Position {
	p.Hide(me.Other())
	return p
}

// placementOf returns the opponent's true placement.
func (g *game) placementOf(pl engine.Player) engine.Placement {
	if pl == engine.First {
		return g.first
	}
	return g.second
}

// eachPly syncs a belief of me with every ply of g and calls f after each
// (i: plies played).
func eachPly(t *testing.T, g *game, me engine.Player, opts Options, f func(i int, b *Belief, v *engine.Position)) {
	b := New(me, opts)
	for i, p := range g.positions() {
		v := view(p, me)
		if err := b.Sync(&v, g.moves[:i]); err != nil {
			t.Fatalf("ply %d: %v", i, err)
		}
		f(i, b, &v)
	}
}

var allModels = []Model{Average, HAF, Generic, Uniform, RedLike}

// allOptions are every model, and the average one with the red
// likelihood's product.
var allOptions = []Options{{Model: Average}, {Model: HAF}, {Model: Generic}, {Model: Uniform}, {Model: RedLike}, {Model: Average, LikeWeight: 0.5}}

// TestSumsToOne checks every model on random games: the placements'
// probabilities, the worlds' and the marginals agree and sum to one; the
// worlds come likeliest first and show the opponent's colours on exactly
// the squares it occupies.
func TestSumsToOne(t *testing.T) {
	games := randomGames(t, 6, 1, 0.5)
	for _, opts := range allOptions {
		model := opts.Model
		for gi := range games {
			g := &games[gi]
			for _, me := range []engine.Player{engine.First, engine.Second} {
				eachPly(t, g, me, opts, func(i int, b *Belief, v *engine.Position) {
					sum := 0.0
					for _, pl := range engine.Placements {
						p := b.P(pl)
						if p < 0 || math.IsNaN(p) {
							t.Fatalf("%s game %d ply %d: P(%s) = %g", model, gi, i, pl, p)
						}
						sum += p
					}
					if math.Abs(sum-1) > 1e-9 {
						t.Fatalf("%s game %d ply %d: placements sum to %g", model, gi, i, sum)
					}
					ws := b.Worlds(v)
					sum = 0
					for k, w := range ws {
						sum += w.P
						if k > 0 && w.P > ws[k-1].P {
							t.Fatalf("%s game %d ply %d: worlds not likeliest first", model, gi, i)
						}
						opp := me.Other()
						if w.Pos.Pieces(opp, engine.Unknown) != 0 || w.Pos.Occupied(opp) != v.Occupied(opp) || w.Pos.Reds(opp) != v.Reds(opp) {
							t.Fatalf("%s game %d ply %d: world %s does not colour the view %s", model, gi, i, w.Pos.String(), v.String())
						}
						if err := w.Pos.Validate(); err != nil && v.Outcome() == engine.Ongoing {
							t.Fatalf("%s game %d ply %d: world %s: %v", model, gi, i, w.Pos.String(), err)
						}
					}
					if math.Abs(sum-1) > 1e-9 {
						t.Fatalf("%s game %d ply %d: worlds sum to %g", model, gi, i, sum)
					}
					// The referee's position (every colour shown) gives the same
					// worlds: its opponent colours are not read.
					ref := g.positions()[i]
					for k, w := range b.Worlds(&ref) {
						if w.Pos != ws[k].Pos || w.P != ws[k].P {
							t.Fatalf("%s game %d ply %d: world %d from the referee's position %s, from the view %s", model, gi, i, k, w.Pos.String(), ws[k].Pos.String())
						}
					}
					// The marginal of each square against the worlds.
					for sq := engine.Square(0); sq < 64; sq++ {
						want := 0.0
						for _, w := range ws {
							if w.Pos.Pieces(me.Other(), engine.Blue)&sq.Bit() != 0 {
								want += w.P
							}
						}
						if got := b.PBlue(sq); math.Abs(got-want) > 1e-9 {
							t.Fatalf("%s game %d ply %d: PBlue(%s) = %g, the worlds say %g", model, gi, i, sq, got, want)
						}
					}
				})
			}
		}
	}
}

// TestContradictions checks that every model gives 0 to each placement
// that a capture or an escape contradicts (or the reds left), and more
// than 0 to the truth.
func TestContradictions(t *testing.T) {
	games := randomGames(t, 12, 2, 0.7)
	escapes := 0
	for _, opts := range allOptions {
		model := opts.Model
		for gi := range games {
			g := &games[gi]
			ps := g.positions()
			for _, me := range []engine.Player{engine.First, engine.Second} {
				opp := me.Other()
				truth := g.placementOf(opp)
				// Follow the opponent's pieces by letter, independently of the
				// tracker: where each stands, and whether it has left.
				var sq [8]engine.Square
				home := engine.HomeSquares(opp)
				copy(sq[:], home[:])
				var gone, escaped uint8
				eachPly(t, g, me, opts, func(i int, b *Belief, v *engine.Position) {
					if i > 0 {
						m := g.moves[i-1]
						for j := range sq {
							switch {
							case gone&(1<<j) != 0:
							case sq[j] == m.From():
								if m.IsEscape() {
									gone |= 1 << j
									escaped |= 1 << j
									escapes++
								} else {
									sq[j] = m.To()
								}
							case sq[j] == m.To():
								gone |= 1 << j
							}
						}
					}
					_ = ps
					for _, pl := range engine.Placements {
						// The colours the truth revealed: each gone piece's, and the
						// reds left on the board.
						agree := (uint8(pl)^uint8(truth))&gone == 0 &&
							bits.OnesCount8(uint8(pl)&^gone) == v.Reds(opp)
						p := b.P(pl)
						if !agree && p != 0 {
							t.Fatalf("%s game %d ply %d: P(%s) = %g, the truth %s contradicts it (gone %08b)", model, gi, i, pl, p, truth, gone)
						}
					}
					if b.P(truth) <= 0 {
						t.Fatalf("%s game %d ply %d: the truth %s has probability 0", model, gi, i, truth)
					}
					_ = escaped
				})
			}
		}
	}
	if escapes == 0 {
		t.Fatal("no game ended by an escape: the test checks no escape")
	}
}

// bruteForce is the move models' posterior computed the slow, direct
// way: for each of the 70 placements of the opponent, the game replayed
// from the start with those colours (every position shown), ruled out
// when a capture shows another colour than the real game's or a move is
// not legal, and otherwise weighted, for each opponent type, by the
// product over the opponent's moves of ε·u + (1−ε)·softmax(logits)[move]
// (the HAF type: logits β·h, h from ScoreMoves from the opponent's side;
// the generic type: the generic weights' logits of MoveFeatures), u
// uniform over the legal moves but for the escapes (1 − MissedEscape
// shared among them when there are any); the types weighed by their
// prior. It returns the posterior after each ply.
func bruteForce(t *testing.T, w *haf.Weights, g *game, me engine.Player, opts Options) [][70]float64 {
	opts = opts.withDefaults()
	prior := opts.typePrior()
	opp := me.Other()
	real := g.positions()
	var post [][70]float64
	var logw [numTypes][70]float64
	var dead [70]bool
	var pos [70]engine.Position
	for a, pl := range engine.Placements {
		if me == engine.First {
			pos[a] = engine.StartPosition(g.first, pl)
		} else {
			pos[a] = engine.StartPosition(pl, g.second)
		}
	}
	emit := func() {
		var out [70]float64
		top := math.Inf(-1)
		for a := range out {
			for ty := range logw {
				if !dead[a] && prior[ty] > 0 {
					top = max(top, logw[ty][a])
				}
			}
		}
		sum := 0.0
		for a := range out {
			if dead[a] {
				continue
			}
			for ty := range logw {
				if prior[ty] > 0 {
					out[a] += prior[ty] * math.Exp(logw[ty][a]-top)
				}
			}
			sum += out[a]
		}
		for a := range out {
			out[a] /= sum
		}
		post = append(post, out)
	}
	emit()
	var h [engine.MaxMoves]float64
	var pi [engine.MaxMoves]float64
	gens := [2]GenericWeights{DefaultGeneric, DefaultRunner}
	for i, m := range g.moves {
		for a := range pos {
			if dead[a] {
				continue
			}
			p := &pos[a]
			if !p.IsLegal(m) {
				dead[a] = true
				continue
			}
			if p.Turn() == opp {
				var ml engine.MoveList
				ml.Generate(p)
				k := 0
				for ml.Moves[k] != m {
					k++
				}
				// The robust part: uniform, but an escape when one is legal
				// (with probability 1 − MissedEscape).
				esc := 0
				for _, x := range ml.Slice() {
					if x.IsEscape() {
						esc++
					}
				}
				u := 1 / float64(ml.N)
				if esc > 0 && esc < ml.N {
					if m.IsEscape() {
						u = (1 - MissedEscape) / float64(esc)
					} else {
						u = MissedEscape / float64(ml.N-esc)
					}
				}
				if err := w.ScoreMoves(p, opp, ml.Slice(), h[:ml.N]); err != nil {
					t.Fatal(err)
				}
				for j := range h[:ml.N] {
					h[j] *= opts.Sharpness
				}
				haf.Softmax(pi[:ml.N], h[:ml.N])
				logw[0][a] += math.Log(opts.Mix*u + (1-opts.Mix)*pi[k])
				for g, gen := range gens {
					for j, x := range ml.Slice() {
						f := MoveFeatures(p, x)
						c := 0
						if p.Pieces(opp, engine.Red)&x.From().Bit() != 0 {
							c = 1
						}
						h[j] = gen.Logit(c, &f)
					}
					haf.Softmax(pi[:ml.N], h[:ml.N])
					logw[1+g][a] += math.Log(opts.GenericMix*u + (1-opts.GenericMix)*pi[k])
				}
			}
			p.Make(m)
			// What the player saw: the opponent's reds left.
			if p.Reds(opp) != real[i+1].Reds(opp) {
				dead[a] = true
			}
		}
		emit()
	}
	return post
}

// TestBruteForce checks the move models against bruteForce on random
// games (moves half the policy's, half random), for both players and
// several settings, after every ply.
func TestBruteForce(t *testing.T) {
	w := weights(t)
	games := randomGames(t, 3, 3, 0.6)
	for _, opts := range []Options{
		{Model: HAF, Mix: 0.3, Sharpness: 1},
		{Model: HAF, Mix: 0.05, Sharpness: 2},
		{Model: Generic, GenericMix: 0.2},
		{Model: Average},
		{Model: Average, Mix: 0.9, Sharpness: 0.5, GenericMix: 0.05, GenericPrior: 0.2},
	} {
		opts.Weights = w
		for gi := range games {
			g := &games[gi]
			for _, me := range []engine.Player{engine.First, engine.Second} {
				want := bruteForce(t, w, g, me, opts)
				eachPly(t, g, me, opts, func(i int, b *Belief, v *engine.Position) {
					for a, pl := range engine.Placements {
						got := b.P(pl)
						if math.Abs(got-want[i][a]) > 1e-6*max(1, want[i][a]) {
							t.Fatalf("%s mix %g sharpness %g game %d ply %d me %s: P(%s) = %.9g, brute force %.9g",
								opts.Model, opts.Mix, opts.Sharpness, gi, i, me, pl, got, want[i][a])
						}
					}
				})
			}
		}
	}
}

// TestSyncEachTurn checks that a belief synced at the player's turns
// only (two plies at a time, as an agent syncs) equals one synced at
// every ply, and that a different history starts the belief again.
func TestSyncEachTurn(t *testing.T) {
	games := randomGames(t, 4, 4, 0.5)
	for gi := range games {
		g := &games[gi]
		ps := g.positions()
		for _, me := range []engine.Player{engine.First, engine.Second} {
			every := New(me, Options{})
			turns := New(me, Options{})
			for i := range ps {
				v := view(ps[i], me)
				if err := every.Sync(&v, g.moves[:i]); err != nil {
					t.Fatal(err)
				}
				if ps[i].Turn() != me && i+1 < len(ps) {
					continue
				}
				if err := turns.Sync(&v, g.moves[:i]); err != nil {
					t.Fatal(err)
				}
				for _, pl := range engine.Placements {
					if a, b := every.P(pl), turns.P(pl); math.Abs(a-b) > 1e-9 {
						t.Fatalf("game %d ply %d: P(%s) %g synced at every ply, %g at each turn", gi, i, pl, a, b)
					}
				}
			}
			// Another game's history restarts the belief.
			h := &games[(gi+1)%len(games)]
			hp := h.positions()
			n := min(10, len(h.moves))
			v := view(hp[n], me)
			if err := turns.Sync(&v, h.moves[:n]); err != nil {
				t.Fatal(err)
			}
			fresh := New(me, Options{})
			for i := 0; i <= n; i++ {
				v := view(hp[i], me)
				if err := fresh.Sync(&v, h.moves[:i]); err != nil {
					t.Fatal(err)
				}
			}
			for _, pl := range engine.Placements {
				if a, b := fresh.P(pl), turns.P(pl); math.Abs(a-b) > 1e-9 {
					t.Fatalf("game %d: after a new history P(%s) = %g, a fresh belief %g", gi, pl, b, a)
				}
			}
		}
	}
}

// TestSyncErrors checks that moves that do not lead to the position are
// refused with an error that names them, and that the belief recovers.
func TestSyncErrors(t *testing.T) {
	g := randomGames(t, 1, 5, 0.5)[0]
	ps := g.positions()
	b := New(engine.First, Options{})
	v := view(ps[4], engine.First)
	err := b.Sync(&v, g.moves[:3])
	if err == nil || !strings.HasPrefix(err.Error(), "belief: ") {
		t.Fatalf("3 moves against the position after 4: got %v, want a belief error", err)
	}
	if !strings.Contains(err.Error(), v.String()) {
		t.Fatalf("error %q does not name the position %s", err, v.String())
	}
	if err := b.Sync(&v, g.moves[:4]); err != nil {
		t.Fatalf("after an error: %v", err)
	}
	if s := sumP(b); math.Abs(s-1) > 1e-9 {
		t.Fatalf("after an error the belief sums to %g", s)
	}
}

func sumP(b *Belief) float64 {
	s := 0.0
	for _, pl := range engine.Placements {
		s += b.P(pl)
	}
	return s
}

// TestStartFrom checks a belief met in the middle of a game (a position
// without its moves): every placement that agrees with the counts is
// equally likely at first, and the opponent's moves then update it.
func TestStartFrom(t *testing.T) {
	p := engine.MustParsePosition("1uu1u1/2u3/6/2B3/1R2R1/1B4 f R2r2 30")
	b := New(engine.First, Options{})
	if err := b.Sync(&p, nil); err != nil {
		t.Fatal(err)
	}
	ws := b.Worlds(&p)
	// Four pieces, two red: C(4,2) = 6 colourings, equally likely.
	if len(ws) != 6 {
		t.Fatalf("%d worlds, want 6", len(ws))
	}
	for _, w := range ws {
		if math.Abs(w.P-1.0/6) > 1e-9 {
			t.Fatalf("world %s has probability %g, want 1/6", w.Pos.String(), w.P)
		}
	}
	m, err := p.ParseMove("c4c3")
	if err != nil {
		t.Fatal(err)
	}
	q := p
	q.Make(m)
	r, err := q.ParseMove("c2c3")
	if err != nil {
		t.Fatal(err)
	}
	q.Make(r)
	// The moves from p continue the belief started from p.
	if err := b.Sync(&q, []engine.Move{m, r}); err != nil {
		t.Fatal(err)
	}
	ws = b.Worlds(&q)
	lo, hi, sum := 1.0, 0.0, 0.0
	for _, w := range ws {
		lo, hi, sum = min(lo, w.P), max(hi, w.P), sum+w.P
	}
	if len(ws) != 6 || math.Abs(sum-1) > 1e-9 || hi-lo < 1e-6 {
		t.Fatalf("after c4c3 c2c3: %d worlds summing to %g, probabilities from %g to %g; want 6, 1, not all equal", len(ws), sum, lo, hi)
	}
}

func TestParseModel(t *testing.T) {
	for _, m := range allModels {
		got, err := ParseModel(strings.ToUpper(m.String()))
		if err != nil || got != m {
			t.Errorf("ParseModel(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseModel("bayes"); err == nil || !strings.Contains(err.Error(), `"bayes"`) {
		t.Errorf("ParseModel(bayes): %v, want an error naming it", err)
	}
}

func FuzzParseModel(f *testing.F) {
	for _, s := range []string{"haf", "Uniform", "redlike", "", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseModel(s)
		if err != nil {
			if !strings.Contains(err.Error(), "belief: model") {
				t.Fatalf("error %q", err)
			}
			return
		}
		if back, err := ParseModel(m.String()); err != nil || back != m {
			t.Fatalf("%q: %v does not round-trip", s, m)
		}
	})
}

// TestTypeWeights checks that the averaged model learns that an opponent
// playing the HAF policy (every move the policy's) is of the HAF type.
func TestTypeWeights(t *testing.T) {
	games := randomGames(t, 4, 6, 1)
	for gi := range games {
		g := &games[gi]
		for _, me := range []engine.Player{engine.First, engine.Second} {
			var h, gen, run float64
			eachPly(t, g, me, Options{}, func(i int, b *Belief, v *engine.Position) {
				h, gen, run = b.TypeWeights()
			})
			if math.Abs(h+gen+run-1) > 1e-9 || h < 0.99 || len(g.moves) < 20 {
				t.Errorf("game %d (%d plies), me %s: type weights HAF %g, generic %g, runner %g; want HAF above 0.99", gi, len(g.moves), me, h, gen, run)
			}
		}
	}
}

// genericGames plays n games in which both sides draw their moves from
// the softmax of generic weights w with their true colours.
func genericGames(w *GenericWeights, n int, seed uint64) []game {
	r := engine.NewRand(seed)
	var out []game
	for len(out) < n {
		g := game{first: r.RandomPlacement(), second: r.RandomPlacement()}
		p := engine.StartPosition(g.first, g.second)
		var lo [engine.MaxMoves]float64
		for p.OutcomeWithLimit(200) == engine.Ongoing {
			var ml engine.MoveList
			ml.Generate(&p)
			for j, m := range ml.Slice() {
				f := MoveFeatures(&p, m)
				c := 0
				if p.Pieces(p.Turn(), engine.Red)&m.From().Bit() != 0 {
					c = 1
				}
				lo[j] = w.Logit(c, &f)
			}
			haf.Softmax(lo[:ml.N], lo[:ml.N])
			x := float64(r.Uint64()>>11) / (1 << 53)
			k := ml.N - 1
			for j, v := range lo[:ml.N] {
				if x < v {
					k = j
					break
				}
				x -= v
			}
			p.Make(ml.Moves[k])
			g.moves = append(g.moves, ml.Moves[k])
		}
		out = append(out, g)
	}
	return out
}

// TestTypeWeightsGeneric checks that the averaged model learns that an
// opponent drawing its moves from the generic model is of the generic
// type (after 30 of its moves), and one drawing them from the runner's
// weights of the runner type (after 6: a runner's games are short): the
// type is the likeliest in every game and above 0.95 in 80% of them.
func TestTypeWeightsGeneric(t *testing.T) {
	for _, tc := range []struct {
		name  string
		w     *GenericWeights
		plies int
		pick  func(h, gen, run float64) float64
	}{
		{"generic", &DefaultGeneric, 60, func(_, gen, _ float64) float64 { return gen }},
		{"runner", &DefaultRunner, 12, func(_, _, run float64) float64 { return run }},
	} {
		t.Run(tc.name, func(t *testing.T) { typeWeightsOf(t, tc.w, tc.plies, tc.pick) })
	}
}

func typeWeightsOf(t *testing.T, w *GenericWeights, plies int, pick func(h, gen, run float64) float64) {
	games := genericGames(w, 12, 7)
	checked, sure := 0, 0
	for gi := range games {
		g := &games[gi]
		if len(g.moves) < plies {
			continue
		}
		g.moves = g.moves[:plies]
		for _, me := range []engine.Player{engine.First, engine.Second} {
			checked++
			var got float64
			eachPly(t, g, me, Options{}, func(i int, b *Belief, v *engine.Position) {
				got = pick(b.TypeWeights())
			})
			if got <= 0.5 {
				t.Errorf("game %d, me %s: the type's weight %g after %d opponent moves; want the likeliest", gi, me, got, plies/2)
			}
			if got >= 0.95 {
				sure++
			}
		}
	}
	if sure < checked*8/10 {
		t.Errorf("the type's weight reached 0.95 in %d of %d games; want 80%%", sure, checked)
	}
	if checked < 6 {
		t.Fatalf("only %d games of %d plies", checked/2, plies)
	}
}

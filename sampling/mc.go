package sampling

import (
	"context"
	"errors"
	"time"

	"geister/engine"
)

// SamplerOptions configure a Sampler.
type SamplerOptions struct {
	// UPP turns plain Monte Carlo (paper 001 §2: worlds drawn uniformly
	// among those that agree with what was seen) into UPP (§3: worlds
	// drawn in proportion to their values, which the previous decision's
	// playouts update).
	UPP bool
	// C is UPP's added value c (paper 001 §4: 0.1).
	C float64
	// Scaled makes UPP's a_n the difference of the two win rates of step
	// 2 instead of 1 (see step123).
	Scaled bool
	// Playouts bounds the playouts of one decision (0: no bound). A
	// decision gives every legal move one playout per world drawn, so it
	// may end up to one move list beyond the bound.
	Playouts int
	// Time bounds one decision (0: no bound). One of Playouts and Time
	// must be set.
	Time time.Duration
	// Choose picks the playouts' moves (nil: Uniform, paper 001's
	// random simulation).
	Choose MoveChooser
	// Seed seeds the random choices.
	Seed uint64
}

// Stats say how a decision was made.
type Stats struct {
	Playouts int     // playouts run
	Worlds   int     // worlds drawn (UCT: 1)
	Score    float64 // the chosen move's mean result, 1 a win, ½ a draw
	Updated  bool    // UPP: the world values were updated from the last decision's playouts
}

// record is one playout of a decision, kept for UPP's next update: the
// world it assumed, the root move, the opponent's first reply in it and
// the result in half points for the deciding player.
type record struct {
	world  uint8
	result uint8 // 0 loss, 1 draw, 2 win
	move   engine.Move
	reply  engine.Move
}

// Sampler is plain Monte Carlo or UPP for one player through a game
// (paper 001 §2–3). It keeps the Tracker of the opponent's pieces, and for
// UPP the world values and the last decision's playouts. Not safe for
// concurrent use.
type Sampler struct {
	opts    SamplerOptions
	me      engine.Player
	tracker *Tracker
	rng     *engine.Rand
	// values[n] is F_n of world engine.Placements[n] (UPP), a probability
	// distribution over the worlds that agree with what was seen.
	values   [70]float64
	worlds   []uint8 // consistent worlds (indices into engine.Placements)
	records  []record
	lastPly  int         // the ply of the decision that made records
	lastMove engine.Move // the move it chose
	board    Board       // the playout board (a field: handing it to Choose allocates nothing)
}

// NewSampler returns a Sampler for player me at the start of a game.
func NewSampler(me engine.Player, o SamplerOptions) *Sampler {
	if o.C == 0 {
		o.C = 0.1
	}
	s := &Sampler{opts: o, me: me, tracker: NewTracker(me), rng: engine.NewRand(o.Seed), lastPly: -1}
	for i := range s.values {
		s.values[i] = 1.0 / 70
	}
	return s
}

// Tracker returns the sampler's tracker of the opponent's pieces.
func (s *Sampler) Tracker() *Tracker { return s.tracker }

// Values returns the world values F_n (UPP; uniform over the worlds that
// agree with what was seen for plain Monte Carlo), index n for the
// opponent placement engine.Placements[n], as of the last decision.
func (s *Sampler) Values() [70]float64 { return s.values }

// ErrNoBudget is returned by a decision without a playout or time budget.
var ErrNoBudget = errors.New("sampling: no budget: set playouts or time")

// Decide returns the move for the side to move in p, the position the
// player sees (the opponent's pieces colour-unknown) after moves (every
// move from the start); plyLimit is the game's draw limit (0: none).
func (s *Sampler) Decide(ctx context.Context, p *engine.Position, moves []engine.Move, plyLimit int) (engine.Move, Stats, error) {
	var st Stats
	if s.opts.Playouts <= 0 && s.opts.Time <= 0 {
		return engine.NoMove, st, ErrNoBudget
	}
	if p.Turn() != s.me {
		return engine.NoMove, st, errors.New("sampling: not the player's turn")
	}
	var ml engine.MoveList
	ml.Generate(p)
	if ml.N == 0 {
		return engine.NoMove, st, errors.New("sampling: no legal move")
	}
	if err := s.tracker.Sync(p, moves); err != nil {
		return engine.NoMove, st, err
	}
	st.Updated = s.updateValues(p, moves)
	if len(s.worlds) == 0 {
		return engine.NoMove, st, errors.New("sampling: no colouring of the opponent's pieces agrees with what was seen")
	}
	for _, m := range ml.Slice() {
		if m.IsEscape() {
			s.records = s.records[:0]
			return m, st, nil
		}
	}
	var deadline time.Time
	if s.opts.Time > 0 {
		deadline = time.Now().Add(s.opts.Time)
	}
	var sum [engine.MaxMoves]int // half points per move
	n := 0                       // playouts per move
	s.records = s.records[:0]
	for {
		if s.opts.Playouts > 0 && n*ml.N >= s.opts.Playouts {
			break
		}
		if n > 0 && (!deadline.IsZero() && time.Now().After(deadline) || ctx.Err() != nil) {
			break
		}
		wi := s.drawWorld()
		w := s.tracker.World(p, engine.Placements[wi])
		root, _ := BoardOf(&w)
		for i, m := range ml.Slice() {
			s.board = root
			b := &s.board
			b.Make(m.From(), m.To())
			reply := engine.NoMove
			if b.won == engine.Ongoing && b.ply < limitOf(plyLimit) {
				f, t := s.choose(b)
				reply = engine.NewMove(f, t)
				b.Make(f, t)
			}
			o := b.Playout(s.opts.Choose, s.rng, plyLimit)
			h := uint8(2 * Result(o, s.me))
			sum[i] += int(h)
			if s.opts.UPP {
				s.records = append(s.records, record{world: wi, result: h, move: m, reply: reply})
			}
		}
		n++
		st.Worlds++
	}
	st.Playouts = n * ml.N
	best := 0
	for i := 1; i < ml.N; i++ {
		if sum[i] > sum[best] || sum[i] == sum[best] && s.rng.Intn(2) == 0 {
			best = i
		}
	}
	st.Score = float64(sum[best]) / float64(2*n)
	s.lastPly, s.lastMove = p.Ply(), ml.Moves[best]
	return ml.Moves[best], st, nil
}

func (s *Sampler) choose(b *Board) (engine.Square, engine.Square) {
	if s.opts.Choose == nil {
		return b.RandomMoveUniform(s.rng)
	}
	return s.opts.Choose(b, s.rng)
}

// updateValues brings the world values to the position: paper 001 §3
// steps 1–3 and 5 for UPP, the uniform distribution over the consistent
// worlds for plain Monte Carlo. It reports whether step 3 changed them.
func (s *Sampler) updateValues(p *engine.Position, moves []engine.Move) bool {
	// e_n: whether world n still exists (step 5, and §3's e_n).
	s.worlds = s.worlds[:0]
	for i, pl := range engine.Placements {
		if s.tracker.Consistent(pl) {
			s.worlds = append(s.worlds, uint8(i))
		} else {
			s.values[i] = 0
		}
	}
	if !s.opts.UPP {
		for i := range s.values {
			s.values[i] = 0
		}
		for _, wi := range s.worlds {
			s.values[wi] = 1 / float64(len(s.worlds))
		}
		return false
	}
	updated := false
	if s.lastPly >= 0 && len(moves) == s.lastPly+2 && moves[s.lastPly].Plain() == s.lastMove.Plain() && len(s.records) > 0 {
		updated = s.step123(moves[s.lastPly+1].Plain())
	}
	s.lastPly = -1
	s.normalize()
	return updated
}

// step123 is paper 001 §3 steps 1–3: of the last decision's playouts, those
// that began with the player's move and the opponent's actual reply are
// split by the colour their world gave the piece the opponent moved; the
// two groups' mean results for the player are compared, and every world
// on the side the opponent's choice favours (the colour under which the
// player's result is lower, i.e. the opponent's higher) gains c:
//
//	a_n = 1 if world n calls the piece blue and the player does better
//	        when it is red, or calls it red and the player does better
//	        when it is blue; else a_n = 0 (with Scaled, |w_red − w_blue|
//	        instead of 1)
//	F_n ← (F_n + c·a_n)·e_n, then F_n ← F_n / Σ_m F_m
//
// (the reconstruction of the two formulas missing from our copy of the
// paper; docs/sampling.md says why).
func (s *Sampler) step123(reply engine.Move) bool {
	id := s.tracker.id[reply.To()&63]
	if !reply.To().OnBoard() || id < 0 {
		return false
	}
	var sum, cnt [2]int // [blue, red]
	for _, r := range s.records {
		if r.move.Plain() != s.lastMove.Plain() || r.reply != reply {
			continue
		}
		red := engine.Placements[r.world] >> id & 1
		sum[red] += int(r.result)
		cnt[red]++
	}
	if cnt[0] == 0 || cnt[1] == 0 {
		return false
	}
	// Compare sum[0]/cnt[0] with sum[1]/cnt[1] exactly.
	blueRate, redRate := sum[0]*cnt[1], sum[1]*cnt[0]
	if blueRate == redRate {
		return false
	}
	favourRed := blueRate > redRate // the player does better if blue: the opponent's choice says red
	a := 1.0
	if s.opts.Scaled {
		d := float64(sum[0])/float64(2*cnt[0]) - float64(sum[1])/float64(2*cnt[1])
		a = max(d, -d)
	}
	for _, wi := range s.worlds {
		if (engine.Placements[wi]>>id&1 == 1) == favourRed {
			s.values[wi] += s.opts.C * a
		}
	}
	return true
}

// normalize makes the values of the consistent worlds sum to 1 (uniform
// when they sum to 0, as after the tracker started again).
func (s *Sampler) normalize() {
	total := 0.0
	for _, wi := range s.worlds {
		total += s.values[wi]
	}
	for _, wi := range s.worlds {
		if total > 0 {
			s.values[wi] /= total
		} else {
			s.values[wi] = 1 / float64(len(s.worlds))
		}
	}
}

// drawWorld returns a world in proportion to its value (UPP step 4 ①;
// uniform among the consistent worlds for plain Monte Carlo).
func (s *Sampler) drawWorld() uint8 {
	if !s.opts.UPP {
		return s.worlds[s.rng.Intn(len(s.worlds))]
	}
	x := float64(s.rng.Uint64()>>11) / (1 << 53)
	for _, wi := range s.worlds {
		x -= s.values[wi]
		if x < 0 {
			return wi
		}
	}
	return s.worlds[len(s.worlds)-1]
}

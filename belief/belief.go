package belief

import (
	"fmt"
	"math"
	"math/bits"
	"sort"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
	"github.com/geister-solver/geister/sampling"
)

// Belief is one player's belief over the opponent's colours during a
// game: a probability for each of the 70 placements of the opponent's
// pieces by their start letters A–H (engine.Placement, bit i: piece 'A'+i
// red). Placements that a capture contradicts, or the reds the opponent
// has left, have probability 0; the others are weighted by the move model
// of Options. A Belief follows one game at a time and is not safe for
// concurrent use.
type Belief struct {
	me   engine.Player
	opts Options
	w    *haf.Weights
	t    *sampling.Tracker
	// p[a]: the probability of engine.Placements[a]; pt[t][a] the joint
	// probability of opponent type t (0: HAF, 1: generic, 2: runner) and
	// the placement, p[a] = Σ_t pt[t][a].
	p  [70]float64
	pt [numTypes][70]float64
	// gen are the generic model's weights, run the runner type's.
	gen, run *GenericWeights
	// blue[i]: the probability that piece 'A'+i is blue.
	blue [8]float64
	// Observations of the current Sync, scored once it ends.
	obs []observation
	// What the player had lost at the end of the last Sync, for the
	// capture counts the policy reads.
	lost, lostRed int
	ct            haf.ColourTerms
	// moves is the move list of the Sync under way.
	moves []engine.Move
	// q is the distribution the queries read: p, or the red likelihoods'
	// weights for the RedLike model.
	q [70]float64
	// escaped marks the opponent's pieces that escaped: blue.
	escaped uint8
	// updates counts the opponent moves scored since the game started.
	updates int
	// err is why the model's weights could not be loaded.
	err error
}

// observation is one opponent move as it was made: the board before it,
// read from the tracker, and which move it was.
type observation struct {
	move  engine.Move
	piece int
	sq    [8]engine.Square
	own   uint64
}

// New starts a belief for player me (whose own colours are known) at the
// start of a game. A zero Options field takes its default
// (DefaultOptions).
func New(me engine.Player, opts Options) *Belief {
	opts = opts.withDefaults()
	b := &Belief{me: me, opts: opts, w: opts.Weights, gen: opts.Generic, run: opts.Runner}
	if b.gen == nil {
		b.gen = &DefaultGeneric
	}
	if b.run == nil {
		b.run = &DefaultRunner
	}
	if b.w == nil && opts.Model.readsMoves() {
		b.w, b.err = haf.Builtin(haf.DefaultWeights)
	}
	b.reset(nil)
	return b
}

// Me returns the player whose belief this is.
func (b *Belief) Me() engine.Player { return b.me }

// Options returns the options the belief runs with, defaults filled in.
func (b *Belief) Options() Options { return b.opts }

// reset makes every placement equally likely and gives the opponent
// types their prior; with pos it also takes the player's losses from pos
// (a game met in the middle).
func (b *Belief) reset(pos *engine.Position) {
	b.t = sampling.NewTracker(b.me)
	b.t.LikeStep = b.opts.LikeStep
	prior := b.opts.typePrior()
	for t := range b.pt {
		for a := range b.pt[t] {
			b.pt[t][a] = prior[t] / 70
		}
	}
	b.lost, b.lostRed = 0, 0
	if pos != nil {
		b.lost, b.lostRed = 8-pos.Count(b.me), 4-pos.Reds(b.me)
	}
	b.updates = 0
	b.escaped = 0
	b.obs = b.obs[:0]
	b.update()
}

// Sync catches up with a game as me sees it: pos is the current position
// with the opponent's pieces hidden, moves every move from the start (as
// player.View gives them: NumMoves/MoveAt). It reads only moves it has
// not seen; a different history restarts it. With no moves and a
// position other than a start it starts from pos (every placement that
// agrees with pos's counts equally likely). It returns an error, and
// starts again at the next call, when the moves do not lead to pos.
//
// Call it after every move of the opponent (as an agent does at each of
// its turns): the policy reads how many pieces of each colour both sides
// have lost, and a call that covers several captures of one side learns
// only their total, so the colours are then taken as lost reds first.
func (b *Belief) Sync(pos *engine.Position, moves []engine.Move) error {
	if b.err != nil {
		return fmt.Errorf("belief: %w", b.err)
	}
	b.moves = moves
	defer func() { b.moves = nil }()
	if len(moves) == 0 || !b.t.Continues(moves) {
		if len(moves) == 0 {
			b.reset(pos)
		} else {
			b.reset(nil)
		}
	}
	b.obs = b.obs[:0]
	if err := b.t.SyncEach(pos, moves, b.observe); err != nil {
		b.reset(nil)
		return fmt.Errorf("belief: %w", err)
	}
	if b.opts.Model.readsMoves() {
		if err := b.scoreObservations(pos); err != nil {
			b.reset(nil)
			return err
		}
	}
	b.lost, b.lostRed = 8-pos.Count(b.me), 4-pos.Reds(b.me)
	b.update()
	return nil
}

// update zeroes the placements the tracker rules out, normalises, and
// computes the placements' probabilities (summed over the opponent
// types) and the blue marginals. If every placement the tracker allows
// had weight 0 (which the mixtures with the robust model prevent) the
// allowed ones become equally likely under the types' prior.
func (b *Belief) update() {
	sum := 0.0
	for a, pl := range engine.Placements {
		if !b.allowed(pl) {
			for t := range b.pt {
				b.pt[t][a] = 0
			}
			continue
		}
		for t := range b.pt {
			sum += b.pt[t][a]
		}
	}
	if !(sum > 0) {
		prior := b.opts.typePrior()
		sum = 0
		for a, pl := range engine.Placements {
			if b.allowed(pl) || b.none() {
				for t := range b.pt {
					b.pt[t][a] = prior[t]
				}
				sum++
			}
		}
	}
	for a := range b.p {
		b.p[a] = 0
		for t := range b.pt {
			b.pt[t][a] /= sum
			b.p[a] += b.pt[t][a]
		}
	}
	b.marginals()
}

// none reports whether no placement agrees with what was seen (a
// position no game reaches): the belief then stays defined, every
// placement equally likely.
func (b *Belief) none() bool {
	for _, pl := range engine.Placements {
		if b.allowed(pl) {
			return false
		}
	}
	return true
}

// TypeWeights returns the probabilities that the opponent moves like the
// HAF policy, like programs in general (the generic model) and like a
// runner (blues charging, DefaultRunner): under Model Average they are
// learned from its moves, under HAF and Generic fixed.
func (b *Belief) TypeWeights() (haf, generic, runner float64) {
	for a := range b.p {
		haf += b.pt[0][a]
		generic += b.pt[1][a]
		runner += b.pt[2][a]
	}
	return haf, generic, runner
}

// allowed reports whether placement pl agrees with what was seen: the
// captures, the reds left, the escapes.
func (b *Belief) allowed(pl engine.Placement) bool {
	return uint8(pl)&b.escaped == 0 && b.t.Consistent(pl)
}

// marginals sets q, the distribution the queries read, and the blue
// marginals.
func (b *Belief) marginals() {
	b.q = b.p
	switch {
	case b.opts.Model == RedLike:
		b.redLike(1)
	case b.opts.Model.readsMoves() && b.opts.LikeWeight > 0:
		b.redLike(b.opts.LikeWeight)
	}
	b.blue = [8]float64{}
	for a, pl := range engine.Placements {
		for m := ^uint8(pl); m != 0; m &= m - 1 {
			b.blue[bits.TrailingZeros8(m)] += b.q[a]
		}
	}
}

// redLike multiplies q by the red likelihoods' weight of each placement
// to the power g, and normalises: the product over the opponent's pieces
// on the board of L (red) or 1−L (blue), L the piece's red likelihood
// kept within [likeFloor, 1−likeFloor].
func (b *Belief) redLike(g float64) {
	sum := 0.0
	for a, pl := range engine.Placements {
		if b.q[a] == 0 {
			continue
		}
		v := 1.0
		for i := 0; i < 8; i++ {
			if b.t.Square(i) == engine.NoSquare {
				continue
			}
			l := min(max(b.t.Like(i), likeFloor), 1-likeFloor)
			if uint8(pl)&(1<<i) != 0 {
				v *= l
			} else {
				v *= 1 - l
			}
		}
		if g != 1 {
			v = math.Pow(v, g)
		}
		b.q[a] *= v
		sum += b.q[a]
	}
	for a := range b.q {
		b.q[a] /= sum
	}
}

// P returns the probability of the opponent's placement pl (bit i: piece
// 'A'+i red, the letters of its start squares).
func (b *Belief) P(pl engine.Placement) float64 {
	for a, x := range engine.Placements {
		if x == pl {
			return b.q[a]
		}
	}
	return 0
}

// PieceBlue returns the probability that opponent piece i (0–7 for A–H)
// is blue.
func (b *Belief) PieceBlue(i int) float64 { return b.blue[i&7] }

// Square returns where opponent piece i (0–7 for A–H) stands, NoSquare
// once it has left the board.
func (b *Belief) Square(i int) engine.Square { return b.t.Square(i) }

// PBlue returns the probability that the opponent's piece on square sq
// is blue (0 for a square without an opponent piece).
func (b *Belief) PBlue(sq engine.Square) float64 {
	for i := 0; i < 8; i++ {
		if b.t.Square(i) == sq && sq != engine.NoSquare {
			return b.blue[i]
		}
	}
	return 0
}

// World is one colouring of the opponent's pieces on the board with its
// probability: Pos shows every colour.
type World struct {
	Pos engine.Position
	P   float64
}

// Worlds returns the colourings of the opponent's pieces on the board
// that the belief gives weight to, with their probabilities (summing to
// 1), most likely first, each as a position with every colour shown (pos
// with the opponent's colours filled in). pos is the position of the
// last Sync (colours it shows of the opponent are not used). Placements that differ only in captured pieces make one
// world.
func (b *Belief) Worlds(pos *engine.Position) []World {
	p := &b.q
	on := b.t.OnBoard()
	var mass [256]float64
	var keys []uint8
	for a, pl := range engine.Placements {
		if p[a] == 0 {
			continue
		}
		k := uint8(pl) & on
		if mass[k] == 0 {
			keys = append(keys, k)
		}
		mass[k] += p[a]
	}
	sort.SliceStable(keys, func(i, j int) bool { return mass[keys[i]] > mass[keys[j]] })
	v := b.unseen(pos)
	out := make([]World, len(keys))
	for i, k := range keys {
		out[i] = World{Pos: b.t.World(&v, engine.Placement(k)), P: mass[k]}
	}
	return out
}

// unseen returns pos with the opponent's colours hidden (pos may show
// them: the worlds are made from what the player sees either way).
func (b *Belief) unseen(pos *engine.Position) engine.Position {
	v := *pos
	v.Hide(b.me.Other())
	return v
}

// Sample draws one world from the belief: pos (the position of the last
// Sync; colours it shows of the opponent are not used) with the
// opponent's colours filled in.
func (b *Belief) Sample(r *engine.Rand, pos *engine.Position) engine.Position {
	v := b.unseen(pos)
	return b.t.World(&v, b.Draw(r))
}

// Draw draws one placement of the opponent's pieces from the belief.
func (b *Belief) Draw(r *engine.Rand) engine.Placement {
	p := &b.q
	x := float64(r.Uint64()>>11) / (1 << 53)
	last := engine.Placements[0]
	for a, pl := range engine.Placements {
		if p[a] == 0 {
			continue
		}
		last = pl
		if x -= p[a]; x < 0 {
			return pl
		}
	}
	return last
}

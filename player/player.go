// Package player holds the agents that play whole games of Geister and the
// one interface they share: choose a placement, then choose moves from a
// View, which shows only what the agent's side may see (its own colours,
// the opponent's pieces as colour-unknown, the colours captured so far, the
// moves played). Views are made only by NewView, which hides the opponent,
// so no agent can be handed the true colours.
//
// Agents are selected by a spec string: a name with options,
//
//	a, err := player.New("purplemax:depth=6,time=100ms", player.Env{})
//	pl := a.NewGame(engine.First, seed) // the placement, e.g. BCFG
//	v := player.NewView(refereePosition, engine.First, moves, 200)
//	m, err := a.Move(ctx, &v)
//
// Names (see Agents for their options): random, blue-chototsu,
// red-chototsu, chototsu, naotti10, naotti11, purplemax, keeper,
// keeper-purplemax, hayazashi (the GAT2021 champion's policy, package
// haf), mc, upp, uct, expectimax (packages sampling and expectimax),
// beliefuct (the strongest, also named best: information-set UCT over a
// belief about the opponent's colours with the tables and df-pn), human. Every agent takes reds=XXXX (the letters A–H of its red pieces:
// A–D the front row, E–H the back row, each from the player's own left)
// and seed=N.
package player

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Agent is a Geister player. The same agent value plays a sequence of
// games, one at a time; it is not safe for concurrent use.
type Agent interface {
	// NewGame starts a game in which the agent plays side. seed seeds the
	// agent's random choices for this game (with its own seed option), so
	// a game is repeatable. It returns the agent's placement: which four
	// of its pieces A–H are red (GAT's "SET:").
	NewGame(side engine.Player, seed uint64) engine.Placement
	// Move returns the move to play in v, whose side to move is the
	// agent's. The move must be legal; escapes are from-to steps off the
	// board (a1a0).
	Move(ctx context.Context, v *View) (engine.Move, error)
}

// View is what one player may see of a game: the position with its own
// colours and the opponent's pieces as colour-unknown (the reds each side
// still has are known from the captures), and the moves played so far.
// Only NewView makes a View, and it hides the opponent: there is no way to
// build a View that shows the opponent's colours.
type View struct {
	pos      engine.Position
	me       engine.Player
	history  []engine.Move
	plyLimit int
}

// NewView returns what player me sees of position p (which may show every
// colour, as a referee's does): p with the opponent's pieces hidden. moves
// are the moves played from the start (from-to only; the View keeps the
// slice and reads it only), plyLimit the draw limit (0 none).
func NewView(p engine.Position, me engine.Player, moves []engine.Move, plyLimit int) View {
	if opp := me.Other(); p.Pieces(opp, engine.Blue)|p.Pieces(opp, engine.Red) != 0 {
		p.Hide(opp)
	}
	return View{pos: p, me: me, history: moves[:len(moves):len(moves)], plyLimit: plyLimit}
}

// Position returns the position as the player sees it.
func (v *View) Position() engine.Position { return v.pos }

// Me returns the player whose view this is.
func (v *View) Me() engine.Player { return v.me }

// Ply returns the plies played.
func (v *View) Ply() int { return v.pos.Ply() }

// PlyLimit returns the game's draw limit (0 none).
func (v *View) PlyLimit() int { return v.plyLimit }

// NumMoves returns how many moves have been played; MoveAt(i) returns
// the i-th (0 is the first player's first move).
func (v *View) NumMoves() int { return len(v.history) }

// MoveAt returns the i-th move played (from-to only).
func (v *View) MoveAt(i int) engine.Move { return v.history[i].Plain() }

// LastMove returns the last move played, or NoMove at the start.
func (v *View) LastMove() engine.Move {
	if len(v.history) == 0 {
		return engine.NoMove
	}
	return v.history[len(v.history)-1].Plain()
}

// CapturedReds returns how many of pl's reds have been captured.
func (v *View) CapturedReds(pl engine.Player) int { return 4 - v.pos.Reds(pl) }

// CapturedBlues returns how many of pl's blues have been captured (or
// escaped, which ends the game).
func (v *View) CapturedBlues(pl engine.Player) int { return 4 - v.pos.Blues(pl) }

// String returns the position string of the view.
func (v *View) String() string { return v.pos.String() }

// Error reports that an agent could not choose a move.
type Error struct {
	Agent string
	Err   error
}

func (e *Error) Error() string { return fmt.Sprintf("player: %s: %v", e.Agent, e.Err) }
func (e *Error) Unwrap() error { return e.Err }

// forward returns the rank step towards pl's exits (−1 for the first
// player, whose exits are on rank 1).
func forward(pl engine.Player) int {
	if pl == engine.First {
		return -1
	}
	return 1
}

// farRank returns the rank of pl's exits.
func farRank(pl engine.Player) int {
	if pl == engine.First {
		return 1
	}
	return 6
}

// step returns the square next to s by (df, dr), or false off the board.
func step(s engine.Square, df, dr int) (engine.Square, bool) {
	f, r := s.File()+df, s.Rank()+dr
	if f < 0 || f > 5 || r < 1 || r > 6 {
		return engine.NoSquare, false
	}
	return engine.Sq(f, r), true
}

// escapeMove returns an escape among the legal moves, if any.
func escapeMove(ml *engine.MoveList) (engine.Move, bool) {
	for _, m := range ml.Slice() {
		if m.IsEscape() {
			return m, true
		}
	}
	return engine.NoMove, false
}

// forcedMove returns the move every agent here plays without searching,
// with its source for Decision: an escape (it wins at once), or the only
// legal move.
func forcedMove(ml *engine.MoveList) (engine.Move, string, bool) {
	if m, ok := escapeMove(ml); ok {
		return m, "escape", true
	}
	if ml.N == 1 {
		return ml.Moves[0], "only", true
	}
	return engine.NoMove, "", false
}

// MixSeed derives a seed from two (splitmix64 of their combination): the
// one seed mixer of agents, matches and the GAT client.
func MixSeed(a, b uint64) uint64 {
	z := a ^ (b+0x9e3779b97f4a7c15)*0xbf58476d1ce4e5b9
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func trailing(b uint64) int { return bits.TrailingZeros64(b) }

func popcount(b uint64) int { return bits.OnesCount64(b) }

func errorf(format string, a ...any) error { return fmt.Errorf(format, a...) }

// classOf returns p's material class for prover (purple.ClassOf).
func classOf(p *engine.Position, prover engine.Player) (purple.Class, bool) {
	return purple.ClassOf(p, prover)
}

// unitFloat returns a number in [0, 1).
func unitFloat(r *engine.Rand) float64 { return float64(r.Uint64()>>11) / (1 << 53) }

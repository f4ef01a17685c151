package sampling

import (
	"fmt"
	"strings"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
)

// HAFMethod is where paper 004 (§4, §5.2) puts the learned policy HAF in
// UCT.
type HAFMethod uint8

const (
	// NoHAF is plain UCT (§5.1).
	NoHAF HAFMethod = iota
	// MethodA uses HAF in the UCB value at every node (formula (3)) and
	// in the playouts (moves drawn by the policy's probabilities (2)), §4.1.
	MethodA
	// MethodB uses HAF in the UCB value at every node only, §4.2; the
	// playouts stay square-first random (§5.3).
	MethodB
	// MethodC uses HAF in the UCB value at the root only, §4.3; every
	// other node uses UCB1, formula (1).
	MethodC
)

func (m HAFMethod) String() string {
	switch m {
	case MethodA:
		return "A"
	case MethodB:
		return "B"
	case MethodC:
		return "C"
	}
	return "none"
}

// ParseHAFMethod reads "A", "B", "C" (either case) or "none".
func ParseHAFMethod(s string) (HAFMethod, error) {
	switch strings.ToUpper(s) {
	case "A":
		return MethodA, nil
	case "B":
		return MethodB, nil
	case "C":
		return MethodC, nil
	case "NONE", "":
		return NoHAF, nil
	}
	return NoHAF, fmt.Errorf("sampling: HAF method %q: want A, B, C or none", s)
}

// HAFView says how the policy scores the opponent's moves.
type HAFView uint8

const (
	// Negate is paper 004 §5.2: at the opponent's nodes (and its playout
	// moves, method A) the position after each opponent move is scored
	// from the searching player's side and the priority's sign is
	// inverted before the softmax: π ∝ exp(−h).
	Negate HAFView = iota
	// OwnView scores the opponent's moves from the opponent's own side,
	// as the original's self-play does (the board turned around, the
	// opponent's colours known to it): in UCT's world the opponent's
	// colours are fixed (§5.4), so the policy uses them.
	OwnView
)

func (v HAFView) String() string {
	if v == OwnView {
		return "own"
	}
	return "negate"
}

// ParseHAFView reads "negate" or "own".
func ParseHAFView(s string) (HAFView, error) {
	switch strings.ToLower(s) {
	case "negate", "":
		return Negate, nil
	case "own":
		return OwnView, nil
	}
	return Negate, fmt.Errorf("sampling: HAF view %q: want negate or own", s)
}

// DefaultFinalPrior is c of paper 004 formula (4): the root move maximises
// w̄ + 0.1·π.
const DefaultFinalPrior = 0.1

// HAFPolicy is the policy HAF for a UCT search by player Me: move
// probabilities by paper 004 formula (2) from the scores h of package haf.
// It keeps scratch space, so one HAFPolicy serves one search at a time.
type HAFPolicy struct {
	W    *haf.Weights
	Me   engine.Player
	View HAFView
	// Calls counts the calls of Prior (each scores one node's moves;
	// playout moves are not counted).
	Calls int
	h     [engine.MaxMoves]float64
	pi    [engine.MaxMoves]float64
	ml    engine.MoveList
}

// NewHAFPolicy returns the policy of weights w for a search by me.
func NewHAFPolicy(w *haf.Weights, me engine.Player, view HAFView) *HAFPolicy {
	return &HAFPolicy{W: w, Me: me, View: view}
}

// probs sets out to the probabilities (2) of moves in p (a world: every
// colour shown), for the side to move.
func (q *HAFPolicy) probs(p *engine.Position, moves []engine.Move, out []float64) {
	mover := p.Turn()
	viewer := q.Me
	if q.View == OwnView {
		viewer = mover
	}
	h := q.h[:len(moves)]
	if err := q.W.ScoreMoves(p, viewer, moves, h); err != nil {
		// Only a position hiding viewer's colours fails, and a UCT world
		// shows every colour (Search refuses any other): stay defined
		// with the uniform probabilities of plain UCT.
		for i := range out[:len(moves)] {
			out[i] = 1 / float64(len(moves))
		}
		return
	}
	if mover != viewer {
		// §5.2: "at a node where the opponent acts, the sign of the
		// priority HAF outputs is inverted".
		for i := range h {
			h[i] = -h[i]
		}
	}
	haf.Softmax(out, h) // formula (2)
}

// Prior is a PriorFunc: P(s, a) of formula (3), the policy's move
// probabilities (2) for the side to move in p.
func (q *HAFPolicy) Prior(p *engine.Position, moves []engine.Move, out []float64) {
	q.Calls++
	q.probs(p, moves, out)
}

// Playout is a PlayoutFunc for method A (§4.1, §5.2): every move of both
// sides drawn by the policy's probabilities (2), the opponent's by the
// inverted priorities (or its own view), until the game ends or reaches
// plyLimit plies (0: MaxPlayoutPlies); a draw at the limit.
func (q *HAFPolicy) Playout(p *engine.Position, r *engine.Rand, plyLimit int) engine.Outcome {
	limit := limitOf(plyLimit)
	for {
		if o := p.OutcomeWithLimit(limit); o != engine.Ongoing {
			return o
		}
		q.ml.Generate(p)
		n := q.ml.N
		if n == 0 {
			return engine.Draw
		}
		moves := q.ml.Slice()
		pi := q.pi[:n]
		q.probs(p, moves, pi)
		x := float64(r.Uint64()>>11) * (1.0 / (1 << 53))
		k := n - 1
		for i, v := range pi {
			if x < v {
				k = i
				break
			}
			x -= v
		}
		p.Make(moves[k])
	}
}

// HAFOptions returns o with paper 004's method m for a search by me: the
// policy's probabilities as the prior of formula (3) at every node (A, B)
// or the root only (C), the policy's playouts for A, and the final choice
// by formula (4) with c = finalC (0: DefaultFinalPrior). With m = NoHAF it
// returns o unchanged and a nil policy.
func HAFOptions(o UCTOptions, m HAFMethod, w *haf.Weights, me engine.Player, view HAFView, finalC float64) (UCTOptions, *HAFPolicy) {
	if m == NoHAF {
		return o, nil
	}
	q := NewHAFPolicy(w, me, view)
	o.Prior = q.Prior
	o.PriorDepth = 0
	o.Playout = nil
	if m == MethodC {
		o.PriorDepth = 1
	}
	if m == MethodA {
		o.Playout = q.Playout
	}
	if finalC <= 0 {
		finalC = DefaultFinalPrior
	}
	o.FinalPrior = finalC
	return o, q
}

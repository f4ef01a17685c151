package belief

import (
	"math"

	"github.com/geister-solver/geister/engine"
)

// NumFeatures is the number of features of the generic move model.
const NumFeatures = 8

// FeatureNames name the generic model's features, in order.
var FeatureNames = [NumFeatures]string{"piece", "capture", "next-after", "next-before", "exit-progress", "onto-exit", "escape", "forward"}

// GenericWeights are the generic move model's weights: a move of a piece of
// colour c (0 blue, 1 red) has the logit Σ_f g[c][f]·x_f over the
// move's features x (MoveFeatures), and the opponent chooses among its
// legal moves by the softmax of the logits. It describes how programs in
// general move their blues and reds (the weights are fitted to games of
// several programs, docs/belief.md), not one program.
type GenericWeights [2][NumFeatures]float64

// DefaultGeneric are the weights fitted by tools/beliefeval --fit to the
// 9,376 moves of purplemax, naotti11 and chototsu in the tuning games
// (docs/belief.md): log-likelihood −2.09 a move against the uniform
// model's −2.67. A blue next to a piece of the other side moves away
// from it; a red does not mind.
var DefaultGeneric = GenericWeights{
	// piece, capture, next-after, next-before, exit-progress, onto-exit, escape, forward
	{0.2021, -0.8107, -1.2867, 3.0669, 0.4849, 0.9160, 5.3582, 0.3177},  // blue
	{-0.2021, -1.5973, 0.1915, 0.1668, 0.5367, -0.2313, 0.0000, 0.6507}, // red
}

// DefaultRunner are the weights of the runner type: a program that
// charges with its blues and leaves its reds at home. Fitted by
// tools/beliefeval --fit to the 2,375 moves of chototsu and blue-chototsu
// in 200 games against uct:haf=C,iterations=1000 (seed 1; log-likelihood
// −0.46 a move against the uniform model's −2.38): a blue steps forward
// (+4.0 a rank), towards its exits (+1.39) and onto them (+6.8); a red
// hardly moves at all.
var DefaultRunner = GenericWeights{
	// piece, capture, next-after, next-before, exit-progress, onto-exit, escape, forward
	{-0.2183, 0.5294, 2.3234, 1.7883, 1.3933, 6.8179, 8.2064, 4.0024},   // blue
	{0.2183, -0.3674, -0.0041, 0.2877, -0.0843, 0.0000, 0.0000, 0.0232}, // red
}

// features returns the features of the move of side's piece from from to
// to (an escape when escape), mine being the other side's squares:
//
//	piece          1 (a bias: with weights per colour, how much more often reds move)
//	capture        1 if it captures
//	next-after     1 if it ends next to a piece of the other side (not one it captures)
//	next-before    1 if it started next to one
//	exit-progress  steps it gains towards side's nearer exit (an escape gains 1)
//	onto-exit      1 if it ends on one of side's exits
//	escape         1 if it escapes
//	forward        ranks it advances towards the other side's back row
func features(side engine.Player, from, to engine.Square, escape bool, mine uint64) [NumFeatures]float64 {
	var x [NumFeatures]float64
	x[0] = 1
	if engine.Neighbours(from.Bit())&mine != 0 {
		x[3] = 1
	}
	if escape {
		x[4], x[6] = 1, 1
		return x
	}
	if mine&to.Bit() != 0 {
		x[1] = 1
	}
	if engine.Neighbours(to.Bit())&(mine&^to.Bit()) != 0 {
		x[2] = 1
	}
	x[4] = float64(from.ExitDistance(side) - to.ExitDistance(side))
	if engine.Exits(side)&to.Bit() != 0 {
		x[5] = 1
	}
	x[7] = float64(to.Rank() - from.Rank())
	if side == engine.First {
		x[7] = -x[7]
	}
	return x
}

// MoveFeatures returns the generic model's features of the legal move m
// of the side to move in p.
func MoveFeatures(p *engine.Position, m engine.Move) [NumFeatures]float64 {
	side := p.Turn()
	return features(side, m.From(), m.To(), m.IsEscape(), p.Occupied(side.Other()))
}

// Logit returns the logit of a move with features x of a piece of colour
// c (0 blue, 1 red).
func (g *GenericWeights) Logit(c int, x *[NumFeatures]float64) float64 {
	v := 0.0
	for f, w := range g[c&1] {
		v += w * x[f]
	}
	return v
}

// genericTerms sets e[i][c] = exp(logit − top) for every move i of b.ct
// and colour c under the generic weights w, from observation o; top, the
// greatest logit, keeps the terms finite (a softmax does not change).
func (b *Belief) genericTerms(o *observation, w *GenericWeights, e *[engine.MaxMoves][2]float64) {
	ct := &b.ct
	side := b.me.Other()
	top := math.Inf(-1)
	for i := 0; i < ct.N; i++ {
		m := ct.Moves[i]
		x := features(side, m.From(), m.To(), ct.Escape[i], o.own)
		e[i][0] = w.Logit(0, &x)
		e[i][1] = w.Logit(1, &x)
		top = max(top, e[i][0], e[i][1])
	}
	for i := 0; i < ct.N; i++ {
		e[i][0] = math.Exp(e[i][0] - top)
		e[i][1] = math.Exp(e[i][1] - top)
	}
}

// softmaxAt returns the softmax of d over the moves not masked off
// (d = −Inf), at index seen.
func softmaxAt(d []float64, seen int) float64 {
	top := math.Inf(-1)
	for _, v := range d {
		top = max(top, v)
	}
	z := 0.0
	for _, v := range d {
		z += math.Exp(v - top)
	}
	return math.Exp(d[seen]-top) / z
}

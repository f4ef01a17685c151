package belief

import (
	"fmt"
	"strings"

	"github.com/geister-solver/geister/haf"
)

// Model is how the belief weighs the placements that agree with what was
// seen.
type Model uint8

const (
	// HAF weighs each placement by the likelihood of every move the
	// opponent made, under a mixture of the HAF policy (package haf,
	// scoring the opponent's moves from its own side with the
	// placement's colours) and a uniform choice among the legal moves.
	HAF Model = iota
	// Uniform gives every placement that agrees with what was seen the
	// same probability: no inference from how the opponent moves.
	Uniform
	// RedLike is paper 004 §5.4's red likelihood alone: each allowed
	// placement weighted by the product over the opponent's pieces on the
	// board of L (red) or 1−L (blue), L the piece's red likelihood
	// (sampling.Tracker.Like, kept within [likeFloor, 1−likeFloor]).
	RedLike
)

// likeFloor keeps a red likelihood of 0 or 1 from ruling a placement out.
const likeFloor = 0.01

func (m Model) String() string {
	switch m {
	case Uniform:
		return "uniform"
	case RedLike:
		return "redlike"
	}
	return "haf"
}

// ParseModel reads "haf", "uniform" or "redlike" (either case).
func ParseModel(s string) (Model, error) {
	switch strings.ToLower(s) {
	case "haf", "":
		return HAF, nil
	case "uniform":
		return Uniform, nil
	case "redlike":
		return RedLike, nil
	}
	return HAF, fmt.Errorf("belief: model %q: want haf, uniform or redlike", s)
}

// Defaults of Options, chosen on games apart from those the measurement
// reports (docs/belief.md).
const (
	DefaultMix       = 0.3
	DefaultSharpness = 1.0
	DefaultLikeStep  = 0.1
)

// Options configure a Belief. A zero field takes its default.
type Options struct {
	// Model is how placements are weighed (HAF by default).
	Model Model
	// Weights are the θ of the HAF model (nil: the built-in default,
	// haf.DefaultWeights).
	Weights *haf.Weights
	// Mix is the robust model's share ε of the HAF model's mixture, in
	// (0, 1]: a move has likelihood ε·u + (1−ε)·π, π the policy's
	// probability and u uniform over the placement's legal moves, except
	// that an opponent who can escape does (1 − MissedEscape). It keeps
	// opponents that do not play like the policy from making the belief
	// overconfident.
	Mix float64
	// Sharpness β scales the policy's scores before the softmax,
	// π ∝ exp(β·h); 1 is the policy's own softmax (paper 004 (2)).
	Sharpness float64
	// LikeWeight, when above 0, multiplies the HAF model's probabilities
	// by the RedLike model's weights to this power (a product of the two
	// models); 0 leaves the HAF model alone.
	LikeWeight float64
	// LikeStep is the red likelihood's step (sampling.Tracker.LikeStep)
	// for the RedLike model and LikeWeight.
	LikeStep float64
}

// DefaultOptions returns the options New uses for zero fields.
func DefaultOptions() Options {
	return Options{Model: HAF, Mix: DefaultMix, Sharpness: DefaultSharpness, LikeStep: DefaultLikeStep}
}

func (o Options) withDefaults() Options {
	d := DefaultOptions()
	if o.Mix <= 0 {
		o.Mix = d.Mix
	}
	o.Mix = min(o.Mix, 1)
	if o.Sharpness <= 0 {
		o.Sharpness = d.Sharpness
	}
	if o.LikeStep <= 0 {
		o.LikeStep = d.LikeStep
	}
	return o
}

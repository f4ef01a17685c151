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
	// Average (the default) is Bayesian model averaging over two
	// opponent types, one moving by the HAF model and one by the generic
	// model: the belief learns from the moves which type the opponent
	// is, and weighs the placements by both types' likelihoods, each by
	// the type's probability.
	Average Model = iota
	// HAF weighs each placement by the likelihood of every move the
	// opponent made, under a mixture of the HAF policy (package haf,
	// scoring the opponent's moves from its own side with the
	// placement's colours) and the robust model.
	HAF
	// Generic weighs each placement by the likelihood of the opponent's
	// moves under the generic move model (GenericWeights: how programs
	// in general move their blues and reds), mixed with the robust
	// model.
	Generic
	// Uniform gives every placement that agrees with what was seen the
	// same probability: no inference from how the opponent moves.
	Uniform
	// RedLike is paper 004 §5.4's red likelihood alone: each allowed
	// placement weighted by the product over the opponent's pieces on the
	// board of L (red) or 1−L (blue), L the piece's red likelihood
	// (sampling.Tracker.Like, kept within [likeFloor, 1−likeFloor]).
	RedLike
)

// readsMoves reports whether the model weighs the opponent's moves.
func (m Model) readsMoves() bool { return m == HAF || m == Generic || m == Average }

// numTypes is the number of opponent types: HAF, generic, runner.
const numTypes = 3

// typePrior returns the prior of the opponent types (HAF, generic,
// runner).
func (o *Options) typePrior() [numTypes]float64 {
	switch o.Model {
	case Generic:
		return [numTypes]float64{0, 1, 0}
	case Average:
		g := o.GenericPrior
		r := max(o.RunnerShare, 0)
		return [numTypes]float64{1 - g, g * (1 - r), g * r}
	}
	return [numTypes]float64{1, 0, 0}
}

// likeFloor keeps a red likelihood of 0 or 1 from ruling a placement out.
const likeFloor = 0.01

func (m Model) String() string {
	switch m {
	case HAF:
		return "haf"
	case Uniform:
		return "uniform"
	case RedLike:
		return "redlike"
	case Generic:
		return "generic"
	}
	return "average"
}

// ParseModel reads "average", "haf", "generic", "uniform" or "redlike"
// (either case; "" is average).
func ParseModel(s string) (Model, error) {
	switch strings.ToLower(s) {
	case "average", "":
		return Average, nil
	case "haf":
		return HAF, nil
	case "uniform":
		return Uniform, nil
	case "redlike":
		return RedLike, nil
	case "generic":
		return Generic, nil
	}
	return Average, fmt.Errorf("belief: model %q: want haf, generic, average, uniform or redlike", s)
}

// Defaults of Options, chosen on games apart from those the measurement
// reports (docs/belief.md).
const (
	DefaultMix          = 0.1
	DefaultSharpness    = 1.5
	DefaultLikeStep     = 0.1
	DefaultGenericMix   = 0.6
	DefaultGenericPrior = 0.5
	DefaultRunnerShare  = 0.3
)

// Options configure a Belief. A zero field takes its default.
type Options struct {
	// Model is how placements are weighed (Average by default).
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
	// Generic are the generic model's weights (nil: DefaultGeneric).
	Generic *GenericWeights
	// GenericMix is the robust model's share of the generic model's
	// mixture, as Mix is of the HAF model's.
	GenericMix float64
	// GenericPrior is the prior probability, under Model Average, that
	// the opponent moves like programs in general rather than like the
	// HAF policy, in (0, 1).
	GenericPrior float64
	// RunnerShare is the share of GenericPrior, under Model Average, of
	// the runner type (a program that charges with its blues: Runner), in
	// (0, 1); negative: no runner type.
	RunnerShare float64
	// Runner are the runner type's weights (nil: DefaultRunner).
	Runner *GenericWeights
	// LikeWeight, when above 0, multiplies the move models' probabilities
	// by the RedLike model's weights to this power (a product of the two
	// models); 0 leaves them alone. It did not help on the tuning games
	// (docs/belief.md).
	LikeWeight float64
	// LikeStep is the red likelihood's step (sampling.Tracker.LikeStep)
	// for the RedLike model and LikeWeight.
	LikeStep float64
}

// DefaultOptions returns the options New uses for zero fields.
func DefaultOptions() Options {
	return Options{Model: Average, Mix: DefaultMix, Sharpness: DefaultSharpness, LikeStep: DefaultLikeStep,
		GenericMix: DefaultGenericMix, GenericPrior: DefaultGenericPrior, RunnerShare: DefaultRunnerShare}
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
	if o.GenericMix <= 0 {
		o.GenericMix = d.GenericMix
	}
	o.GenericMix = min(o.GenericMix, 1)
	if o.GenericPrior <= 0 || o.GenericPrior >= 1 {
		o.GenericPrior = d.GenericPrior
	}
	if o.RunnerShare == 0 || o.RunnerShare >= 1 {
		o.RunnerShare = d.RunnerShare
	}
	if o.LikeStep <= 0 {
		o.LikeStep = d.LikeStep
	}
	return o
}

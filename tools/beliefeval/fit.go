package main

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/geister-solver/geister/belief"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
)

// sample is one move of the fitted agents: every legal move's features
// and the moving piece's colour, and which move was played.
type sample struct {
	x    [][belief.NumFeatures]float64
	c    []int
	seen int
}

// fitSamples reads the moves of the agents named in agents (by name,
// without options) from the records.
func fitSamples(files []string, agents []string) ([]sample, error) {
	want := map[string]bool{}
	for _, a := range agents {
		want[a] = true
	}
	var out []sample
	err := eachGame(files, func(name string, rec *match.Record, ps []engine.Position, moves []engine.Move) error {
		var fits [2]bool
		for side, spec := range []string{rec.First, rec.Second} {
			n, _, _ := strings.Cut(spec, ":")
			fits[side] = want[n]
		}
		for i, m := range moves {
			p := &ps[i]
			if !fits[p.Turn()] {
				continue
			}
			var ml engine.MoveList
			ml.Generate(p)
			s := sample{seen: -1}
			for j, lm := range ml.Slice() {
				s.x = append(s.x, belief.MoveFeatures(p, lm))
				c := 0
				if p.Pieces(p.Turn(), engine.Red)&lm.From().Bit() != 0 {
					c = 1
				}
				s.c = append(s.c, c)
				if lm == m.Plain() {
					s.seen = j
				}
			}
			if s.seen < 0 {
				return fmt.Errorf("%s: game %d: move %d (%s) not among the legal moves", name, rec.Game, i+1, m)
			}
			out = append(out, s)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// fitGeneric fits the generic model's weights to the samples by maximum
// likelihood (a conditional logit, concave), with Adam steps and a small
// L2 penalty, and prints them as a Go literal with the mean log-likelihood
// per move and the uniform model's.
func fitGeneric(w io.Writer, files []string, agents []string) error {
	samples, err := fitSamples(files, agents)
	if err != nil {
		return err
	}
	if len(samples) == 0 {
		return fmt.Errorf("no moves of %v in the records", agents)
	}
	var g belief.GenericWeights
	var m1, m2 [2][belief.NumFeatures]float64
	const lr, b1, b2, l2 = 0.05, 0.9, 0.999, 1e-4
	ll := 0.0
	for it := 1; it <= 400; it++ {
		var grad [2][belief.NumFeatures]float64
		ll = 0
		for _, s := range samples {
			lo := make([]float64, len(s.x))
			top := math.Inf(-1)
			for j := range s.x {
				lo[j] = g.Logit(s.c[j], &s.x[j])
				top = max(top, lo[j])
			}
			z := 0.0
			for j := range lo {
				lo[j] = math.Exp(lo[j] - top)
				z += lo[j]
			}
			ll += math.Log(lo[s.seen] / z)
			for f := range grad[0] {
				grad[s.c[s.seen]][f] += s.x[s.seen][f]
			}
			for j := range lo {
				pj := lo[j] / z
				for f := range grad[0] {
					grad[s.c[j]][f] -= pj * s.x[j][f]
				}
			}
		}
		n := float64(len(samples))
		ll /= n
		for c := range g {
			for f := range g[c] {
				gr := grad[c][f]/n - l2*g[c][f]
				m1[c][f] = b1*m1[c][f] + (1-b1)*gr
				m2[c][f] = b2*m2[c][f] + (1-b2)*gr*gr
				mh := m1[c][f] / (1 - math.Pow(b1, float64(it)))
				vh := m2[c][f] / (1 - math.Pow(b2, float64(it)))
				g[c][f] += lr * mh / (math.Sqrt(vh) + 1e-8)
			}
		}
	}
	uni := 0.0
	for _, s := range samples {
		uni -= math.Log(float64(len(s.x)))
	}
	fmt.Fprintf(w, "// %d moves of %s: log-likelihood per move %.4f (uniform %.4f)\n", len(samples), strings.Join(agents, ", "), ll, uni/float64(len(samples)))
	fmt.Fprintf(w, "var DefaultGeneric = GenericWeights{\n")
	for c, name := range []string{"blue", "red"} {
		fmt.Fprintf(w, "\t{ // %s: %s\n\t\t", name, strings.Join(belief.FeatureNames[:], ", "))
		for f := range g[c] {
			fmt.Fprintf(w, "%.4f, ", g[c][f])
		}
		fmt.Fprintf(w, "\n\t},\n")
	}
	fmt.Fprintf(w, "}\n")
	return nil
}

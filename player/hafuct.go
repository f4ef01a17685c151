package player

import (
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
	"github.com/geister-solver/geister/sampling"
)

// hafUCT is the uct agent's use of the policy HAF (paper 004 §4, §5.2):
// the method (none, A, B, C), how the opponent's moves are scored, the
// weights and c of formula (4).
type hafUCT struct {
	method sampling.HAFMethod
	view   sampling.HAFView
	w      *haf.Weights
	final  float64
}

func newHAFUCT(o *options) (hafUCT, error) {
	m, _ := sampling.ParseHAFMethod(o.raw("haf"))
	h := hafUCT{method: m}
	if m == sampling.NoHAF {
		for _, k := range []string{"view", "weights", "final"} {
			if _, ok := o.vals[k]; ok {
				return h, errorf("option %s applies only with haf=A, B or C", k)
			}
		}
		return h, nil
	}
	h.view, _ = sampling.ParseHAFView(o.raw("view"))
	w, err := haf.Load(o.raw("weights"))
	if err != nil {
		return h, err
	}
	h.w, h.final = w, o.float("final")
	return h, nil
}

// options returns the UCT options of a game played by side.
func (h hafUCT) options(o sampling.UCTOptions, side engine.Player) sampling.UCTOptions {
	o, _ = sampling.HAFOptions(o, h.method, h.w, side, h.view, h.final)
	return o
}

// LastUCT returns the uct agent's last search result (for tests and
// tools).
func (a *uctAgent) LastUCT() sampling.UCTResult { return a.Last }

package sampling

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
)

// BenchmarkUCTHAFStart runs searches of 20,000 iterations from the start
// position with each of paper 004's methods (and plain UCT for
// comparison), the opponent's moves scored with the sign inverted: the
// metric is iterations per CPU second.
func BenchmarkUCTHAFStart(b *testing.B) {
	w, err := haf.Builtin(haf.DefaultWeights)
	if err != nil {
		b.Fatal(err)
	}
	p := engine.StartPosition(engine.Placements[10], engine.Placements[50])
	for _, m := range []HAFMethod{NoHAF, MethodA, MethodB, MethodC} {
		for _, v := range []HAFView{Negate, OwnView} {
			if m == NoHAF && v == OwnView {
				continue
			}
			name := "plain"
			if m != NoHAF {
				name = m.String() + "/" + v.String()
			}
			b.Run(name, func(b *testing.B) {
				o, _ := HAFOptions(UCTOptions{Iterations: 20000}, m, w, p.Turn(), v, 0)
				u := NewUCT(o, 1)
				cpuBench(b, "iterations", func(int) int {
					r, err := u.Search(context.Background(), &p, 200)
					if err != nil {
						b.Fatal(err)
					}
					return r.Iterations
				})
			})
		}
	}
}

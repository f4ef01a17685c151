package solver

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/proof"
	"github.com/geister-solver/geister/proofcheck"
)

// TestProofsOfDeepWins writes the proof of every deep-suite win found by
// --shortest (no tables: the proof goes down to positions won by the
// rules), reads it back from its text, and checks it with proofcheck: it
// must hold and prove exactly the suite's DTW (a proof of fewer plies
// would contradict the DTW the tables and Certify confirm). Four
// positions by default, all with GEISTER_LONG=1.
func TestProofsOfDeepWins(t *testing.T) {
	suite := readDeepSuite(t)
	if !longtest.Enabled() {
		suite = sampleOf(suite, 4)
	}
	for _, w := range suite {
		s := New(Options{TTMegabytes: 64, Shortest: true, Proof: true})
		a, err := s.Solve(context.Background(), w.p, w.prover)
		if err != nil || a.Result != Win || a.Plies != w.DTW || a.Proof == nil {
			t.Fatalf("%s: %v %v in %d (want %d), proof %v", w.Position, err, a.Result, a.Plies, w.DTW, a.Proof != nil)
		}
		var buf bytes.Buffer
		if err := a.Proof.Write(&buf); err != nil {
			t.Fatal(err)
		}
		size := buf.Len()
		p, err := proof.Read(&buf)
		if err != nil {
			t.Fatalf("%s: its proof read back: %v", w.Position, err)
		}
		start := time.Now()
		rep, err := proofcheck.Check(context.Background(), p, proofcheck.Options{})
		if err != nil {
			t.Fatalf("%s: %v", w.Position, err)
		}
		if rep.Plies != w.DTW || p.Plies != w.DTW {
			t.Errorf("%s: the proof shows a win within %d plies (claims %d), the DTW is %d", w.Position, rep.Plies, p.Plies, w.DTW)
		}
		t.Logf("%s dtw %d: %d nodes, %d edges, %d bytes, checked in %v", w.Position, w.DTW, rep.Nodes, rep.Edges, size, time.Since(start))
	}
}

// sampleOf returns n positions of suite spread over it (all when it has
// no more).
func sampleOf(suite []deepPosition, n int) []deepPosition {
	if len(suite) <= n {
		return suite
	}
	out := make([]deepPosition, 0, n)
	for i := range n {
		out = append(out, suite[i*len(suite)/n])
	}
	return out
}

package match

import (
	"fmt"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// TestReasons: every reason's text reads back; the rules' ends map to
// the reasons of the same text; the earlier names equal the new ones;
// only the referee's reasons are forfeits.
func TestReasons(t *testing.T) {
	for _, r := range Reasons {
		got, err := ParseReason(string(r))
		if err != nil || got != r {
			t.Errorf("ParseReason(%q) = %q, %v", r, got, err)
		}
	}
	if _, err := ParseReason("resigned"); err == nil {
		t.Error("ParseReason accepted resigned")
	}
	ends := map[engine.End]Reason{engine.EndEscape: ByEscape, engine.EndBluesTaken: ByBluesTaken, engine.EndRedsGiven: ByRedsGiven, engine.EndPlyLimit: ByPlyLimit, engine.NotEnded: ""}
	for e, want := range ends {
		if got := ReasonOf(e); got != want || got.Forfeit() {
			t.Errorf("ReasonOf(%v) = %q (forfeit %v), want %q", e, got, got.Forfeit(), want)
		}
	}
	old := map[string]Reason{ReasonEscape: ByEscape, ReasonBluesTaken: ByBluesTaken, ReasonRedsGiven: ByRedsGiven, ReasonPlyLimit: ByPlyLimit, ReasonIllegal: ByIllegalMove, ReasonError: ByAgentError}
	for s, r := range old {
		if Reason(s) != r {
			t.Errorf("old name %q != %q", s, r)
		}
	}
	for _, r := range []Reason{ByIllegalMove, ByAgentError, ByTimeout, ByDisconnect, ByForfeit} {
		if !r.Forfeit() {
			t.Errorf("%q is not a forfeit", r)
		}
	}
}

// How a game ended: the rules' ends come from the engine; the referee's
// forfeits are its own.
func ExampleReasonOf() {
	p := engine.StartPosition(engine.Placements[0], engine.Placements[0])
	p.SetPly(200)
	fmt.Println(ReasonOf(p.EndAfter(engine.NoMove, 200)), ReasonOf(p.EndAfter(engine.NoMove, 200)).Forfeit())
	fmt.Println(ByTimeout, ByTimeout.Forfeit())
	// Output:
	// ply limit false
	// timeout true
}

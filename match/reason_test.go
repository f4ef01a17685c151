package match

import (
	"errors"
	"fmt"
	"strings"
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

// TestReplayOfAGameNeverBegun: a referee's record of a player that never
// placed its pieces replays as ErrNotPlayed, and WriteReplay writes its
// result; an empty placement in a game that was played is still an error.
func TestReplayOfAGameNeverBegun(t *testing.T) {
	rec := Record{Game: 3, First: "a", Second: "b", SecondReds: "BCFG", Moves: []string{}, Result: "second", Reason: string(ByTimeout), Detail: "the first player's placement: did not answer SET? within 10s"}
	if _, _, err := rec.Replay(); !errors.Is(err, ErrNotPlayed) {
		t.Fatalf("Replay: %v, want ErrNotPlayed", err)
	}
	var b strings.Builder
	if err := rec.WriteReplay(&b); err != nil || !strings.Contains(b.String(), "result: second (timeout) before the game began") || !strings.Contains(b.String(), "did not answer SET?") {
		t.Fatalf("WriteReplay: %v\n%s", err, b.String())
	}
	rec.Reason = string(ByEscape)
	if _, _, err := rec.Replay(); err == nil || errors.Is(err, ErrNotPlayed) {
		t.Fatalf("Replay of a won game without a placement: %v", err)
	}
}

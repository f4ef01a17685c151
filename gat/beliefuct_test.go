package gat

import (
	"context"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// TestBeliefUCTOverLoopback plays beliefuct (as best, the name gat
// connect uses) through our client against our server, in both seats:
// every game ends by the rules, without a fallback move, and each game is
// the one match.Play referees in-process with the same seed.
func TestBeliefUCTOverLoopback(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 2
	}
	best := "best:iterations=300,dfpn=2000"
	for i, pr := range []struct{ a, b string }{{best, "hayazashi"}, {"purplemax:depth=2,tt=1,dfpn=100", best}} {
		seed := uint64(300 + i)
		res := playPair(t, ServerConfig{Games: games}, pr.a, pr.b, seed)
		for k, err := range res.errs {
			if err != nil {
				t.Fatalf("%s vs %s, part %d: %v", pr.a, pr.b, k, err)
			}
		}
		if len(res.records) != games {
			t.Fatalf("%s vs %s: %d records, want %d", pr.a, pr.b, len(res.records), games)
		}
		a, _ := player.New(pr.a, player.DefaultEnv())
		b, _ := player.New(pr.b, player.DefaultEnv())
		for k, got := range res.records {
			if got.Reason == match.ReasonIllegal || got.Reason == match.ReasonError {
				t.Errorf("%s vs %s, game %d: %s", pr.a, pr.b, k+1, got.Reason)
			}
			for side := 0; side < 2; side++ {
				if cg := res.clients[side][k]; cg.Fallbacks != 0 {
					t.Errorf("%s vs %s, game %d: %d fallback moves of the %s client", pr.a, pr.b, k+1, cg.Fallbacks, engine.Player(side).Name())
				}
			}
			want, err := match.Play(context.Background(), a, b, match.GameSeed(seed, k), engine.DefaultPlyLimit, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			wrec := match.RecordOf(want, k+1, pr.a, pr.b, engine.DefaultPlyLimit)
			if got.Result != wrec.Result || strings.Join(got.Moves, " ") != strings.Join(wrec.Moves, " ") {
				t.Fatalf("%s vs %s, game %d over loopback:\n %+v\nin-process:\n %+v", pr.a, pr.b, k+1, got, wrec)
			}
		}
	}
}

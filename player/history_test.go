package player_test

import (
	"context"
	"slices"
	"testing"

	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// A game must not depend on the games an agent played before: matches and
// tournaments hand games to whichever thread is free, and promise the same
// games whatever the number of threads. Here agents that first played
// other games must then play exactly the games fresh agents play. (It
// plays without endgame tables; the kept df-pn prover that made games
// depend on earlier ones showed itself with tables, in a placement study:
// 17 of 250 games differed from fresh agents' before PurpleMax.NewGame
// dropped its prover, 1 of 240 after, as between two runs of fresh agents.)
func TestGamesDoNotDependOnEarlierGames(t *testing.T) {
	specs := [2]string{"purplemax:depth=3", "keeper-purplemax:depth=3"}
	newPair := func() [2]player.Agent {
		var p [2]player.Agent
		for i, s := range specs {
			a, err := player.New(s, player.DefaultEnv())
			if err != nil {
				t.Fatal(err)
			}
			p[i] = a
		}
		return p
	}
	ctx := context.Background()
	used := newPair()
	for seed := uint64(1); seed <= 6; seed++ {
		if _, err := match.Play(ctx, used[0], used[1], 1000+seed, 200, nil, nil); err != nil {
			t.Fatal(err)
		}
		fresh := newPair()
		want, err := match.Play(ctx, fresh[0], fresh[1], seed, 200, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := match.Play(ctx, used[0], used[1], seed, 200, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Moves, want.Moves) {
			t.Fatalf("seed %d: agents that played before made %d moves, fresh ones %d; they part at the first differing move", seed, len(got.Moves), len(want.Moves))
		}
	}
}

package player_test

import (
	"context"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// TestBeliefUCTPlaysEveryone plays beliefuct (both searches, and the
// alias best) against every agent, both seats, at small budgets: every
// game must end by the rules (a win or the ply limit), never by an
// illegal move or an agent error.
func TestBeliefUCTPlaysEveryone(t *testing.T) {
	agents := []string{"beliefuct:iterations=300,dfpn=2000", "best:iterations=300,worlds=3,belief=uniform,dfpn=0,seed=5,draw=0.3,repeat=true"}
	others := []string{"random", "blue-chototsu", "red-chototsu", "chototsu", "naotti10:depth=1",
		"naotti11:depth=1", "purplemax:depth=2,dfpn=200", "keeper", "keeper-purplemax:depth=2,dfpn=0",
		"hayazashi", "mc:playouts=100", "upp:playouts=100", "uct:iterations=150", "uct:haf=C,iterations=150",
		"expectimax:depth=1", "beliefuct:iterations=200,haf=false,belief=redlike"}
	if testing.Short() {
		others = []string{"random", "hayazashi", "purplemax:depth=2,dfpn=200", "uct:haf=C,iterations=150"}
	}
	playEveryone(t, agents, others, 100)
}

// TestBeliefUCTRepeats: with a seed and an iteration budget a game
// repeats move for move.
func TestBeliefUCTRepeats(t *testing.T) {
	for _, spec := range []string{"beliefuct:iterations=500,seed=3", "beliefuct:iterations=500,worlds=2,seed=3"} {
		var runs [2][]engine.Move
		for k := range runs {
			a, err := player.New(spec, player.DefaultEnv())
			if err != nil {
				t.Fatal(err)
			}
			b, _ := player.New("hayazashi", player.Env{})
			g, err := match.Play(context.Background(), a, b, 77, 120, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			runs[k] = g.Moves
		}
		if len(runs[0]) != len(runs[1]) {
			t.Fatalf("%s: games of %d and %d plies", spec, len(runs[0]), len(runs[1]))
		}
		for i := range runs[0] {
			if runs[0][i] != runs[1][i] {
				t.Fatalf("%s: ply %d differs: %s vs %s", spec, i+1, runs[0][i], runs[1][i])
			}
		}
	}
}

// TestBeliefUCTOptions checks the option errors and that best takes the
// options of beliefuct.
func TestBeliefUCTOptions(t *testing.T) {
	for _, bad := range []string{"beliefuct:time=0", "beliefuct:belief=psychic", "beliefuct:haf=false,final=0.2",
		"beliefuct:worlds=1001", "beliefuct:iterations=3,worlds=4", "best:depth=3", "best:weights=/nonexistent/x.npy",
		"best:draw=1.5", "best:draw=-0.1", "best:draw=x"} {
		if _, err := player.New(bad, player.Env{}); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	for _, good := range []string{"beliefuct", "best", "best:time=200ms", "BEST:iterations=1000,time=0", "beliefuct:belief=uniform,tables=false,dfpn=0", "best:draw=0.35", "best:draw=0.01", "best:repeat=true"} {
		if _, err := player.New(good, player.Env{}); err != nil {
			t.Errorf("%s: %v", good, err)
		}
	}
	sp, err := player.ParseSpec("best:time=200ms")
	if err != nil || sp.Name != "beliefuct" || sp.Options["time"] != "200ms" {
		t.Errorf("best:time=200ms parsed as %+v, %v", sp, err)
	}
}

// TestBeliefUCTTimeRespected plays a game at time=40ms against hayazashi:
// no move takes more than twice the budget (a critical move's extension)
// and a margin for a loaded machine (a move that ignored the budget would
// run to the 8 s cap; 150 ms of margin failed on a machine with a load of
// 10 on 2 cores, hence 900).
func TestBeliefUCTTimeRespected(t *testing.T) {
	if testing.Short() {
		t.Skip("a timed game")
	}
	a, err := player.New("beliefuct:time=40ms", player.DefaultEnv())
	if err != nil {
		t.Fatal(err)
	}
	b, _ := player.New("hayazashi", player.Env{})
	g, err := match.Play(context.Background(), a, b, 5, 80, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if g.NMoves[0] < 10 {
		t.Fatalf("%d moves", g.NMoves[0])
	}
	if max := g.MaxTime[0]; max > 2*40*time.Millisecond+900*time.Millisecond {
		t.Errorf("longest move %v at time=40ms", max)
	}
	if avg := g.Time[0] / time.Duration(g.NMoves[0]); avg < 10*time.Millisecond {
		t.Errorf("average move %v at time=40ms: the budget is not used", avg)
	}
}

package player_test

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// TestSamplingAgentsPlayEveryone plays every new agent (mc, upp, uct,
// expectimax with counts and with UPP's values) against every agent, both
// seats, at small budgets: every game must end by the rules (a win or the
// ply limit), never by an illegal move or an agent error.
func TestSamplingAgentsPlayEveryone(t *testing.T) {
	newAgents := []string{"mc:playouts=150", "upp:playouts=150", "uct:iterations=300",
		"expectimax:depth=2", "expectimax:depth=2,upp=true,playouts=150"}
	others := append([]string{"random", "blue-chototsu", "red-chototsu", "chototsu", "naotti10:depth=1",
		"naotti11:depth=1", "purplemax:depth=2,dfpn=200", "keeper", "keeper-purplemax:depth=2,dfpn=0"}, newAgents...)
	playEveryone(t, newAgents, others, 120)
}

// TestSamplingAgentsRepeat: with a seed and a playout or iteration budget
// a game repeats move for move.
func TestSamplingAgentsRepeat(t *testing.T) {
	for _, spec := range []string{"mc:playouts=200,seed=3", "upp:playouts=200,seed=3", "uct:iterations=300,seed=3", "expectimax:depth=2,upp=true,playouts=100"} {
		var runs [2][]engine.Move
		for k := range runs {
			a, _ := player.New(spec, player.Env{})
			b, _ := player.New("random", player.Env{})
			g, err := match.Play(context.Background(), a, b, 77, 200, nil, nil)
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

// TestSamplingOptions checks the option errors.
func TestSamplingOptions(t *testing.T) {
	for _, bad := range []string{"mc:playouts=0", "upp:c=2", "uct:iterations=0", "expectimax:depth=0", "expectimax:upp=true,playouts=0", "mc:iterations=5"} {
		if _, err := player.New(bad, player.Env{}); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	for _, good := range []string{"mc:playouts=0,time=10ms", "upp:c=0.2,squarefirst=true", "uct:iterations=0,time=5ms", "expectimax:depth=4,nodes=1000"} {
		if _, err := player.New(good, player.Env{}); err != nil {
			t.Errorf("%s: %v", good, err)
		}
	}
}

// playEveryone plays each of agents against each of others in both seats
// with plyLimit: every game must end by the rules (a win or the ply
// limit), never by an illegal move or an agent error.
func playEveryone(t *testing.T, agents, others []string, plyLimit int) {
	t.Helper()
	env := player.DefaultEnv()
	games := 0
	for i, a := range agents {
		for j, b := range others {
			for seat := 0; seat < 2; seat++ {
				first, second := a, b
				if seat == 1 {
					first, second = b, a
				}
				fa, err := player.New(first, env)
				if err != nil {
					t.Fatal(err)
				}
				sa, err := player.New(second, env)
				if err != nil {
					t.Fatal(err)
				}
				g, err := match.Play(context.Background(), fa, sa, uint64(100*i+10*j+seat), plyLimit, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				games++
				switch {
				case g.Reason == match.ReasonIllegal || g.Reason == match.ReasonError:
					t.Errorf("%s vs %s: %s: %s", first, second, g.Reason, g.Detail)
				case g.Outcome == engine.Ongoing:
					t.Errorf("%s vs %s: the game did not end", first, second)
				case g.Outcome == engine.Draw && len(g.Moves) != plyLimit:
					t.Errorf("%s vs %s: a draw after %d plies", first, second, len(g.Moves))
				}
			}
		}
	}
	if games != 2*len(agents)*len(others) {
		t.Fatalf("%d games", games)
	}
}

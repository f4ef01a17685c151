package player_test

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/sampling"
)

// TestHAFUCTPlaysEveryone plays paper 004's three methods (and method C
// with the opponent's own view) against every other agent, both seats, at
// small budgets: every game must end by the rules (a win or the ply
// limit), never by an illegal move or an agent error.
func TestHAFUCTPlaysEveryone(t *testing.T) {
	methods := []string{"uct:haf=A,iterations=60", "uct:haf=B,iterations=150", "uct:haf=C,iterations=150", "uct:haf=C,iterations=150,view=own"}
	others := append([]string{"random", "blue-chototsu", "red-chototsu", "chototsu", "naotti10:depth=1",
		"naotti11:depth=1", "purplemax:depth=2,dfpn=200", "keeper", "keeper-purplemax:depth=2,dfpn=0",
		"hayazashi", "mc:playouts=100", "upp:playouts=100", "uct:iterations=150", "expectimax:depth=1"}, methods...)
	playEveryone(t, methods, others, 100)
}

// TestHAFUCTRepeats: with a seed and an iteration budget a game repeats
// move for move, and the options reach the search (the last search's root
// carries the policy's priors, summing to 1).
func TestHAFUCTRepeats(t *testing.T) {
	for _, spec := range []string{"uct:haf=A,iterations=100,seed=3", "uct:haf=B,iterations=200,seed=3", "uct:haf=C,iterations=200,seed=3,view=own"} {
		var runs [2][]engine.Move
		for k := range runs {
			a, err := player.New(spec, player.Env{})
			if err != nil {
				t.Fatal(err)
			}
			b, _ := player.New("hayazashi", player.Env{})
			g, err := match.Play(context.Background(), a, b, 77, 200, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			runs[k] = g.Moves
			last := a.(interface{ LastUCT() sampling.UCTResult }).LastUCT()
			sum := 0.0
			for _, c := range last.Children {
				sum += c.Prior
			}
			if len(last.Children) > 0 && (sum < 0.999 || sum > 1.001) {
				t.Errorf("%s: the last root's priors sum to %v", spec, sum)
			}
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

// TestHAFUCTOptions checks the option errors.
func TestHAFUCTOptions(t *testing.T) {
	for _, bad := range []string{"uct:haf=D", "uct:haf=A,view=theirs", "uct:view=own", "uct:weights=63", "uct:final=0.2",
		"uct:haf=B,weights=/nonexistent/x.npy", "uct:haf=C,final=1.5", "uct:haf=C,iterations=0"} {
		if _, err := player.New(bad, player.Env{}); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
	for _, good := range []string{"uct:haf=a", "uct:haf=B,view=own,weights=63", "uct:haf=C,final=0.2,iterations=0,time=5ms", "uct:haf=none"} {
		if _, err := player.New(good, player.Env{}); err != nil {
			t.Errorf("%s: %v", good, err)
		}
	}
}

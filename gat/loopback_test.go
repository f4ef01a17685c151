package gat

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// pairResult is what a loopback match between our client and our server
// produced.
type pairResult struct {
	records []match.Record
	sum     *ServeSummary
	clients [2][]ClientGame
	errs    [3]error
}

// playPair serves games on ephemeral loopback ports and connects a client
// for each seat, with the agents a (first) and b (second), both seeded by
// seed.
func playPair(t testing.TB, scfg ServerConfig, a, b string, seed uint64) pairResult {
	t.Helper()
	var recs bytes.Buffer
	scfg.Records = &recs
	if scfg.PlyLimit == 0 {
		scfg.PlyLimit = engine.DefaultPlyLimit
	}
	srv, err := Listen(scfg)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var res pairResult
	var wg sync.WaitGroup
	wg.Add(3)
	go func() {
		defer wg.Done()
		res.sum, res.errs[2] = srv.Serve(ctx)
	}()
	for i, spec := range []string{a, b} {
		ag, err := player.New(spec, player.DefaultEnv())
		if err != nil {
			t.Fatal(err)
		}
		pl := engine.Player(i)
		go func() {
			defer wg.Done()
			defer func() {
				if res.errs[i] != nil {
					cancel()
				}
			}()
			_, res.errs[i] = Connect(ctx, ClientConfig{
				Addr: srv.Addr(pl).String(), Side: pl, Agent: ag, Name: spec, Games: scfg.Games, Seed: seed,
				PlyLimit: scfg.PlyLimit, Pause: time.Millisecond, Wait: 20 * time.Second,
				OnGame: func(g ClientGame) { res.clients[i] = append(res.clients[i], g) },
			})
		}()
	}
	wg.Wait()
	var err2 error
	res.records, err2 = match.ReadRecords(&recs)
	if err2 != nil {
		t.Fatal(err2)
	}
	return res
}

// TestLoopbackEqualsInProcess plays our client against our server over
// loopback, several agents in both seats, with connections kept and with
// a new pair of connections for each game, and checks every game against
// the same game refereed in-process by match.Play with the same seeds:
// the placements, every move, the result and how it ended. Both clients'
// own records must say the same.
func TestLoopbackEqualsInProcess(t *testing.T) {
	games := 10
	if testing.Short() {
		games = 3
	}
	pairs := []struct{ a, b string }{
		{"random", "random"},
		{"blue-chototsu", "naotti11:depth=2"},
		{"purplemax:depth=2,tt=1,dfpn=100", "keeper"},
		{"keeper", "red-chototsu"},
		{"naotti10:depth=1", "purplemax:depth=1,tt=1,dfpn=50"},
	}
	for i, pr := range pairs {
		closeAfter := i%2 == 1
		seed := uint64(100 + i)
		t.Run(fmt.Sprintf("%s-vs-%s/close=%v", pr.a, pr.b, closeAfter), func(t *testing.T) {
			res := playPair(t, ServerConfig{Games: games, CloseAfterGame: closeAfter}, pr.a, pr.b, seed)
			for k, err := range res.errs {
				if err != nil {
					t.Fatalf("part %d: %v", k, err)
				}
			}
			if len(res.records) != games || res.sum.Games != games {
				t.Fatalf("%d records, summary %+v; want %d games", len(res.records), res.sum, games)
			}
			a, _ := player.New(pr.a, player.DefaultEnv())
			b, _ := player.New(pr.b, player.DefaultEnv())
			for k := 0; k < games; k++ {
				want, err := match.Play(context.Background(), a, b, match.GameSeed(seed, k), engine.DefaultPlyLimit, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				wrec := match.RecordOf(want, k+1, pr.a, pr.b, engine.DefaultPlyLimit)
				got := res.records[k]
				if got.FirstReds != wrec.FirstReds || got.SecondReds != wrec.SecondReds || got.Result != wrec.Result ||
					got.Reason != wrec.Reason || strings.Join(got.Moves, " ") != strings.Join(wrec.Moves, " ") {
					t.Fatalf("game %d over loopback:\n %+v\nin-process:\n %+v", k+1, got, wrec)
				}
				if _, _, err := got.Replay(); err != nil {
					t.Errorf("game %d: the server's record does not replay: %v", k+1, err)
				}
				for side := 0; side < 2; side++ {
					cg := res.clients[side][k]
					if cg.Record == nil || cg.Fallbacks != 0 {
						t.Fatalf("game %d, %s client: no record or fallbacks: %+v", k+1, engine.Player(side).Name(), cg)
					}
					cr := cg.Record
					if cr.FirstReds != wrec.FirstReds || cr.SecondReds != wrec.SecondReds || cr.Result != wrec.Result ||
						cr.Reason != wrec.Reason || strings.Join(cr.Moves, " ") != strings.Join(wrec.Moves, " ") {
						t.Fatalf("game %d, the %s client's record:\n %+v\nin-process:\n %+v", k+1, engine.Player(side).Name(), cr, wrec)
					}
					if _, _, err := cr.Replay(); err != nil {
						t.Errorf("game %d: the %s client's record does not replay: %v", k+1, engine.Player(side).Name(), err)
					}
					wantResult := map[bool]string{true: "won", false: "lost"}[wrec.Result == engine.Player(side).Name()]
					if wrec.Result == "draw" {
						wantResult = "drawn"
					}
					if cg.Result != wantResult {
						t.Errorf("game %d: the %s client says %s, want %s", k+1, engine.Player(side).Name(), cg.Result, wantResult)
					}
				}
			}
		})
	}
}

// faulty is an agent that fails its first three moves of each game in
// three ways (an illegal move, an error, too long a think that ignores
// its context) and then plays random moves.
type faulty struct {
	player.Agent
	moves int
}

func (f *faulty) NewGame(side engine.Player, seed uint64) engine.Placement {
	f.moves = 0
	return f.Agent.NewGame(side, seed)
}

func (f *faulty) Move(ctx context.Context, v *player.View) (engine.Move, error) {
	f.moves++
	switch f.moves {
	case 1:
		return engine.NewMove(engine.Sq(0, 1), engine.Sq(5, 6)), nil
	case 2:
		return engine.NoMove, fmt.Errorf("no idea")
	case 3:
		time.Sleep(300 * time.Millisecond)
	}
	return f.Agent.Move(ctx, v)
}

// TestClientClockAndFallbacks: the client replaces an illegal move, an
// agent error and a move that takes longer than its clock by a random
// legal move, says so, and plays the game to its end.
func TestClientClockAndFallbacks(t *testing.T) {
	srv, err := Listen(ServerConfig{Games: 1, PlyLimit: 200})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	errs := make(chan error, 2)
	var warnings []string
	var game ClientGame
	for i := 0; i < 2; i++ {
		pl := engine.Player(i)
		ag, _ := player.New("red-chototsu", player.Env{})
		cfg := ClientConfig{Addr: srv.Addr(pl).String(), Side: pl, Agent: ag, Games: 1, PlyLimit: 200, Wait: 10 * time.Second}
		if pl == engine.First {
			rnd, _ := player.New("random", player.Env{})
			cfg.Agent = &faulty{Agent: rnd}
			cfg.TimePerMove = 100 * time.Millisecond
			cfg.Warn = func(s string) { warnings = append(warnings, s) }
			cfg.OnGame = func(g ClientGame) { game = g }
		}
		go func() { _, err := Connect(ctx, cfg); errs <- err }()
	}
	sum, err := srv.Serve(ctx)
	for i := 0; i < 2; i++ {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if err != nil || sum.Games != 1 {
		t.Fatalf("summary %+v, %v", sum, err)
	}
	// The fourth move finds the agent still thinking about the third
	// (300 ms) only if the opponent answered fast; either way at least
	// the first three moves fell back.
	if game.Fallbacks < 3 || len(warnings) != game.Fallbacks || game.Record == nil {
		t.Fatalf("fallbacks %d, warnings %q, game %+v", game.Fallbacks, warnings, game)
	}
	for i, want := range []string{"not legal", "the agent failed (no idea)", "did not answer within 100ms"} {
		if !strings.Contains(warnings[i], want) {
			t.Errorf("warning %d %q lacks %q", i, warnings[i], want)
		}
	}
	if _, _, err := game.Record.Replay(); err != nil {
		t.Error(err)
	}
}

// TestServedMoveTimes checks the move times a served game reports: as many
// moves as each player made, and the mean within the longest.
func TestServedMoveTimes(t *testing.T) {
	var games []ServedGame
	scfg := ServerConfig{Games: 2, OnGame: func(g ServedGame) { games = append(games, g) }}
	res := playPair(t, scfg, "naotti10:depth=2", "random", 3)
	if res.errs != [3]error{} || len(games) != 2 {
		t.Fatalf("errors %v, %d games", res.errs, len(games))
	}
	for _, g := range games {
		j := g.JSON()
		n := len(g.Game.Moves)
		if j.MoveTimes[0].Moves != (n+1)/2 || j.MoveTimes[1].Moves != n/2 {
			t.Fatalf("game %d: %d plies, move counts %+v", g.Number, n, j.MoveTimes)
		}
		for _, m := range j.MoveTimes {
			if m.MeanMS < 0 || m.MeanMS > m.MaxMS {
				t.Fatalf("game %d: move times %+v", g.Number, m)
			}
		}
	}
}

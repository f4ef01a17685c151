package gat_test

import (
	"context"
	"fmt"
	"sync"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/gat"
	"github.com/geister-solver/geister/player"
)

// A server on two ephemeral loopback ports referees three games between
// two clients, each playing an agent of package player.
func Example() {
	srv, err := gat.Listen(gat.ServerConfig{Games: 3, PlyLimit: engine.DefaultPlyLimit})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close()
	ctx := context.Background()
	var wg sync.WaitGroup
	var lines []string
	for i, spec := range []string{"blue-chototsu", "random"} {
		agent, err := player.New(spec, player.Env{})
		if err != nil {
			fmt.Println(err)
			return
		}
		side := engine.Player(i)
		cfg := gat.ClientConfig{Addr: srv.Addr(side).String(), Side: side, Agent: agent, Name: spec, Games: 3, Seed: 1, PlyLimit: engine.DefaultPlyLimit}
		if side == engine.First {
			cfg.OnGame = func(g gat.ClientGame) { lines = append(lines, g.Line()) }
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := gat.Connect(ctx, cfg); err != nil {
				fmt.Println(err)
			}
		}()
	}
	sum, err := srv.Serve(ctx)
	wg.Wait()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, l := range lines {
		fmt.Println(l)
	}
	fmt.Println(sum.Text())
	// Output:
	// game 1: won (escape)
	// game 2: won (escape)
	// game 3: won (escape)
	// score: first 3, second 0, drawn 0 (3 games)
}

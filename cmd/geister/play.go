package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"geister/engine"
	"geister/internal/words"
	"geister/match"
	"geister/player"
)

var playCommand = command{
	name:    "play",
	args:    "A B",
	summary: "play one game, A first and B second, printing each position",
	details: `Prints every position of the game with every colour shown, and each move
with its thinking time. When one agent is human, only that player's view is
printed during the game (the opponent's pieces as u/U) and the human types
moves; the full board is shown when the game ends.

` + player.Help(),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		seed := fs.Uint64("seed", 1, "seed of the game (placements and random choices)")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "draw after this many plies (0: none)")
		tf := addTableFlags(fs, "give the agents no endgame tables (by default purplemax uses those in the table directory, when there are any)").withOldTables()
		return func(e *env, args []string) error {
			if len(args) != 2 {
				return usagef("want two agents A (first) and B (second), got %d arguments", len(args))
			}
			if *plyLimit < 0 {
				return usagef("--ply-limit %d: must not be negative", *plyLimit)
			}
			env, closeTables, err := agentEnv(e.stderr, tf)
			if err != nil {
				return err
			}
			defer closeTables()
			env.In, env.Out = e.stdin, e.stdout
			var agents [2]player.Agent
			humans := 0
			for i, a := range args {
				sp, err := player.ParseSpec(a)
				if err != nil {
					return usagef("%v", err)
				}
				if sp.Name == "human" {
					humans++
				}
				agents[i], err = player.New(a, env)
				if err != nil {
					return err
				}
			}
			fmt.Fprintf(e.stdout, "first: %s, second: %s\n", args[0], args[1])
			var obs match.Observer
			if humans == 0 {
				obs = func(p *engine.Position, m engine.Move, took time.Duration) {
					if m == engine.NoMove {
						fmt.Fprintf(e.stdout, "\nstart\n%s", p.Pretty())
						return
					}
					mover := "first"
					if p.Turn() == engine.First {
						mover = "second"
					}
					fmt.Fprintf(e.stdout, "\nply %d: %s plays %s (%.1f ms)\n%s", p.Ply(), mover, m, took.Seconds()*1e3, p.Pretty())
				}
			} else {
				obs = func(p *engine.Position, m engine.Move, took time.Duration) {
					if m == engine.NoMove {
						return
					}
					mover := "first"
					if p.Turn() == engine.First {
						mover = "second"
					}
					fmt.Fprintf(e.stdout, "ply %d: %s plays %s\n", p.Ply(), mover, m)
				}
			}
			g, err := match.Play(e.ctx, agents[0], agents[1], *seed, *plyLimit, nil, obs)
			if err != nil {
				return err
			}
			rec := match.RecordOf(g, 0, args[0], args[1], *plyLimit)
			positions, _, rerr := rec.Replay()
			if humans > 0 && rerr == nil {
				fmt.Fprintf(e.stdout, "\nfinal position, every colour shown:\n%s", positions[len(positions)-1].Pretty())
			}
			fmt.Fprintf(e.stdout, "result: %s (%s) after %s; placements: first %s, second %s\n", rec.Result, rec.Reason, words.Count(rec.Plies, "ply"), rec.FirstReds, rec.SecondReds)
			if g.Detail != "" {
				fmt.Fprintf(e.stdout, "detail: %s\n", g.Detail)
			}
			return nil
		}
	},
}

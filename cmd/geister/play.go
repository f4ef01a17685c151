package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

var playCommand = command{
	Name:    "play",
	Args:    "A B",
	Summary: "play one game, A first and B second, printing each position",
	Details: helpText("play", player.Help()),
	Flags:   commandFlags[playCmd],
}

// playCmd is geister play: the values of its flags (declare)
// and the command itself (run).
type playCmd struct {
	game *cliflags.Game
	tf   cliflags.Tables
}

// declare declares the flags on fs.
func (cmd *playCmd) declare(fs *pflag.FlagSet) {
	cmd.game = cliflags.AddGame(fs, cliflags.GameHelp{Seed: "seed of the game (placements and random choices)", PlyLimit: "draw after this many plies (0: none)"})
	cmd.tf = cliflags.AddTables(fs, "give the agents no endgame tables (by default purplemax uses those in the table directory, when there are any)").WithOld()
}

func (cmd *playCmd) run(e *env, args []string) error {
	if len(args) != 2 {
		return usagef("want two agents A (first) and B (second), got %d arguments", len(args))
	}
	if err := cmd.game.Check(); err != nil {
		return err
	}
	src, err := cmd.tf.ForAgents(warner(e.Stderr))
	if err != nil {
		return err
	}
	defer src.Close()
	env := cliflags.PlayerEnv(src)
	env.In, env.Out = e.Stdin, e.Stdout
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
		if sp.Name == "human" {
			agents[i] = &player.Interruptible{Agent: agents[i]}
		}
	}
	fmt.Fprintf(e.Stdout, "first: %s, second: %s\n", args[0], args[1])
	obs := match.Printer(e.Stdout, humans > 0)
	g, err := match.Play(e.Ctx, agents[0], agents[1], cmd.game.Seed, cmd.game.PlyLimit, nil, obs)
	if err != nil {
		// Interrupted: what was played so far.
		g.WriteStopped(e.Stdout, [2]string{args[0], args[1]})
		return fmt.Errorf("interrupted: %w", err)
	}
	return cli.Reported(g.WriteEnd(e.Stdout, [2]string{args[0], args[1]}, cmd.game.PlyLimit, agents, humans > 0))
}

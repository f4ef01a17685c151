package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/internal/progress"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

var matchCommand = command{
	Name:    "match",
	Args:    "A B",
	Summary: "play a match of many games between two agents and report the statistics",
	Details: helpText("match", player.Help()),
	Flags:   commandFlags[matchCmd],
}

// matchCmd is geister match: the values of its flags (declare)
// and the command itself (run).
type matchCmd struct {
	game    *cliflags.Game
	rf      cli.Records
	asJSON  bool
	quiet   bool
	cpuTime bool
	tf      cliflags.Tables
}

// declare declares the flags on fs.
func (cmd *matchCmd) declare(fs *pflag.FlagSet) {
	cmd.game = cliflags.AddGame(fs, cliflags.GameHelp{Games: "number of games (sides alternate)", Seed: "seed of the match: game i's seed derives from it", PlyLimit: "draw after this many plies (0: none)", Threads: "games played at once"})
	cli.Alias(fs, "jobs", "threads")
	cmd.rf = cli.AddRecords(fs, "write one JSON line per game to this file (a new file: see --force)", "let --records overwrite an existing file")
	fs.BoolVar(&cmd.asJSON, "json", false, "print the result as one JSON object")
	fs.BoolVar(&cmd.quiet, "quiet", false, "no progress line on standard error")
	fs.BoolVar(&cmd.cpuTime, "cpu-time", false, "time moves by the CPU time of the thread playing the game, not the clock (for a busy machine; costs a system call a move)")
	cmd.tf = cliflags.AddTables(fs, "give the agents no endgame tables (by default purplemax uses those in the table directory, when there are any)").WithOld()
}

func (cmd *matchCmd) run(e *env, args []string) error {
	if len(args) != 2 {
		return usagef("want two agents A and B, got %d arguments", len(args))
	}
	if err := cli.Check(
		cmd.game.Check(),
		cli.Want(!*cmd.rf.Force || *cmd.rf.Name != "", "--force goes with --records FILE"),
	); err != nil {
		return err
	}
	for _, a := range args {
		sp, err := player.ParseSpec(a)
		if err != nil {
			return usagef("%v", err)
		}
		if sp.Name == "human" {
			return usagef("agent %q: human plays with geister play, not in matches", a)
		}
	}
	src, err := cmd.tf.ForAgents(warner(e.Stderr))
	if err != nil {
		return err
	}
	defer src.Close()
	env := cliflags.PlayerEnv(src)
	cfg := match.Config{A: args[0], B: args[1], Games: cmd.game.Games, Seed: cmd.game.Seed, PlyLimit: cmd.game.PlyLimit, Jobs: cliflags.Threads(cmd.game.Threads), Env: env, CPUTime: cmd.cpuTime}
	if f, err := cmd.rf.Create(); err != nil {
		return err
	} else if f != nil {
		defer f.Close()
		cfg.Records = f
	}
	if !cmd.quiet {
		show := progress.Lines(e.Stderr)
		cfg.Progress = func(p match.Progress) { show(p.Done, p.Games, p.Line) }
	}
	sum, err := match.Run(e.Ctx, cfg)
	if err != nil && (sum == nil || e.Ctx.Err() == nil) {
		return err
	}
	if err != nil {
		// Interrupted: the games finished so far, then exit 1.
		fmt.Fprintf(e.Stderr, "\nmatch: interrupted after %s of %d; the statistics below are of those\n", words.Count(sum.Games, "game"), cmd.game.Games)
	}
	if werr := sum.Write(e.Stdout, cmd.asJSON, err != nil); werr != nil {
		return werr
	}
	if err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	return cli.Reported(len(sum.Problems) > 0)
}

package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/match"
)

var replayCommand = command{
	Name:    "replay",
	Args:    "FILE",
	Summary: "show a recorded game move by move (records from geister match --records)",
	Details: helpText("replay"),
	Flags:   commandFlags[replayCmd],
}

// replayCmd is geister replay: the values of its flags (declare)
// and the command itself (run).
type replayCmd struct {
	given   *pflag.FlagSet // the flags as parsed: which were given
	game    int
	list    bool
	jsonOut bool
}

// declare declares the flags on fs.
func (cmd *replayCmd) declare(fs *pflag.FlagSet) {
	fs.IntVar(&cmd.game, "game", -1, "the game to show, by its number in the record (default: the first in the file)")
	fs.BoolVar(&cmd.list, "list", false, "list the games: number, agents, result, reason, plies")
	fs.BoolVar(&cmd.jsonOut, "json", false, "with --list, one JSON object a game (the record without its moves)")
}

// parsed notes which flags were given.
func (cmd *replayCmd) parsed(fs *pflag.FlagSet) { cmd.given = fs }

func (cmd *replayCmd) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want one record file, got %d arguments", len(args))
	}
	if cmd.given.Changed("game") && cmd.game < 0 {
		return usagef("--game %d: want a game number, 0 or more", cmd.game)
	}
	if cmd.jsonOut && !cmd.list {
		return usagef("--json goes with --list")
	}
	games, err := openRecords(e, args[0])
	if err != nil {
		return err
	}
	recs, err := match.ReadRecords(games)
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	if len(recs) == 0 {
		return fmt.Errorf("%s: no games", args[0])
	}
	if cmd.list {
		return match.WriteList(e.Stdout, recs, cmd.jsonOut)
	}
	rec, err := match.Find(recs, cmd.game)
	if err != nil {
		return fmt.Errorf("%s: %w", args[0], err)
	}
	return rec.WriteReplay(e.Stdout)
}

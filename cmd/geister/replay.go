package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/match"
)

var replayCommand = command{
	Name:    "replay",
	Args:    "FILE",
	Summary: "show a recorded game move by move (records from geister match --records)",
	Details: helpText("replay"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		game := fs.Int("game", -1, "the game to show, by its number in the record (default: the first in the file)")
		list := fs.Bool("list", false, "list the games: number, agents, result, reason, plies")
		jsonOut := fs.Bool("json", false, "with --list, one JSON object a game (the record without its moves)")
		return func(e *env, args []string) error {
			if len(args) != 1 {
				return usagef("want one record file, got %d arguments", len(args))
			}
			if fs.Changed("game") && *game < 0 {
				return usagef("--game %d: want a game number, 0 or more", *game)
			}
			if *jsonOut && !*list {
				return usagef("--json goes with --list")
			}
			in, closeIn, err := cli.OpenOperand(e, args[0])
			if err != nil {
				return err
			}
			defer closeIn()
			recs, err := match.ReadRecords(in)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			if len(recs) == 0 {
				return fmt.Errorf("%s: no games", args[0])
			}
			if *list {
				return match.WriteList(e.Stdout, recs, *jsonOut)
			}
			rec, err := match.Find(recs, *game)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			return rec.WriteReplay(e.Stdout)
		}
	},
}

package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
)

var applyCommand = command{
	Name:    "apply",
	Args:    "POSITION MOVE...",
	Summary: "play moves from a position and print the position string they lead to",
	Details: helpText("apply"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		show := fs.Bool("show", false, "also print the resulting board (as geister show does)")
		jsonOut := fs.Bool("json", false, `print one JSON object: {"position":...,"moves":[...],"outcome":...}`)
		return func(e *env, args []string) error {
			if len(args) < 1 {
				return usagef("want a position string (quoted) and moves")
			}
			if *show && *jsonOut {
				return usagef("--show and --json: give one")
			}
			p, err := engine.ParsePosition(args[0])
			if err != nil {
				return err
			}
			played, err := p.PlayTexts(args[1:])
			if err != nil {
				return err
			}
			if *jsonOut {
				return writeJSONLine(e.Stdout, struct {
					Position string   `json:"position"`
					Moves    []string `json:"moves"`
					Outcome  string   `json:"outcome"`
				}{p.String(), engine.MoveTexts(played), p.Outcome().String()})
			}
			if *show {
				fmt.Fprint(e.Stdout, p.Pretty())
			}
			fmt.Fprintln(e.Stdout, p.String())
			if o := p.Outcome(); o != engine.Ongoing {
				fmt.Fprintf(e.Stderr, "geister apply: the game is over: %s (a position string for the record; solve reads only positions in play)\n", o)
			}
			return nil
		}
	},
}

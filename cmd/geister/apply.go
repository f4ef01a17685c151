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
	Flags:   commandFlags[applyCmd],
}

// applyCmd is geister apply: the values of its flags (declare)
// and the command itself (run).
type applyCmd struct {
	show    bool
	jsonOut bool
}

// declare declares the flags on fs.
func (cmd *applyCmd) declare(fs *pflag.FlagSet) {
	fs.BoolVar(&cmd.show, "show", false, "also print the resulting board (as geister show does)")
	fs.BoolVar(&cmd.jsonOut, "json", false, `print one JSON object: {"position":...,"moves":[...],"outcome":...}`)
}

func (cmd *applyCmd) run(e *env, args []string) error {
	if len(args) < 1 {
		return usagef("want a position string (quoted) and moves")
	}
	if cmd.show && cmd.jsonOut {
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
	if cmd.jsonOut {
		return writeJSONLine(e.Stdout, struct {
			Position string   `json:"position"`
			Moves    []string `json:"moves"`
			Outcome  string   `json:"outcome"`
		}{p.String(), engine.MoveTexts(played), p.Outcome().String()})
	}
	if cmd.show {
		fmt.Fprint(e.Stdout, p.Pretty())
	}
	fmt.Fprintln(e.Stdout, p.String())
	if o := p.Outcome(); o != engine.Ongoing {
		fmt.Fprintf(e.Stderr, "geister apply: the game is over: %s (a position string for the record; solve reads only positions in play)\n", o)
	}
	return nil
}

package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/web"
)

var showCommand = command{
	Name:    "show",
	Args:    "POSITION",
	Summary: "print a position as a board with its counts and legal moves",
	Details: helpText("show"),
	Flags:   commandFlags[showCmd],
}

// showCmd is geister show: the values of its flags (declare)
// and the command itself (run).
type showCmd struct {
	gat     string
	jsonOut bool
	svgOut  bool
	pngOut  bool
}

// declare declares the flags on fs.
func (cmd *showCmd) declare(fs *pflag.FlagSet) {
	fs.StringVar(&cmd.gat, "gat", "", "read the operand as a GAT board string seen by this player (f or s), who is to move")
	fs.BoolVar(&cmd.jsonOut, "json", false, `print one JSON object: position, to_move, ply, outcome, each side's counts, legal moves`)
	fs.BoolVar(&cmd.svgOut, "svg", false, "write the board as an SVG picture on standard output (pieces by owner and known colour, exits, captured pieces)")
	fs.BoolVar(&cmd.pngOut, "png", false, "write the board as a PNG picture on standard output")
}

func (cmd *showCmd) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want one position string (quoted), got %d arguments", len(args))
	}
	if n := btoi(cmd.jsonOut) + btoi(cmd.svgOut) + btoi(cmd.pngOut); n > 1 {
		return usagef("--json, --svg and --png: choose one")
	}
	p, err := cliflags.Position(args[0], cmd.gat)
	if err != nil {
		return err
	}
	if cmd.svgOut {
		return web.WritePicture(e.Stdout, &p, "svg", web.Options{})
	}
	if cmd.pngOut {
		return web.WritePicture(e.Stdout, &p, "png", web.Options{})
	}
	sum := p.Summary()
	if cmd.jsonOut {
		return writeJSONLine(e.Stdout, sum)
	}
	fmt.Fprint(e.Stdout, p.Pretty())
	fmt.Fprintf(e.Stdout, "position: %s\n%d legal moves: %s\n", p.String(), len(sum.Moves), strings.Join(sum.Moves, " "))
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

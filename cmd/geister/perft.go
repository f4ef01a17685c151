package main

import (
	"fmt"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
)

var perftCommand = command{
	Name:    "perft",
	Args:    "POSITION DEPTH",
	Summary: "count move sequences to each depth (the move generator's test)",
	Details: helpText("perft"),
	Flags:   commandFlags[perftCmd],
}

// perftCmd is geister perft: the values of its flags (declare)
// and the command itself (run).
type perftCmd struct {
	divide  bool
	timing  bool
	jsonOut bool
}

// declare declares the flags on fs.
func (cmd *perftCmd) declare(fs *pflag.FlagSet) {
	fs.BoolVar(&cmd.divide, "divide", false, "also print, for each legal move, the count of DEPTH plies that starts with it")
	fs.BoolVar(&cmd.timing, "time", false, "print the time and leaf rate of each depth on standard error")
	fs.BoolVar(&cmd.jsonOut, "json", false, `print one JSON object a line: {"depth":D,"count":N} for each depth (with --divide, {"move":M,"depth":D,"count":N} first)`)
}

func (cmd *perftCmd) run(e *env, args []string) error {
	if len(args) != 2 {
		return usagef("want a position string (quoted) and a depth, got %d arguments", len(args))
	}
	p, err := engine.ParsePosition(args[0])
	if err != nil {
		return err
	}
	if !p.AllShown(engine.First) || !p.AllShown(engine.Second) {
		return fmt.Errorf("perft needs every colour shown; %s has hidden pieces (u/U)", args[0])
	}
	depth, err := strconv.Atoi(args[1])
	if err != nil || depth < 1 || depth > 30 {
		return usagef("depth %q: want a whole number from 1 to 30", args[1])
	}
	if cmd.divide {
		engine.WriteDivide(e.Stdout, &p, depth, cmd.jsonOut)
	}
	for d := 1; d <= depth; d++ {
		if err := e.Ctx.Err(); err != nil {
			return err
		}
		start := time.Now()
		n := engine.Perft(&p, d)
		engine.PerftCount{Depth: d, Count: n}.Write(e.Stdout, cmd.jsonOut)
		if cmd.timing {
			el := time.Since(start)
			fmt.Fprintf(e.Stderr, "depth %d: %v, %.1f M leaves/s\n", d, el.Round(time.Microsecond), float64(n)/el.Seconds()/1e6)
		}
	}
	return nil
}

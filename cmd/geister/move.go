package main

import (
	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
	"github.com/geister-solver/geister/player"
)

var moveCommand = command{
	Name:    "move",
	Args:    "POSITION",
	Summary: "the move an agent chooses in a position (hayazashi: every move with its score)",
	Details: helpText("move", player.Help()),
	Flags:   commandFlags[moveCmd],
}

// moveCmd is geister move: the values of its flags (declare)
// and the command itself (run).
type moveCmd struct {
	game    *cliflags.Game
	agent   string
	gat     string
	tf      cliflags.Tables
	jsonOut bool
}

// declare declares the flags on fs.
func (cmd *moveCmd) declare(fs *pflag.FlagSet) {
	fs.StringVar(&cmd.agent, "agent", "hayazashi", "the agent, NAME or NAME:OPT=VALUE,... (see below)")
	fs.StringVar(&cmd.gat, "gat", "", "read POSITION as a GAT board string received by the mover, who plays f or s")
	cmd.game = cliflags.AddGame(fs, cliflags.GameHelp{Seed: "seed of the agent's random choices", PlyLimit: "the game's draw limit, for agents that search (0: none)"})
	cmd.tf = cliflags.AddTables(fs, "do not give purplemax the endgame tables")
	fs.BoolVar(&cmd.jsonOut, "json", false, "one JSON object: the position, the agent, the move (for hayazashi every move with its h)")
}

func (cmd *moveCmd) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want one position string (quoted), got %d arguments", len(args))
	}
	if err := cmd.game.Check(); err != nil {
		return err
	}
	if _, err := player.ParseSpec(cmd.agent); err != nil {
		return usagef("%v", err)
	}
	p, err := cliflags.Position(args[0], cmd.gat)
	if err != nil {
		return err
	}
	var units *haf.Units
	if cmd.gat != "" {
		g, _ := engine.ParseGATBoard(args[0])
		u := haf.UnitsFromGAT(g, p.Turn())
		units = &u
	}
	a, closeAgent, err := cmd.tf.NewAgent(cmd.agent, warner(e.Stderr))
	if err != nil {
		return err
	}
	defer closeAgent()
	d, err := player.Decide(e.Ctx, a, p, units, cmd.game.Seed, cmd.game.PlyLimit)
	if err != nil {
		return err
	}
	if cmd.jsonOut {
		return writeJSONLine(e.Stdout, d.JSON(cmd.agent, &p, units != nil))
	}
	return d.WriteText(e.Stdout, units != nil)
}

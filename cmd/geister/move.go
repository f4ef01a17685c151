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
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		agent := fs.String("agent", "hayazashi", "the agent, NAME or NAME:OPT=VALUE,... (see below)")
		gat := fs.String("gat", "", "read POSITION as a GAT board string received by the mover, who plays f or s")
		seed := fs.Uint64("seed", 1, "seed of the agent's random choices")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "the game's draw limit, for agents that search (0: none)")
		tf := cliflags.AddTables(fs, "do not give purplemax the endgame tables")
		jsonOut := fs.Bool("json", false, "one JSON object: the position, the agent, the move (for hayazashi every move with its h)")
		return func(e *env, args []string) error {
			if len(args) != 1 {
				return usagef("want one position string (quoted), got %d arguments", len(args))
			}
			if *plyLimit < 0 {
				return usagef("--ply-limit %d: must not be negative", *plyLimit)
			}
			if _, err := player.ParseSpec(*agent); err != nil {
				return usagef("%v", err)
			}
			p, err := cliflags.Position(args[0], *gat)
			if err != nil {
				return err
			}
			var units *haf.Units
			if *gat != "" {
				g, _ := engine.ParseGATBoard(args[0])
				u := haf.UnitsFromGAT(g, p.Turn())
				units = &u
			}
			a, closeAgent, err := tf.NewAgent(*agent, warner(e.Stderr))
			if err != nil {
				return err
			}
			defer closeAgent()
			d, err := player.Decide(e.Ctx, a, p, units, *seed, *plyLimit)
			if err != nil {
				return err
			}
			if *jsonOut {
				return writeJSONLine(e.Stdout, d.JSON(*agent, &p, units != nil))
			}
			return d.WriteText(e.Stdout, units != nil)
		}
	},
}

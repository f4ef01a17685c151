package main

import (
	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
	"github.com/geister-solver/geister/player"
)

var moveCommand = command{
	name:    "move",
	args:    "POSITION",
	summary: "the move an agent chooses in a position (hayazashi: every move with its score)",
	details: `Asks the agent of --agent for its move in POSITION, as the side to move
sees it (the opponent's colours hidden; its own must be shown). POSITION is a
position string, e.g.
  geister move --agent hayazashi '1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0'
or, with --gat f or --gat s, a GAT board string in the mover's own frame, the
mover playing first (f) or second (s):
  geister move --agent hayazashi --gat f 14R24B34B44R15B25R35R45B41u31u21u11u40u30u20u10u

For hayazashi (the GAT2021 champion's policy) it lists every legal move in
the original program's order (pieces A..H, each E, S, W, N) with the score h
of the position after it, and plays the first move of highest h. The pieces
are lettered as the GAT board string gives them, or for a position string in
reading order (rows nearest the opponent first, each from the mover's left),
which is A..H at the start of a game. With --gat the move is also given in
the protocol's form (C,N).

` + player.Help(),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		agent := fs.String("agent", "hayazashi", "the agent, NAME or NAME:OPT=VALUE,... (see below)")
		gat := fs.String("gat", "", "read POSITION as a GAT board string received by the mover, who plays f or s")
		seed := fs.Uint64("seed", 1, "seed of the agent's random choices")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "the game's draw limit, for agents that search (0: none)")
		tf := addTableFlags(fs, "do not give purplemax the endgame tables")
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
			p, err := readPosition(args[0], *gat)
			if err != nil {
				return err
			}
			var units *haf.Units
			if *gat != "" {
				g, _ := engine.ParseGATBoard(args[0])
				u := haf.UnitsFromGAT(g, p.Turn())
				units = &u
			}
			a, closeAgent, err := newAgent(e, tf, *agent)
			if err != nil {
				return err
			}
			defer closeAgent()
			d, err := player.Decide(e.ctx, a, p, units, *seed, *plyLimit)
			if err != nil {
				return err
			}
			if *jsonOut {
				return writeJSONLine(e.stdout, d.JSON(*agent, &p, units != nil))
			}
			return d.WriteText(e.stdout, units != nil)
		}
	},
}

// decisionJSON is what move --json prints (player.DecisionJSON).
type decisionJSON = player.DecisionJSON

package main

import (
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/analysis"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
)

var analyzeCommand = command{
	Name:    "analyze",
	Args:    "RECORD",
	Summary: "where in a game did a side miss a sure win? the solver's verdicts at every ply",
	Details: helpText("analyze"),
	Flags:   commandFlags[analyzeCmd],
}

// analyzeCmd is geister analyze: the values of its flags (declare)
// and the command itself (run).
type analyzeCmd struct {
	jsonOut   bool
	game      int
	def       analysis.Options
	nodes     uint64
	timeLimit time.Duration
	ttMB      int
	tf        cliflags.Tables
	storeOpts cliflags.Store
	quiet     bool
}

// declare declares the flags on fs.
func (cmd *analyzeCmd) declare(fs *pflag.FlagSet) {
	fs.BoolVar(&cmd.jsonOut, "json", false, "print one JSON object per game (the analysis.Report fields)")
	fs.IntVar(&cmd.game, "game", -1, "analyse only this game (its number in the record; default: every game)")
	cmd.def = analysis.DefaultOptions()
	fs.Uint64Var(&cmd.nodes, "nodes", cmd.def.Nodes, "searched positions per question (one side at one ply; 0: no limit)")
	fs.DurationVar(&cmd.timeLimit, "time", cmd.def.Time, "time per question (0: none)")
	fs.IntVar(&cmd.ttMB, "tt", cmd.def.TTMegabytes, "transposition table per side in MiB")
	cmd.tf = cliflags.AddTables(fs, "do not use the endgame tables")
	cmd.storeOpts = cliflags.AddStore(fs, "It answers questions proven before and keeps what the analysis proves.")
	fs.BoolVar(&cmd.quiet, "quiet", false, "no progress on standard error")
}

func (cmd *analyzeCmd) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want one record file (or - for standard input), got %d arguments", len(args))
	}
	if cmd.ttMB < 1 || cmd.timeLimit < 0 {
		return usagef("--tt must be at least 1 and --time not negative")
	}
	if cmd.nodes == 0 && cmd.timeLimit == 0 {
		return usagef("--nodes 0 and --time 0 leave a question without any budget")
	}
	games, err := openRecords(e, args[0])
	if err != nil {
		return err
	}
	o := analysis.Options{Nodes: cmd.nodes, Time: cmd.timeLimit, TTMegabytes: cmd.ttMB}
	src, err := cmd.tf.Open(cmd.storeOpts, warner(e.Stderr))
	if err != nil {
		return err
	}
	defer src.Close()
	o.Tables = src.Tables
	o.Store = src.ProofStore()
	var log func(string)
	if !cmd.quiet {
		log = func(m string) { fmt.Fprintf(e.Stderr, "analyze: %s\n", m) }
	}
	return analysis.AnalyzeGames(e.Ctx, args[0], games, cmd.game, o, log, func(rep *analysis.Report) error {
		if cmd.jsonOut {
			return writeJSONLine(e.Stdout, rep)
		}
		if err := rep.WriteText(e.Stdout); err != nil {
			return err
		}
		_, err := fmt.Fprintln(e.Stdout)
		return err
	})
}

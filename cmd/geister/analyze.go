package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/analysis"
	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
)

var analyzeCommand = command{
	Name:    "analyze",
	Args:    "RECORD",
	Summary: "where in a game did a side miss a sure win? the solver's verdicts at every ply",
	Details: helpText("analyze"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		jsonOut := fs.Bool("json", false, "print one JSON object per game (the analysis.Report fields)")
		game := fs.Int("game", -1, "analyse only this game (its number in the record; default: every game)")
		def := analysis.DefaultOptions()
		nodes := fs.Uint64("nodes", def.Nodes, "searched positions per question (one side at one ply; 0: no limit)")
		timeLimit := fs.Duration("time", def.Time, "time per question (0: none)")
		ttMB := fs.Int("tt", def.TTMegabytes, "transposition table per side in MiB")
		tf := cliflags.AddTables(fs, "do not use the endgame tables")
		storeOpts := cliflags.AddStore(fs, "It answers questions proven before and keeps what the analysis proves.")
		quiet := fs.Bool("quiet", false, "no progress on standard error")
		return func(e *env, args []string) error {
			if len(args) != 1 {
				return usagef("want one record file (or - for standard input), got %d arguments", len(args))
			}
			if *ttMB < 1 || *timeLimit < 0 {
				return usagef("--tt must be at least 1 and --time not negative")
			}
			if *nodes == 0 && *timeLimit == 0 {
				return usagef("--nodes 0 and --time 0 leave a question without any budget")
			}
			in, closeIn, err := cli.OpenOperand(e, args[0])
			if err != nil {
				return err
			}
			defer closeIn()
			o := analysis.Options{Nodes: *nodes, Time: *timeLimit, TTMegabytes: *ttMB}
			src, err := tf.Open(storeOpts, warner(e.Stderr))
			if err != nil {
				return err
			}
			defer src.Close()
			o.Tables = src.Tables
			o.Store = src.ProofStore()
			var log func(string)
			if !*quiet {
				log = func(m string) { fmt.Fprintf(e.Stderr, "analyze: %s\n", m) }
			}
			return analysis.AnalyzeGames(e.Ctx, args[0], in, *game, o, log, func(rep *analysis.Report) error {
				if *jsonOut {
					return writeJSONLine(e.Stdout, rep)
				}
				if err := rep.WriteText(e.Stdout); err != nil {
					return err
				}
				_, err := fmt.Fprintln(e.Stdout)
				return err
			})
		}
	},
}

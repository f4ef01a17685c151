package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cli"
	"github.com/geister-solver/geister/internal/cliflags"
	"github.com/geister-solver/geister/internal/progress"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/tournament"
)

var tournamentCommand = command{
	Name:    "tournament",
	Args:    "AGENT...",
	Summary: "play a round robin (or a gauntlet) between agents, resumable from its results file",
	Details: helpText("tournament", player.Help()),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		games := fs.Int("games", 100, "games per pairing (sides alternate)")
		seed := fs.Uint64("seed", 1, "seed of the tournament: every game's seed derives from it")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "draw after this many plies (0: none)")
		threads := fs.Int("threads", runtime.NumCPU(), "games played at once (0: one per core)")
		gauntlet := fs.String("gauntlet", "", "play this agent against each AGENT instead of a round robin")
		results := fs.String("results", "", "results file (JSON lines), created or resumed (default: a new file in the temporary directory, named on standard error)")
		quiet := fs.Bool("quiet", false, "no progress line on standard error")
		rate := fs.String("rate", "", "play nothing: rate the games of this results file")
		boot := fs.Int("bootstrap", 1000, "events simulated from the fitted ratings for the 95% rating intervals (Ordo's method; 0: none)")
		asJSON := fs.Bool("json", false, "print the ratings and the pairwise table as one JSON object")
		placements := fs.Bool("placements", false, "paper 002's placement study: A B with every red placement each (70x70 pairings, --games per pairing, 2 for both seats), reported as the paper's Tables 5-9")
		plotTo := fs.String("plot", "", "also draw PREFIX-ratings.svg/.png (ratings with intervals) and PREFIX-pairs.svg/.png (pairwise score heat map)")
		tf := cliflags.AddTables(fs, "give the agents no endgame tables (by default purplemax uses those in the table directory, when there are any)")
		return func(e *env, args []string) error {
			if *boot < 0 {
				return usagef("--bootstrap %d: must not be negative", *boot)
			}
			ro := tournament.ReportOptions{Bootstrap: *boot, Seed: *seed, Plot: *plotTo, JSON: *asJSON}
			if *rate != "" {
				if len(args) > 0 || *results != "" || *gauntlet != "" || *placements {
					return usagef("--rate FILE takes no agents, --results or --gauntlet: it rates the file's games")
				}
				s, rs, err := tournament.ReadResultsFile(*rate)
				if err != nil {
					return err
				}
				return tournament.Report(e.Stdout, s, rs, ro)
			}
			if *results == "" {
				// a quick look needs no file name: the games go to a
				// new file, named so the run can be resumed or rated
				f, err := os.CreateTemp("", "geister-tournament-*.jsonl")
				if err != nil {
					return err
				}
				f.Close()
				*results = f.Name()
				fmt.Fprintf(e.Stderr, "tournament: no --results given: the games are kept in %s (--results %s resumes it)\n", *results, *results)
			}
			if err := cli.Check(
				cli.AtLeast("--games", *games, 1, "want at least 1"),
				cli.Want(*plyLimit >= 0 && *threads >= 0, "--ply-limit and --threads must not be negative"),
				cliflags.CheckThreads(*threads),
			); err != nil {
				return err
			}
			cfg := tournament.Config{Agents: args, Gauntlet: *gauntlet, Placements: *placements, Games: *games, Seed: *seed, PlyLimit: *plyLimit, Threads: *threads}
			if _, err := cfg.Settings(); err != nil {
				return usagef("%v", err)
			}
			src, err := tf.ForAgents(warner(e.Stderr))
			if err != nil {
				return err
			}
			defer src.Close()
			envA := cliflags.PlayerEnv(src)
			cfg.Env = envA
			if !*quiet {
				show := progress.Lines(e.Stderr)
				cfg.Progress = func(p tournament.Progress) { show(p.Done, p.Games, p.Line) }
			}
			f, err := os.OpenFile(*results, os.O_RDWR|os.O_CREATE, 0o644)
			if err != nil {
				return err
			}
			defer f.Close()
			all, err := tournament.Run(e.Ctx, cfg, f)
			if err != nil && all == nil {
				return err
			}
			if err != nil {
				fmt.Fprintf(e.Stderr, "\ntournament: stopped after %d games; run the same command again to resume\n", len(all))
				return fmt.Errorf("interrupted: %w", err)
			}
			s, _ := cfg.Settings()
			return tournament.Report(e.Stdout, s, all, ro)
		}
	},
}

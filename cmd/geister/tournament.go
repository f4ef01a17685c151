package main

import (
	"fmt"
	"os"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/internal/progress"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/tournament"
)

var tournamentCommand = command{
	Name:    "tournament",
	Args:    "AGENT...",
	Summary: "play a round robin (or a gauntlet) between agents, resumable from its results file",
	Details: helpText("tournament", player.Help()),
	Flags:   commandFlags[tournamentCmd],
}

// tournamentCmd is geister tournament: the values of its flags (declare)
// and the command itself (run).
type tournamentCmd struct {
	game       *cliflags.Game
	gauntlet   string
	results    string
	quiet      bool
	rate       string
	boot       int
	asJSON     bool
	placements bool
	plotTo     string
	tf         cliflags.Tables
}

// declare declares the flags on fs.
func (cmd *tournamentCmd) declare(fs *pflag.FlagSet) {
	cmd.game = cliflags.AddGame(fs, cliflags.GameHelp{Games: "games per pairing (sides alternate)", Seed: "seed of the tournament: every game's seed derives from it", PlyLimit: "draw after this many plies (0: none)", Threads: "games played at once"})
	fs.StringVar(&cmd.gauntlet, "gauntlet", "", "play this agent against each AGENT instead of a round robin")
	fs.StringVar(&cmd.results, "results", "", "results file (JSON lines), created or resumed (default: a new file in the temporary directory, named on standard error)")
	fs.BoolVar(&cmd.quiet, "quiet", false, "no progress line on standard error")
	fs.StringVar(&cmd.rate, "rate", "", "play nothing: rate the games of this results file (and of the results files given as arguments, rated together as one field)")
	fs.IntVar(&cmd.boot, "bootstrap", 1000, "events simulated from the fitted ratings for the 95% rating intervals (Ordo's method; 0: none)")
	fs.BoolVar(&cmd.asJSON, "json", false, "print the ratings and the pairwise table as one JSON object")
	fs.BoolVar(&cmd.placements, "placements", false, "paper 002's placement study: A B with every red placement each (70x70 pairings, --games per pairing, 2 for both seats), reported as the paper's Tables 5-9")
	fs.StringVar(&cmd.plotTo, "plot", "", "also draw PREFIX-ratings.svg/.png (ratings with intervals) and PREFIX-pairs.svg/.png (pairwise score heat map)")
	cmd.tf = cliflags.AddTables(fs, "give the agents no endgame tables (by default purplemax uses those in the table directory, when there are any)")
}

func (cmd *tournamentCmd) run(e *env, args []string) error {
	if cmd.boot < 0 {
		return usagef("--bootstrap %d: must not be negative", cmd.boot)
	}
	ro := tournament.ReportOptions{Bootstrap: cmd.boot, Seed: cmd.game.Seed, Plot: cmd.plotTo, JSON: cmd.asJSON}
	if cmd.rate != "" {
		if cmd.results != "" || cmd.gauntlet != "" || cmd.placements {
			return usagef("--rate FILE [FILE...] takes no --results or --gauntlet: it rates the files' games")
		}
		s, rs, err := tournament.ReadResultsFiles(append([]string{cmd.rate}, args...))
		if err != nil {
			return err
		}
		return tournament.Report(e.Stdout, s, rs, ro)
	}
	if cmd.results == "" {
		// a quick look needs no file name: the games go to a
		// new file, named so the run can be resumed or rated
		f, err := os.CreateTemp("", "geister-tournament-*.jsonl")
		if err != nil {
			return err
		}
		f.Close()
		cmd.results = f.Name()
		fmt.Fprintf(e.Stderr, "tournament: no --results given: the games are kept in %s (--results %s resumes it)\n", cmd.results, cmd.results)
	}
	if err := cmd.game.Check(); err != nil {
		return err
	}
	cfg := tournament.Config{Agents: args, Gauntlet: cmd.gauntlet, Placements: cmd.placements, Games: cmd.game.Games, Seed: cmd.game.Seed, PlyLimit: cmd.game.PlyLimit, Threads: cliflags.Threads(cmd.game.Threads)}
	if _, err := cfg.Settings(); err != nil {
		return usagef("%v", err)
	}
	src, err := cmd.tf.ForAgents(warner(e.Stderr))
	if err != nil {
		return err
	}
	defer src.Close()
	envA := cliflags.PlayerEnv(src)
	cfg.Env = envA
	if !cmd.quiet {
		show := progress.Lines(e.Stderr)
		cfg.Progress = func(p tournament.Progress) { show(p.Done, p.Games, p.Line) }
	}
	f, err := os.OpenFile(cmd.results, os.O_RDWR|os.O_CREATE, 0o644)
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

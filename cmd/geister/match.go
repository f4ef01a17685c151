package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/spf13/pflag"

	"geister/engine"
	"geister/match"
	"geister/player"
	"geister/purple"
	"geister/tablebase"
)

var matchCommand = command{
	name:    "match",
	args:    "A B",
	summary: "play a match of many games between two agents and report the statistics",
	details: `Plays --games games between agents A and B, A first in the even-numbered
games and second in the odd ones, each game seeded from --seed, so the same
seed gives the same games whatever --jobs is (for agents without a time
budget). Prints, for A, wins/losses/draws with 95% intervals, split by side,
how the games ended (escape, blues taken, reds given, ply limit), and the
average and longest time per move of each agent. A progress line goes to
standard error.

` + player.Help(),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		games := fs.Int("games", 100, "number of games (sides alternate)")
		seed := fs.Uint64("seed", 1, "seed of the match: game i's seed derives from it")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "draw after this many plies (0: none)")
		jobs := fs.Int("jobs", 0, "games played at once (0: one per CPU)")
		records := fs.String("records", "", "write one JSON line per game to this file")
		asJSON := fs.Bool("json", false, "print the result as one JSON object")
		quiet := fs.Bool("quiet", false, "no progress line on standard error")
		cpuTime := fs.Bool("cpu-time", false, "time moves by the CPU time of the thread playing the game, not the clock (for a busy machine; costs a system call a move)")
		tables := fs.String("tables", tablebase.DefaultDir(), "endgame tables for purplemax (a directory that does not exist: none; \"\": none)")
		return func(e *env, args []string) error {
			if len(args) != 2 {
				return usagef("want two agents A and B, got %d arguments", len(args))
			}
			if *games < 1 {
				return usagef("--games %d: want at least 1", *games)
			}
			if *plyLimit < 0 || *jobs < 0 {
				return usagef("--ply-limit and --jobs must not be negative")
			}
			for _, a := range args {
				sp, err := player.ParseSpec(a)
				if err != nil {
					return usagef("%v", err)
				}
				if sp.Name == "human" {
					return usagef("agent %q: human plays with geister play, not in matches", a)
				}
			}
			env, closeTables, err := agentEnv(*tables)
			if err != nil {
				return err
			}
			defer closeTables()
			cfg := match.Config{A: args[0], B: args[1], Games: *games, Seed: *seed, PlyLimit: *plyLimit, Jobs: *jobs, Env: env, CPUTime: *cpuTime}
			if *records != "" {
				f, err := os.Create(*records)
				if err != nil {
					return err
				}
				defer f.Close()
				cfg.Records = f
			}
			if !*quiet {
				last := time.Time{}
				cfg.Progress = func(p match.Progress) {
					if p.Done < p.Games && time.Since(last) < 500*time.Millisecond {
						return
					}
					last = time.Now()
					fmt.Fprintf(e.stderr, "\rmatch: %d/%d games, A %d-%d-%d, %.0fs   ", p.Done, p.Games, p.Wins, p.Losses, p.Draws, p.Elapsed.Seconds())
					if p.Done == p.Games {
						fmt.Fprintln(e.stderr)
					}
				}
			}
			sum, err := match.Run(e.ctx, cfg)
			if err != nil {
				return err
			}
			if *asJSON {
				out, err := json.Marshal(sum)
				if err != nil {
					return err
				}
				fmt.Fprintf(e.stdout, "%s\n", out)
			} else {
				fmt.Fprint(e.stdout, sum.Text())
			}
			if len(sum.Problems) > 0 {
				return errReported
			}
			return nil
		}
	},
}

// agentEnv is what agents get from the command line: the df-pn prover,
// the endgame tables in dir when there are any, and the proof store
// beside them when the directory exists.
func agentEnv(dir string) (player.Env, func() error, error) {
	t, closeTables, err := openTables(dir)
	if err != nil {
		return player.Env{}, nil, err
	}
	env := player.DefaultEnv().WithTables(t)
	st, release := openAgentStore(dir, os.Stderr)
	if st != nil {
		env = env.WithStore(st)
	}
	return env, func() error { release(); return closeTables() }, nil
}

// openTables is openTablesDB for the players and the solver: nil (no
// tables) where openTablesDB finds none.
func openTables(dir string) (purple.Tables, func() error, error) {
	db, closeDB, err := openTablesDB(dir)
	if db == nil {
		return nil, closeDB, err
	}
	return db, closeDB, nil
}

// openTablesDB opens the endgame tables in dir read-only (several
// processes may share them). A directory that does not exist, or holds no
// complete class, means no tables: nil, with no error. The returned
// function closes them.
func openTablesDB(dir string) (*tablebase.DB, func() error, error) {
	none := func() error { return nil }
	if dir == "" {
		return nil, none, nil
	}
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) {
		return nil, none, nil
	}
	o := tablebase.DefaultOptions()
	o.ReadOnly = true
	db, err := tablebase.OpenWith(dir, o)
	if err != nil {
		return nil, nil, fmt.Errorf("endgame tables in %s: %w", dir, err)
	}
	if len(db.Classes()) == 0 {
		db.Close()
		return nil, none, nil
	}
	return db, db.Close, nil
}

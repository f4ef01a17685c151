package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

var matchCommand = command{
	name:    "match",
	args:    "A B",
	summary: "play a match of many games between two agents and report the statistics",
	details: `Plays --games games between agents A and B, A first in the even-numbered
games and second in the odd ones, each game seeded from --seed, so the same
seed gives the same games whatever --threads is (for agents without a time
budget). Prints, for A, wins/losses/draws with 95% intervals, split by side,
how the games ended (escape, blues taken, reds given, ply limit), and the
average and longest time per move of each agent. A progress line goes to
standard error. Ctrl-C stops the match: the statistics of the games
finished so far are printed (with --json, "interrupted":true) and the exit
status is 1. --records writes a new file; an existing one is overwritten
only with --force.

` + player.Help(),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		games := fs.Int("games", 100, "number of games (sides alternate)")
		seed := fs.Uint64("seed", 1, "seed of the match: game i's seed derives from it")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "draw after this many plies (0: none)")
		jobs := new(int)
		fs.IntVar(jobs, "jobs", 0, "games played at once (deprecated: use --threads)")
		fs.IntVar(jobs, "threads", runtime.NumCPU(), "games played at once (0: one per core)")
		fs.MarkDeprecated("jobs", "use --threads")
		records := fs.String("records", "", "write one JSON line per game to this file (a new file: see --force)")
		force := fs.Bool("force", false, "let --records overwrite an existing file")
		asJSON := fs.Bool("json", false, "print the result as one JSON object")
		quiet := fs.Bool("quiet", false, "no progress line on standard error")
		cpuTime := fs.Bool("cpu-time", false, "time moves by the CPU time of the thread playing the game, not the clock (for a busy machine; costs a system call a move)")
		tf := addTableFlags(fs, "give the agents no endgame tables (by default purplemax uses those in the table directory, when there are any)").withOldTables()
		return func(e *env, args []string) error {
			if len(args) != 2 {
				return usagef("want two agents A and B, got %d arguments", len(args))
			}
			if *games < 1 {
				return usagef("--games %d: want at least 1", *games)
			}
			if *plyLimit < 0 || *jobs < 0 {
				return usagef("--ply-limit and --threads must not be negative")
			}
			if err := checkThreads(*jobs); err != nil {
				return err
			}
			if *force && *records == "" {
				return usagef("--force goes with --records FILE")
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
			env, closeTables, err := agentEnv(e.stderr, tf)
			if err != nil {
				return err
			}
			defer closeTables()
			cfg := match.Config{A: args[0], B: args[1], Games: *games, Seed: *seed, PlyLimit: *plyLimit, Jobs: *jobs, Env: env, CPUTime: *cpuTime}
			if *records != "" {
				f, err := createRecords(*records, *force)
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
			if err != nil && (sum == nil || e.ctx.Err() == nil) {
				return err
			}
			if err != nil {
				// Interrupted: the games finished so far, then exit 1.
				fmt.Fprintf(e.stderr, "\nmatch: interrupted after %s of %d; the statistics below are of those\n", words.Count(sum.Games, "game"), *games)
			}
			if *asJSON {
				out, err := json.Marshal(struct {
					*match.Summary
					Interrupted bool `json:"interrupted,omitempty"`
				}{sum, err != nil})
				if err != nil {
					return err
				}
				fmt.Fprintf(e.stdout, "%s\n", out)
			} else {
				fmt.Fprint(e.stdout, sum.Text())
			}
			if err != nil {
				return fmt.Errorf("interrupted: %w", err)
			}
			if len(sum.Problems) > 0 {
				return errReported
			}
			return nil
		}
	},
}

// createRecords creates the file of --records; an existing file is an
// error unless force (then it is overwritten).
func createRecords(name string, force bool) (*os.File, error) {
	flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if force {
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(name, flag, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, usagef("--records %s: the file exists; give another name, or --force to overwrite it", name)
	}
	return f, err
}

// agentEnv is what agents get from the command line: the df-pn prover,
// the endgame tables tf names when there are any, and the proof store
// beside them when the directory exists.
func agentEnv(w io.Writer, tf tableFlags) (player.Env, func() error, error) {
	if err := tf.check(); err != nil {
		return player.Env{}, nil, err
	}
	t, closeTables, err := optionalTables(w, tf)
	if err != nil {
		return player.Env{}, nil, err
	}
	env := player.DefaultEnv().WithTables(t)
	dir, _, use := tf.resolve()
	if !use {
		return env, closeTables, nil
	}
	st, release := openAgentStore(dir, w)
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
// processes may share them; nothing is ever written). A directory that
// does not exist, or holds no complete class, means no tables: nil, with
// no error. A directory that is not a table store, or that a build holds,
// is an error naming it (tablebase.ErrNotStore, tablebase.ErrLocked). The
// returned function closes them.
func openTablesDB(dir string) (*tablebase.DB, func() error, error) {
	none := func() error { return nil }
	if dir == "" {
		return nil, none, nil
	}
	if tablebase.Missing(dir) { // a path list of stores too
		return nil, none, nil
	}
	db, err := tablebase.OpenReadOnly(dir)
	if err != nil {
		return nil, nil, err
	}
	if len(db.Classes()) == 0 {
		db.Close()
		return nil, none, nil
	}
	return db, db.Close, nil
}

// optionalTables opens the tables of a command that can do without them
// (solve, match, play): none with --no-table; the directory --table names,
// which must then exist and be a store; else the default directory, used
// when it holds tables. A default directory that is not a store, and a
// store a build holds, give one warning on w and no tables.
func optionalTables(w io.Writer, tf tableFlags) (purple.Tables, func() error, error) {
	none := func() error { return nil }
	dir, explicit, use := tf.resolve()
	if !use {
		return nil, none, nil
	}
	if explicit {
		if tablebase.Missing(dir) {
			fmt.Fprintf(w, "geister: warning: no table directory %s; going on without endgame tables\n", dir)
			return nil, none, nil
		}
	}
	t, closeTables, err := openTables(dir)
	if err == nil {
		return t, closeTables, nil
	}
	if errors.Is(err, tablebase.ErrLocked) || (!explicit && errors.Is(err, tablebase.ErrNotStore)) {
		fmt.Fprintf(w, "geister: warning: %v; going on without endgame tables\n", err)
		return nil, none, nil
	}
	return nil, nil, err
}

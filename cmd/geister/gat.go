package main

import (
	"errors"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/gat"
	"github.com/geister-solver/geister/player"
)

var gatCommand = command{
	Name:    "gat",
	Args:    "connect|serve [flags]",
	Summary: "play in GAT tournaments (connect) or referee games between GAT programs (serve)",
	Details: helpText("gat"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		fs.SetInterspersed(false)
		return func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("want a subcommand: connect or serve")
			}
			switch args[0] {
			case "connect":
				return runGatSub(e, gatConnect, args[1:])
			case "serve":
				return runGatSub(e, gatServe, args[1:])
			}
			return usagef("unknown subcommand %q: want connect or serve", args[0])
		}
	},
}

// gatSub is a subcommand of gat, declared like a command.
type gatSub struct {
	name, summary, details string
	flags                  func(fs *pflag.FlagSet) func(*env) error
}

func runGatSub(e *env, c gatSub, args []string) error {
	fs := pflag.NewFlagSet("gat "+c.name, pflag.ContinueOnError)
	fs.SortFlags = false
	fs.SetOutput(io.Discard)
	run := c.flags(fs)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fmt.Fprintf(e.Stdout, "usage: geister gat %s [flags]\n\n%s\n\n%s\n\nflags:\n%s", c.name, c.summary, strings.TrimSpace(c.details), fs.FlagUsages())
			return nil
		}
		return usagef("%s: %v", c.name, err)
	}
	if fs.NArg() != 0 {
		return usagef("%s takes no operands, got %q", c.name, fs.Args())
	}
	return run(e)
}

var gatConnect = gatSub{
	name:    "connect",
	summary: "play --games games of the GAT protocol on a server with an agent",
	details: helpText("gat-connect", player.Help()),
	flags: func(fs *pflag.FlagSet) func(*env) error {
		host := fs.String("host", "127.0.0.1", "the server's host name or address")
		port := fs.Int("port", gat.FirstPort, "the server's port: 10000 for the first player, 10001 for the second")
		side := fs.String("side", "", "first or second (default: first on port 10000, second on 10001; needed on other ports)")
		agent := fs.String("agent", "purplemax", "the agent that plays (a spec, see below)")
		games := fs.Int("games", 1, "games to play")
		seed := fs.Uint64("seed", 1, "seed of the agent's random choices: game K's seed derives from it")
		tpm := fs.Duration("time-per-move", 8*time.Second, "the agent's time for a move (the tournament server allows 10s)")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "the draw limit the agent plans for (0: none); the server's own limit decides")
		wait := fs.Duration("wait", 15*time.Minute, "give up when the server sends nothing for this long")
		connectFor := fs.Duration("connect-for", 10*time.Second, "retry connecting for this long (the tournament server binds its ports again between games)")
		tf := addTableFlags(fs, "use no endgame tables")
		rf, asJSON, quiet := addGameOutputFlags(fs)
		return func(e *env) error {
			if *games < 1 {
				return usagef("--games %d: want at least 1", *games)
			}
			if *port < 1 || *port > 65535 {
				return usagef("--port %d: want 1-65535", *port)
			}
			if *tpm <= 0 || *wait <= 0 || *connectFor <= 0 || *plyLimit < 0 {
				return usagef("--time-per-move, --wait and --connect-for must be positive, --ply-limit not negative")
			}
			pl, err := gat.SideOf(*port, *side)
			if err != nil {
				return usagef("%v", err)
			}
			sp, err := player.ParseSpec(*agent)
			if err != nil {
				return usagef("--agent: %v", err)
			}
			if sp.Name == "human" {
				return usagef("--agent human: people play with geister play")
			}
			a, closeAgent, err := newAgent(e, tf, *agent)
			if err != nil {
				return err
			}
			defer closeAgent()
			rec, err := rf.create()
			if err != nil {
				return err
			} else if rec != nil {
				defer rec.Close()
			}
			addr := net.JoinHostPort(*host, strconv.Itoa(*port))
			if !*quiet {
				fmt.Fprintf(e.Stderr, "gat: %s plays %d game(s) as the %s player on %s\n", sp, *games, pl.Name(), addr)
			}
			var recErr error
			cfg := gat.ClientConfig{
				Addr: addr, Side: pl, Agent: a, Name: sp.String(), Games: *games, Seed: *seed,
				PlyLimit: *plyLimit, TimePerMove: *tpm, Wait: *wait, ConnectFor: *connectFor,
				Warn: func(s string) { fmt.Fprintf(e.Stderr, "gat: %s\n", s) },
				OnGame: func(g gat.ClientGame) {
					writeLine(e.Stdout, *asJSON, g.JSON(), g.Line())
					if g.Detail != "" && !*asJSON {
						fmt.Fprintf(e.Stderr, "gat: game %d: %s\n", g.Number, g.Detail)
					}
					if rec != nil && g.Record != nil && recErr == nil {
						recErr = writeJSONLine(rec, g.Record)
					}
				},
			}
			sum, err := gat.Connect(e.Ctx, cfg)
			if sum != nil {
				writeLine(e.Stdout, *asJSON, sum, sum.Text())
			}
			if err != nil {
				return err
			}
			if recErr != nil {
				return fmt.Errorf("--records %s: %v", *rf.name, recErr)
			}
			return nil
		}
	},
}

var gatServe = gatSub{
	name:    "serve",
	summary: "referee --games games between the two GAT programs that connect",
	details: helpText("gat-serve"),
	flags: func(fs *pflag.FlagSet) func(*env) error {
		addr := fs.String("addr", "127.0.0.1", "address to listen on (0.0.0.0: every interface)")
		port := fs.Int("port", gat.FirstPort, "the first player's port; the second player's is one more (0: two ephemeral ports)")
		games := fs.Int("games", 1, "games to referee")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "draw after this many plies, both players' moves counted (0: none)")
		tpm := fs.Duration("time-per-move", 10*time.Second, "each move's clock once a player's budget is spent")
		budget := fs.Duration("budget", 10*time.Minute, "each player's time budget per game, spent by its moves (0: none)")
		wait := fs.Duration("wait", time.Minute, "how long to wait for the players of each game after the first")
		closeAfter := fs.Bool("close-after-game", false, "close both connections after each game, as the tournament server does")
		rf, asJSON, quiet := addGameOutputFlags(fs)
		return func(e *env) error {
			if *games < 1 {
				return usagef("--games %d: want at least 1", *games)
			}
			if *port < 0 || *port > 65534 {
				return usagef("--port %d: want 1-65534 (the second player's port is one more) or 0", *port)
			}
			if *plyLimit < 0 || *tpm <= 0 || *budget < 0 || *wait <= 0 {
				return usagef("--time-per-move and --wait must be positive, --ply-limit and --budget not negative")
			}
			cfg := gat.ServerConfig{Addr: *addr, Port: *port, Games: *games, PlyLimit: *plyLimit,
				TimePerMove: *tpm, Budget: *budget, Wait: *wait, CloseAfterGame: *closeAfter}
			if rec, err := rf.create(); err != nil {
				return err
			} else if rec != nil {
				defer rec.Close()
				cfg.Records = rec
			}
			cfg.OnGame = func(g gat.ServedGame) {
				writeLine(e.Stdout, *asJSON, g.JSON(), g.Line())
			}
			srv, err := gat.Listen(cfg)
			if err != nil {
				return err
			}
			defer srv.Close()
			if !*quiet {
				fmt.Fprintf(e.Stderr, "gat: serving %d game(s): the first player connects to %s, the second to %s\n", *games, srv.Addr(engine.First), srv.Addr(engine.Second))
			}
			sum, err := srv.Serve(e.Ctx)
			writeLine(e.Stdout, *asJSON, sum, sum.Text())
			return err
		}
	},
}

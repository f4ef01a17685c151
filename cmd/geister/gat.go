package main

import (
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/gat"
	"github.com/geister-solver/geister/player"
)

var gatCommand = command{
	Name:        "gat",
	Args:        "connect|serve [flags]",
	Summary:     "play in GAT tournaments (connect) or referee games between GAT programs (serve)",
	Details:     helpText("gat"),
	Subcommands: []command{gatConnect, gatServe},
}

var gatConnect = command{
	Name:    "connect",
	Summary: "play --games games of the GAT protocol on a server with an agent",
	Details: helpText("gat-connect", player.Help()),
	Flags:   commandFlags[gatConnectCmd],
}

// gatConnectCmd is geister gat connect: the values of its flags (declare)
// and the command itself (run).
type gatConnectCmd struct {
	host       string
	port       int
	side       string
	agent      string
	games      int
	seed       uint64
	tpm        time.Duration
	plyLimit   int
	wait       time.Duration
	connectFor time.Duration
	tf         cliflags.Tables
	rf         cli.Records
	asJSON     *bool
	quiet      *bool
}

// declare declares the flags on fs.
func (cmd *gatConnectCmd) declare(fs *pflag.FlagSet) {
	fs.StringVar(&cmd.host, "host", "127.0.0.1", "the server's host name or address")
	fs.IntVar(&cmd.port, "port", gat.FirstPort, "the server's port: 10000 for the first player, 10001 for the second")
	fs.StringVar(&cmd.side, "side", "", "first or second (default: first on port 10000, second on 10001; needed on other ports)")
	fs.StringVar(&cmd.agent, "agent", "best", "the agent that plays (a spec, see below; best names the strongest agent here)")
	fs.IntVar(&cmd.games, "games", 1, "games to play")
	fs.Uint64Var(&cmd.seed, "seed", 1, "seed of the agent's random choices: game K's seed derives from it")
	fs.DurationVar(&cmd.tpm, "time-per-move", 8*time.Second, "the agent's time for a move (the tournament server allows 10s)")
	fs.IntVar(&cmd.plyLimit, "ply-limit", engine.DefaultPlyLimit, "the draw limit the agent plans for (0: none); the server's own limit decides")
	fs.DurationVar(&cmd.wait, "wait", 15*time.Minute, "give up when the server sends nothing for this long")
	fs.DurationVar(&cmd.connectFor, "connect-for", 10*time.Second, "retry connecting for this long (the tournament server binds its ports again between games)")
	cmd.tf = cliflags.AddTables(fs, "use no endgame tables")
	cmd.rf, cmd.asJSON, cmd.quiet = addGameOutputFlags(fs)
}

func (cmd *gatConnectCmd) run(e *env, _ []string) error {
	if err := cli.Check(
		cli.AtLeast("--games", cmd.games, 1, "want at least 1"),
		cli.InRange("--port", cmd.port, 1, 65535, "want 1-65535"),
		cli.Want(cmd.tpm > 0 && cmd.wait > 0 && cmd.connectFor > 0 && cmd.plyLimit >= 0, "--time-per-move, --wait and --connect-for must be positive, --ply-limit not negative"),
	); err != nil {
		return err
	}
	pl, err := gat.SideOf(cmd.port, cmd.side)
	if err != nil {
		return usagef("%v", err)
	}
	sp, err := player.ParseSpec(cmd.agent)
	if err != nil {
		return usagef("--agent: %v", err)
	}
	if sp.Name == "human" {
		return usagef("--agent human: people play with geister play")
	}
	a, closeAgent, err := cmd.tf.NewAgent(cmd.agent, warner(e.Stderr))
	if err != nil {
		return err
	}
	defer closeAgent()
	rec, err := cmd.rf.Create()
	if err != nil {
		return err
	} else if rec != nil {
		defer rec.Close()
	}
	addr := net.JoinHostPort(cmd.host, strconv.Itoa(cmd.port))
	if !*cmd.quiet {
		fmt.Fprintf(e.Stderr, "gat: %s plays %d game(s) as the %s player on %s\n", sp, cmd.games, pl.Name(), addr)
	}
	var recErr error
	cfg := gat.ClientConfig{
		Addr: addr, Side: pl, Agent: a, Name: sp.String(), Games: cmd.games, Seed: cmd.seed,
		PlyLimit: cmd.plyLimit, TimePerMove: cmd.tpm, Wait: cmd.wait, ConnectFor: cmd.connectFor,
		Warn: func(s string) { fmt.Fprintf(e.Stderr, "gat: %s\n", s) },
		OnGame: func(g gat.ClientGame) {
			writeLine(e.Stdout, *cmd.asJSON, g.JSON(), g.Line())
			if g.Detail != "" && !*cmd.asJSON {
				fmt.Fprintf(e.Stderr, "gat: game %d: %s\n", g.Number, g.Detail)
			}
			if rec != nil && g.Record != nil && recErr == nil {
				recErr = writeJSONLine(rec, g.Record)
			}
		},
	}
	sum, err := gat.Connect(e.Ctx, cfg)
	if sum != nil {
		writeLine(e.Stdout, *cmd.asJSON, sum, sum.Text())
	}
	if err != nil {
		return err
	}
	if recErr != nil {
		return fmt.Errorf("--records %s: %v", *cmd.rf.Name, recErr)
	}
	return nil
}

var gatServe = command{
	Name:    "serve",
	Summary: "referee --games games between the two GAT programs that connect",
	Details: helpText("gat-serve"),
	Flags:   commandFlags[gatServeCmd],
}

// gatServeCmd is geister gat serve: the values of its flags (declare)
// and the command itself (run).
type gatServeCmd struct {
	addr       string
	port       int
	games      int
	plyLimit   int
	tpm        time.Duration
	budget     time.Duration
	wait       time.Duration
	closeAfter bool
	rf         cli.Records
	asJSON     *bool
	quiet      *bool
}

// declare declares the flags on fs.
func (cmd *gatServeCmd) declare(fs *pflag.FlagSet) {
	fs.StringVar(&cmd.addr, "addr", "127.0.0.1", "address to listen on (0.0.0.0: every interface)")
	fs.IntVar(&cmd.port, "port", gat.FirstPort, "the first player's port; the second player's is one more (0: two ephemeral ports)")
	fs.IntVar(&cmd.games, "games", 1, "games to referee")
	fs.IntVar(&cmd.plyLimit, "ply-limit", engine.DefaultPlyLimit, "draw after this many plies, both players' moves counted (0: none)")
	fs.DurationVar(&cmd.tpm, "time-per-move", 10*time.Second, "each move's clock once a player's budget is spent")
	fs.DurationVar(&cmd.budget, "budget", 10*time.Minute, "each player's time budget per game, spent by its moves (0: none)")
	fs.DurationVar(&cmd.wait, "wait", time.Minute, "how long to wait for the players of each game after the first")
	fs.BoolVar(&cmd.closeAfter, "close-after-game", false, "close both connections after each game, as the tournament server does")
	cmd.rf, cmd.asJSON, cmd.quiet = addGameOutputFlags(fs)
}

func (cmd *gatServeCmd) run(e *env, _ []string) error {
	if err := cli.Check(
		cli.AtLeast("--games", cmd.games, 1, "want at least 1"),
		cli.InRange("--port", cmd.port, 0, 65534, "want 1-65534 (the second player's port is one more) or 0"),
		cli.Want(cmd.plyLimit >= 0 && cmd.tpm > 0 && cmd.budget >= 0 && cmd.wait > 0, "--time-per-move and --wait must be positive, --ply-limit and --budget not negative"),
	); err != nil {
		return err
	}
	cfg := gat.ServerConfig{Addr: cmd.addr, Port: cmd.port, Games: cmd.games, PlyLimit: cmd.plyLimit,
		TimePerMove: cmd.tpm, Budget: cmd.budget, Wait: cmd.wait, CloseAfterGame: cmd.closeAfter}
	if rec, err := cmd.rf.Create(); err != nil {
		return err
	} else if rec != nil {
		defer rec.Close()
		cfg.Records = rec
	}
	cfg.OnGame = func(g gat.ServedGame) {
		writeLine(e.Stdout, *cmd.asJSON, g.JSON(), g.Line())
	}
	srv, err := gat.Listen(cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	if !*cmd.quiet {
		fmt.Fprintf(e.Stderr, "gat: serving %d game(s): the first player connects to %s, the second to %s\n", cmd.games, srv.Addr(engine.First), srv.Addr(engine.Second))
	}
	sum, err := srv.Serve(e.Ctx)
	writeLine(e.Stdout, *cmd.asJSON, sum, sum.Text())
	return err
}

// addGameOutputFlags declares the output flags of gat connect and serve:
// --records and --force, --json and --quiet.
func addGameOutputFlags(fs *pflag.FlagSet) (rf cli.Records, asJSON, quiet *bool) {
	rf = cli.AddRecords(fs, "write one JSON game record per game to this file (geister replay shows them)", "overwrite the --records file")
	return rf, fs.Bool("json", false, "print one JSON object per game and one for the score"), fs.Bool("quiet", false, "no progress messages on standard error")
}

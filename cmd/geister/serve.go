package main

import (
	"fmt"
	"net"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/web"
)

var serveCommand = command{
	Name:    "serve",
	Args:    "",
	Summary: "the local web board: set up, solve, probe, play against agents, analyse games",
	Details: helpText("serve"),
	Flags:   commandFlags[serveCmd],
}

// serveCmd is geister serve: the values of its flags (declare)
// and the command itself (run).
type serveCmd struct {
	def       web.Config
	addr      string
	maxNodes  uint64
	maxTime   time.Duration
	nodes     uint64
	timeLimit time.Duration
	tf        cliflags.Tables
	storeOpts cliflags.Store
	quiet     bool
}

// declare declares the flags on fs.
func (cmd *serveCmd) declare(fs *pflag.FlagSet) {
	cmd.def = web.DefaultConfig()
	fs.StringVar(&cmd.addr, "addr", "127.0.0.1:8080", "address to listen on (host:port; a host other than loopback exposes the board to the network)")
	fs.Uint64Var(&cmd.maxNodes, "max-nodes", cmd.def.MaxNodes, "cap on the searched positions of one solve request")
	fs.DurationVar(&cmd.maxTime, "max-time", cmd.def.MaxTime, "cap on the time of one solve request")
	fs.Uint64Var(&cmd.nodes, "nodes", cmd.def.DefaultNodes, "budget of a solve request that names none")
	fs.DurationVar(&cmd.timeLimit, "time", cmd.def.DefaultTime, "time of a solve request that names none")
	cmd.tf = cliflags.AddTables(fs, "do not use the endgame tables")
	cmd.storeOpts = cliflags.AddStore(fs, "It answers positions proven before and keeps what the board's solves prove.")
	fs.BoolVar(&cmd.quiet, "quiet", false, "do not print the address on standard error")
}

func (cmd *serveCmd) run(e *env, args []string) error {
	if len(args) != 0 {
		return usagef("serve takes no operands, got %d", len(args))
	}
	if cmd.nodes > cmd.maxNodes || cmd.timeLimit > cmd.maxTime || cmd.maxNodes == 0 || cmd.maxTime <= 0 || cmd.timeLimit <= 0 {
		return usagef("want 0 < --nodes <= --max-nodes and 0 < --time <= --max-time")
	}
	cfg := cmd.def
	cfg.MaxNodes, cfg.MaxTime, cfg.DefaultNodes, cfg.DefaultTime = cmd.maxNodes, cmd.maxTime, cmd.nodes, cmd.timeLimit
	src, err := cmd.tf.Open(cmd.storeOpts, warner(e.Stderr))
	if err != nil {
		return err
	}
	defer src.Close()
	cfg.Tables, cfg.Store = src.Tables, src.ProofStore()
	cfg.Env = cliflags.PlayerEnv(src)
	return web.ListenAndServe(e.Ctx, cmd.addr, cfg, func(a net.Addr) {
		url, network := web.PageURL(a)
		if network { // said even with --quiet
			fmt.Fprintf(e.Stderr, "geister serve: warning: --addr %s listens beyond this machine: anyone who can reach it on the network can use the board (solves, games); --addr 127.0.0.1:PORT keeps it local\n", cmd.addr)
		}
		if !cmd.quiet {
			fmt.Fprintf(e.Stderr, "geister serve: the web board is at %s (Ctrl-C stops it)\n", url)
		}
	})
}

package main

import (
	"fmt"
	"net"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/internal/cliflags"
	"github.com/geister-solver/geister/web"
)

var serveCommand = command{
	Name:    "serve",
	Args:    "",
	Summary: "the local web board: set up, solve, probe, play against agents, analyse games",
	Details: helpText("serve"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		def := web.DefaultConfig()
		addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (host:port; a host other than loopback exposes the board to the network)")
		maxNodes := fs.Uint64("max-nodes", def.MaxNodes, "cap on the searched positions of one solve request")
		maxTime := fs.Duration("max-time", def.MaxTime, "cap on the time of one solve request")
		nodes := fs.Uint64("nodes", def.DefaultNodes, "budget of a solve request that names none")
		timeLimit := fs.Duration("time", def.DefaultTime, "time of a solve request that names none")
		tf := cliflags.AddTables(fs, "do not use the endgame tables")
		storeOpts := cliflags.AddStore(fs, "It answers positions proven before and keeps what the board's solves prove.")
		quiet := fs.Bool("quiet", false, "do not print the address on standard error")
		return func(e *env, args []string) error {
			if len(args) != 0 {
				return usagef("serve takes no operands, got %d", len(args))
			}
			if *nodes > *maxNodes || *timeLimit > *maxTime || *maxNodes == 0 || *maxTime <= 0 || *timeLimit <= 0 {
				return usagef("want 0 < --nodes <= --max-nodes and 0 < --time <= --max-time")
			}
			cfg := def
			cfg.MaxNodes, cfg.MaxTime, cfg.DefaultNodes, cfg.DefaultTime = *maxNodes, *maxTime, *nodes, *timeLimit
			src, err := tf.Open(storeOpts, warner(e.Stderr))
			if err != nil {
				return err
			}
			defer src.Close()
			cfg.Tables, cfg.Store = src.Tables, src.ProofStore()
			cfg.Env = cliflags.PlayerEnv(src)
			return web.ListenAndServe(e.Ctx, *addr, cfg, func(a net.Addr) {
				url, network := web.PageURL(a)
				if network { // said even with --quiet
					fmt.Fprintf(e.Stderr, "geister serve: warning: --addr %s listens beyond this machine: anyone who can reach it on the network can use the board (solves, games); --addr 127.0.0.1:PORT keeps it local\n", *addr)
				}
				if !*quiet {
					fmt.Fprintf(e.Stderr, "geister serve: the web board is at %s (Ctrl-C stops it)\n", url)
				}
			})
		}
	},
}

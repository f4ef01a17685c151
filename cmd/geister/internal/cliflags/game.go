package cliflags

import (
	"runtime"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/engine"
)

// ThreadsVar declares --threads on fs, stored in n: how many threads
// work, all cores by default; 0 means all cores too (Threads). what says
// what the threads do in the command.
func ThreadsVar(fs *pflag.FlagSet, n *int, what string) {
	fs.IntVar(n, "threads", runtime.NumCPU(), what+" (0: all cores)")
}

// Threads is the number of threads a --threads value asks for: n, or
// every core for 0.
func Threads(n int) int {
	if n == 0 {
		return runtime.NumCPU()
	}
	return n
}

// CheckThreads is a usage error for a --threads below 0 or above
// MaxThreads.
func CheckThreads(n int) error {
	if n < 0 {
		return cli.Usagef("--threads %d: want 1 or more (0: all cores)", n)
	}
	if n > MaxThreads {
		return cli.Usagef("--threads %d: at most %d (this machine has %d cores)", n, MaxThreads, runtime.NumCPU())
	}
	return nil
}

// Game holds the game flags of the commands that play (match,
// tournament, play, move): the seed, the draw limit and, for those that
// play many games, the games and the threads playing them.
type Game struct {
	Seed     uint64
	PlyLimit int
	Games    int // games to play (when declared)
	Threads  int // games at once, 0 for all cores (when declared)

	games, threads bool // declared
}

// GameHelp is the help of the game flags in one command; a command
// without Games or Threads help has no such flag.
type GameHelp struct {
	Games, Seed, PlyLimit, Threads string
}

// AddGame declares the game flags on fs with the command's help: --games
// (default 100), --seed (default 1), --ply-limit (default
// engine.DefaultPlyLimit) and --threads.
func AddGame(fs *pflag.FlagSet, h GameHelp) *Game {
	g := &Game{games: h.Games != "", threads: h.Threads != ""}
	if g.games {
		fs.IntVar(&g.Games, "games", 100, h.Games)
	}
	fs.Uint64Var(&g.Seed, "seed", 1, h.Seed)
	fs.IntVar(&g.PlyLimit, "ply-limit", engine.DefaultPlyLimit, h.PlyLimit)
	if g.threads {
		ThreadsVar(fs, &g.Threads, h.Threads)
	}
	return g
}

// Check is a usage error for the first game flag out of range: --games
// below 1, --ply-limit below 0, --threads out of CheckThreads' range.
func (g *Game) Check() error {
	rows := []error{cli.AtLeast("--ply-limit", g.PlyLimit, 0, "want 0 (no limit) or more")}
	if g.games {
		rows = append([]error{cli.AtLeast("--games", g.Games, 1, "want at least 1")}, rows...)
	}
	if g.threads {
		rows = append(rows, CheckThreads(g.Threads))
	}
	return cli.Check(rows...)
}

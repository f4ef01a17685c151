package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/puzzles"
	"github.com/geister-solver/geister/puzzles/published"
	"github.com/geister-solver/geister/sources"
)

var puzzlesCommand = command{
	Name:    "puzzles",
	Summary: "make endgame puzzles: sure wins of a given length, sorted by kind",
	Details: helpText("puzzles"),
	Flags:   commandFlags[puzzlesCmd],
}

// puzzlesCmd is geister puzzles: the values of its flags (declare)
// and the command itself (run).
type puzzlesCmd struct {
	prover      string
	opponent    string
	maxPieces   int
	minPlies    int
	unique      bool
	count       int
	seed        uint64
	draws       int
	nodes       uint64
	ttMB        int
	buildPieces int
	tf          cliflags.Tables
	jsonOut     bool
	quiet       bool
	published   string
	given       *pflag.FlagSet // the flags as parsed: which were given
}

// declare declares the flags on fs.
func (cmd *puzzlesCmd) declare(fs *pflag.FlagSet) {
	fs.StringVar(&cmd.prover, "prover", "", "the prover's material: blues B and reds R, e.g. 2B1R (with --opponent)")
	fs.StringVar(&cmd.opponent, "opponent", "", "the opponent's hidden pieces U of which r are red, e.g. 2U1r (with --prover)")
	fs.IntVar(&cmd.maxPieces, "max-pieces", 7, "without --prover/--opponent: random classes of 4 to this many pieces")
	fs.IntVar(&cmd.minPlies, "min-plies", 11, "keep sure wins of at least this many plies (exact distance)")
	fs.BoolVar(&cmd.unique, "unique", false, "keep positions with exactly one winning first move")
	fs.IntVar(&cmd.count, "count", 10, "puzzles wanted")
	fs.Uint64Var(&cmd.seed, "seed", 1, "seed of the random draws")
	fs.IntVar(&cmd.draws, "draws", 1_000_000, "stop after this many positions drawn")
	fs.Uint64Var(&cmd.nodes, "nodes", 2_000_000, "searched positions per search at most (a draw a search cannot settle is passed over)")
	fs.IntVar(&cmd.ttMB, "tt", 64, "transposition table size in MiB (taken as the search needs it)")
	fs.IntVar(&cmd.buildPieces, "build-pieces", 5, "with --prover/--opponent: build the class's table first (in a temporary directory) when the tables lack it and it has at most this many pieces; 0: never")
	cmd.tf = cliflags.AddTables(fs, "do not use the endgame tables (nor build one)")
	fs.BoolVar(&cmd.jsonOut, "json", false, "print one JSON object per puzzle")
	fs.BoolVar(&cmd.quiet, "quiet", false, "no progress lines on standard error")
	fs.StringVar(&cmd.published, "published", "", "read the published collection's puzzles of at least --min-plies plies from FILE (its allprob.csv; - for standard input) as position strings, instead of making puzzles")
}

// parsed notes which flags were given.
func (cmd *puzzlesCmd) parsed(fs *pflag.FlagSet) { cmd.given = fs }

func (cmd *puzzlesCmd) run(e *env, args []string) error {
	if len(args) > 0 {
		return usagef("no operands expected, got %q", strings.Join(args, " "))
	}
	if cmd.published != "" {
		return cmd.readPublished(e)
	}
	var class *purple.Class
	switch {
	case cmd.prover != "" && cmd.opponent != "":
		c, err := purple.ParseClass(cmd.prover + "-" + cmd.opponent)
		if err != nil {
			return usagef("--prover %s --opponent %s: %v", cmd.prover, cmd.opponent, err)
		}
		class = &c
	case cmd.prover != "" || cmd.opponent != "":
		return usagef("--prover and --opponent go together: give both, or neither for random classes")
	}
	if err := cli.Check(
		cli.Want(cmd.count >= 1 && cmd.minPlies >= 1 && cmd.draws >= 1, "--count, --min-plies and --draws: want 1 or more"),
		cliflags.CheckMemory("--tt", cmd.ttMB),
		cmd.tf.Check(),
		cli.AtLeast("--build-pieces", cmd.buildPieces, 0, "want 0 or more"),
	); err != nil {
		return err
	}
	var tables purple.Tables
	dir, named, use := cmd.tf.Resolve()
	if !use {
		cmd.buildPieces = 0
	}
	if use {
		db, err := sources.OptionalTables(dir, named, warner(e.Stderr))
		if err != nil {
			return err
		}
		if db != nil {
			defer db.Close()
			tables = db
		}
	}
	start := time.Now()
	opts := puzzles.Options{Class: class, MaxPieces: cmd.maxPieces, MinPlies: cmd.minPlies, Unique: cmd.unique,
		Count: cmd.count, Seed: cmd.seed, MaxDraws: cmd.draws, Nodes: cmd.nodes, Tables: tables, TTMegabytes: cmd.ttMB, BuildPieces: cmd.buildPieces}
	if !cmd.quiet {
		opts.Progress = func(p puzzles.Progress) {
			if p.Building != "" {
				fmt.Fprintf(e.Stderr, "puzzles: building the table of %s (and the classes it reads) in a temporary directory\n", p.Building)
				return
			}
			fmt.Fprintf(e.Stderr, "puzzles: %d drawn, %d long wins, %d found, %s\n", p.Draws, p.Wins, p.Found, time.Since(start).Round(time.Second))
		}
	}
	ps, err := puzzles.Make(e.Ctx, opts)
	for _, p := range ps {
		if cmd.jsonOut {
			if werr := writeJSONLine(e.Stdout, p); werr != nil {
				return werr
			}
			continue
		}
		p.WriteText(e.Stdout)
	}
	if err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	if len(ps) < cmd.count && !cmd.quiet {
		fmt.Fprintf(e.Stderr, "puzzles: %d of %d found within %d draws\n", len(ps), cmd.count, cmd.draws)
	}
	return nil
}

// readPublished is puzzles --published: the collection's puzzles of at
// least --min-plies plies, as position strings a solve can read (text:
// each after a comment line with its length, kind and line; --json: one
// object a puzzle).
func (cmd *puzzlesCmd) readPublished(e *env) error {
	if err := cli.Check(
		cli.OnlyWith(cmd.given, cli.OnlyIf(false, "--%s does not apply with --published", "prover", "opponent", "max-pieces", "unique", "count", "seed", "draws", "nodes", "tt", "build-pieces", "table", "no-table")),
		cli.AtLeast("--min-plies", cmd.minPlies, 1, "want 1 or more"),
	); err != nil {
		return err
	}
	r, closeF, err := cli.OpenOperand(e, cmd.published)
	if err != nil {
		return err
	}
	defer closeF()
	ps, err := published.Read(r)
	if err != nil {
		return fmt.Errorf("--published %s: %w", cmd.published, err)
	}
	kinds := map[bool]string{false: "hidden", true: "partly revealed"}
	for _, p := range ps {
		if p.Plies < cmd.minPlies {
			continue
		}
		if cmd.jsonOut {
			if err := writeJSONLine(e.Stdout, publishedJSON{p.Position.String(), p.Plies, p.Revealed, p.RedWall, p.Cap, p.Line}); err != nil {
				return err
			}
			continue
		}
		wall := ""
		if p.RedWall {
			wall = ", red wall"
		}
		if p.Cap {
			wall += ", cap"
		}
		if _, err := fmt.Fprintf(e.Stdout, "# line %d: %d plies, %s%s\n%s\n", p.Line, p.Plies, kinds[p.Revealed], wall, p.Position.String()); err != nil {
			return err
		}
	}
	return nil
}

// publishedJSON is a line of puzzles --published --json.
type publishedJSON struct {
	Position string `json:"position"`
	Plies    int    `json:"plies"`
	Revealed bool   `json:"revealed"`
	RedWall  bool   `json:"red_wall"`
	Cap      bool   `json:"cap"`
	Line     int    `json:"line"`
}

package main

import (
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/web"
)

var solveCommand = command{
	Name:    "solve",
	Args:    "[POSITION...] | -",
	Summary: "does a side surely win, in how many plies, with which move?",
	Details: helpText("solve"),
	Flags:   commandFlags[solveCmd],
}

// solveCmd is geister solve: the values of its flags (declare)
// and the command itself (run).
type solveCmd struct {
	given     *pflag.FlagSet // the flags as parsed: which were given
	jsonOut   bool
	prover    string
	nodes     uint64
	timeLimit time.Duration
	maxPlies  int
	shortest  bool
	plyLimit  int
	threads   int
	ttMB      int
	tf        cliflags.Tables
	svgDir    string
	storeOpts cliflags.Store
	quiet     bool
	proofFile string
	trace     bool
}

// declare declares the flags on fs.
func (cmd *solveCmd) declare(fs *pflag.FlagSet) {
	fs.BoolVar(&cmd.jsonOut, "json", false, "print one JSON object per position (SPEC.md §5)")
	fs.StringVar(&cmd.prover, "prover", "", "whose sure win to ask: f (first player) or s (second); default: the side showing all its colours")
	fs.Uint64Var(&cmd.nodes, "nodes", 0, "stop a position after this many searched positions (0: no limit); the answer is then unknown (with --shortest, a win already found stays, its length not exact)")
	fs.DurationVar(&cmd.timeLimit, "time", 60*time.Second, "time limit per position (e.g. 500ms, 10s, 2m; 0: none); the answer is then unknown (with --shortest, a win already found stays, its length not exact)")
	fs.IntVar(&cmd.maxPlies, "max-plies", 0, "ask for a sure win within this many plies (0: any length)")
	fs.BoolVar(&cmd.shortest, "shortest", false, "find the exact distance to win (the fewest plies against the longest defence)")
	fs.IntVar(&cmd.plyLimit, "ply-limit", 0, "respect the draw limit: the win must come before the game reaches this many plies, counted from the position's ply field (0: ignore; GAT uses 200)")
	cliflags.ThreadsVar(fs, &cmd.threads, "threads that solve: in a batch, positions solved at once (one thread and one table each); on one position given as the only operand, threads sharing its table (only when --threads is given: else one)")
	fs.IntVar(&cmd.ttMB, "tt", 128, "transposition table size in MiB, shared out between the threads (taken as the search needs it, and kept for the next position of a batch; each position starts from an empty table)")
	cmd.tf = cliflags.AddTables(fs, "do not use the endgame tables (by default they answer every position, and every searched node, whose class they hold)")
	fs.StringVar(&cmd.svgDir, "svg", "", "write one SVG picture per ply of each win's principal line into this directory (ply-00.svg, ply-01.svg, ...; with several positions one subdirectory each: 000/, 001/, ...)")
	cmd.storeOpts = cliflags.AddStore(fs, "It answers positions proven before (source \"store\") and keeps what this run proves.")
	fs.BoolVar(&cmd.quiet, "quiet", false, "no progress lines on standard error")
	fs.BoolVar(&cmd.trace, "trace", false, fmt.Sprintf("print each df-pn search of a position on standard error as it ends: why it ran (the iterations \"a win within d plies?\" and the unbounded probes beside them; without --shortest, with --max-plies or --ply-limit of at most 64 plies, or --nodes under %d, the one question), its bound, its answer, its nodes and time (with --json one JSON object per line, and no progress lines)", solver.AnyWinOnceBelow))
	fs.StringVar(&cmd.proofFile, "proof", "", "write the proof of the win (its winning strategy as a tree, checked by geister verify --proof FILE) to FILE; one position only")
}

// parsed notes which flags were given.
func (cmd *solveCmd) parsed(fs *pflag.FlagSet) { cmd.given = fs }

func (cmd *solveCmd) run(e *env, args []string) error {
	if len(args) == 0 {
		return usagef("want positions (quoted) or - to read them from standard input")
	}
	pl, err := cliflags.Prover(cmd.prover)
	if err != nil {
		return err
	}
	if err := cli.Check(
		cli.AtLeast("--max-plies", cmd.maxPlies, 0, "want 0 (any length) or more"),
		cli.AtLeast("--ply-limit", cmd.plyLimit, 0, "want 0 (no limit) or more"),
		cli.AtLeast("--time", cmd.timeLimit, 0, "want 0 (no limit) or more"),
		cliflags.CheckThreads(cmd.threads),
		cliflags.CheckMemory("--tt", cmd.ttMB),
	); err != nil {
		return err
	}
	single := len(args) == 1 && args[0] != "-"
	if cmd.proofFile != "" && !single {
		return usagef("--proof writes the proof of one position given as the only operand (not of several, nor of -)")
	}
	opts := solver.Options{
		MaxNodes: cmd.nodes, MaxPlies: cmd.maxPlies, Shortest: cmd.shortest,
		PlyLimit: cmd.plyLimit, TTMegabytes: cmd.ttMB, Proof: cmd.proofFile != "",
	}
	src, err := cmd.tf.Open(cmd.storeOpts, warner(e.Stderr))
	if err != nil {
		return err
	}
	defer src.Close()
	opts.Tables = src.Tables
	opts.Store = src.ProofStore()
	in, err := inputs(e, args)
	if err != nil {
		return err
	}
	threads := cliflags.Threads(cmd.threads)
	if single && cmd.given.Changed("threads") && threads > 1 {
		opts.Threads, threads = threads, 1 // one position: every thread on it (dfpn.Parallel)
	}
	if cmd.progressLines(single) {
		opts.Progress = solver.ProgressPrinter(e.Stderr)
	}
	if cmd.trace {
		opts.Trace = solver.TracePrinter(e.Stderr, cmd.jsonOut)
	}
	jobs := solver.Jobs(e.Ctx, in, pl)
	failed := false
	var tally solver.Tally
	if !single && !cmd.quiet {
		stop := tally.Report(e.Stderr, 5*time.Second)
		defer stop()
	}
	solver.Batch(e.Ctx, opts, threads, cmd.timeLimit, jobs, func(j solver.Job, a solver.Answer, err error) {
		tally.Add(a, err)
		if err != nil {
			failed = true
		}
		if cmd.svgDir != "" && err == nil && a.Result == solver.Win {
			dir := cmd.svgDir
			if !single {
				dir = filepath.Join(dir, fmt.Sprintf("%03d", j.Index))
			}
			if _, perr := web.LineFiles(dir, j.Pos, a.PV, "svg"); perr != nil {
				fmt.Fprintf(e.Stderr, "geister solve: pictures of %s: %v\n", j.Text, perr)
				failed = true
			}
		}
		if cmd.proofFile != "" && err == nil {
			if perr := writeProof(e, cmd.proofFile, a); perr != nil {
				fmt.Fprintf(e.Stderr, "geister solve: %v\n", perr)
				failed = true
			}
		}
		if cmd.jsonOut {
			writeJSONLine(e.Stdout, solver.JSONOf(j, a, err, cmd.shortest))
		} else {
			solver.WriteText(e.Stdout, j, a, err, opts, solver.TextOptions{Heading: !single, LengthNote: lengthNote, TablesNote: tablesNote})
		}
	})
	if err := e.Ctx.Err(); err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	return cli.Reported(failed)
}

// progressLines reports whether a long search prints progress lines on
// standard error: for one position (single), unless --quiet, or --trace
// with --json, whose standard error is JSON lines alone (the searches'
// lines stand in for the progress lines).
func (cmd *solveCmd) progressLines(single bool) bool {
	return single && !cmd.quiet && !(cmd.trace && cmd.jsonOut)
}

// inputs yields the operands, or, for "-", every line of standard input
// that is not blank or a comment (solver.Operands).
func inputs(e *env, args []string) (<-chan solver.Input, error) {
	if len(args) > 1 && slices.Contains(args, "-") {
		return nil, usagef("- (read standard input) cannot be mixed with positions")
	}
	return solver.Operands(args, e.Stdin), nil
}

// lengthNote is solve's line under a win whose plies are the length of the
// proof found, not the exact distance.
const lengthNote = "(the length of the proof found; --shortest gives the exact distance)"

// tablesNote is solve's line under an answer the budget left unknown when
// no endgame tables took part.
const tablesNote = "(no endgame tables took part: with them every capture inside the search is answered exactly, which settles most deep positions of up to seven pieces within a second; geister build --pieces 6 builds those of up to six pieces, about 11 minutes of CPU)"

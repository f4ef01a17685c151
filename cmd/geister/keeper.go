package main

import (
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/keeper"
	"github.com/geister-solver/geister/purple"
)

var keeperCommand = command{
	Name:    "keeper",
	Args:    "[CLASS...]",
	Summary: "check paper 002's keeper theorem over every position that meets its hypothesis",
	Details: helpText("keeper"),
	Flags:   commandFlags[keeperCmd],
}

// keeperCmd is geister keeper: the values of its flags (declare)
// and the command itself (run).
type keeperCmd struct {
	given       *pflag.FlagSet // the flags as parsed: which were given
	dir         *string
	maxPieces   int
	minPieces   int
	keeperReds  int
	keepers     int
	algorithm   bool
	reading     string
	list        int
	reach       int
	sample      int
	seed        uint64
	nodes       uint64
	timeLimit   time.Duration
	withinPlies int
	maxStates   uint64
	hidden      bool
	hiddenSlack int
	verify      bool
	threads     int
	jsonOut     bool
	quiet       bool
	position    string
	value1      string
	treeNodes   int
	storeOpts   cliflags.Store
}

// declare declares the flags on fs.
func (cmd *keeperCmd) declare(fs *pflag.FlagSet) {
	cmd.dir = cliflags.TableDir(fs)
	fs.IntVar(&cmd.maxPieces, "max-pieces", 5, "classes with at most this many pieces on the board (4 to 8)")
	fs.IntVar(&cmd.minPieces, "min-pieces", 4, "classes with at least this many pieces")
	fs.IntVar(&cmd.keeperReds, "keeper-reds", 1, "reds K has left: 1 (Theorem 1's hypothesis) or 2 (relaxed)")
	fs.IntVar(&cmd.keepers, "keepers", 2, "K's pieces on N's exits: 2 (both, the hypothesis) or 1 (exactly one; relaxed)")
	fs.BoolVar(&cmd.algorithm, "algorithm", false, "N must win against paper 002's Algorithm 1 only (the keeper game), not against every K")
	fs.StringVar(&cmd.reading, "reading", "literal", "with --algorithm: how the steps the paper leaves open are read: literal (the full text: step 7 literal, 8(b) as written with its gap filled by every legal move), literal-8b-as-7 (8(b)'s value-1 response replaced by step 7; the reading with counterexamples), and in general literal followed by the switches read otherwise, in this order: -7-any, -8a-cautious, -8b-as-7|-8b-corrected|-8b-gap-7, -9b-exit-first; also agent (the project's keeper agent), cautious, and paper (deprecated: literal-8b-as-7); optionally followed by comma-separated STEP=VALUE: 7=literal|any, 8a=shortest|cautious, 8b=written|as-7|corrected|gap-7, 9b=both|exit-first; docs/keeper.md")
	fs.IntVar(&cmd.list, "list", -1, "print at most this many N wins per class (-1: every one under Theorem 1's hypothesis, none otherwise)")
	fs.IntVar(&cmd.reach, "reach", 4, "plies of the backward check of whether keeper play can reach an N win (0: no check)")
	fs.IntVar(&cmd.sample, "sample", 0, "for classes answered by df-pn: solve this many random positions of each (meeting the hypothesis, either side to move) instead of all")
	fs.Uint64Var(&cmd.seed, "seed", 1, "with --sample: the seed of the draw")
	fs.Uint64Var(&cmd.nodes, "nodes", 200000, "df-pn budget per position for classes not in the tables")
	fs.DurationVar(&cmd.timeLimit, "time", 10*time.Second, "df-pn time limit per position for classes not in the tables (0: none)")
	fs.IntVar(&cmd.withinPlies, "max-plies", 0, "df-pn answers only: ask for N wins within this many plies (0: any length); a position with none that short then counts as no win within them")
	fs.Uint64Var(&cmd.maxStates, "max-states", 600_000_000, "with --algorithm: solve a class by retrograde analysis only up to this many states (about 3 bytes each while solving)")
	fs.BoolVar(&cmd.hidden, "hidden-values", false, "with --algorithm: ask of every N win with no value held whether N still surely wins without seeing the algorithm's value state (the belief game; --nodes bounds each search)")
	fs.IntVar(&cmd.hiddenSlack, "hidden-slack", 10, "with --hidden-values: search wins up to this many plies longer than with the value seen")
	fs.BoolVar(&cmd.verify, "verify", true, "with --algorithm: check every solved state against its successors (Bellman consistency) before reporting")
	cliflags.ThreadsVar(fs, &cmd.threads, "positions solved at once")
	fs.BoolVar(&cmd.jsonOut, "json", false, `print one JSON object {"classes":[...],...}`)
	fs.BoolVar(&cmd.quiet, "quiet", false, "no progress on standard error")
	fs.StringVar(&cmd.position, "position", "", "ask about this one position instead of classes: does N (the side whose colours show) surely win against Algorithm 1 read as --reading, in how many plies, its proof tree, and whether keeper play can reach it (implies --algorithm)")
	fs.StringVar(&cmd.value1, "value1", "", "with --position: the square of N's piece that holds the algorithm's value 1 (default: none)")
	fs.IntVar(&cmd.treeNodes, "tree-nodes", 2000, "with --position: print at most this many nodes of the proof tree")
	cmd.storeOpts = cliflags.AddStore(fs, "It answers the df-pn questions (classes beyond the tables) proven before and keeps what this run proves.")
}

// parsed notes which flags were given.
func (cmd *keeperCmd) parsed(fs *pflag.FlagSet) { cmd.given = fs }

func (cmd *keeperCmd) run(e *env, args []string) error {
	if cmd.position != "" {
		if len(args) > 0 {
			return usagef("--position asks about one position: no CLASS arguments")
		}
		rd, err := keeper.ParseReading(cmd.reading)
		if err != nil {
			return usagef("--reading: %v", err)
		}
		return keeperPosition(e, cmd.position, cmd.value1, keeper.QueryOptions{Reading: rd, MaxStates: cmd.maxStates, Nodes: cmd.nodes,
			Time: cmd.timeLimit, WithinPlies: cmd.withinPlies, TreeNodes: cmd.treeNodes, Reach: cmd.reach}, cmd.jsonOut, cmd.quiet)
	}
	if err := cli.Check(cli.OnlyWith(cmd.given, cli.OnlyIf(false, "--%s applies only with --position", "value1", "tree-nodes"))); err != nil {
		return err
	}
	spec := keeper.Spec{Keepers: cmd.keepers, KeeperReds: cmd.keeperReds}
	if err := cli.Check(
		cli.InRange("--keepers", cmd.keepers, 1, 2, "want 2 or 1"),
		cli.InRange("--keeper-reds", cmd.keeperReds, 1, 2, "want 1 or 2"),
		cli.Want(cmd.maxPieces >= 4 && cmd.maxPieces <= 8 && cmd.minPieces <= cmd.maxPieces, "--max-pieces %d, --min-pieces %d: want 4 ≤ min ≤ max ≤ 8", cmd.maxPieces, cmd.minPieces),
	); err != nil {
		return err
	}
	rd, err := keeper.ParseReading(cmd.reading)
	if err != nil {
		return usagef("--reading: %v", err)
	}
	if err := cli.Check(
		cli.OnlyWith(cmd.given, cli.OnlyIf(cmd.algorithm, "--%s applies only with --algorithm", "reading", "max-states", "verify", "hidden-values", "hidden-slack")),
		cli.Want(cmd.reach >= 0 && cmd.sample >= 0 && cmd.withinPlies >= 0, "--reach, --sample and --max-plies must not be negative"),
		cliflags.CheckThreads(cmd.threads),
	); err != nil {
		return err
	}
	classes := keeper.ClassesFor(spec, cmd.minPieces, cmd.maxPieces)
	if len(args) > 0 {
		// Only the named classes (--min-pieces and --max-pieces do
		// not apply).
		if classes, err = cliflags.ParseClasses(args, func(c purple.Class) error {
			if !c.Valid() || c.OppReds != spec.KeeperReds || c.OppPieces < spec.Keepers {
				return usagef("class %s does not fit %d keeper(s) with %d red(s) left", c, spec.Keepers, spec.KeeperReds)
			}
			return nil
		}); err != nil {
			return err
		}
	}
	if len(classes) == 0 {
		return usagef("no class with %d to %d pieces fits %d keepers with %d reds", cmd.minPieces, cmd.maxPieces, cmd.keepers, cmd.keeperReds)
	}
	listN := cmd.list
	if listN < 0 {
		listN = 0
		if spec == keeper.Theorem1 {
			listN = math.MaxInt
		}
	}
	db, closeDB, err := openTablesDB(cliflags.Dir(*cmd.dir))
	if err != nil {
		return err
	}
	defer closeDB()
	o := keeper.CheckOptions{Spec: spec, Algorithm: cmd.algorithm, Reading: rd, Tables: db,
		List: listN, Reach: cmd.reach, Sample: cmd.sample, Seed: cmd.seed, Nodes: cmd.nodes, Time: cmd.timeLimit, WithinPlies: cmd.withinPlies,
		MaxStates: cmd.maxStates, Verify: cmd.verify, Hidden: cmd.hidden, HiddenSlack: cmd.hiddenSlack, Threads: cliflags.Threads(cmd.threads)}
	if st, release := cmd.storeOpts.Open(cliflags.Dir(*cmd.dir), warner(e.Stderr)); st != nil {
		defer release()
		o.Store = st
	}
	if !cmd.quiet {
		o.Progress = func(line string) { fmt.Fprintln(e.Stderr, line) }
	}
	if !cmd.jsonOut {
		o.OnClass = func(r *keeper.ClassReport) { r.WriteText(e.Stdout, o) }
	}
	rep, err := keeper.Check(e.Ctx, classes, o)
	if rep == nil || (err != nil && !rep.Partial) {
		return err
	}
	if cmd.jsonOut {
		if werr := writeJSONLine(e.Stdout, rep); werr != nil {
			return werr
		}
	} else {
		rep.WriteEnd(e.Stdout, o)
	}
	if err != nil {
		return fmt.Errorf("interrupted: %w", err)
	}
	return nil
}

// keeperPosition answers "geister keeper --position": the verdict, and the
// proof tree for people (or one JSON object).
func keeperPosition(e *env, pos, value1 string, o keeper.QueryOptions, asJSON, quiet bool) error {
	p, err := engine.ParsePosition(pos)
	if err != nil {
		return usagef("--position: %v", err)
	}
	o.Marked = engine.NoSquare
	if value1 != "" {
		if o.Marked, err = engine.ParseSquare(value1); err != nil {
			return usagef("--value1 %q: %v", value1, err)
		}
	}
	if !quiet {
		o.Progress = func(line string) { fmt.Fprintln(e.Stderr, "keeper game "+line) }
	}
	v, err := keeper.Query(e.Ctx, p, o)
	if err != nil {
		return err
	}
	if asJSON {
		return writeJSONLine(e.Stdout, v)
	}
	w := e.Stdout
	fmt.Fprintf(w, "%s", v.Position)
	if v.Swapped {
		fmt.Fprint(w, " (turned upside down: N, the side whose colours show, as first player)")
	}
	if v.Value1 != "" {
		fmt.Fprintf(w, ", value 1 on %s", v.Value1)
	}
	fmt.Fprintf(w, "\nagainst Algorithm 1, reading %s (%s", v.Reading, v.Source)
	if !v.Exact && v.Result == "win" {
		fmt.Fprint(w, ", plies an upper bound")
	}
	fmt.Fprintln(w, ")")
	switch v.Result {
	case "win":
		fmt.Fprintf(w, "N surely wins in %d plies\n", v.Plies)
	case "no-win":
		if v.WithinPlies > 0 {
			fmt.Fprintf(w, "no sure win for N within %d plies\n", v.WithinPlies)
		} else {
			fmt.Fprintln(w, "no sure win for N")
		}
	default:
		fmt.Fprintln(w, "unknown: df-pn's budget (--nodes, --time) ran out; the class is larger than --max-states, so only df-pn answers (--max-plies bounds the question)")
	}
	hyp := "no"
	if v.Hypothesis {
		hyp = "yes"
	}
	fmt.Fprintf(w, "Theorem 1's hypothesis (both keepers home, K one red left): %s\n", hyp)
	if v.ReachPlies > 0 {
		if v.Reachable {
			fmt.Fprintf(w, "keeper play can lead here as far as %d plies back show: from %s by %s\n", v.ReachPlies, v.ReachStart, strings.Join(v.ReachLine, " "))
		} else {
			fmt.Fprintf(w, "keeper play cannot lead here: no %d plies ending here have every K move among the algorithm's choices\n", v.ReachPlies)
		}
	}
	if v.Tree != nil {
		fmt.Fprintln(w, "proof tree (N's move; at K's turn every choice of the algorithm; +v1: step 8(b) gives the value 1 first; [n]: plies left):")
		printTree(w, v.Tree, "")
		if !v.TreeComplete {
			fmt.Fprintln(w, "(tree cut short: --tree-nodes)")
		}
	}
	return nil
}

func printTree(w io.Writer, n *keeper.ProofNode, indent string) {
	for _, c := range n.Children {
		who := "N"
		if !n.NToMove {
			who = "K"
		}
		end := ""
		if c.Plies == 0 {
			end = "  N wins"
		}
		fmt.Fprintf(w, "%s%s %s [%d]%s\n", indent, who, c.Move, c.Plies, end)
		printTree(w, c, indent+"  ")
	}
}

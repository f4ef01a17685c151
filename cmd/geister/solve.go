package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/memlimit"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/web"
)

var solveCommand = command{
	name:    "solve",
	args:    "[POSITION...] | -",
	summary: "does a side surely win, in how many plies, with which move?",
	details: `Solves each POSITION (a quoted position string), or, with "-", each line of
standard input. The prover, whose sure win is asked, is by default the side
whose pieces all show their colours (if both do, the side to move). A sure
win holds against every colour of the opponent's hidden pieces: the solver
plays them as purple pieces (red when captured, blue when escaping), which
is exact (SPEC.md §4).

Answers: "win" with the plies to the win, the winning move and a principal
line (the opponent's replies resist longest); "no-win" (proven: no sure
win); "unknown" (the budget ran out). Without --shortest the plies are the
length of the proof found, an upper bound on the distance to win; with
--shortest they are exact.

Standard input: blank lines and lines starting with # are skipped; every
other line gets exactly one answer, in input order. A line longer than
1 MiB is answered with an error naming its line number and length.

With --json each position gives one JSON line (SPEC.md §5); a position that
cannot be read gives {"position":...,"error":...} and the exit status is 1
after the other lines are answered. After an interrupt (Ctrl-C) the
positions it stopped are answered "unknown" with "interrupted":true (in
text: "interrupted"), never as a spent budget, input not yet read is left
unread, and the exit status is 1.

Endgame tables answer every position, and every searched node, whose
class they hold. They are optional: a default table directory that does
not exist is skipped, and one that is not a table store, or that a build
has open, gives one warning and the solve goes on without tables; a
directory named by --table must be a store. They are only read.

Proof store: answers proven by search are kept in a store beside the table
directory (<table dir>.proofs) and answer the same question later
("source":"store", 0 nodes searched), after the tables and before any
search. A stored upper bound does not answer --shortest, and a no-win
found under a bound (--max-plies, --ply-limit) answers only bounds as
small. It is used when the table directory exists (--store: always;
--no-store: never); one process writes it at a time, another reads it
only, or goes on without it.

Example:
  geister solve 'uu1B2/6/R5/6/6/6 f R1r1'`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		jsonOut := fs.Bool("json", false, "print one JSON object per position (SPEC.md §5)")
		prover := fs.String("prover", "", "whose sure win to ask: f (first player) or s (second); default: the side showing all its colours")
		nodes := fs.Uint64("nodes", 0, "stop a position after this many searched positions (0: no limit); the answer is then unknown")
		timeLimit := fs.Duration("time", 60*time.Second, "time limit per position (e.g. 500ms, 10s, 2m; 0: none); the answer is then unknown")
		maxPlies := fs.Int("max-plies", 0, "ask for a sure win within this many plies (0: any length)")
		shortest := fs.Bool("shortest", false, "find the exact distance to win (the fewest plies against the longest defence)")
		plyLimit := fs.Int("ply-limit", 0, "respect the draw limit: the win must come before the game reaches this many plies, counted from the position's ply field (0: ignore; GAT uses 200)")
		threads := fs.Int("threads", runtime.NumCPU(), "positions solved at once (each with its own table); one position: goroutines sharing its search")
		ttMB := fs.Int("tt", 128, "transposition table size in MiB, shared out between the threads (taken as the search needs it)")
		tf := addTableFlags(fs, "do not use the endgame tables (by default they answer every position, and every searched node, whose class they hold)")
		svgDir := fs.String("svg", "", "write one SVG picture per ply of each win's principal line into this directory (ply-00.svg, ply-01.svg, ...; with several positions one subdirectory each: 000/, 001/, ...)")
		storeOpts := addStoreFlags(fs, "It answers positions proven before (source \"store\") and keeps what this run proves.")
		quiet := fs.Bool("quiet", false, "no progress lines on standard error")
		return func(e *env, args []string) error {
			if len(args) == 0 {
				return usagef("want positions (quoted) or - to read them from standard input")
			}
			pl, err := proverFlag(*prover)
			if err != nil {
				return err
			}
			switch {
			case *maxPlies < 0:
				return usagef("--max-plies %d: want 0 (any length) or more", *maxPlies)
			case *plyLimit < 0:
				return usagef("--ply-limit %d: want 0 (no limit) or more", *plyLimit)
			case *threads < 1:
				return usagef("--threads %d: want 1 or more", *threads)
			case *timeLimit < 0:
				return usagef("--time %v: want 0 (no limit) or more", *timeLimit)
			}
			if err := checkThreads(*threads); err != nil {
				return err
			}
			if err := memlimit.Check("--tt", *ttMB); err != nil {
				return usagef("%v", err)
			}
			opts := solver.Options{
				MaxNodes: *nodes, MaxPlies: *maxPlies, Shortest: *shortest,
				PlyLimit: *plyLimit, TTMegabytes: *ttMB,
			}
			src, err := openSources(e, tf, storeOpts)
			if err != nil {
				return err
			}
			defer src.close()
			opts.Tables = src.tables
			opts.Store = src.proofStore()
			inputs, err := readInputs(e, args)
			if err != nil {
				return err
			}
			single := len(args) == 1 && args[0] != "-"
			if single && *threads > 1 {
				opts.Threads, *threads = *threads, 1 // one position: every thread on it (dfpn.Parallel)
			}
			if single && !*quiet {
				opts.Progress = progressReporter(e.stderr)
			}
			jobs := make(chan solver.Job)
			go func() {
				defer close(jobs)
				// An interrupt stops the reading too: standard input may be
				// a terminal or a pipe that stays open.
				for i := 0; ; i++ {
					var in inputLine
					var ok bool
					select {
					case in, ok = <-inputs:
					case <-e.ctx.Done():
						return
					}
					if !ok {
						return
					}
					j := solver.Job{Index: i, Text: in.text, Err: in.err}
					if in.err == nil {
						j = makeJob(i, in.text, pl)
					}
					select {
					case jobs <- j:
					case <-e.ctx.Done():
						return
					}
				}
			}()
			failed := false
			var tally batchTally
			if !single && !*quiet {
				stop := tally.report(e.stderr, 5*time.Second)
				defer stop()
			}
			solver.Batch(e.ctx, opts, *threads, *timeLimit, jobs, func(j solver.Job, a solver.Answer, err error) {
				tally.add(a, err)
				if err != nil {
					failed = true
				}
				if *svgDir != "" && err == nil && a.Result == solver.Win {
					dir := *svgDir
					if !single {
						dir = filepath.Join(dir, fmt.Sprintf("%03d", j.Index))
					}
					if _, perr := web.LineFiles(dir, j.Pos, a.PV, "svg"); perr != nil {
						fmt.Fprintf(e.stderr, "geister solve: pictures of %s: %v\n", j.Text, perr)
						failed = true
					}
				}
				if *jsonOut {
					writeJSON(e.stdout, j, a, err, *shortest)
				} else {
					writeHuman(e.stdout, j, a, err, opts, !single)
				}
			})
			if err := e.ctx.Err(); err != nil {
				return fmt.Errorf("interrupted: %w", err)
			}
			if failed {
				return errReported
			}
			return nil
		}
	},
}

// maxLineBytes bounds an input line. Position strings are short; a longer
// line is answered with an error (naming its number and length) without
// being kept in memory, and the lines after it are read as usual.
const maxLineBytes = 1 << 20

// inputLine is one question: an operand, or a line of standard input.
type inputLine struct {
	text string // the input as given (for an over-long line, its start)
	line int    // its line number in standard input (0 for an operand)
	err  error  // the line could not be read
}

// readInputs yields the operands, or, for "-", every line of standard
// input that is not blank or a comment (starting with #), each exactly
// once and in order. It reads until the end of the input, so every line
// gets its answer.
func readInputs(e *env, args []string) (<-chan inputLine, error) {
	for _, a := range args {
		if a == "-" && len(args) > 1 {
			return nil, usagef("- (read standard input) cannot be mixed with positions")
		}
	}
	out := make(chan inputLine)
	go func() {
		defer close(out)
		if args[0] != "-" {
			for _, a := range args {
				out <- inputLine{text: a}
			}
			return
		}
		r := bufio.NewReaderSize(e.stdin, 64<<10)
		for n := 1; ; n++ {
			line, size, err := readLine(r)
			if size > maxLineBytes {
				head := strings.ToValidUTF8(string(line[:64]), "?")
				out <- inputLine{text: head + "...", line: n, err: fmt.Errorf("input line %d: %d bytes, longer than the limit of %d bytes a line", n, size, maxLineBytes)}
			} else if t := strings.TrimSpace(string(line)); t != "" && !strings.HasPrefix(t, "#") {
				out <- inputLine{text: t, line: n}
			}
			if err != nil {
				return
			}
		}
	}()
	return out, nil
}

// readLine reads one line (without its end) and its length in bytes. Of a
// line longer than maxLineBytes it keeps only the start. The error is
// io.EOF (or a read error) at the end of the input.
func readLine(r *bufio.Reader) ([]byte, int, error) {
	var line []byte
	size := 0
	for {
		chunk, err := r.ReadSlice('\n')
		size += len(chunk)
		if len(line) <= maxLineBytes {
			line = append(line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == nil {
			size-- // the newline
			line = line[:len(line)-1]
			if size > maxLineBytes {
				line = line[:min(len(line), maxLineBytes)]
			}
			return line, size, nil
		}
		return line, size, err
	}
}

// positionInputs is readInputs as plain texts: an unreadable line comes as
// a text that names the line and the fault (and that no position parser
// accepts), so that it is answered with an error in its place.
func positionInputs(e *env, args []string) (<-chan string, error) {
	in, err := readInputs(e, args)
	if err != nil {
		return nil, err
	}
	out := make(chan string)
	go func() {
		defer close(out)
		for l := range in {
			if l.err != nil {
				out <- "(" + l.err.Error() + ")"
				continue
			}
			out <- l.text
		}
	}()
	return out, nil
}

func makeJob(i int, text string, prover *engine.Player) solver.Job {
	j := solver.Job{Index: i, Text: text}
	p, err := engine.ParsePosition(text)
	if err != nil {
		j.Err = err
		return j
	}
	j.Pos = p
	if prover != nil {
		j.Prover = *prover
		j.Err = purple.CheckProver(&p, *prover)
		return j
	}
	j.Prover, j.Err = purple.DefaultProver(&p)
	return j
}

func toJSON(j solver.Job, a solver.Answer, err error, shortest bool) answerJSON {
	if err != nil {
		return answerJSON{Position: j.Text, Error: err.Error()}
	}
	ms := math.Round(float64(a.Elapsed.Microseconds())/100) / 10
	out := answerJSON{
		Position: a.Position, Prover: a.Prover.String(), Result: a.Result.String(),
		Nodes: &a.Nodes, ElapsedMS: &ms, Source: a.Source, Interrupted: a.Interrupted,
	}
	if a.Result == solver.Win {
		out.Plies = &a.Plies
		if shortest && !a.Exact {
			// Only when --shortest could not be honoured within the budget.
			f := false
			out.Exact = &f
		}
		if a.Move != engine.NoMove {
			out.Move = a.Move.String()
		}
		out.PV = moveStrings(a.PV)
	}
	return out
}

func writeJSON(w io.Writer, j solver.Job, a solver.Answer, err error, shortest bool) {
	writeJSONLine(w, toJSON(j, a, err, shortest))
}

func playerWord(p engine.Player) string {
	if p == engine.First {
		return "first player (upper case)"
	}
	return "second player (lower case)"
}

func writeHuman(w io.Writer, j solver.Job, a solver.Answer, err error, opts solver.Options, many bool) {
	shortest := opts.Shortest
	if many {
		fmt.Fprintf(w, "== %s\n", j.Text)
	}
	if err != nil {
		fmt.Fprintf(w, "error: %v\n\n", err)
		return
	}
	fmt.Fprint(w, j.Pos.Pretty())
	switch a.Result {
	case solver.Win:
		kind := "within"
		if a.Exact {
			kind = "in exactly"
		}
		fmt.Fprintf(w, "%s surely wins %s %s", playerWord(a.Prover), kind, words.Count(a.Plies, "ply"))
		if a.Move != engine.NoMove {
			fmt.Fprintf(w, ", with %s", a.Move)
		}
		fmt.Fprintln(w)
		if !a.Exact && !shortest {
			fmt.Fprintln(w, "(the length of the proof found; --shortest gives the exact distance)")
		}
		if shortest && !a.Exact {
			fmt.Fprintln(w, "(the budget ran out before the shortest win was proven: the plies are an upper bound)")
		}
		if len(a.PV) > 0 {
			fmt.Fprintf(w, "line: %s\n", strings.Join(moveStrings(a.PV), " "))
		}
	case solver.NoWin:
		fmt.Fprintf(w, "no sure win for the %s", playerWord(a.Prover))
		if opts.MaxPlies > 0 {
			fmt.Fprintf(w, " within %s", words.Count(opts.MaxPlies, "ply"))
		}
		if opts.PlyLimit > 0 {
			fmt.Fprintf(w, " before ply %d", opts.PlyLimit)
		}
		fmt.Fprintln(w)
	default:
		if a.Interrupted {
			fmt.Fprintf(w, "unknown: interrupted before the %s's sure win was proven or refuted\n", playerWord(a.Prover))
			break
		}
		fmt.Fprintf(w, "unknown: the budget ran out before the %s's sure win was proven or refuted\n", playerWord(a.Prover))
	}
	fmt.Fprintf(w, "searched %s in %v (%s", words.Count(a.Nodes, "position"), a.Elapsed.Round(time.Microsecond), a.Source)
	if a.TableHits > 0 {
		fmt.Fprintf(w, "; %d answered by the endgame tables", a.TableHits)
	}
	fmt.Fprint(w, ")\n\n")
}

// progressReporter prints a line on stderr about every million nodes of
// a long search.
func progressReporter(w io.Writer) func(uint64, time.Duration) {
	var mu sync.Mutex
	return func(nodes uint64, el time.Duration) {
		if el < 2*time.Second {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(w, "searching: %d positions, %.1f M/s, %v\n", nodes, float64(nodes)/el.Seconds()/1e6, el.Round(time.Second))
	}
}

// batchTally counts a batch's answers for the progress line.
type batchTally struct {
	mu                        sync.Mutex
	done, wins, noWin, errors int
}

func (t *batchTally) add(a solver.Answer, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.done++
	switch {
	case err != nil:
		t.errors++
	case a.Result == solver.Win:
		t.wins++
	case a.Result == solver.NoWin:
		t.noWin++
	}
}

// report prints a progress line on w every period until the returned
// function is called, which prints a last line if any was printed.
func (t *batchTally) report(w io.Writer, period time.Duration) func() {
	start := time.Now()
	done := make(chan struct{})
	finished := make(chan struct{})
	printed := false
	line := func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		el := time.Since(start)
		fmt.Fprintf(w, "solve: %s in %v (%.1f/s): %d win, %d no-win, %d unknown, %s\n",
			words.Count(t.done, "position"), el.Round(time.Second), float64(t.done)/el.Seconds(), t.wins, t.noWin, t.done-t.wins-t.noWin-t.errors, words.Count(t.errors, "error"))
	}
	go func() {
		defer close(finished)
		tick := time.NewTicker(period)
		defer tick.Stop()
		for {
			select {
			case <-done:
				if printed {
					line()
				}
				return
			case <-tick.C:
				printed = true
				line()
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

// proverFlag reads a --prover value: nil for "" (SPEC §4's default), the
// first or second player for "f" or "s".
func proverFlag(v string) (*engine.Player, error) {
	var p engine.Player
	switch v {
	case "":
		return nil, nil
	case "f":
		p = engine.First
	case "s":
		p = engine.Second
	default:
		return nil, usagef("--prover %q: want f or s", v)
	}
	return &p, nil
}

// Command geister solves Geister positions (does this side surely win, in
// how many plies, with which move?), builds and probes endgame tables, and
// plays matches between agents. Run "geister help" for the subcommands and
// "geister CMD --help" for each one's flags.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/solver"
)

// env is what a subcommand may touch: its streams and a context that is
// cancelled on interrupt. Tests run subcommands in-process with buffers.
type env struct {
	ctx    context.Context
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one row of the subcommand table.
type command struct {
	name    string
	args    string // the operands, for the usage line
	summary string // one line for "geister help"
	details string // paragraphs for "geister CMD --help"
	// flags declares the command's flags on fs and returns the function
	// that runs it with the operands left after parsing.
	flags func(fs *pflag.FlagSet) func(e *env, args []string) error
}

// commands is the table of subcommands, in the order help lists them.
var commands = []command{
	showCommand,
	applyCommand,
	perftCommand,
	solveCommand,
	verifyCommand,
	playCommand,
	matchCommand,
	tournamentCommand,
	replayCommand,
	analyzeCommand,
	serveCommand,
	buildCommand,
	probeCommand,
	tablesCommand,
	enumerateCommand,
	puzzlesCommand,
	keeperCommand,
	moveCommand,
	gatCommand,
	versionCommand,
	completionCommand,
}

// usageError is a mistake in the command line: exit status 2 and a
// one-line message.
type usageError struct{ msg string }

func (u usageError) Error() string { return u.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// errReported means the command has already reported a failure on its
// output (for example error lines in JSON output): exit status 1.
var errReported = errors.New("failures reported above")

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	// The first Ctrl-C asks the command to stop and report what it has;
	// a second one ends the program at once (the default action again),
	// also in a command busy where it does not look (perft's one depth).
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := run(&env{ctx: ctx, stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit status: 0 success,
// 1 failure, 2 usage error.
func run(e *env, args []string) int {
	if len(args) == 0 {
		printHelp(e.stderr)
		return 2
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" {
		if len(args) > 1 {
			if c := findCommand(args[1]); c != nil {
				fs, _ := newFlagSet(c, e.stdout)
				fs.Usage()
				return 0
			}
			fmt.Fprintf(e.stderr, "geister: unknown command %q (see geister help)\n", args[1])
			return 2
		}
		printHelp(e.stdout)
		return 0
	}
	c := findCommand(name)
	if c == nil {
		fmt.Fprintf(e.stderr, "geister: unknown command %q (see geister help)\n", name)
		return 2
	}
	fs, runFn := newFlagSet(c, e.stderr)
	usage := fs.Usage
	fs.Usage = func() {} // pflag would print it on stderr for --help
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fs.SetOutput(e.stdout)
			usage()
			return 0
		}
		fmt.Fprintf(e.stderr, "geister %s: %s (see geister %s --help)\n", c.name, plainFlagError(err), c.name)
		return 2
	}
	err := runFn(e, fs.Args())
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(e.stderr, "geister %s: %s (see geister %s --help)\n", c.name, ue.msg, c.name)
		return 2
	case errors.Is(err, errReported):
		return 1
	default:
		fmt.Fprintf(e.stderr, "geister %s: %v\n", c.name, err)
		return 1
	}
}

// strconvError matches what strconv adds to pflag's message for a bad
// number: `strconv.ParseUint: parsing "-1": invalid syntax`.
var strconvError = regexp.MustCompile(`strconv\.Parse(Uint|Int|Float): parsing "[^"]*": (invalid syntax|value out of range)`)

// plainFlagError says what a flag wants instead of quoting strconv.
func plainFlagError(err error) string {
	return strconvError.ReplaceAllStringFunc(err.Error(), func(m string) string {
		sub := strconvError.FindStringSubmatch(m)
		if sub[2] == "value out of range" {
			return "out of range"
		}
		switch sub[1] {
		case "Uint":
			return "want a whole number, 0 or more"
		case "Int":
			return "want a whole number"
		}
		return "want a number"
	})
}

func findCommand(name string) *command {
	for i := range commands {
		if commands[i].name == name {
			return &commands[i]
		}
	}
	return nil
}

// newFlagSet declares c's flags and returns them with c's run function.
// fs.Usage prints the command's help on fs's output; Parse does not call
// it (run prints the help for --help itself, on standard output).
func newFlagSet(c *command, out io.Writer) (*pflag.FlagSet, func(e *env, args []string) error) {
	fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
	fs.SetOutput(out)
	fs.SortFlags = false
	run := c.flags(fs)
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "usage: geister %s [flags] %s\n\n%s\n", c.name, c.args, c.summary)
		if c.details != "" {
			fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.details))
		}
		if fs.HasFlags() {
			fmt.Fprintf(w, "\nflags:\n%s", fs.FlagUsages())
		}
	}
	return fs, run
}

func printHelp(w io.Writer) {
	fmt.Fprintf(w, "geister: a Geister sure-win solver, endgame tables and players\n\nusage: geister COMMAND [flags] [args]\n\ncommands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, c.summary)
	}
	fmt.Fprintf(w, "\nRun 'geister COMMAND --help' for a command's flags.\nPositions are strings like 'uu1B2/6/R5/6/6/6 f R1r1' (see README.md).\n")
}

// openOperand opens the file an operand names, or standard input for
// "-". The returned function closes it.
func openOperand(e *env, name string) (io.Reader, func(), error) {
	if name == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// writeJSONLine writes v as one line of JSON (solver.WriteJSONLine).
func writeJSONLine(w io.Writer, v any) error { return solver.WriteJSONLine(w, v) }

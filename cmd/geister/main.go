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

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/solver"
)

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

// program is geister's table of commands with the text around its list
// in "geister help" (its Commands set in init: the completion command
// reads the table it is in).
var program = &cli.Program{
	Name:   "geister",
	Title:  "geister: a Geister sure-win solver, endgame tables and players",
	Footer: "Run 'geister COMMAND --help' for a command's flags.\nPositions are strings like 'uu1B2/6/R5/6/6/6 f R1r1' (see SPEC.md).\n",
}

func init() { program.Commands = commands }

// The names of package cli the commands use.
type (
	env     = cli.Env
	command = cli.Command
)

func usagef(format string, a ...any) error { return cli.Usagef(format, a...) }

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	// The first Ctrl-C asks the command to stop and report what it has;
	// a second one ends the program at once (the default action again),
	// also in a command busy where it does not look (perft's one depth).
	go func() {
		<-ctx.Done()
		stop()
	}()
	code := run(&env{Ctx: ctx, Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr}, os.Args[1:])
	stop()
	os.Exit(code)
}

// run executes one command line and returns the exit status: 0 success,
// 1 failure, 2 usage error.
func run(e *env, args []string) int { return program.Run(e, args) }

// writeJSONLine writes v as one line of JSON (solver.WriteJSONLine).
func writeJSONLine(w io.Writer, v any) error { return solver.WriteJSONLine(w, v) }

// writeLine writes v as one line of JSON with asJSON, else the line text.
func writeLine(w io.Writer, asJSON bool, v any, text string) error {
	if asJSON {
		return writeJSONLine(w, v)
	}
	_, err := fmt.Fprintln(w, text)
	return err
}

// commandFlags is the Flags of a command C of the table: a new C declares
// its flags on fs and runs with what they hold (a C may note what parsing
// found, as which flags were given, in a method parsed).
func commandFlags[C any, P interface {
	*C
	declare(fs *pflag.FlagSet)
	run(e *env, args []string) error
}](fs *pflag.FlagSet) func(*env, []string) error {
	c := P(new(C))
	c.declare(fs)
	return func(e *env, args []string) error {
		if p, ok := any(c).(interface{ parsed(fs *pflag.FlagSet) }); ok {
			p.parsed(fs)
		}
		out := &checkedWriter{w: e.Stdout}
		ce := *e
		ce.Stdout = out
		err := c.run(&ce, args)
		if out.err != nil && (err == nil || errors.Is(err, cli.ErrReported)) {
			return out.err
		}
		return err
	}
}

// checkedWriter passes writes to w and keeps the first error, so that a
// command fails when its output cannot be written (a full disk), also
// where it prints with functions that return no error.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (cw *checkedWriter) Write(p []byte) (int, error) {
	if cw.err != nil {
		return 0, cw.err
	}
	n, err := cw.w.Write(p)
	if err != nil {
		cw.err = fmt.Errorf("writing the output: %w", err)
		return n, cw.err
	}
	return n, nil
}

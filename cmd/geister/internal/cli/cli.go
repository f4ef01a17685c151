// Package cli runs a program's subcommands from a table. Each command
// declares its flags (package pflag) and returns the function that runs
// it; Program.Run reads a command line, prints the help ("PROG help",
// "PROG help CMD", "PROG CMD --help", on standard output) and turns the
// outcome into the exit status: 0 success, 1 failure, 2 a usage error,
// reported in one line that points at the command's --help. A command may
// instead be a group of subcommands ("PROG CMD SUB [flags]"), each
// declared like a command.
//
// Flag helpers shared by commands (--records files, flags that apply only
// with others, tables of range checks) are in flags.go.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"

	"github.com/spf13/pflag"
)

// Env is what a command may touch: its streams and a context that is
// cancelled on interrupt. Tests run commands in-process with buffers.
type Env struct {
	Ctx    context.Context
	Stdin  io.Reader
	Stdout io.Writer
	Stderr io.Writer
}

// Command is one row of a program's table of commands.
type Command struct {
	Name    string
	Args    string // the operands, for the usage line
	Summary string // one line for "PROG help"
	Details string // paragraphs for "PROG CMD --help"
	// Flags declares the command's flags on fs and returns the function
	// that runs it with the operands left after parsing.
	Flags func(fs *pflag.FlagSet) func(e *Env, args []string) error
	// Subcommands, when Flags is nil: the command runs the one its first
	// operand names, with that one's flags and --help ("PROG CMD SUB
	// --help"). A subcommand with Flags and no Args takes no operands.
	Subcommands []Command
}

// Program is a program's commands and the text around their list in
// "PROG help".
type Program struct {
	Name     string
	Title    string // the first line of "PROG help"
	Footer   string // the lines after the list of commands
	Commands []Command
}

// UsageError is a mistake in the command line: exit status 2 and a
// one-line message.
type UsageError struct{ Msg string }

func (u UsageError) Error() string { return u.Msg }

// Usagef is a UsageError with a formatted message.
func Usagef(format string, a ...any) error { return UsageError{fmt.Sprintf(format, a...)} }

// ErrReported means the command has already reported a failure on its
// output (for example error lines in JSON output): exit status 1.
var ErrReported = errors.New("failures reported above")

// Run executes one command line (args without the program's name) and
// returns the exit status: 0 success, 1 failure, 2 usage error.
func (p *Program) Run(e *Env, args []string) int {
	if len(args) == 0 {
		p.WriteHelp(e.Stderr)
		return 2
	}
	name := args[0]
	if name == "help" || name == "-h" || name == "--help" {
		if len(args) > 1 {
			if c := p.Find(args[1]); c != nil {
				fs, _ := p.FlagSet(c, e.Stdout)
				fs.Usage()
				return 0
			}
			fmt.Fprintf(e.Stderr, "%s: unknown command %q (see %s help)\n", p.Name, args[1], p.Name)
			return 2
		}
		p.WriteHelp(e.Stdout)
		return 0
	}
	c := p.Find(name)
	if c == nil {
		fmt.Fprintf(e.Stderr, "%s: unknown command %q (see %s help)\n", p.Name, name, p.Name)
		return 2
	}
	fs, runFn := p.FlagSet(c, e.Stderr)
	usage := fs.Usage
	fs.Usage = func() {} // pflag would print it on stderr for --help
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fs.SetOutput(e.Stdout)
			usage()
			return 0
		}
		fmt.Fprintf(e.Stderr, "%s %s: %s (see %s %s --help)\n", p.Name, c.Name, PlainFlagError(err), p.Name, c.Name)
		return 2
	}
	err := runFn(e, fs.Args())
	var ue UsageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		fmt.Fprintf(e.Stderr, "%s %s: %s (see %s %s --help)\n", p.Name, c.Name, ue.Msg, p.Name, c.Name)
		return 2
	case errors.Is(err, ErrReported):
		return 1
	default:
		fmt.Fprintf(e.Stderr, "%s %s: %v\n", p.Name, c.Name, err)
		return 1
	}
}

// strconvError matches what strconv adds to pflag's message for a bad
// number: `strconv.ParseUint: parsing "-1": invalid syntax`.
var strconvError = regexp.MustCompile(`strconv\.Parse(Uint|Int|Float): parsing "[^"]*": (invalid syntax|value out of range)`)

// PlainFlagError is pflag's error message, saying what a flag wants
// instead of quoting strconv.
func PlainFlagError(err error) string {
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

// Find returns the command called name, or nil.
func (p *Program) Find(name string) *Command {
	for i := range p.Commands {
		if p.Commands[i].Name == name {
			return &p.Commands[i]
		}
	}
	return nil
}

// FlagSet declares c's flags and returns them with c's run function.
// fs.Usage prints the command's help on fs's output; Parse does not call
// it (Run prints the help for --help itself, on standard output).
func (p *Program) FlagSet(c *Command, out io.Writer) (*pflag.FlagSet, func(e *Env, args []string) error) {
	return p.flagSet(c.Name, c, out)
}

// flagSet is FlagSet for the command c called by path ("CMD" or
// "CMD SUB").
func (p *Program) flagSet(path string, c *Command, out io.Writer) (*pflag.FlagSet, func(e *Env, args []string) error) {
	fs := pflag.NewFlagSet(path, pflag.ContinueOnError)
	fs.SetOutput(out)
	fs.SortFlags = false
	var run func(e *Env, args []string) error
	if c.Flags != nil {
		run = c.Flags(fs)
	} else {
		fs.SetInterspersed(false) // the flags after SUB are SUB's
		run = func(e *Env, args []string) error { return p.runSub(e, path, c, args) }
	}
	fs.Usage = func() {
		w := fs.Output()
		fmt.Fprintf(w, "%s\n\n%s\n", strings.TrimRight(fmt.Sprintf("usage: %s %s [flags] %s", p.Name, path, c.Args), " "), c.Summary)
		if c.Details != "" {
			fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(c.Details))
		}
		if fs.HasFlags() {
			fmt.Fprintf(w, "\nflags:\n%s", fs.FlagUsages())
		}
	}
	return fs, run
}

// runSub runs the subcommand of c that args[0] names with the flags and
// operands after it; its --help prints its help on standard output.
// Mistakes are usage errors of c.
func (p *Program) runSub(e *Env, path string, c *Command, args []string) error {
	var names []string
	var sub *Command
	for i := range c.Subcommands {
		names = append(names, c.Subcommands[i].Name)
		if len(args) > 0 && c.Subcommands[i].Name == args[0] {
			sub = &c.Subcommands[i]
		}
	}
	switch {
	case len(args) == 0:
		return Usagef("want a subcommand: %s", orList(names))
	case sub == nil:
		return Usagef("unknown subcommand %q: want %s", args[0], orList(names))
	}
	fs, run := p.flagSet(path+" "+sub.Name, sub, io.Discard)
	usage := fs.Usage
	fs.Usage = func() {}
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			fs.SetOutput(e.Stdout)
			usage()
			return nil
		}
		return Usagef("%s: %s", sub.Name, PlainFlagError(err))
	}
	if sub.Flags != nil && sub.Args == "" && fs.NArg() != 0 {
		return Usagef("%s takes no operands, got %q", sub.Name, fs.Args())
	}
	return run(e, fs.Args())
}

// orList joins names as "a, b or c".
func orList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// WriteHelp writes "PROG help": the title, the usage line, every command
// with its summary, and the footer.
func (p *Program) WriteHelp(w io.Writer) {
	fmt.Fprintf(w, "%s\n\nusage: %s COMMAND [flags] [args]\n\ncommands:\n", p.Title, p.Name)
	width := 0
	for _, c := range p.Commands {
		width = max(width, len(c.Name))
	}
	for _, c := range p.Commands {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.Name, c.Summary)
	}
	fmt.Fprintf(w, "\n%s", p.Footer)
}

// OpenOperand opens the file an operand names, or standard input for
// "-". The returned function closes it.
func OpenOperand(e *Env, name string) (io.Reader, func(), error) {
	if name == "-" {
		return e.Stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// Reported is ErrReported when failed, else nil: the end of a command
// that has printed its failures (answer lines in error, a check that
// found faults) with the rest of its output.
func Reported(failed bool) error {
	if failed {
		return ErrReported
	}
	return nil
}

package main

import (
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/completion"
)

var completionCommand = command{
	Name:    "completion",
	Args:    "bash|zsh|fish",
	Summary: "print a shell completion script (commands, flags, files)",
	Details: helpText("completion"),
	Flags:   commandFlags[completionCmd],
}

// completionCmd is geister completion: the values of its flags (declare)
// and the command itself (run).
type completionCmd struct {
}

// declare declares the flags on fs.
func (cmd *completionCmd) declare(fs *pflag.FlagSet) {
}

func (cmd *completionCmd) run(e *env, args []string) error {
	if len(args) != 1 {
		return usagef("want one shell: bash, zsh or fish")
	}
	if err := completion.Write(e.Stdout, args[0], completionSpecs()); err != nil {
		return usagef("%v", err)
	}
	return nil
}

// completionSpecs lists every command with its flags, and "help".
func completionSpecs() []completion.Command {
	var out []completion.Command
	for i := range program.Commands {
		c := &program.Commands[i]
		fs, _ := program.FlagSet(c, io.Discard)
		out = append(out, completion.Command{Name: c.Name, Summary: c.Summary, Flags: completion.FlagsOf(fs),
			Files: strings.Contains(c.Args, "FILE") || strings.Contains(c.Args, "-")})
	}
	return append(out, completion.Command{Name: "help", Summary: "list the commands, or explain one"})
}

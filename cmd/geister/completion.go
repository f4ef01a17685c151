package main

import (
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/internal/completion"
)

var completionCommand = command{
	name:    "completion",
	args:    "bash|zsh|fish",
	summary: "print a shell completion script (commands, flags, files)",
	details: helpText("completion"),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		return func(e *env, args []string) error {
			if len(args) != 1 {
				return usagef("want one shell: bash, zsh or fish")
			}
			if err := completion.Write(e.stdout, args[0], completionSpecs()); err != nil {
				return usagef("%v", err)
			}
			return nil
		}
	},
}

// commandTable is the table of commands, for the commands that list it
// (set in init: a reference in the table's own initializer would be a
// cycle).
var commandTable *[]command

func init() { commandTable = &commands }

// completionSpecs lists every command with its flags, and "help".
func completionSpecs() []completion.Command {
	var out []completion.Command
	for i := range *commandTable {
		c := &(*commandTable)[i]
		fs, _ := newFlagSet(c, io.Discard)
		out = append(out, completion.Command{Name: c.name, Summary: c.summary, Flags: completion.FlagsOf(fs),
			Files: strings.Contains(c.args, "FILE") || strings.Contains(c.args, "-")})
	}
	return append(out, completion.Command{Name: "help", Summary: "list the commands, or explain one"})
}

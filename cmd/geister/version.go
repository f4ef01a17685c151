package main

import (
	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/buildinfo"
)

var versionCommand = command{
	Name:    "version",
	Args:    "",
	Summary: "print the module version, the commit and the Go version it was built with",
	Details: helpText("version"),
	Flags:   commandFlags[versionCmd],
}

// versionCmd is geister version: the values of its flags (declare)
// and the command itself (run).
type versionCmd struct {
	jsonOut bool
}

// declare declares the flags on fs.
func (cmd *versionCmd) declare(fs *pflag.FlagSet) {
	fs.BoolVar(&cmd.jsonOut, "json", false, "print one JSON object")
}

func (cmd *versionCmd) run(e *env, args []string) error {
	if len(args) != 0 {
		return usagef("takes no operands, got %d", len(args))
	}
	v := buildinfo.Read()
	return writeLine(e.Stdout, cmd.jsonOut, v, v.String())
}

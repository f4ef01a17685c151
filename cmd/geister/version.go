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
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		jsonOut := fs.Bool("json", false, "print one JSON object")
		return func(e *env, args []string) error {
			if len(args) != 0 {
				return usagef("takes no operands, got %d", len(args))
			}
			v := buildinfo.Read()
			return writeLine(e.Stdout, *jsonOut, v, v.String())
		}
	},
}

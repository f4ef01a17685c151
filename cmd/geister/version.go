package main

import (
	"fmt"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/internal/buildinfo"
)

var versionCommand = command{
	name:    "version",
	args:    "",
	summary: "print the module version, the commit and the Go version it was built with",
	details: helpText("version"),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		jsonOut := fs.Bool("json", false, "print one JSON object")
		return func(e *env, args []string) error {
			if len(args) != 0 {
				return usagef("takes no operands, got %d", len(args))
			}
			v := buildinfo.Read()
			if *jsonOut {
				return writeJSONLine(e.stdout, v)
			}
			fmt.Fprintln(e.stdout, v)
			return nil
		}
	},
}

package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/pflag"
)

var versionCommand = command{
	name:    "version",
	args:    "",
	summary: "print the module version, the commit and the Go version it was built with",
	details: `Reads what the Go toolchain recorded in the binary: the module's version
("(devel)" for a build from a checkout), the version-control commit and
its time (with "+dirty" when the checkout had changes), and the Go version.`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		jsonOut := fs.Bool("json", false, "print one JSON object")
		return func(e *env, args []string) error {
			if len(args) != 0 {
				return usagef("takes no operands, got %d", len(args))
			}
			v := readVersion()
			if *jsonOut {
				return writeJSONLine(e.stdout, v)
			}
			fmt.Fprintf(e.stdout, "geister %s", v.Version)
			if v.Commit != "" {
				fmt.Fprintf(e.stdout, " commit %s", v.Commit)
				if v.Dirty {
					fmt.Fprint(e.stdout, "+dirty")
				}
				if v.Time != "" {
					fmt.Fprintf(e.stdout, " (%s)", v.Time)
				}
			}
			fmt.Fprintf(e.stdout, " %s\n", v.Go)
			return nil
		}
	},
}

// versionInfo is what runtime/debug.ReadBuildInfo tells of the binary.
type versionInfo struct {
	Module  string `json:"module"`
	Version string `json:"version"`
	Commit  string `json:"commit,omitempty"`
	Time    string `json:"commit_time,omitempty"`
	Dirty   bool   `json:"dirty,omitempty"`
	Go      string `json:"go"`
}

func readVersion() versionInfo {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return versionInfo{Version: "unknown", Go: "unknown"}
	}
	v := versionInfo{Module: bi.Main.Path, Version: bi.Main.Version, Go: bi.GoVersion}
	if v.Version == "" {
		v.Version = "(devel)"
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			v.Commit = s.Value
		case "vcs.time":
			v.Time = s.Value
		case "vcs.modified":
			v.Dirty = s.Value == "true"
		}
	}
	return v
}

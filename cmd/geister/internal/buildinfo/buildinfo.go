// Package buildinfo reads the version of the running binary.
package buildinfo

import "runtime/debug"

// Info is what runtime/debug.ReadBuildInfo tells of the binary: the
// module and its version ("(devel)" for a build from a checkout), the
// version-control commit, its time and whether the checkout had changes,
// and the Go version.
type Info struct {
	Module  string `json:"module"`
	Version string `json:"version"`
	Commit  string `json:"commit,omitempty"`
	Time    string `json:"commit_time,omitempty"`
	Dirty   bool   `json:"dirty,omitempty"`
	Go      string `json:"go"`
}

// Read returns what the Go toolchain recorded in the running binary.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{Version: "unknown", Go: "unknown"}
	}
	v := Info{Module: bi.Main.Path, Version: bi.Main.Version, Go: bi.GoVersion}
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

// String is the information in one line, as "geister version" prints
// it: "geister VERSION commit HASH+dirty (TIME) GO".
func (v Info) String() string {
	s := "geister " + v.Version
	if v.Commit != "" {
		s += " commit " + v.Commit
		if v.Dirty {
			s += "+dirty"
		}
		if v.Time != "" {
			s += " (" + v.Time + ")"
		}
	}
	return s + " " + v.Go
}

package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// helpSet is a command's flags and long help.
type helpSet struct {
	fs      *pflag.FlagSet
	details string
}

// helpFlagSets returns every command's flags and long help by help file
// name, gat's subcommands included.
func helpFlagSets(t *testing.T) map[string]helpSet {
	t.Helper()
	out := map[string]helpSet{}
	for i := range commands {
		c := &commands[i]
		fs, _ := program.FlagSet(c, &bytes.Buffer{})
		out[c.Name] = helpSet{fs, c.Details}
	}
	for _, s := range gatCommand.Subcommands {
		fs := pflag.NewFlagSet("gat "+s.Name, pflag.ContinueOnError)
		s.Flags(fs)
		out["gat-"+s.Name] = helpSet{fs, s.Details}
	}
	return out
}

// TestHelpFiles: every command has its help file and reads its own, and
// no help file is left without a command.
func TestHelpFiles(t *testing.T) {
	sets := helpFlagSets(t)
	entries, err := helpFiles.ReadDir("help")
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, e := range entries {
		name := strings.TrimSuffix(e.Name(), ".txt")
		have[name] = true
		if _, ok := sets[name]; !ok {
			t.Errorf("help/%s belongs to no command", e.Name())
		}
	}
	for name, s := range sets {
		if !have[name] {
			t.Errorf("command %s has no help file help/%s.txt", name, name)
			continue
		}
		b, _ := helpFiles.ReadFile("help/" + name + ".txt")
		text := strings.TrimSpace(string(b))
		if text == "" || !strings.HasPrefix(s.details, text) {
			t.Errorf("command %s does not show help/%s.txt", name, name)
		}
	}
}

var flagWord = regexp.MustCompile(`(^|[^\w-])--([a-z][a-z0-9-]*)`)

// TestHelpNamesFlags: every flag a command declares is explained (a usage
// line in --help, and a deprecated one names its replacement), and every
// --flag its help text names is a flag of that command (or, for a
// reference like "geister match --seed", of another).
func TestHelpNamesFlags(t *testing.T) {
	sets := helpFlagSets(t)
	all := map[string]bool{"help": true}
	for _, s := range sets {
		s.fs.VisitAll(func(f *pflag.Flag) { all[f.Name] = true })
	}
	for name, s := range sets {
		usages := s.fs.FlagUsages()
		s.fs.VisitAll(func(f *pflag.Flag) {
			switch {
			case f.Usage == "":
				t.Errorf("%s --%s: no usage text", name, f.Name)
			case f.Deprecated != "":
				m := flagWord.FindStringSubmatch(f.Deprecated)
				if m == nil || s.fs.Lookup(m[2]) == nil || s.fs.Lookup(m[2]).Deprecated != "" {
					t.Errorf("%s --%s: deprecated without naming the flag that replaces it: %q", name, f.Name, f.Deprecated)
				}
			case !strings.Contains(usages, "--"+f.Name+" ") && !strings.Contains(usages, "--"+f.Name+"\n"):
				t.Errorf("%s --%s: not in the flags of --help", name, f.Name)
			}
		})
		for _, m := range flagWord.FindAllStringSubmatch(s.details, -1) {
			if s.fs.Lookup(m[2]) == nil && !all[m[2]] {
				t.Errorf("help of %s names --%s, a flag of no command", name, m[2])
			}
		}
	}
}

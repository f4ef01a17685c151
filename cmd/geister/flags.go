package main

import (
	"errors"
	"os"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/purple"
)

// recordsFlags are --records FILE and --force of the commands that keep
// game records.
type recordsFlags struct {
	name  *string
	force *bool
}

func addRecordsFlags(fs *pflag.FlagSet, help, forceHelp string) recordsFlags {
	return recordsFlags{fs.String("records", "", help), fs.Bool("force", false, forceHelp)}
}

// create creates the file of --records (nil when there is none); an
// existing file is an error unless --force (then it is overwritten).
func (rf recordsFlags) create() (*os.File, error) {
	name, force := *rf.name, *rf.force
	if name == "" {
		return nil, nil
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if force {
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(name, flag, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, usagef("--records %s: the file exists; give another name, or --force to overwrite it", name)
	}
	return f, err
}

// addGameOutputFlags declares the output flags of gat connect and serve:
// --records and --force, --json and --quiet.
func addGameOutputFlags(fs *pflag.FlagSet) (rf recordsFlags, asJSON, quiet *bool) {
	rf = addRecordsFlags(fs, "write one JSON game record per game to this file (geister replay shows them)", "overwrite the --records file")
	return rf, fs.Bool("json", false, "print one JSON object per game and one for the score"), fs.Bool("quiet", false, "no progress messages on standard error")
}

// parseClasses reads the material classes named by args; check, when not
// nil, may refuse a class read (each class is read and checked in turn).
func parseClasses(args []string, check func(purple.Class) error) ([]purple.Class, error) {
	var cs []purple.Class
	for _, a := range args {
		c, err := purple.ParseClass(a)
		if err != nil {
			return nil, usagef("%v", err)
		}
		if check != nil {
			if err := check(c); err != nil {
				return nil, err
			}
		}
		cs = append(cs, c)
	}
	return cs, nil
}

// rule is a flag-combination rule: the flags named apply only when ok
// holds; msg is the usage error, "--%s" standing for the first of them
// given on the command line.
type rule struct {
	ok    bool
	msg   string
	names []string
}

// onlyWith checks the rules in order and reports the first broken one.
func onlyWith(fs *pflag.FlagSet, rules ...rule) error {
	for _, r := range rules {
		for _, n := range r.names {
			if !r.ok && fs.Changed(n) {
				return usagef(r.msg, n)
			}
		}
	}
	return nil
}

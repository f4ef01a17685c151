package main

import (
	"errors"
	"os"
	"runtime"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
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

// tableDirFlag declares --table, shared by the table commands.
func tableDirFlag(fs *pflag.FlagSet) *string {
	return fs.String("table", "", "table directory (default: $GEISTER_TABLES, else <user cache dir>/geister/tables)")
}

// tableFlags are --table and --no-table of a command whose tables are
// optional (and the --tables of match and play before, kept one release).
type tableFlags struct {
	fs   *pflag.FlagSet
	dir  *string
	none *bool
	old  *string
}

func addTableFlags(fs *pflag.FlagSet, noneHelp string) tableFlags {
	tf := tableFlags{fs: fs, dir: tableDirFlag(fs)}
	fs.Lookup("table").Usage += "; DIR1:DIR2 reads the stores of several directories"
	tf.none = fs.Bool("no-table", false, noneHelp)
	return tf
}

// check reports flags that contradict each other.
func (tf tableFlags) check() error {
	if *tf.none && (tf.fs.Changed("table") || tf.old != nil && tf.fs.Changed("tables")) {
		return usagef("--no-table and --table contradict each other: give one")
	}
	return nil
}

// withOldTables adds the deprecated --tables DIR ("": none).
func (tf tableFlags) withOldTables() tableFlags {
	tf.old = tf.fs.String("tables", "", "the table directory (deprecated: use --table DIR, or --no-table)")
	tf.fs.MarkDeprecated("tables", "use --table DIR, or --no-table")
	return tf
}

// resolve returns the table directory, whether the command line named it,
// and whether tables are wanted at all.
func (tf tableFlags) resolve() (dir string, named, use bool) {
	if *tf.none { // with --table too: check() reports it first
		return "", false, false
	}
	if tf.old != nil && tf.fs.Changed("tables") && !tf.fs.Changed("table") {
		return *tf.old, true, *tf.old != ""
	}
	if *tf.dir != "" {
		return *tf.dir, true, true
	}
	return tablebase.DefaultDir(), false, true
}

// maxThreads bounds --threads: each thread has its own tables or agents,
// so a mistyped count would take all memory before doing any work.
const maxThreads = 1024

func checkThreads(n int) error {
	if n > maxThreads {
		return usagef("--threads %d: at most %d (this machine has %d cores)", n, maxThreads, runtime.NumCPU())
	}
	return nil
}

func tableDir(flag string) string {
	if flag != "" {
		return flag
	}
	return tablebase.DefaultDir()
}

// storeFlags are the proof store flags of the commands that use it.
type storeFlags struct {
	on, off *bool
	dir     *string
}

func addStoreFlags(fs *pflag.FlagSet, what string) storeFlags {
	return storeFlags{
		on: fs.Bool("store", false, "use the proof store (--store-dir), creating it if needed; "+
			"by default it is used when the table directory exists. "+what),
		off: fs.Bool("no-store", false, "do not use the proof store"),
		dir: fs.String("store-dir", "", "the proof store's directory (default: beside the table directory, <table dir>.proofs); implies --store"),
	}
}

func (f storeFlags) choice() sources.Store { return sources.Store{On: *f.on, Off: *f.off, Dir: *f.dir} }

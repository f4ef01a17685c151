// Package cliflags holds the flag groups the geister commands share and
// what they open: --table/--no-table (the endgame tables), the proof store
// flags, the material classes named on a command line, --threads (0 for
// all cores, bounded) and the game flags of the commands that play. Each group declares its flags on a pflag.FlagSet, checks
// them (mistakes are cli usage errors) and resolves or opens what they
// name through package sources.
package cliflags

import (
	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/memlimit"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// TableDir declares --table DIR, the table directory of the commands that
// need tables.
func TableDir(fs *pflag.FlagSet) *string {
	return fs.String("table", "", "table directory (default: $GEISTER_TABLES, else <user cache dir>/geister/tables)")
}

// Dir is the table directory of a --table value: the value, or
// tablebase.DefaultDir for "".
func Dir(flag string) string {
	if flag != "" {
		return flag
	}
	return tablebase.DefaultDir()
}

// Tables are --table and --no-table of a command whose tables are
// optional (and, WithOld, the deprecated --tables DIR).
type Tables struct {
	fs   *pflag.FlagSet
	dir  *string
	none *bool
	old  *string
}

// AddTables declares --table and --no-table on fs; noneHelp explains
// --no-table for the command.
func AddTables(fs *pflag.FlagSet, noneHelp string) Tables {
	t := Tables{fs: fs, dir: TableDir(fs)}
	fs.Lookup("table").Usage += "; DIR1:DIR2 reads the stores of several directories"
	t.none = fs.Bool("no-table", false, noneHelp)
	return t
}

// WithOld adds the deprecated --tables DIR ("": none), the older spelling
// of --table DIR and --no-table.
func (t Tables) WithOld() Tables {
	t.old = t.fs.String("tables", "", "the table directory (deprecated: use --table DIR, or --no-table)")
	t.fs.MarkDeprecated("tables", "use --table DIR, or --no-table")
	return t
}

// Check reports flags that contradict each other: --no-table with
// --table (or --tables).
func (t Tables) Check() error {
	if *t.none && (t.fs.Changed("table") || t.old != nil && t.fs.Changed("tables")) {
		return cli.Usagef("--no-table and --table contradict each other: give one")
	}
	return nil
}

// Resolve returns the table directory, whether the command line named it,
// and whether tables are wanted at all. --table wins over the deprecated
// --tables; with neither, the directory is tablebase.DefaultDir.
func (t Tables) Resolve() (dir string, named, use bool) {
	if *t.none { // with --table too: Check reports it first
		return "", false, false
	}
	if t.old != nil && t.fs.Changed("tables") && !t.fs.Changed("table") {
		return *t.old, true, *t.old != ""
	}
	if *t.dir != "" {
		return *t.dir, true, true
	}
	return tablebase.DefaultDir(), false, true
}

// Open opens the tables of the flags and the proof store of s beside
// them (sources.Open); warn gets the warnings. The caller closes them.
func (t Tables) Open(s Store, warn func(string)) (*sources.Sources, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	src, err := sources.Open(*t.dir, *t.none, s.Choice(), warn)
	return src, WithBuildHint(err)
}

// ForAgents opens what agents get from the command line: the endgame
// tables the flags name when there are any, and the proof store beside
// them when the directory exists.
func (t Tables) ForAgents(warn func(string)) (*sources.Sources, error) {
	if err := t.Check(); err != nil {
		return nil, err
	}
	dir, named, use := t.Resolve()
	if !named {
		dir = ""
	}
	src, err := sources.Open(dir, !use, sources.Store{Off: !use}, warn)
	return src, WithBuildHint(err)
}

// NewAgent makes the agent of spec with the tables and store of
// ForAgents; the returned function releases them.
func (t Tables) NewAgent(spec string, warn func(string)) (player.Agent, func(), error) {
	src, err := t.ForAgents(warn)
	if err != nil {
		return nil, nil, err
	}
	a, err := player.New(spec, PlayerEnv(src))
	if err != nil {
		src.Close()
		return nil, nil, err
	}
	return a, src.Close, nil
}

// PlayerEnv is the agents' environment with the tables and store of src.
func PlayerEnv(src *sources.Sources) player.Env {
	return player.DefaultEnv().WithTables(src.Tables).WithStore(src.ProofStore())
}

// Store are the proof store flags --store, --no-store and --store-dir.
type Store struct {
	on, off *bool
	dir     *string
}

// AddStore declares the proof store flags on fs; what says, after the
// usage of --store, what the store does in the command.
func AddStore(fs *pflag.FlagSet, what string) Store {
	return Store{
		on: fs.Bool("store", false, "use the proof store (--store-dir), creating it if needed; "+
			"by default it is used when the table directory exists. "+what),
		off: fs.Bool("no-store", false, "do not use the proof store"),
		dir: fs.String("store-dir", "", "the proof store's directory (default: beside the table directory, <table dir>.proofs); implies --store"),
	}
}

// Choice is what the flags ask of the store.
func (s Store) Choice() sources.Store {
	return sources.Store{On: *s.on, Off: *s.off, Dir: *s.dir, OffNote: "--no-store silences this"}
}

// Open opens the proof store beside tableDir as the flags say
// (sources.OpenStore): nil when it is not used.
func (s Store) Open(tableDir string, warn func(string)) (*proofstore.Store, func()) {
	return sources.OpenStore(tableDir, s.Choice(), warn)
}

// OpenIfExists is Open for commands that only read: it creates no store
// (sources.OpenStoreIfExists).
func (s Store) OpenIfExists(tableDir string, warn func(string)) (*proofstore.Store, func()) {
	return sources.OpenStoreIfExists(tableDir, s.Choice(), warn)
}

// ParseClasses reads the material classes named by args (a bad one is a
// usage error); check, when not nil, may refuse a class read (each class
// is read and checked in turn).
func ParseClasses(args []string, check func(purple.Class) error) ([]purple.Class, error) {
	var cs []purple.Class
	for _, a := range args {
		c, err := purple.ParseClass(a)
		if err != nil {
			return nil, cli.Usagef("%v", err)
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

// MaxThreads bounds --threads: each thread has its own tables or agents,
// so a mistyped count would take all memory before doing any work.
const MaxThreads = 1024

// CheckMemory is a usage error for a size flag in MiB (--tt) that this
// machine's memory cannot hold (memlimit.Check).
func CheckMemory(flag string, mb int) error {
	if err := memlimit.Check(flag, mb); err != nil {
		return cli.Usagef("%v", err)
	}
	return nil
}

// Prover reads a --prover value: nil for "" (the default: the side showing
// all its colours), the first or second player for "f" or "s".
func Prover(v string) (*engine.Player, error) {
	p, err := solver.ParseProver(v)
	if err != nil {
		return nil, cli.Usagef("--%v", err)
	}
	return p, nil
}

// Position reads a position operand: a position string, or, when gat (the
// value of a --gat flag) is not empty, a GAT board string seen by the
// player gat names ("f" or "s"), who is to move.
func Position(s, gat string) (engine.Position, error) {
	if gat == "" {
		return engine.ParsePosition(s)
	}
	viewer, ok := engine.ParsePlayer(gat)
	if !ok {
		return engine.Position{}, cli.Usagef("--gat %q: want f or s, the player who receives the board", gat)
	}
	g, err := engine.ParseGATBoard(s)
	if err != nil {
		return engine.Position{}, err
	}
	return g.Position(viewer, viewer)
}

package cliflags_test

import (
	"fmt"
	"os"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
)

// The table flags of a command whose tables are optional, resolved for a
// few command lines: --table names the directory, --no-table asks for
// none, and without either the default directory is used.
func ExampleTables_Resolve() {
	os.Setenv("GEISTER_TABLES", "/var/cache/tables")
	for _, args := range [][]string{{"--table", "/data/tables"}, {"--no-table"}, {}, {"--no-table", "--table", "/data/tables"}} {
		fs := pflag.NewFlagSet("demo", pflag.ContinueOnError)
		tf := cliflags.AddTables(fs, "use no endgame tables")
		fs.Parse(args)
		if err := tf.Check(); err != nil {
			fmt.Printf("%q: %v\n", args, err)
			continue
		}
		dir, named, use := tf.Resolve()
		fmt.Printf("%q: dir %q, named %v, use %v\n", args, dir, named, use)
	}
	// Output:
	// ["--table" "/data/tables"]: dir "/data/tables", named true, use true
	// ["--no-table"]: dir "", named false, use false
	// []: dir "/var/cache/tables", named false, use true
	// ["--no-table" "--table" "/data/tables"]: --no-table and --table contradict each other: give one
}

// Classes named on a command line, each checked in turn.
func ExampleParseClasses() {
	cs, err := cliflags.ParseClasses([]string{"1B1R-2U1r", "2B1R-2U1r"}, nil)
	fmt.Println(cs, err)
	_, err = cliflags.ParseClasses([]string{"1B1R-2U1r", "1X"}, nil)
	fmt.Println(err != nil)
	// Output:
	// [1B1R-2U1r 2B1R-2U1r] <nil>
	// true
}

// The game flags of a command that plays many games, checked after
// parsing: --threads 0 means all cores.
func ExampleAddGame() {
	fs := pflag.NewFlagSet("match", pflag.ContinueOnError)
	g := cliflags.AddGame(fs, cliflags.GameHelp{
		Games: "number of games", Seed: "seed of the match",
		PlyLimit: "draw after this many plies (0: none)", Threads: "games played at once",
	})
	fs.Parse([]string{"--games", "10", "--seed", "7", "--threads", "0"})
	fmt.Println(g.Games, g.Seed, g.PlyLimit, g.Check(), cliflags.Threads(g.Threads) > 0)
	fs.Parse([]string{"--ply-limit", "-1"})
	fmt.Println(g.Check())
	// Output:
	// 10 7 200 <nil> true
	// --ply-limit -1: want 0 (no limit) or more
}

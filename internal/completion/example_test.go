package completion_test

import (
	"os"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/internal/completion"
)

// The fish script of a command table with one command.
func ExampleFish() {
	fs := pflag.NewFlagSet("show", pflag.ContinueOnError)
	fs.Bool("json", false, "print one JSON object")
	fs.String("table", "", "table directory")
	cmds := []completion.Command{{Name: "show", Summary: "print a position: board and moves", Flags: completion.FlagsOf(fs)}}
	completion.Fish(os.Stdout, cmds)
	// Output:
	// x
}

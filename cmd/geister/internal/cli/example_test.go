package cli_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
)

// A program of one command: its help, a run, a usage error and a flag
// error, each with its exit status.
func ExampleProgram_Run() {
	greet := cli.Command{
		Name: "greet", Args: "NAME", Summary: "greet someone",
		Details: "Prints a greeting for NAME.",
		Flags: func(fs *pflag.FlagSet) func(*cli.Env, []string) error {
			times := fs.Int("times", 1, "greet this many times")
			return func(e *cli.Env, args []string) error {
				if len(args) != 1 {
					return cli.Usagef("want one name, got %d", len(args))
				}
				for range *times {
					fmt.Fprintf(e.Stdout, "hello, %s\n", args[0])
				}
				return nil
			}
		},
	}
	p := &cli.Program{Name: "demo", Title: "demo: a demonstration", Footer: "See the source.\n", Commands: []cli.Command{greet}}
	e := &cli.Env{Ctx: context.Background(), Stdin: strings.NewReader(""), Stdout: os.Stdout, Stderr: os.Stdout}
	for _, args := range [][]string{{"help"}, {"greet", "--help"}, {"greet", "--times", "2", "you"}, {"greet"}, {"greet", "--times", "x", "you"}} {
		fmt.Printf("$ demo %s\n", strings.Join(args, " "))
		fmt.Println("exit", p.Run(e, args))
	}
	// Output:
	// $ demo help
	// demo: a demonstration
	//
	// usage: demo COMMAND [flags] [args]
	//
	// commands:
	//   greet  greet someone
	//
	// See the source.
	// exit 0
	// $ demo greet --help
	// usage: demo greet [flags] NAME
	//
	// greet someone
	//
	// Prints a greeting for NAME.
	//
	// flags:
	//       --times int   greet this many times (default 1)
	// exit 0
	// $ demo greet --times 2 you
	// hello, you
	// hello, you
	// exit 0
	// $ demo greet
	// demo greet: want one name, got 0 (see demo greet --help)
	// exit 2
	// $ demo greet --times x you
	// demo greet: invalid argument "x" for "--times" flag: want a whole number (see demo greet --help)
	// exit 2
}

package cli_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
)

// A command checks its flags as a table, one row a check: the first
// failing row is the usage error (exit status 2).
func ExampleCheck() {
	run := cli.Command{
		Name: "run", Summary: "run games",
		Flags: func(fs *pflag.FlagSet) func(*cli.Env, []string) error {
			games := fs.Int("games", 1, "games to play")
			port := fs.Int("port", 10000, "the server's port")
			seed := fs.Uint64("seed", 1, "with --games 2 or more: the seed")
			return func(e *cli.Env, args []string) error {
				if err := cli.Check(
					cli.AtLeast("--games", *games, 1, "want at least 1"),
					cli.InRange("--port", *port, 1, 65535, "want 1-65535"),
					cli.OnlyWith(fs, cli.OnlyIf(*games > 1, "--%s applies only with --games 2 or more", "seed")),
				); err != nil {
					return err
				}
				fmt.Fprintf(e.Stdout, "%d games on port %d, seed %d\n", *games, *port, *seed)
				return nil
			}
		},
	}
	p := &cli.Program{Name: "demo", Commands: []cli.Command{run}}
	e := &cli.Env{Ctx: context.Background(), Stdout: os.Stdout, Stderr: os.Stdout}
	for _, args := range [][]string{{"run", "--games", "3", "--seed", "7"}, {"run", "--games", "0", "--port", "0"}, {"run", "--port", "70000"}, {"run", "--seed", "7"}} {
		fmt.Printf("$ demo %s\n", strings.Join(args, " "))
		fmt.Println("exit", p.Run(e, args))
	}
	// Output:
	// $ demo run --games 3 --seed 7
	// 3 games on port 10000, seed 7
	// exit 0
	// $ demo run --games 0 --port 0
	// demo run: --games 0: want at least 1 (see demo run --help)
	// exit 2
	// $ demo run --port 70000
	// demo run: --port 70000: want 1-65535 (see demo run --help)
	// exit 2
	// $ demo run --seed 7
	// demo run: --seed applies only with --games 2 or more (see demo run --help)
	// exit 2
}

// A command made of subcommands: "demo net listen --port 8080", with each
// subcommand's own flags and help.
func ExampleCommand_subcommands() {
	listen := cli.Command{
		Name: "listen", Summary: "listen for a peer", Details: "Waits for one peer on --port.",
		Flags: func(fs *pflag.FlagSet) func(*cli.Env, []string) error {
			port := fs.Int("port", 9000, "port to listen on")
			return func(e *cli.Env, _ []string) error {
				fmt.Fprintf(e.Stdout, "listening on %d\n", *port)
				return nil
			}
		},
	}
	dial := cli.Command{
		Name: "dial", Args: "HOST", Summary: "call a peer",
		Flags: func(fs *pflag.FlagSet) func(*cli.Env, []string) error {
			return func(e *cli.Env, args []string) error {
				fmt.Fprintf(e.Stdout, "calling %s\n", strings.Join(args, " "))
				return nil
			}
		},
	}
	net := cli.Command{Name: "net", Args: "listen|dial", Summary: "talk to a peer", Subcommands: []cli.Command{listen, dial}}
	p := &cli.Program{Name: "demo", Commands: []cli.Command{net}}
	e := &cli.Env{Ctx: context.Background(), Stdout: os.Stdout, Stderr: os.Stdout}
	for _, args := range [][]string{{"net", "listen", "--port", "8080"}, {"net", "dial", "example.org"}, {"net", "listen", "--help"}, {"net", "wait"}} {
		fmt.Printf("$ demo %s\n", strings.Join(args, " "))
		fmt.Println("exit", p.Run(e, args))
	}
	// Output:
	// $ demo net listen --port 8080
	// listening on 8080
	// exit 0
	// $ demo net dial example.org
	// calling example.org
	// exit 0
	// $ demo net listen --help
	// usage: demo net listen [flags]
	//
	// listen for a peer
	//
	// Waits for one peer on --port.
	//
	// flags:
	//       --port int   port to listen on (default 9000)
	// exit 0
	// $ demo net wait
	// demo net: unknown subcommand "wait": want listen or dial (see demo net --help)
	// exit 2
}

// Records declares --records and --force: Create makes the file, and
// refuses one that exists unless --force.
func ExampleRecords() {
	dir, _ := os.MkdirTemp("", "records")
	defer os.RemoveAll(dir)
	name := dir + "/games.jsonl"
	for _, args := range [][]string{{"--records", name}, {"--records", name}, {"--records", name, "--force"}} {
		fs := pflag.NewFlagSet("demo", pflag.ContinueOnError)
		rf := cli.AddRecords(fs, "write the games here", "overwrite --records")
		fs.Parse(args)
		f, err := rf.Create()
		if err != nil {
			fmt.Println(strings.ReplaceAll(err.Error(), dir, "DIR"))
			continue
		}
		fmt.Println("created", strings.ReplaceAll(f.Name(), dir, "DIR"))
		f.Close()
	}
	// Output:
	// created DIR/games.jsonl
	// --records DIR/games.jsonl: the file exists; give another name, or --force to overwrite it
	// created DIR/games.jsonl
}

package cliflags

import (
	"runtime"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
)

func TestThreads(t *testing.T) {
	if Threads(0) != runtime.NumCPU() || Threads(3) != 3 {
		t.Errorf("Threads(0) = %d, Threads(3) = %d; want %d and 3", Threads(0), Threads(3), runtime.NumCPU())
	}
	if CheckThreads(0) != nil {
		t.Error("CheckThreads refuses 0 (all cores)")
	}
	if m := usageMsg(CheckThreads(-1)); m != "--threads -1: want 1 or more (0: all cores)" {
		t.Errorf("CheckThreads(-1): %q", m)
	}
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	var n int
	ThreadsVar(fs, &n, "games played at once")
	if n != runtime.NumCPU() || !strings.Contains(fs.Lookup("threads").Usage, "(0: all cores)") {
		t.Errorf("--threads: default %d, usage %q", n, fs.Lookup("threads").Usage)
	}
}

// The game flags as the commands declare them: all four, or the seed and
// the draw limit only; each out-of-range value is the usage error that
// names it.
func TestGameFlags(t *testing.T) {
	many := GameHelp{Games: "g", Seed: "s", PlyLimit: "p", Threads: "t"}
	one := GameHelp{Seed: "s", PlyLimit: "p"}
	for _, c := range []struct {
		help GameHelp
		args []string
		want string // the usage error, "" for none
		game Game   // what the flags hold, when want is ""
	}{
		{many, nil, "", Game{Games: 100, Seed: 1, PlyLimit: engine.DefaultPlyLimit, Threads: runtime.NumCPU()}},
		{many, []string{"--games", "3", "--seed", "9", "--ply-limit", "0", "--threads", "0"}, "", Game{Games: 3, Seed: 9}},
		{many, []string{"--games", "0"}, "--games 0: want at least 1", Game{}},
		{many, []string{"--ply-limit", "-1"}, "--ply-limit -1: want 0 (no limit) or more", Game{}},
		{many, []string{"--threads", "-2"}, "--threads -2: want 1 or more (0: all cores)", Game{}},
		{many, []string{"--threads", "5000"}, "--threads 5000: at most 1024", Game{}},
		{one, []string{"--seed", "4"}, "", Game{Seed: 4, PlyLimit: engine.DefaultPlyLimit}},
		{one, []string{"--ply-limit", "-3"}, "--ply-limit -3: want 0 (no limit) or more", Game{}},
		{one, []string{"--games", "3"}, "parse", Game{}},
		{one, []string{"--threads", "3"}, "parse", Game{}},
	} {
		fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
		g := AddGame(fs, c.help)
		if err := fs.Parse(c.args); err != nil {
			if c.want != "parse" {
				t.Errorf("%q: %v", c.args, err)
			}
			continue
		}
		if c.want == "parse" {
			t.Errorf("%q: a flag the command does not have was accepted", c.args)
			continue
		}
		err := g.Check()
		if c.want != "" {
			if m := usageMsg(err); !strings.HasPrefix(m, c.want) {
				t.Errorf("%q: %q, want %q", c.args, m, c.want)
			}
			continue
		}
		got := *g
		got.games, got.threads = false, false
		if err != nil || got != c.game {
			t.Errorf("%q: %+v, %v; want %+v", c.args, got, err, c.game)
		}
	}
}

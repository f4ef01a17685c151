package main

// Tests of commands through their seam: a command value with its flags'
// values set (by parsing or directly) and its run method, without the
// command table, so each can be tested alone.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/solver"
)

// declared returns a command C with its flags' defaults and those args
// set (as the table does before run).
func declared[C any, P interface {
	*C
	declare(fs *pflag.FlagSet)
}](t *testing.T, args ...string) P {
	t.Helper()
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	c := P(new(C))
	c.declare(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatalf("flags %q: %v", args, err)
	}
	if p, ok := any(c).(interface{ parsed(fs *pflag.FlagSet) }); ok {
		p.parsed(fs)
	}
	return c
}

// testEnv is an env with empty standard input and buffers for the
// outputs.
func testEnv() (*env, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &env{Ctx: context.Background(), Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb}, &out, &errb
}

func TestSolveSeamAgreesWithSolver(t *testing.T) {
	positions := []string{
		"uu1B2/6/R5/6/6/6 f R1r1 0",                // paper 000's Fig. 4: a win in 5 plies
		"1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0", // the opening: hidden nothing, no short answer
		"6/uu4/6/6/R5/2B3 f R1r1 0",                // no win within 9 plies, after a search
		"6/6/2u3/6/3B2/6 f B1R0b1 0",               // not a position: an error line
	}
	cmd := declared[solveCmd](t, "--no-table", "--no-store")
	cmd.jsonOut, cmd.quiet, cmd.threads, cmd.nodes, cmd.maxPlies = true, true, 1, 20000, 9
	e, out, errb := testEnv()
	err := cmd.run(e, positions)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != len(positions) {
		t.Fatalf("run: %v; %d lines for %d positions:\n%s%s", err, len(lines), len(positions), out, errb)
	}
	for i, l := range lines {
		var got struct {
			Result, Move, Error string
			Plies               int
		}
		if jerr := json.Unmarshal([]byte(l), &got); jerr != nil {
			t.Fatalf("line %d %q: %v", i, l, jerr)
		}
		// The same question asked of package solver directly.
		want := solver.NewJob(i, positions[i], nil)
		if want.Err != nil {
			if got.Error == "" {
				t.Errorf("%s: the command answered %q, solver refuses it: %v", positions[i], l, want.Err)
			}
			continue
		}
		s := solver.New(solver.Options{MaxNodes: 20000, MaxPlies: 9, TTMegabytes: 128})
		a, serr := s.Solve(context.Background(), want.Pos, want.Prover)
		if serr != nil {
			t.Fatalf("%s: solver: %v", positions[i], serr)
		}
		if got.Result != a.Result.String() || got.Plies != a.Plies || got.Move != moveText(a) {
			t.Errorf("%s: the command says %s in %d (%s), solver %s in %d (%s)", positions[i], got.Result, got.Plies, got.Move, a.Result, a.Plies, moveText(a))
		}
	}
	if out0 := lines[0]; !strings.Contains(out0, `"result":"win","plies":5`) {
		t.Errorf("paper 000's Fig. 4 is a win in 5 plies: %s", out0)
	}
	if err != nil && !errors.Is(err, cli.ErrReported) {
		t.Errorf("run: %v", err)
	}
}

// moveText is an answer's move as SPEC §5's JSON writes it.
func moveText(a solver.Answer) string {
	if a.Result != solver.Win || a.Move == engine.NoMove {
		return ""
	}
	return a.Move.String()
}

func TestPerftSeamCountsAsEngine(t *testing.T) {
	pos := "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0"
	e, out, _ := testEnv()
	if err := (&perftCmd{jsonOut: true}).run(e, []string{pos, "3"}); err != nil {
		t.Fatal(err)
	}
	p := engine.MustParsePosition(pos)
	var want strings.Builder
	for d := 1; d <= 3; d++ {
		fmt.Fprintf(&want, "{\"depth\":%d,\"count\":%d}\n", d, engine.Perft(&p, d))
	}
	if out.String() != want.String() {
		t.Errorf("perft --json:\n%s\nwant\n%s", out, want.String())
	}
}

func TestShowSeamUsageErrors(t *testing.T) {
	for _, c := range []struct {
		cmd  showCmd
		args []string
		want string
	}{
		{showCmd{jsonOut: true, svgOut: true}, []string{"6/6/6/6/6/6 f R1r1 0"}, "--json, --svg and --png: choose one"},
		{showCmd{}, nil, "want one position string (quoted), got 0 arguments"},
	} {
		e, out, _ := testEnv()
		err := c.cmd.run(e, c.args)
		var ue cli.UsageError
		if !errors.As(err, &ue) || ue.Msg != c.want || out.Len() != 0 {
			t.Errorf("%+v %q: %v (output %q), want the usage error %q", c.cmd, c.args, err, out, c.want)
		}
	}
}

func TestMatchSeamSameSeedSameGames(t *testing.T) {
	play := func(seed uint64) (string, map[string]any) {
		cmd := declared[matchCmd](t, "--no-table", "--quiet", "--json")
		cmd.game.Games, cmd.game.Seed, cmd.game.Threads = 6, seed, 2
		e, out, errb := testEnv()
		if err := cmd.run(e, []string{"random", "chototsu"}); err != nil {
			t.Fatalf("match: %v\n%s", err, errb)
		}
		var sum map[string]any
		if err := json.Unmarshal(out.Bytes(), &sum); err != nil {
			t.Fatalf("match --json: %v: %s", err, out)
		}
		return fmt.Sprint(sum["wins"], sum["losses"], sum["draws"], sum["avg_plies"], sum["reasons"]), sum
	}
	a, sum := play(7)
	if n := sum["wins"].(float64) + sum["losses"].(float64) + sum["draws"].(float64); n != 6 {
		t.Errorf("6 games, %v counted: %v", n, sum)
	}
	if b, _ := play(7); a != b {
		t.Errorf("the same seed gave two matches: %s and %s", a, b)
	}
}

// failingWriter fails every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

func TestWriteErrorIsAnError(t *testing.T) {
	pos := "uu1B2/6/R5/6/6/6 f R1r1 0"
	for _, args := range [][]string{
		{"show", pos},
		{"solve", "--no-table", "--quiet", pos},
		{"solve", "--no-table", "--quiet", "--json", pos, pos},
		{"perft", "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0", "2"},
		{"match", "--no-table", "--quiet", "--games", "2", "random", "random"},
		{"version"},
	} {
		var errb bytes.Buffer
		code := run(&env{Ctx: context.Background(), Stdin: strings.NewReader(""), Stdout: failingWriter{}, Stderr: &errb}, args)
		if code != 1 || !strings.Contains(errb.String(), "no space left on device") {
			t.Errorf("%q on a full disk: exit %d, %q; want 1 and the write error", args, code, errb.String())
		}
	}
}

// --threads 0 is all cores in every command that has --threads; below 0
// it is the same usage error everywhere.
func TestThreadsZeroIsAllCores(t *testing.T) {
	pos := "uu1B2/6/R5/6/6/6 f R1r1 0"
	for _, args := range [][]string{
		{"solve", "--no-table", "--quiet", "--threads", "0", pos},
		{"solve", "--no-table", "--quiet", "--threads", "0", pos, pos},
		{"match", "--no-table", "--quiet", "--threads", "0", "--games", "2", "random", "random"},
	} {
		if code, out, errOut := runCmd(t, "", args...); code != 0 || out == "" {
			t.Errorf("%q: exit %d, %q, %q", args, code, out, errOut)
		}
	}
	results := t.TempDir() + "/results.jsonl"
	for _, args := range [][]string{
		{"solve", pos},
		{"match", "random", "random"},
		{"tournament", "--results", results, "random", "chototsu"},
		{"build", "--table", t.TempDir(), "1B1R-2U1r"},
		{"enumerate", "--sample", "1", "1B1R-2U1r"},
		{"keeper", "--max-pieces", "4"},
	} {
		args = append([]string{args[0], "--threads", "-1"}, args[1:]...)
		code, _, errOut := runCmd(t, "", args...)
		if want := "geister " + args[0] + ": --threads -1: want 1 or more (0: all cores)"; code != 2 || !strings.HasPrefix(errOut, want) {
			t.Errorf("%q: exit %d, %q; want 2 and %q", args, code, errOut, want)
		}
	}
}

package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
)

// runCmd runs a command line in-process and returns its exit status and
// outputs.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(&env{Ctx: context.Background(), Stdin: strings.NewReader(stdin), Stdout: &out, Stderr: &errb}, args)
	return code, out.String(), errb.String()
}

func TestHelpListsEveryCommandAndFlag(t *testing.T) {
	code, out, _ := runCmd(t, "", "help")
	if code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for _, c := range commands {
		if !strings.Contains(out, "  "+c.Name+" ") {
			t.Errorf("help does not list %s", c.Name)
		}
		code, usage, _ := runCmd(t, "", c.Name, "--help")
		if code != 0 || !strings.Contains(usage, "usage: geister "+c.Name) {
			t.Errorf("%s --help: exit %d, %q", c.Name, code, usage)
		}
		fs, _ := program.FlagSet(&c, &bytes.Buffer{})
		fs.VisitAll(func(f *pflag.Flag) {
			if f.Deprecated != "" {
				return // hidden; its replacement is listed
			}
			if strings.TrimSpace(f.Usage) == "" || !strings.Contains(usage, "--"+f.Name) {
				t.Errorf("%s --%s has no help text", c.Name, f.Name)
			}
		})
	}
}

func TestUsageErrorsExit2(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"nosuchcommand"},
		{"show"},
		{"show", "--nosuchflag", "x"},
		{"perft", "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0"},
		{"perft", "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0", "x"},
	} {
		code, _, errOut := runCmd(t, "", args...)
		oneLine := strings.Count(strings.TrimSpace(errOut), "\n") == 0
		if code != 2 || (len(args) > 0 && !oneLine) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line", args, code, errOut)
		}
	}
}

func TestShow(t *testing.T) {
	pos := "uu1B2/6/R5/6/6/6 f R1r1 0"
	code, out, _ := runCmd(t, "", "show", pos)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	p := engine.MustParsePosition(pos)
	var ml engine.MoveList
	ml.Generate(&p)
	for _, m := range ml.Slice() {
		if !strings.Contains(out, m.String()) {
			t.Errorf("show does not list %s:\n%s", m, out)
		}
	}
	if !strings.Contains(out, fmt.Sprintf("%d legal moves", ml.N)) || !strings.Contains(out, " 3  R . . . . .") {
		t.Errorf("show output:\n%s", out)
	}
	code, _, errOut := runCmd(t, "", "show", "uu1B2/6/R5/6/6/6 f R9r1")
	if code != 1 || !strings.Contains(errOut, "field 3") {
		t.Errorf("bad position: exit %d, %q", code, errOut)
	}
	code, out, _ = runCmd(t, "", "show", "--gat", "f", "14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u")
	if code != 0 || !strings.Contains(out, "1uuuu1/1uuuu1/6/6/1BRRR1/1RBBB1 f R4r4 0") {
		t.Errorf("show --gat: exit %d\n%s", code, out)
	}
}

func TestPerftCommand(t *testing.T) {
	pos := "rb1B2/6/R5/6/6/6 f R1r1 0"
	code, out, _ := runCmd(t, "", "perft", pos, "4")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	p := engine.MustParsePosition(pos)
	var want strings.Builder
	for d := 1; d <= 4; d++ {
		fmt.Fprintf(&want, "%d %d\n", d, engine.Perft(&p, d))
	}
	if out != want.String() {
		t.Errorf("perft output %q, want %q", out, want.String())
	}
	code, out, _ = runCmd(t, "", "perft", "--divide", pos, "3")
	if code != 0 || !strings.Contains(out, fmt.Sprintf("total %d", engine.Perft(&p, 3))) {
		t.Errorf("divide: exit %d\n%s", code, out)
	}
	code, _, errOut := runCmd(t, "", "perft", "uu1B2/6/R5/6/6/6 f R1r1 0", "2")
	if code != 1 || !strings.Contains(errOut, "hidden") {
		t.Errorf("hidden pieces: exit %d %q", code, errOut)
	}
}

func TestHelpOnceOnStdout(t *testing.T) {
	for _, c := range commands {
		code, out, errOut := runCmd(t, "", c.Name, "--help")
		if code != 0 || errOut != "" || strings.Count(out, "usage: geister "+c.Name) != 1 {
			t.Errorf("%s --help: exit %d, stdout has the usage %d times, stderr %q", c.Name, code, strings.Count(out, "usage:"), errOut)
		}
	}
}

// A bad number in a flag says what the flag wants, not what strconv saw.
func TestFlagNumberErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "--seed", "-1", "random", "random"}, `"--seed" flag: want a whole number, 0 or more`},
		{[]string{"match", "--games", "1e3", "random", "random"}, `"--games" flag: want a whole number (`},
		{[]string{"solve", "--threads", "99999999999999999999999", "x"}, `"--threads" flag: out of range`},
	} {
		code, _, errOut := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "strconv") {
			t.Errorf("%q: exit %d, %q", c.args, code, errOut)
		}
	}
}

package cli

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

func newFS() *pflag.FlagSet {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.SetOutput(&bytes.Buffer{})
	return fs
}

// isUsage reports whether err is a UsageError whose message is msg.
func isUsage(err error, msg string) bool {
	var ue UsageError
	return errors.As(err, &ue) && ue.Msg == msg
}

// --records refuses an existing file unless --force, which overwrites it.
func TestRecordsCreate(t *testing.T) {
	name := filepath.Join(t.TempDir(), "r.jsonl")
	open := func(args ...string) (*os.File, error) {
		fs := newFS()
		r := AddRecords(fs, "records", "force")
		if err := fs.Parse(args); err != nil {
			t.Fatal(err)
		}
		return r.Create()
	}
	if f, err := open(); f != nil || err != nil {
		t.Fatalf("no --records: %v, %v; want nil, nil", f, err)
	}
	f, err := open("--records", name)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("keep\n")
	f.Close()
	f, err = open("--records", name)
	if f != nil || !isUsage(err, "--records "+name+": the file exists; give another name, or --force to overwrite it") {
		t.Errorf("existing file: %v, %v; want the usage error", f, err)
	}
	if b, _ := os.ReadFile(name); string(b) != "keep\n" {
		t.Errorf("the refused file was changed: %q", b)
	}
	f, err = open("--force", "--records", name)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if b, _ := os.ReadFile(name); len(b) != 0 {
		t.Errorf("--force: the file holds %q, want it truncated", b)
	}
}

// OnlyWith reports the first broken rule, naming the first of its flags
// (in the rule's order) that the command line set.
func TestOnlyWith(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string // "" for no error
	}{
		{nil, ""},
		{[]string{"--a", "--b"}, "--a applies only with --x"},
		{[]string{"--b", "--a"}, "--a applies only with --x"},
		{[]string{"--b"}, "--b applies only with --x"},
		{[]string{"--x", "--a", "--b"}, ""},
		{[]string{"--c"}, "--c never applies"},
		{[]string{"--c", "--a"}, "--a applies only with --x"},
	} {
		fs := newFS()
		x, _, _, _ := fs.Bool("x", false, ""), fs.Bool("a", false, ""), fs.Bool("b", false, ""), fs.Bool("c", false, "")
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		err := OnlyWith(fs,
			OnlyIf(*x, "--%s applies only with --x", "a", "b"),
			OnlyIf(false, "--%s never applies", "c"))
		if c.want == "" && err != nil || c.want != "" && !isUsage(err, c.want) {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}
}

// A Switch reads the switch forms as a boolean, and any other value as
// the older form's.
func TestSwitch(t *testing.T) {
	for _, c := range []struct {
		args []string
		on   bool
		old  string
	}{
		{nil, false, ""},
		{[]string{"--store"}, true, ""},
		{[]string{"--store=false"}, false, ""},
		{[]string{"--store=true"}, true, ""},
		{[]string{"--store=/some/dir"}, true, "/some/dir"},
		{[]string{"--store", "operand"}, true, ""},
	} {
		fs := newFS()
		s := AddSwitch(fs, "store", "a switch")
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if s.On != c.on || s.Old != c.old {
			t.Errorf("%q: on %v old %q, want %v %q", c.args, s.On, s.Old, c.on, c.old)
		}
	}
	fs := newFS()
	AddSwitch(fs, "store", "a switch")
	if u := fs.FlagUsages(); !strings.Contains(u, "--store ") || strings.Contains(u, "--store bool") {
		t.Errorf("help shows the switch as %q, want a bare --store", u)
	}
}

// An alias sets its flag's value, is deprecated, and is left out of help.
func TestAlias(t *testing.T) {
	fs := newFS()
	n := fs.Int("threads", 4, "threads")
	Alias(fs, "jobs", "threads")
	if err := fs.Parse([]string{"--jobs", "7"}); err != nil {
		t.Fatal(err)
	}
	if *n != 7 {
		t.Errorf("--jobs 7 set --threads to %d", *n)
	}
	if d := fs.Lookup("jobs").Deprecated; d != "use --threads" {
		t.Errorf("deprecation %q", d)
	}
	if u := fs.FlagUsages(); strings.Contains(u, "jobs") {
		t.Errorf("help shows the alias:\n%s", u)
	}
	if *n = 0; fs.Parse([]string{"--threads", "3", "--jobs", "5"}) != nil || *n != 5 {
		t.Errorf("--threads 3 --jobs 5: %d, want the last, 5", *n)
	}
}

// A table of checks reports its first failing row in the form
// "FLAG VALUE: WORDING", and nothing when every row holds.
func TestCheck(t *testing.T) {
	games, port, wait := 0, 70000, -time.Second
	err := Check(
		InRange("--port", port, 1, 65535, "want 1-65535"),
		AtLeast("--games", games, 1, "want at least 1"),
	)
	if !isUsage(err, "--port 70000: want 1-65535") {
		t.Errorf("got %v", err)
	}
	if err := Check(AtLeast("--wait", wait, 0, "want 0 or more")); !isUsage(err, "--wait -1s: want 0 or more") {
		t.Errorf("duration: %v", err)
	}
	if err := Check(Want(games > 0, "--games and --port: %s", "no")); !isUsage(err, "--games and --port: no") {
		t.Errorf("Want: %v", err)
	}
	if err := Check(InRange("--port", 1, 1, 65535, ""), InRange("--port", 65535, 1, 65535, ""), AtLeast("--games", 1, 1, ""), Want(true, "x")); err != nil {
		t.Errorf("rows that hold: %v", err)
	}
	if Reported(false) != nil || Reported(true) != ErrReported {
		t.Error("Reported")
	}
}

// Subcommands: each parses its own flags, prints its own help on standard
// output, and every mistake is a one-line usage error of the group.
func TestSubcommands(t *testing.T) {
	var got string
	sub := func(name, args string) Command {
		return Command{Name: name, Args: args, Summary: name + " things", Details: "About " + name + ".",
			Flags: func(fs *pflag.FlagSet) func(*Env, []string) error {
				n := fs.Int("n", 1, "how many")
				return func(e *Env, args []string) error {
					got = name + " " + strings.Join(args, ",") + " " + strings.Repeat("*", *n)
					return nil
				}
			}}
	}
	p := &Program{Name: "p", Commands: []Command{{Name: "grp", Args: "a|b|c", Summary: "a group",
		Subcommands: []Command{sub("a", ""), sub("b", "FILE"), {Name: "c", Summary: "nested", Subcommands: []Command{sub("d", "")}}}}}}
	for _, c := range []struct {
		args           []string
		code           int
		out, err, runs string
	}{
		{[]string{"grp", "a", "--n", "3"}, 0, "", "", "a  ***"},
		{[]string{"grp", "b", "f1", "--n", "2", "f2"}, 0, "", "", "b f1,f2 **"},
		{[]string{"grp", "c", "d"}, 0, "", "", "d  *"},
		{[]string{"grp", "a", "--help"}, 0, "usage: p grp a [flags]\n\na things\n\nAbout a.\n\nflags:\n      --n int   how many (default 1)\n", "", ""},
		{[]string{"grp", "b", "-h"}, 0, "usage: p grp b [flags] FILE\n\nb things\n\nAbout b.\n\nflags:\n      --n int   how many (default 1)\n", "", ""},
		{[]string{"grp", "c", "d", "--help"}, 0, "usage: p grp c d [flags]\n\nd things\n\nAbout d.\n\nflags:\n      --n int   how many (default 1)\n", "", ""},
		{[]string{"grp"}, 2, "", "p grp: want a subcommand: a, b or c (see p grp --help)\n", ""},
		{[]string{"grp", "z"}, 2, "", "p grp: unknown subcommand \"z\": want a, b or c (see p grp --help)\n", ""},
		{[]string{"grp", "c", "z"}, 2, "", "p grp: unknown subcommand \"z\": want d (see p grp --help)\n", ""},
		{[]string{"grp", "a", "x"}, 2, "", "p grp: a takes no operands, got [\"x\"] (see p grp --help)\n", ""},
		{[]string{"grp", "a", "--n", "x"}, 2, "", "p grp: a: invalid argument \"x\" for \"--n\" flag: want a whole number (see p grp --help)\n", ""},
		{[]string{"grp", "--n", "1", "a"}, 2, "", "p grp: unknown flag: --n (see p grp --help)\n", ""},
	} {
		got = ""
		var out, errb bytes.Buffer
		code := p.Run(&Env{Ctx: context.Background(), Stdout: &out, Stderr: &errb}, c.args)
		if code != c.code || out.String() != c.out || errb.String() != c.err || got != c.runs {
			t.Errorf("%q: exit %d, ran %q\nstdout %q\nstderr %q\nwant exit %d, ran %q\nstdout %q\nstderr %q", c.args, code, got, out.String(), errb.String(), c.code, c.runs, c.out, c.err)
		}
	}
}

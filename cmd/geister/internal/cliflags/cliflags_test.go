package cliflags

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/sources"
)

func parsed(t *testing.T, args []string, declare func(fs *pflag.FlagSet)) *pflag.FlagSet {
	t.Helper()
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	fs.SetOutput(&bytes.Buffer{})
	declare(fs)
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
	return fs
}

func usageMsg(err error) string {
	var ue cli.UsageError
	if errors.As(err, &ue) {
		return ue.Msg
	}
	return ""
}

// Resolve: --no-table means none; --table wins over the deprecated
// --tables; --tables "" means none; without either, the default directory
// (not named on the command line).
func TestTablesResolve(t *testing.T) {
	t.Setenv("GEISTER_TABLES", "/default/tables")
	for _, c := range []struct {
		args      []string
		old       bool
		dir       string
		named     bool
		use       bool
		contradic bool
	}{
		{nil, false, "/default/tables", false, true, false},
		{[]string{"--table", "/a"}, false, "/a", true, true, false},
		{[]string{"--no-table"}, false, "", false, false, false},
		{[]string{"--no-table", "--table", "/a"}, false, "", false, false, true},
		{[]string{"--tables", "/b"}, true, "/b", true, true, false},
		{[]string{"--tables", ""}, true, "", true, false, false},
		{[]string{"--tables", "/b", "--table", "/a"}, true, "/a", true, true, false},
		{[]string{"--table", "/a", "--tables", "/b"}, true, "/a", true, true, false},
		{[]string{"--no-table", "--tables", "/b"}, true, "", false, false, true},
	} {
		var tf Tables
		parsed(t, c.args, func(fs *pflag.FlagSet) {
			tf = AddTables(fs, "no tables")
			if c.old {
				tf = tf.WithOld()
			}
		})
		dir, named, use := tf.Resolve()
		if dir != c.dir || named != c.named || use != c.use {
			t.Errorf("%q: Resolve = %q, %v, %v; want %q, %v, %v", c.args, dir, named, use, c.dir, c.named, c.use)
		}
		err := tf.Check()
		if c.contradic != (usageMsg(err) == "--no-table and --table contradict each other: give one") || !c.contradic && err != nil {
			t.Errorf("%q: Check = %v, want a contradiction: %v", c.args, err, c.contradic)
		}
	}
}

func TestDirAndStore(t *testing.T) {
	t.Setenv("GEISTER_TABLES", "/default/tables")
	if Dir("") != "/default/tables" || Dir("/x") != "/x" {
		t.Errorf("Dir: %q, %q", Dir(""), Dir("/x"))
	}
	for _, c := range []struct {
		args []string
		want sources.Store
	}{
		{nil, sources.Store{}},
		{[]string{"--store"}, sources.Store{On: true}},
		{[]string{"--no-store"}, sources.Store{Off: true}},
		{[]string{"--store-dir", "/s"}, sources.Store{Dir: "/s"}},
	} {
		var s Store
		parsed(t, c.args, func(fs *pflag.FlagSet) { s = AddStore(fs, "") })
		c.want.OffNote = "--no-store silences this" // the flag that turns the store off
		if got := s.Choice(); got != c.want {
			t.Errorf("%q: %+v, want %+v", c.args, got, c.want)
		}
	}
}

// ParseClasses reads every class in order; a bad one is a usage error
// naming it, and a class the check refuses stops the reading.
func TestParseClasses(t *testing.T) {
	cs, err := ParseClasses([]string{"1B1R-2U1r", "2B1R-2U1r"}, nil)
	if err != nil || len(cs) != 2 || cs[0].String() != "1B1R-2U1r" || cs[1].String() != "2B1R-2U1r" {
		t.Fatalf("got %v, %v", cs, err)
	}
	if _, err := ParseClasses([]string{"1B1R-2U1r", "nonsense"}, nil); !strings.Contains(usageMsg(err), "nonsense") {
		t.Errorf("bad class: %v, want a usage error naming it", err)
	}
	var seen []string
	refuse := fmt.Errorf("refused")
	_, err = ParseClasses([]string{"1B1R-2U1r", "2B1R-2U1r", "1B1R-3U2r"}, func(c purple.Class) error {
		seen = append(seen, c.String())
		if c.String() == "2B1R-2U1r" {
			return refuse
		}
		return nil
	})
	if err != refuse || strings.Join(seen, " ") != "1B1R-2U1r 2B1R-2U1r" {
		t.Errorf("check: %v after %q", err, seen)
	}
}

func TestChecks(t *testing.T) {
	if CheckThreads(MaxThreads) != nil || CheckThreads(1) != nil {
		t.Error("CheckThreads refuses a count within the bound")
	}
	if m := usageMsg(CheckThreads(MaxThreads + 1)); !strings.HasPrefix(m, "--threads 1025: at most 1024 (") {
		t.Errorf("CheckThreads(1025): %q", m)
	}
	if CheckMemory("--tt", 1) != nil {
		t.Error("CheckMemory refuses 1 MiB")
	}
	if m := usageMsg(CheckMemory("--tt", 1<<40)); !strings.Contains(m, "--tt") {
		t.Errorf("CheckMemory of a huge size: %q, want a usage error naming --tt", m)
	}
}

// What the table flags open: contradicting flags stop before anything is
// opened; --no-table opens no tables and no store; a named directory
// without tables is said in a warning, not passed over silently.
func TestOpen(t *testing.T) {
	t.Setenv("GEISTER_TABLES", t.TempDir())
	open := func(args ...string) (Tables, Store) {
		var tf Tables
		var s Store
		parsed(t, args, func(fs *pflag.FlagSet) { tf, s = AddTables(fs, "none"), AddStore(fs, "") })
		return tf, s
	}
	var warned []string
	warn := func(m string) { warned = append(warned, m) }
	tf, s := open("--no-table", "--table", t.TempDir())
	if _, err := tf.Open(s, warn); usageMsg(err) == "" {
		t.Errorf("Open with --no-table --table: %v, want a usage error", err)
	}
	if _, err := tf.ForAgents(warn); usageMsg(err) == "" {
		t.Errorf("ForAgents with --no-table --table: %v, want a usage error", err)
	}
	tf, s = open("--no-table", "--no-store")
	src, err := tf.Open(s, warn)
	if err != nil || src.Tables != nil || src.Store != nil {
		t.Fatalf("--no-table --no-store: %+v, %v; want nothing open", src, err)
	}
	src.Close()
	a, release, err := tf.NewAgent("random", warn)
	if err != nil || a == nil {
		t.Fatalf("NewAgent(random) with --no-table: %v", err)
	}
	release()
	if _, _, err := tf.NewAgent("nosuchagent", warn); err == nil {
		t.Error("NewAgent of an unknown agent: no error")
	}
	missing := t.TempDir() + "/missing"
	tf, s = open("--table", missing, "--no-store")
	src, err = tf.Open(s, warn)
	if err != nil || src.Tables != nil || len(warned) != 1 || !strings.Contains(warned[0], missing) {
		t.Fatalf("a named table directory that does not exist: %v, warnings %q; want no tables and a warning naming it", err, warned)
	}
	src.Close()
}

func TestProver(t *testing.T) {
	if p, err := Prover(""); p != nil || err != nil {
		t.Errorf(`Prover(""): %v, %v; want nil, nil (the default)`, p, err)
	}
	for v, want := range map[string]engine.Player{"f": engine.First, "s": engine.Second} {
		if p, err := Prover(v); err != nil || p == nil || *p != want {
			t.Errorf("Prover(%q): %v, %v", v, p, err)
		}
	}
	if _, err := Prover("x"); usageMsg(err) != `--prover "x": want f or s` {
		t.Errorf(`Prover("x"): %v`, err)
	}
}

// Position reads a position string as engine.ParsePosition does, and with
// --gat a GAT board string (checked against engine's own reading of it).
func TestPosition(t *testing.T) {
	const pos = "uu1B2/6/R5/6/6/6 f R1r1"
	p, err := Position(pos, "")
	want, werr := engine.ParsePosition(pos)
	if err != nil || werr != nil || p.String() != want.String() {
		t.Fatalf("Position(%q): %v, %v", pos, p.String(), err)
	}
	if _, err := Position("nonsense", ""); err == nil {
		t.Error("a bad position string: no error")
	}
	if _, err := Position(pos, "q"); usageMsg(err) != `--gat "q": want f or s, the player who receives the board` {
		t.Errorf("--gat q: %v", err)
	}
	const board = "14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u"
	g, err := engine.ParseGATBoard(board)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []string{"f", "s"} {
		viewer, _ := engine.ParsePlayer(v)
		want, werr := g.Position(viewer, viewer)
		got, err := Position(board, v)
		if (err == nil) != (werr == nil) || err == nil && got.String() != want.String() {
			t.Errorf("--gat %s: %q, %v; want %q, %v", v, got.String(), err, want.String(), werr)
		}
	}
}

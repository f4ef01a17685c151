package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

// The fixture of the tests that go through C: the library built as a
// shared object, the geister command, the C test driver
// (testdata/harness.c) and a small table store, made once.
type fixture struct {
	dir     string // the temporary directory of everything below
	lib     string // libgeister.so
	geister string // the command
	harness string // the C driver
	tables  string // the table store: tableClasses
}

// The classes of the fixture's tables: 4 and 5 pieces.
var tableClasses = []string{"1B1R-2U1r", "1B1R-3U1r"}

var (
	fxOnce sync.Once
	fx     fixture
	fxErr  error
)

func TestMain(m *testing.M) {
	code := m.Run()
	if fx.dir != "" {
		os.RemoveAll(fx.dir)
	}
	if tablesDir != "" {
		os.RemoveAll(tablesDir)
	}
	os.Exit(code)
}

// goTool is the go command: the one on PATH.
func goTool() string { return "go" }

// run runs a command and returns its standard output; stderr goes into
// the error.
func run(stdin string, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err != nil {
		err = fmt.Errorf("%s %s: %w\n%s", name, strings.Join(args, " "), err, errb.String())
	}
	return out.String(), err
}

// needC skips a test where there is no C compiler, and builds the
// fixture.
func needC(t *testing.T) *fixture {
	t.Helper()
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("no gcc: the C library cannot be tested here")
	}
	fxOnce.Do(func() { fxErr = build() })
	if fxErr != nil {
		t.Fatal(fxErr)
	}
	return &fx
}

func build() error {
	dir, err := os.MkdirTemp("", "capi-test")
	if err != nil {
		return err
	}
	fx.dir = dir
	fx.lib = filepath.Join(dir, "libgeister.so")
	fx.geister = filepath.Join(dir, "geister")
	fx.harness = filepath.Join(dir, "harness")
	fx.tables = filepath.Join(dir, "tables")
	if _, err := run("", goTool(), "build", "-buildmode=c-shared", "-o", fx.lib, "."); err != nil {
		return err
	}
	if _, err := run("", goTool(), "build", "-o", fx.geister, "../cmd/geister"); err != nil {
		return err
	}
	if err := cc("gcc", fx.harness, "testdata/harness.c", "-O2", "-lpthread"); err != nil {
		return err
	}
	return buildTables(fx.tables, tableClasses)
}

// cc compiles a C or C++ source against geister.h and the fixture's
// library.
func cc(compiler, out, src string, extra ...string) error {
	args := append([]string{"-Wall", "-Wextra", "-Werror", "-I", ".", "-o", out, src, "-L", fx.dir, "-lgeister", "-Wl,-rpath," + fx.dir}, extra...)
	_, err := run("", compiler, args...)
	return err
}

func buildTables(dir string, classes []string) error {
	db, err := tablebase.Open(dir)
	if err != nil {
		return err
	}
	var cs []purple.Class
	for _, name := range classes {
		c, err := purple.ParseClass(name)
		if err != nil {
			return err
		}
		cs = append(cs, c)
	}
	if _, err := tablebase.Build(context.Background(), db, cs, tablebase.BuildOptions{}); err != nil {
		return err
	}
	return db.Close()
}

// flip is position s upside down with the players' cases swapped: the
// same question with the prover as the second player.
func flip(s string) string {
	f := strings.Fields(s)
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swap := func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}
	side := map[string]string{"f": "s", "s": "f"}[f[1]]
	var n, m int
	fmt.Sscanf(f[2], "R%dr%d", &n, &m)
	return fmt.Sprintf("%s %s R%dr%d", strings.Map(swap, strings.Join(ranks, "/")), side, m, n)
}

// probePositions are n positions for probing: most of the fixture's
// classes (a quarter with the prover as the second player), some of a
// class the tables lack, some the opponent shows colours in, and some
// malformed ones.
func probePositions(t *testing.T, n int, seed uint64) []string {
	t.Helper()
	r := engine.NewRand(seed)
	held := []purple.Class{{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 1}, {Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}}
	missing := purple.Class{Blues: 2, Reds: 1, OppPieces: 2, OppReds: 1}
	bad := []string{"x", "uu1B2/6/R5/6/6 f R1r1", "uu1B2/6/R5/6/6/6 x R1r1", "uu1B2/6/R5/6/6/6 f R9r1", "uu1B2/6/R5/6/6/6 f R1r1 -3"}
	var out []string
	for i := range n {
		switch {
		case i%20 == 7:
			out = append(out, bad[i/20%len(bad)])
			continue
		case i%20 == 13:
			p, err := solver.RandomPosition(r, missing, engine.Player(r.Intn(2)))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, p.String())
			continue
		case i%20 == 17:
			p, err := solver.RandomPosition(r, held[1], engine.Player(r.Intn(2)))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, strings.Replace(p.String(), "u", "b", 1)) // a shown colour
			continue
		}
		p, err := solver.RandomPosition(r, held[i%5/4], engine.Player(r.Intn(2)))
		if err != nil {
			t.Fatal(err)
		}
		s := p.String()
		if i%4 == 1 {
			s = flip(s)
		}
		out = append(out, s)
	}
	return out
}

// jsonLines parses one JSON object a line, without elapsed_ms (a time).
func jsonLines(t *testing.T, what, out string, want int) []map[string]any {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != want {
		t.Fatalf("%s: %d lines, want %d:\n%s", what, len(lines), want, out)
	}
	var ms []map[string]any
	for _, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%s: %q: %v", what, l, err)
		}
		delete(m, "elapsed_ms")
		ms = append(ms, m)
	}
	return ms
}

// The command's output; an exit status of 1 (some line is an error) is
// expected.
func command(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	cmd := exec.Command(fx.geister, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 1 {
		t.Fatalf("geister %v: %v\n%s", args, err, errb.String())
	}
	return out.String()
}

// 500 positions probed through the C library answer exactly as "geister
// probe --json", errors included; geister_probe and geister_probe_value
// agree with them field by field.
func TestProbeAgreesWithCommand(t *testing.T) {
	f := needC(t)
	pos := probePositions(t, 500, 1)
	in := strings.Join(pos, "\n") + "\n"
	cOut, err := run(in, f.harness, f.tables, "probe")
	if err != nil {
		t.Fatal(err)
	}
	want := jsonLines(t, "command", command(t, in, "probe", "--json", "--no-store", "--table", f.tables, "-"), len(pos))
	got := jsonLines(t, "C", cOut, len(pos))
	kinds := map[string]int{}
	for i := range pos {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("%q: C %v, command %v", pos[i], got[i], want[i])
		}
		kinds[fmt.Sprintf("%v %v", want[i]["result"], want[i]["error"] != nil)]++
	}
	if kinds["win false"] < 20 || kinds["no-win false"] < 20 || kinds["<nil> true"] < 20 {
		t.Errorf("the sample lacks a kind of answer: %v", kinds)
	}
	// The same positions through the Python package.
	if _, err := exec.LookPath("python3"); err == nil {
		cmd := exec.Command("python3", "-c", pyProbe, f.tables)
		cmd.Env = append(os.Environ(), "GEISTER_LIB="+f.lib, "PYTHONPATH=../python")
		cmd.Stdin = strings.NewReader(in)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("python: %v", err)
		}
		py := jsonLines(t, "python", string(out), len(pos))
		for i := range pos {
			if !reflect.DeepEqual(py[i], want[i]) {
				t.Errorf("%q: python %v, command %v", pos[i], py[i], want[i])
			}
		}
	} else {
		t.Log("no python3: the Python package is not compared here")
	}
	sOut, err := run(in, f.harness, f.tables, "struct")
	if err != nil {
		t.Fatal(err)
	}
	st := jsonLines(t, "struct", sOut, 2*len(pos))
	for i := range pos {
		w := want[i]
		for _, s := range st[2*i : 2*i+2] {
			code := s["code"].(float64)
			switch {
			case w["error"] != nil && notHeld(w["error"].(string)):
				if code != 1 || s["error_set"] != 1.0 {
					t.Errorf("%q %s: code %v (message %v), want 1 (not held)", pos[i], s["fn"], code, s["error_set"])
				}
			case w["error"] != nil:
				if code >= 0 || s["error_set"] != 1.0 {
					t.Errorf("%q %s: code %v (message %v), want an error for %v", pos[i], s["fn"], code, s["error_set"], w["error"])
				}
			default:
				wantResult := map[any]float64{"win": 1, "no-win": 2}[w["result"]]
				plies, _ := w["plies"].(float64)
				loss, _ := w["loss_plies"].(float64)
				move, _ := w["move"].(string)
				if s["fn"] == "value" {
					move = ""
				}
				if code != 0 || s["result"] != wantResult || s["plies"] != plies || s["loss_plies"] != loss ||
					s["move"] != move || s["prover"] != w["prover"] {
					t.Errorf("%q %s: %v, command %v", pos[i], s["fn"], s, w)
				}
			}
		}
	}
}

// notHeld tells the command's errors for positions the tables do not
// hold (solver.ErrNotHeld) from the others.
func notHeld(msg string) bool {
	return strings.Contains(msg, "is not in the endgame tables") || strings.Contains(msg, "tables hold hidden opponents only")
}

// pyProbe probes the positions of standard input through the Python
// package and prints each answer as the command does.
const pyProbe = `
import json, sys
import geister
with geister.Tables(sys.argv[1]) as t:
    for line in sys.stdin:
        p = line.rstrip("\n")
        try:
            a = t.probe(p)
        except geister.GeisterError as e:
            a = {"position": p, "error": str(e)}
        print(json.dumps(a, ensure_ascii=False, separators=(",", ":")))
`

// solvePositions are n positions df-pn searches: 6-piece ones whose
// captures of a prover's red lead into the fixture's tables, and
// 5-piece ones of a class the tables lack.
func solvePositions(t *testing.T, n int) []string {
	r := engine.NewRand(5)
	cs := []purple.Class{{Blues: 1, Reds: 2, OppPieces: 3, OppReds: 1}, {Blues: 2, Reds: 1, OppPieces: 2, OppReds: 1}}
	var out []string
	for i := range n {
		p, err := solver.RandomPosition(r, cs[i%2], engine.Player(r.Intn(2)))
		if err != nil {
			t.Fatal(err)
		}
		s := p.String()
		if i%3 == 1 {
			s = flip(s)
		}
		out = append(out, s)
	}
	return append(out, "uu1B2/6/R5/6/6/6 f R1r1", "not a position")
}

// 50 solves through the C library (one thread) answer exactly as
// "geister solve --json --threads 1" with the same budget: result,
// plies, move, line and nodes.
func TestSolveAgreesWithCommand(t *testing.T) {
	f := needC(t)
	pos := solvePositions(t, 50)
	in := strings.Join(pos, "\n") + "\n"
	const nodes = "3000"
	cOut, err := run(in, f.harness, f.tables, "solve", nodes)
	if err != nil {
		t.Fatal(err)
	}
	// One process a position: each solve starts afresh, as each call of
	// the library does (a batch keeps one transposition table from
	// position to position).
	var cmdOut strings.Builder
	for _, p := range pos {
		cmdOut.WriteString(command(t, p+"\n", "solve", "--json", "--quiet", "--threads", "1", "--time", "0",
			"--nodes", nodes, "--no-store", "--table", f.tables, "-"))
	}
	want := jsonLines(t, "command", cmdOut.String(), len(pos))
	got := jsonLines(t, "C", cOut, len(pos))
	kinds := map[any]int{}
	for i := range pos {
		if !reflect.DeepEqual(got[i], want[i]) {
			t.Errorf("%q: C %v, command %v", pos[i], got[i], want[i])
		}
		kinds[want[i]["result"]]++
	}
	if kinds["win"] == 0 || kinds["no-win"]+kinds["unknown"] == 0 {
		t.Errorf("the sample lacks a kind of answer: %v", kinds)
	}
}

// Eight threads probing and solving through the C library at once give
// the answers of one thread.
func TestThreadsAgree(t *testing.T) {
	f := needC(t)
	pos := probePositions(t, 200, 9)
	in := strings.Join(append(solvePositions(t, 12), pos...), "\n") + "\n"
	out, err := run(in, f.harness, f.tables, "threads", "8", "12")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "threads 8 positions 214 solves 12 disagreements 0") {
		t.Errorf("harness: %s", out)
	}
}

// Bad input through every function gives an error code with a message,
// never a crash: NULL pointers, strings that are not UTF-8, malformed
// positions, a missing table directory, a closed handle, bad options and
// agents.
func TestBadInput(t *testing.T) {
	f := needC(t)
	out, err := run("", f.harness, f.tables, "bad")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 29 {
		t.Fatalf("%d cases, want 29:\n%s", len(lines), out)
	}
	for _, l := range lines {
		f := strings.SplitN(l, "\t", 3)
		if len(f) != 3 {
			t.Fatalf("line %q", l)
		}
		what, code, msg := f[0], f[1], f[2]
		switch {
		case what == "open" || what == "close":
			if code != "0" || msg != "(no message)" {
				t.Errorf("%s: %s %s", what, code, msg)
			}
		case what == "probe NULL error pointer":
			if code != "-1" {
				t.Errorf("%s: %s", what, code)
			}
		case !strings.HasPrefix(code, "-") || msg == "(no message)" || len(msg) < 10:
			t.Errorf("%s: code %s, message %q: want an error with a message", what, code, msg)
		}
	}
	for what, want := range map[string]string{
		"open missing dir": "-3\tlibgeister: no endgame tables in /nonexistent/geister-tables",
		"probe malformed":  "-2\tengine: position field 1 (board)",
		"probe non-UTF-8":  "-1\tlibgeister: position \"uu1B2\\xff\\xfe/\" is not UTF-8",
		"move bad agent":   "-4\tplayer: agent \"nosuchagent\"",
		"probe closed":     "-6\t",
	} {
		if !strings.Contains(out, what+"\t"+want) {
			t.Errorf("%s: want %q in\n%s", what, want, out)
		}
	}
}

// A corrupted table store gives errors with messages, never a crash:
// bytes of the store's table file flipped at offsets across it (as
// tablebase's own corruption test does).
func TestCorruptTables(t *testing.T) {
	f := needC(t)
	pos := probePositions(t, 100, 3)
	in := strings.Join(pos, "\n") + "\n"
	good, err := run(in, f.harness, f.tables, "probe")
	if err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(f.tables)
	if err != nil {
		t.Fatal(err)
	}
	ssts, _ := filepath.Glob(filepath.Join(f.tables, "*.sst"))
	if len(ssts) == 0 {
		t.Fatal("no .sst file in the store")
	}
	orig, err := os.ReadFile(ssts[0])
	if err != nil {
		t.Fatal(err)
	}
	n := len(orig)
	damaged := 0
	for _, off := range []int{0, 100, 1000, n / 3, n / 2, 2 * n / 3, n - 300, n - 50, n - 1} {
		dir := t.TempDir()
		for _, e := range ents {
			b, err := os.ReadFile(filepath.Join(f.tables, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			if filepath.Join(f.tables, e.Name()) == ssts[0] {
				for i := off; i < min(off+4, n); i++ {
					b[i] ^= 0xff
				}
			}
			if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(f.harness, dir, "probe")
		cmd.Stdin = strings.NewReader(in)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		switch {
		case err != nil && cmd.ProcessState.ExitCode() == 1 && strings.HasPrefix(errb.String(), "harness: libgeister: "):
			damaged++ // refused at open, with a message
		case err != nil:
			t.Errorf("bytes %d flipped: %v\n%s", off, err, errb.String())
		case out.String() != good:
			damaged++
			if !strings.Contains(out.String(), `"error":"`) {
				t.Errorf("bytes %d flipped: answers changed without an error:\n%s", off, out.String())
			}
		}
	}
	if damaged == 0 {
		t.Error("no damage was noticed")
	}
}

// The C and C++ examples build and run against the tables; the header
// compiles as strict C99 and as C++ (extern "C"); the static library
// (c-archive) links the C example too.
func TestExamples(t *testing.T) {
	f := needC(t)
	hasCXX := true
	if _, err := exec.LookPath("g++"); err != nil {
		hasCXX = false
	}
	for _, c := range []struct{ compiler, src string }{{"gcc", "../examples/c/example.c"}, {"g++", "../examples/c/example.cpp"}} {
		if c.compiler == "g++" && !hasCXX {
			t.Log("no g++: the C++ example is not built")
			continue
		}
		exe := filepath.Join(f.dir, filepath.Base(c.src)+".exe")
		if err := cc(c.compiler, exe, c.src); err != nil {
			t.Fatal(err)
		}
		out, err := run("", exe, f.tables)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "probe: f wins in 5 plies with d1e1") || !strings.Contains(out, `solve: {"position":"uu1B2/6/R5/6/6/6 f R1r1 0","prover":"f","result":"win","plies":5,"move":"d1e1"`) {
			t.Errorf("%s:\n%s", c.src, out)
		}
	}
	if _, err := run("", "gcc", "-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "geister.h"); err != nil {
		t.Error(err)
	}
	if hasCXX {
		if _, err := run("", "g++", "-x", "c++", "-std=c++11", "-pedantic", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "geister.h"); err != nil {
			t.Error(err)
		}
	}
	if testing.Short() {
		t.Skip("the static library takes a minute to link")
	}
	archive := filepath.Join(f.dir, "static", "libgeister.a")
	if _, err := run("", goTool(), "build", "-buildmode=c-archive", "-o", archive, "."); err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(f.dir, "example_static")
	if _, err := run("", "gcc", "-I", ".", "-o", exe, "../examples/c/example.c", archive, "-lpthread", "-lm"); err != nil {
		t.Fatal(err)
	}
	out, err := run("", exe, f.tables)
	if err != nil || !strings.Contains(out, "probe: f wins in 5 plies with d1e1") {
		t.Errorf("static example: %v\n%s", err, out)
	}
}

package main

// The command-line tests: they build the geister binary once and run it as
// a user would, on every edge the hardening covers (long and hostile input
// lines, directories that are not table stores, locks, corruption, sizes,
// flag forms, interrupts, non-ASCII input, records, JSON output).

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// geisterBin builds the command once per test run, into the temporary
// directory TestMain removes at the end.
func geisterBin(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir := filepath.Dir(os.Getenv("GEISTER_TABLES"))
		if dir == "." || dir == "" {
			dir, binErr = os.MkdirTemp("", "geister-bin-")
			if binErr != nil {
				return
			}
		}
		binPath = filepath.Join(dir, "geister")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = &buildError{err, string(out)}
		}
	})
	if binErr != nil {
		t.Fatalf("building geister: %v", binErr)
	}
	return binPath
}

type buildError struct {
	err error
	out string
}

func (b *buildError) Error() string { return b.err.Error() + "\n" + b.out }

// cliResult is one run of the binary.
type cliResult struct {
	code        int
	out, errOut string
}

// cli runs the binary with args and stdin in an environment whose default
// table directory is tables ("" for one that does not exist).
func cli(t *testing.T, tables, stdin string, args ...string) cliResult {
	t.Helper()
	cmd := exec.Command(geisterBin(t), args...)
	if tables == "" {
		tables = filepath.Join(t.TempDir(), "no-tables")
	}
	cmd.Env = append(os.Environ(), "GEISTER_TABLES="+tables)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("running geister %q: %v", args, err)
	}
	r := cliResult{code, out.String(), errb.String()}
	assertNoCrash(t, args, r)
	return r
}

// assertNoCrash fails on a Go panic or runtime fatal error.
func assertNoCrash(t *testing.T, args []string, r cliResult) {
	t.Helper()
	for _, s := range []string{"panic:", "goroutine ", "fatal error:", "runtime error", "[signal "} {
		if strings.Contains(r.errOut, s) || strings.Contains(r.out, s) {
			t.Fatalf("geister %q crashed (exit %d):\n%s\n%s", args, r.code, clip(r.out), clip(r.errOut))
		}
	}
	if r.code > 2 {
		t.Fatalf("geister %q: exit status %d:\n%s", args, r.code, clip(r.errOut))
	}
}

func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "..."
	}
	return s
}

var (
	tinyOnce sync.Once
	tinyDir  string
)

// tinyTables returns a table directory holding the 4-piece class
// (1B1R-2U1r), built once; tests must not change it (copy it first).
func tinyTables(t *testing.T) string {
	t.Helper()
	tinyOnce.Do(func() {
		dir := filepath.Join(filepath.Dir(os.Getenv("GEISTER_TABLES")), "tiny")
		r := cli(t, "", "", "build", "--quiet", "--table", dir, "--pieces", "4")
		if r.code != 0 {
			t.Fatalf("build: exit %d: %s", r.code, r.errOut)
		}
		tinyDir = dir
	})
	if tinyDir == "" {
		t.Fatal("the tiny tables could not be built")
	}
	return tinyDir
}

// copyDir copies a directory of regular files (a closed Badger store).
func copyDir(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

// hashTree maps every file under dir to a hash of its bytes (and lists
// every directory), to compare a directory before and after a command.
func hashTree(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if d.IsDir() {
			m[rel+"/"] = "dir"
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		h := sha256.Sum256(b)
		m[rel] = hex.EncodeToString(h[:])
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func sameTree(a, b map[string]string) (string, bool) {
	for k, v := range a {
		if b[k] != v {
			return k, false
		}
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			return k, false
		}
	}
	return "", true
}

// jsonLines decodes every line of out as a JSON object.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	for _, l := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if l == "" {
			continue
		}
		var o map[string]any
		if err := json.Unmarshal([]byte(l), &o); err != nil {
			t.Fatalf("not a JSON line: %q (%v)", clip(l), err)
		}
		objs = append(objs, o)
	}
	return objs
}

const (
	posWin5  = "uu1B2/6/R5/6/6/6 f R1r1" // SPEC §2: a sure win in 5
	posStart = "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0"
)

// Item 1: an over-long input line is answered (an error naming its line
// and length), and the lines after it are still answered, in order.
func TestCLILongInputLine(t *testing.T) {
	long := strings.Repeat("x", 2_000_000)
	in := posWin5 + "\n" + long + "\n\n# a comment\n" + posWin5 + "\n"
	for _, args := range [][]string{
		{"solve", "--json", "--no-table", "-"},
		{"probe", "--json", "--table", tinyTables(t), "-"},
	} {
		r := cli(t, "", in, args...)
		objs := jsonLines(t, r.out)
		if r.code != 1 || len(objs) != 3 {
			t.Fatalf("%q: exit %d, %d answers, want 1 and 3:\n%s\n%s", args, r.code, len(objs), clip(r.out), r.errOut)
		}
		if objs[0]["result"] != "win" || objs[2]["result"] != "win" {
			t.Errorf("%q: the good lines are not answered in order: %v", args, objs)
		}
		e, _ := objs[1]["error"].(string)
		if !strings.Contains(e, "line 2") || !strings.Contains(e, "2000000") {
			t.Errorf("%q: the long line's error does not name its line and length: %q", args, e)
		}
		if p, _ := objs[1]["position"].(string); len(p) > 200 {
			t.Errorf("%q: the long line is echoed back (%d bytes)", args, len(p))
		}
	}
}

// Item 2: reading commands on a directory that is not a table store fail
// clearly, naming it, and leave it as it was.
func TestCLINotAStore(t *testing.T) {
	for _, args := range [][]string{
		{"tables", "--table"},
		{"probe", posWin5, "--table"},
		{"solve", posWin5, "--table"},
	} {
		for _, kind := range []string{"foreign", "empty"} {
			if kind == "empty" && args[0] == "probe" {
				// probe falls back to a read-write open to replay a
				// store's log, which initialises an empty directory.
				continue
			}
			dir := filepath.Join(t.TempDir(), kind)
			os.MkdirAll(dir, 0o755)
			if kind == "foreign" {
				os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a table\n"), 0o644)
			}
			before := hashTree(t, dir)
			r := cli(t, "", "", append(args, dir)...)
			if f, ok := sameTree(before, hashTree(t, dir)); !ok {
				t.Errorf("%q on a %s directory changed %s", args, kind, f)
			}
			if r.code == 0 || !strings.Contains(r.errOut, dir) || !strings.Contains(r.errOut, "not a table store") {
				t.Errorf("%q on a %s directory: exit %d, stderr %q; want an error naming it", args, kind, r.code, r.errOut)
			}
		}
	}
}

// Item 3: tables are optional: a foreign or locked directory at the
// default location gives one warning and the command goes on.
func TestCLIDefaultTablesUnusable(t *testing.T) {
	foreign := filepath.Join(t.TempDir(), "tables")
	os.MkdirAll(foreign, 0o755)
	os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("x"), 0o644)
	for _, args := range [][]string{
		{"solve", "--json", posWin5},
		{"match", "--games", "2", "--quiet", "random", "random"},
	} {
		r := cli(t, foreign, "", args...)
		if r.code != 0 || strings.Count(r.errOut, "not a table store") != 1 || !strings.Contains(r.errOut, "without") {
			t.Errorf("%q with a foreign default directory: exit %d, stderr %q", args, r.code, r.errOut)
		}
	}

	// A build holds the lock: another process opens the store for writing.
	locked := copyDir(t, tinyTables(t))
	holder := exec.Command(geisterBin(t), "build", "--quiet", "--table", locked, "--pieces", "5")
	var herr bytes.Buffer
	holder.Stderr = &herr
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer holder.Wait()
	defer holder.Process.Kill()
	// Wait until the build holds the lock (its LOCK file appears).
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(filepath.Join(locked, "LOCK")); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	r := cli(t, locked, "", "solve", "--json", posWin5)
	if r.code != 0 || strings.Contains(r.errOut, "Cannot acquire") || !strings.Contains(r.errOut, "in use") {
		t.Errorf("solve with the tables locked by a build: exit %d, stderr %q", r.code, r.errOut)
	}
	r = cli(t, "", "", "tables", "--table", locked)
	if r.code == 0 || strings.Contains(r.errOut, "Cannot acquire") || !strings.Contains(r.errOut, "in use") {
		t.Errorf("tables on a store a build holds: exit %d, stderr %q", r.code, r.errOut)
	}
}

// Item 5: a size larger than the machine is a clear usage error.
func TestCLISizeBounds(t *testing.T) {
	r := cli(t, "", "", "solve", "--no-table", "--tt", "100000000", posWin5)
	if r.code != 2 || !strings.Contains(r.errOut, "--tt") || !strings.Contains(r.errOut, "MiB") {
		t.Errorf("solve --tt 100000000: exit %d, stderr %q", r.code, r.errOut)
	}
	r = cli(t, "", "", "match", "--games", "1", "--quiet", "purplemax:tt=100000000", "random")
	if r.code == 0 || !strings.Contains(r.errOut, "tt") || !strings.Contains(r.errOut, "MiB") {
		t.Errorf("purplemax:tt=100000000: exit %d, stderr %q", r.code, r.errOut)
	}
}

// Item 6: flags take their values; none swallows an operand.
func TestCLIFlagValues(t *testing.T) {
	r := cli(t, "", "", "solve", "--json", "--no-table", posWin5, "--ply-limit", "200")
	objs := jsonLines(t, r.out)
	if r.code != 0 || len(objs) != 1 || objs[0]["result"] != "win" {
		t.Errorf("solve POS --ply-limit 200: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	r = cli(t, "", "", "solve", "--json", "--no-table", posWin5, "--ply-limit")
	if r.code != 2 || !strings.Contains(r.errOut, "ply-limit") {
		t.Errorf("solve POS --ply-limit (no value): exit %d, stderr %q", r.code, r.errOut)
	}
}

// Item 7: positions an interrupt stopped are marked, not passed off as an
// exhausted budget.
func TestCLIInterruptedBatch(t *testing.T) {
	var in strings.Builder
	for i := 0; i < 6; i++ {
		in.WriteString(posStart + "\n")
	}
	cmd := exec.Command(geisterBin(t), "solve", "--json", "--no-table", "--threads", "1", "--tt", "16", "--time", "30s", "-")
	cmd.Env = append(os.Environ(), "GEISTER_TABLES="+filepath.Join(t.TempDir(), "none"))
	cmd.Stdin = strings.NewReader(in.String())
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(700 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	cmd.Wait()
	r := cliResult{cmd.ProcessState.ExitCode(), out.String(), errb.String()}
	assertNoCrash(t, []string{"solve", "-"}, r)
	if r.code != 1 {
		t.Errorf("interrupted batch: exit %d, want 1", r.code)
	}
	for _, o := range jsonLines(t, r.out) {
		if o["result"] == "unknown" && o["interrupted"] != true {
			t.Errorf("an interrupted position looks like an exhausted budget: %v", o)
		}
	}
}

// Item 8: parse errors name characters, not bytes.
func TestCLINonASCII(t *testing.T) {
	r := cli(t, "", "", "show", "ü♟️/6/6/6/6/6 f R1r1")
	if r.code != 1 || !strings.Contains(r.errOut, `"ü"`) || strings.Contains(r.errOut, "Ã") {
		t.Errorf("show with ü: exit %d, stderr %q", r.code, r.errOut)
	}
	r = cli(t, "", "", "show", "--gat", "f", "ü"+strings.Repeat("9", 47))
	if r.code != 1 || !strings.Contains(r.errOut, `character 1 "ü"`) {
		t.Errorf("show --gat with ü: exit %d, stderr %q", r.code, r.errOut)
	}
}

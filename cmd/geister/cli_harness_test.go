package main

// The harness of the command-line tests of cli_test.go: the geister binary
// built once and run as a user would, the table fixtures, trees compared
// by their hashes, JSON lines read back.

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
	"testing"
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
		// GEISTER_TEST_BIN runs the tests against another build (to see
		// them fail on an older one, say).
		if b := os.Getenv("GEISTER_TEST_BIN"); b != "" {
			binPath = b
			return
		}
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

// runBin runs the binary with args and stdin in an environment whose default
// table directory is tables ("" for one that does not exist).
func runBin(t *testing.T, tables, stdin string, args ...string) cliResult {
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
		r := runBin(t, "", "", "build", "--quiet", "--table", dir, "--pieces", "4")
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

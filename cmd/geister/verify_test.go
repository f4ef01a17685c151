package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geister-solver/geister/proofstore"
)

// TestVerifyTableCommand: geister verify --table runs the table checks and
// the df-pn sample, and agrees on a freshly built class.
func TestVerifyTableCommand(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := runCmd(t, "", "build", "--table", dir, "--quiet", "1B1R-2U1r"); code != 0 {
		t.Fatalf("build: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ := runCmd(t, "", "verify", "--table", dir, "--sample", "40", "1B1R-2U1r")
	if code != 0 || !strings.Contains(out, "all consistent") || !strings.Contains(out, "df-pn sample: 0 disagreements") {
		t.Fatalf("verify --table: exit %d\n%s", code, out)
	}
	m := strings.Index(out, "df-pn sample: ")
	if !strings.Contains(out[m-100:], "agree") {
		t.Fatalf("no agreement count:\n%s", out)
	}
	code, _, _ = runCmd(t, "", "verify", "--table", dir, "1B1R-3U2r")
	if code == 0 {
		t.Error("verifying a class that is not built succeeded")
	}
}

const winLine = `{"position":"uu1B2/6/R5/6/6/6 f R1r1 0","prover":"f","result":"win","plies":5,"move":"d1e1","pv":["d1e1","a1a2","e1f1","a2a1","f1f0"],"source":"dfpn"}`

// verify compares moves, not their text: the arrow form of the line's
// first move agrees with the from-to form of "move".
func TestVerifyParsedMoves(t *testing.T) {
	arrow := strings.Replace(winLine, `"pv":["d1e1"`, `"pv":["d1>"`, 1)
	code, out, _ := runCmd(t, arrow+"\n", "verify", "--tt", "8", "-")
	if code != 0 || !strings.Contains(out, "1 wins confirmed, 0 disagreements") {
		t.Errorf("exit %d\n%s", code, out)
	}
}

// Claims that cannot be true are refused, each with its own message, and
// every line is answered.
func TestVerifyImpossibleClaims(t *testing.T) {
	bad := []struct{ line, want string }{
		{strings.Replace(winLine, `"plies":5`, `"plies":-3`, 1), "a win in -3 plies"},
		{strings.Replace(winLine, `"plies":5`, `"plies":3`, 1), "more than the 3 claimed"},
		{strings.Replace(winLine, `"a1a2"`, `"a1b2"`, 1), "line move 2"},
		{strings.Replace(winLine, `"move":"d1e1"`, `"move":"d1d2"`, 1), "not the first of the line"},
		{strings.Replace(winLine, `"prover":"f"`, `"prover":"x"`, 1), `prover "x"`},
		{`{"position":"6/6/6/2b3/3u2/R1B3 f R1r1","result":"no-win","plies":-1}`, "plies -1"},
		{`{"position":"x","result":"maybe"}`, `result "maybe"`},
		{`[1,2]`, "not an answer line"},
		{`{"result":"win"}`, "no position"},
	}
	var in strings.Builder
	for _, b := range bad {
		in.WriteString(b.line + "\n")
	}
	code, out, _ := runCmd(t, in.String(), "verify", "--tt", "8", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != len(bad)+1 || !strings.Contains(lines[len(bad)], fmt.Sprintf("%d invalid lines", len(bad))) {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for i, b := range bad {
		if !strings.HasPrefix(lines[i], fmt.Sprintf("standard input:%d: invalid: ", i+1)) || !strings.Contains(lines[i], b.want) {
			t.Errorf("line %d: %q, want %q", i+1, lines[i], b.want)
		}
	}
}

// --json: one object per line and a summary.
func TestVerifyJSON(t *testing.T) {
	in := winLine + "\n\n" + `{"position":"6/6/6/2b3/3u2/R1B3 f R1r1","result":"no-win"}` + "\nnot json\n"
	code, out, _ := runCmd(t, in, "verify", "--json", "--tt", "8", "-")
	var got []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		got = append(got, m)
	}
	if code != 1 || len(got) != 4 || got[0]["status"] != "ok" || got[0]["plies"] != 5.0 || got[1]["status"] != "skipped" || got[1]["line"] != 3.0 ||
		got[2]["status"] != "invalid" || got[2]["line"] != 4.0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	sum, _ := got[3]["summary"].(map[string]any)
	if sum["confirmed"] != 1.0 || sum["invalid"] != 1.0 || sum["skipped"] != 1.0 || sum["disagreements"] != 0.0 {
		t.Errorf("summary %v", got[3])
	}
}

// With no operand verify does not wait silently: on a terminal (here a
// character device) it is a usage error; else it says it reads standard
// input.
func TestVerifyNoOperand(t *testing.T) {
	tty, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer tty.Close()
	var out, errb bytes.Buffer
	if code := run(&env{Ctx: context.Background(), Stdin: tty, Stdout: &out, Stderr: &errb}, []string{"verify"}); code != 2 || !strings.Contains(errb.String(), "- to read them from standard input") {
		t.Errorf("on a terminal: exit %d %q", code, errb.String())
	}
	code, out2, errOut := runCmd(t, winLine+"\n", "verify", "--tt", "8")
	if code != 0 || !strings.Contains(errOut, "reading answer lines from standard input") || !strings.Contains(out2, "1 wins confirmed") {
		t.Errorf("from a pipe: exit %d %q %q", code, out2, errOut)
	}
}

// --store is a switch and --store-dir its location; the older
// spellings work with a warning.
func TestVerifyFlagSpellings(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tables")
	solveLines(t, storablePositions(t, 5, 3, 0), "--table", dir, "--store")
	sdir := proofstore.DirFor(dir)
	code, _, errOut := runCmd(t, "", "verify", "--store", sdir)
	if code != 2 || !strings.Contains(errOut, "--store-dir "+sdir) {
		t.Errorf("--store DIR: exit %d %q", code, errOut)
	}
	for _, args := range [][]string{{"--store", "--store-dir", sdir}, {"--store-dir", sdir}, {"--store=" + sdir}} {
		code, out, errOut := runCmd(t, "", append([]string{"verify", "--sample", "2", "--tt", "8"}, args...)...)
		deprecated := strings.Contains(errOut, "deprecated")
		if code != 0 || !strings.Contains(out, "2 re-searched: 2 confirmed") || deprecated != strings.HasPrefix(args[0], "--store=") {
			t.Errorf("%v: exit %d\n%s\n%s", args, code, out, errOut)
		}
	}
	code, out, errOut := runCmd(t, "", "verify", "--store-dir", sdir, "--samples", "1", "--tt", "8", "--json")
	var rep struct {
		Rep proofstore.VerifyReport `json:"proof_store"`
		OK  bool                    `json:"ok"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || !rep.OK || rep.Rep.Sampled != 1 || !strings.Contains(errOut, "--samples has been deprecated") {
		t.Errorf("--samples --json: exit %d\n%s\n%s", code, out, errOut)
	}
	for _, args := range [][]string{{"--store", "--table", dir}, {"--sample", "3", "-"}, {"--nodes", "3", "-"}, {"--exact", "--store"}} {
		if code, _, errOut := runCmd(t, "", append([]string{"verify"}, args...)...); code != 2 || !strings.Contains(errOut, "--") {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
}

// Hostile lines: each gets exactly one answer, in order, with no panic;
// a line past the length limit too.
func TestVerifyHostileLines(t *testing.T) {
	lines := []string{"{", `{"position":null}`, `{"position":"` + strings.Repeat("u", 100) + `","result":"win","prover":"f","plies":1}`,
		`{"position":"uu1B2/6/R5/6/6/6 f R1r1","result":"win","prover":"s","plies":5}`, "\x00\xff", `{"position":"uu1B2/6/R5/6/6/6 f R1r1","result":"win","prover":"f","plies":1e99}`,
		`{"position":"1` + strings.Repeat("x", 17<<20) + `"}`, `"just a string"`}
	code, out, _ := runCmd(t, strings.Join(lines, "\n"), "verify", "--tt", "8", "-")
	got := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(got) != len(lines)+1 {
		t.Fatalf("exit %d, %d lines of output for %d:\n%.2000s", code, len(got), len(lines), out)
	}
	for i := range lines {
		if !strings.HasPrefix(got[i], fmt.Sprintf("standard input:%d: invalid: ", i+1)) {
			t.Errorf("line %d: %.200q", i+1, got[i])
		}
	}
}

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestTournamentCommand(t *testing.T) {
	dir := t.TempDir()
	res := filepath.Join(dir, "t.jsonl")
	code, out, errOut := runCmd(t, "", "tournament", "random", "chototsu", "blue-chototsu", "--games", "6", "--results", res, "--bootstrap", "50")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"18 games", "elo", "95% interval", "pairwise", "chototsu"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "18/18 games") || !strings.Contains(errOut, "ETA") {
		t.Errorf("no progress on stderr: %q", errOut)
	}
	// --rate gives the same ratings from the file.
	code, out2, _ := runCmd(t, "", "tournament", "--rate", res, "--bootstrap", "50")
	if code != 0 || out2 != out {
		t.Fatalf("--rate: exit %d:\n%s\nwant\n%s", code, out2, out)
	}
	code, js, _ := runCmd(t, "", "tournament", "--rate", res, "--json", "--bootstrap", "0")
	var obj struct {
		Ratings []map[string]any
		Pairs   []map[string]any
	}
	if code != 0 || json.Unmarshal([]byte(js), &obj) != nil || len(obj.Ratings) != 3 || len(obj.Pairs) != 3 {
		t.Fatalf("--json: exit %d: %s", code, js)
	}
	// Another seed on the same file is refused.
	code, _, errOut = runCmd(t, "", "tournament", "random", "chototsu", "blue-chototsu", "--games", "6", "--seed", "2", "--results", res, "--quiet")
	if code == 0 || !strings.Contains(errOut, "another tournament") {
		t.Fatalf("other seed: exit %d: %s", code, errOut)
	}
	// A truncated line is reported with its number.
	b, _ := os.ReadFile(res)
	os.WriteFile(res, b[:len(b)-20], 0o644)
	code, _, errOut = runCmd(t, "", "tournament", "--rate", res)
	if code == 0 || !strings.Contains(errOut, "line 19") {
		t.Fatalf("truncated: exit %d: %s", code, errOut)
	}
	code, _, errOut = runCmd(t, "", "tournament", "random", "--results", res)
	if code != 2 {
		t.Fatalf("one agent: exit %d: %s", code, errOut)
	}
}

// TestTournamentWithoutResults: a quick look needs no --results; the
// games go to a new file named on standard error, which resumes the run.
func TestTournamentWithoutResults(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	code, out, errOut := runCmd(t, "", "tournament", "random", "chototsu", "--games", "2", "--quiet", "--bootstrap", "0")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	m := regexp.MustCompile(`kept in (\S+\.jsonl)`).FindStringSubmatch(errOut)
	if m == nil {
		t.Fatalf("standard error names no results file: %s", errOut)
	}
	if !strings.HasPrefix(m[1], os.Getenv("TMPDIR")) {
		t.Errorf("results file %s is not in the temporary directory", m[1])
	}
	b, err := os.ReadFile(m[1])
	if err != nil || strings.Count(string(b), "\n") < 3 { // settings and two games
		t.Fatalf("results file %s: %v, %q", m[1], err, b)
	}
	if !strings.Contains(out, "random") || !strings.Contains(out, "chototsu") {
		t.Errorf("no ratings printed: %s", out)
	}
	// the named file resumes: nothing is left to play
	code, _, errOut = runCmd(t, "", "tournament", "random", "chototsu", "--games", "2", "--quiet", "--bootstrap", "0", "--results", m[1])
	if code != 0 {
		t.Fatalf("resume: exit %d: %s", code, errOut)
	}
	if b2, _ := os.ReadFile(m[1]); string(b2) != string(b) {
		t.Errorf("resuming a finished run changed its file")
	}
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/geister-solver/geister/solver"
)

// The table commands end to end on the smallest class.
func TestTableCommands(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCmd(t, "", "build", "--table", dir, "1B1R-2U1r")
	if code != 0 || !strings.Contains(out, "1B1R-2U1r") || !strings.Contains(out, "built") || !strings.Contains(errOut, "100.0%") {
		t.Fatalf("build: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, _ = runCmd(t, "", "build", "--table", dir, "--quiet", "1B1R-2U1r")
	if code != 0 || !strings.Contains(out, "kept") {
		t.Fatalf("second build: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "tables", "--table", dir, "--json")
	var m struct {
		Class     string    `json:"class"`
		Complete  bool      `json:"complete"`
		Positions [2]uint64 `json:"positions"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &m) != nil || m.Class != "1B1R-2U1r" || !m.Complete || m.Positions[0] != 706860 {
		t.Fatalf("tables: exit %d %q", code, out)
	}
	if code, out, _ = runCmd(t, "", "tables", "--table", dir); code != 0 || !strings.Contains(out, "bytes/position") {
		t.Fatalf("tables: exit %d\n%s", code, out)
	}

	// SPEC §2: uu1B2/6/R5/6/6/6 f R1r1 surely wins in 5 with d1e1.
	in := "uu1B2/6/R5/6/6/6 f R1r1\n\nnot a position\nuuu3/B5/R5/6/6/1R4 f R2r2\n6/1R4/6/6/B5/uu4 s R1r1\n"
	code, out, _ = runCmd(t, in, "probe", "--table", dir, "--json", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 4 {
		t.Fatalf("probe: exit %d\n%s", code, out)
	}
	var a struct {
		Position  string   `json:"position"`
		Prover    string   `json:"prover"`
		Result    string   `json:"result"`
		Plies     int      `json:"plies"`
		LossPlies int      `json:"loss_plies"`
		Move      string   `json:"move"`
		PV        []string `json:"pv"`
		Source    string   `json:"source"`
		Error     string   `json:"error"`
	}
	dec := func(s string) {
		a = struct {
			Position  string   `json:"position"`
			Prover    string   `json:"prover"`
			Result    string   `json:"result"`
			Plies     int      `json:"plies"`
			LossPlies int      `json:"loss_plies"`
			Move      string   `json:"move"`
			PV        []string `json:"pv"`
			Source    string   `json:"source"`
			Error     string   `json:"error"`
		}{}
		if err := json.Unmarshal([]byte(s), &a); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
	}
	dec(lines[0])
	if a.Result != "win" || a.Plies != 5 || a.Move != "d1e1" || len(a.PV) != 5 || a.PV[0] != "d1e1" || a.Source != "table" || a.Prover != "f" {
		t.Errorf("probe of the SPEC example: %s", lines[0])
	}
	dec(lines[1])
	if a.Position != "not a position" || a.Error == "" {
		t.Errorf("unreadable line: %s", lines[1])
	}
	dec(lines[2])
	if !strings.Contains(a.Error, "1B2R-3U2r") {
		t.Errorf("missing class: %s", lines[2])
	}
	dec(lines[3]) // the opponent escapes at once
	if a.Result != "no-win" || a.LossPlies != 1 || a.Move != "" || a.PV != nil {
		t.Errorf("a lost position: %s", lines[3])
	}
	// the same position for the second player, seen upside down
	code, out, _ = runCmd(t, "", "probe", "--table", dir, "--prover", "s", "6/4uu/6/6/6/R4B f R1r1")
	if code != 1 || !strings.Contains(out, "error") {
		t.Errorf("--prover s on a position whose second player hides colours: exit %d %q", code, out)
	}
	code, out, _ = runCmd(t, "", "probe", "--table", dir, "4UU/6/6/6/6/r4b s R1r1")
	if code != 0 || !strings.Contains(out, "surely wins in 1 plies with f6f7") {
		t.Errorf("second player's blue on its exit: exit %d %q", code, out)
	}

	var vout, verr bytes.Buffer
	e := &env{Ctx: context.Background(), Stdout: &vout, Stderr: &verr}
	if err := verifyTables(e, dir, nil, solver.CrossCheckOptions{}, true, false); err != nil || !strings.Contains(vout.String(), "all consistent") {
		t.Fatalf("verify: %v\n%s", err, vout.String())
	}
	vout.Reset()
	if err := verifyTables(e, dir, []string{"1B1R-3U2r"}, solver.CrossCheckOptions{}, true, false); err == nil {
		t.Error("verifying a class that is not built succeeded")
	}
	if err := verifyTables(e, dir, []string{"nonsense"}, solver.CrossCheckOptions{}, true, false); err == nil {
		t.Error("verifying a bad class name succeeded")
	}
}

func TestTableCommandUsage(t *testing.T) {
	for _, args := range [][]string{
		{"build"},
		{"build", "1X1R-2U1r"},
		{"build", "--pieces", "9"},
		{"build", "--threads", "-1", "1B1R-2U1r"},
		{"probe"},
		{"probe", "--prover", "x", "uu1B2/6/R5/6/6/6 f R1r1"},
		{"probe", "-", "uu1B2/6/R5/6/6/6 f R1r1"},
		{"tables", "extra"},
	} {
		code, _, errOut := runCmd(t, "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%q: exit %d, %q; want 2 and one line", args, code, errOut)
		}
	}
	code, _, errOut := runCmd(t, "", "probe", "--table", t.TempDir()+"/none", "uu1B2/6/R5/6/6/6 f R1r1")
	if code != 1 || !strings.Contains(errOut, "no endgame tables") {
		t.Errorf("missing directory: exit %d %q", code, errOut)
	}
}

// Classes built as jobs (build --class --from --out), read as a path
// list and merged (tables merge), answer as one store does; the plan is
// JSON with what each class reads; a build over its memory is refused.
func TestBuildAsJobs(t *testing.T) {
	root := t.TempDir()
	a, b, m := root+"/a", root+"/b", root+"/m"
	code, out, _ := runCmd(t, "", "build", "--plan", "1B1R-3U2r")
	var plan struct {
		Jobs []struct {
			Class       string   `json:"class"`
			Reads       []string `json:"reads"`
			MemoryBytes uint64   `json:"memory_bytes"`
		} `json:"jobs"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &plan) != nil || len(plan.Jobs) != 2 || plan.Jobs[1].Class != "1B1R-3U2r" ||
		len(plan.Jobs[1].Reads) != 1 || plan.Jobs[1].Reads[0] != "1B1R-2U1r" || plan.Jobs[1].MemoryBytes == 0 {
		t.Fatalf("build --plan: exit %d %s", code, out)
	}
	if code, _, errOut := runCmd(t, "", "build", "--class", "1B1R-3U2r", "--out", b, "--quiet"); code == 0 || !strings.Contains(errOut, "1B1R-2U1r") {
		t.Fatalf("a job without its dependency: exit %d %s", code, errOut)
	}
	if code, _, errOut := runCmd(t, "", "build", "--class", "1B1R-2U1r", "--out", a, "--max-memory", "1", "--quiet"); code == 0 || !strings.Contains(errOut, "MiB") {
		t.Fatalf("a build over --max-memory: exit %d %s", code, errOut)
	}
	for _, args := range [][]string{
		{"build", "--class", "1B1R-2U1r", "--out", a, "--quiet"},
		{"build", "--class", "1B1R-3U2r", "--from", a, "--out", b, "--quiet"},
		{"tables", "merge", "--out", m, a, b},
	} {
		if code, out, errOut := runCmd(t, "", args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	// A job whose class the --from store already holds complete says so,
	// even with --quiet, and builds nothing.
	c := root + "/c"
	if code, out, errOut := runCmd(t, "", "build", "--class", "1B1R-3U2r", "--from", m, "--out", c, "--quiet"); code != 0 || out != "" ||
		!strings.Contains(errOut, "nothing to build") || !strings.Contains(errOut, "--rebuild") {
		t.Fatalf("a job complete in --from: exit %d %q %q", code, out, errOut)
	}
	if code, out, _ := runCmd(t, "", "tables", "--table", b, "--json"); code != 0 || strings.Count(out, "\n") != 1 {
		t.Fatalf("the job's store holds more than its class: %s", out)
	}
	if code, out, errOut := runCmd(t, "", "tables", "compare", m, a+":"+b); code != 0 || !strings.Contains(out, "2 classes") {
		t.Fatalf("compare merged with a:b: exit %d %s%s", code, out, errOut)
	}
	if code, _, errOut := runCmd(t, "", "tables", "compare", b, a); code == 0 || !strings.Contains(errOut, "1B1R-3U2r") {
		t.Fatalf("compare b with a: exit %d %s", code, errOut)
	}
	in := "uu1B2/6/R5/6/6/6 f R1r1\nuuu3/B5/R5/6/6/6 f R1r2\n"
	elapsed := regexp.MustCompile(`"elapsed_ms":[0-9.e-]+,`)
	_, list, _ := runCmd(t, in, "probe", "--table", a+":"+b, "--json", "-")
	code, merged, _ := runCmd(t, in, "probe", "--table", m, "--json", "-")
	list, merged = elapsed.ReplaceAllString(list, ""), elapsed.ReplaceAllString(merged, "")
	if code != 0 || list != merged || strings.Contains(list, "error") || strings.Count(list, `"result"`) != 2 {
		t.Fatalf("probe over a:b\n%s\nover the merged store (exit %d)\n%s", list, code, merged)
	}
}

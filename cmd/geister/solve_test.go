package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/solver"
)

func TestSolveJSON(t *testing.T) {
	code, out, _ := runCmd(t, "", "solve", "--json", "uu1B2/6/R5/6/6/6 f R1r1", "not a position", "6/6/5B/6/uu4/1R4 f R1r1")
	if code != 1 {
		t.Fatalf("exit %d with a bad line, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines: %q", len(lines), out)
	}
	var a solver.AnswerJSON
	if err := json.Unmarshal([]byte(lines[0]), &a); err != nil {
		t.Fatal(err)
	}
	// SPEC §5's example.
	if a.Position != "uu1B2/6/R5/6/6/6 f R1r1 0" || a.Prover != "f" || a.Result != "win" || a.Plies == nil || *a.Plies != 5 ||
		a.Move != "d1e1" || len(a.PV) != 5 || a.PV[0] != "d1e1" || a.Source != "dfpn" || a.Nodes == nil || a.ElapsedMS == nil {
		t.Errorf("first line %s", lines[0])
	}
	var e solver.AnswerJSON
	if err := json.Unmarshal([]byte(lines[1]), &e); err != nil || e.Position != "not a position" || !strings.Contains(e.Error, "field 1") || e.Result != "" {
		t.Errorf("error line %s", lines[1])
	}
	var c solver.AnswerJSON
	if err := json.Unmarshal([]byte(lines[2]), &c); err != nil || c.Move != "b6a6" || *c.Plies != 7 {
		t.Errorf("third line %s", lines[2])
	}
	// Standard input, a prover with hidden pieces, --max-plies.
	code, out, _ = runCmd(t, "uu1B2/6/R5/6/6/6 f R1r1\n\n# a comment\nuu1B2/6/R5/6/6/6 f R1r1 0\n", "solve", "--json", "--max-plies", "3", "-")
	if code != 0 || strings.Count(out, `"result":"no-win"`) != 2 {
		t.Errorf("stdin: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "solve", "--json", "--prover", "s", "uu1B2/6/R5/6/6/6 f R1r1")
	if code != 1 || !strings.Contains(out, "must show every colour") {
		t.Errorf("hidden prover: exit %d %s", code, out)
	}
	// Opponent to move: no move, the line starts with its reply.
	code, out, _ = runCmd(t, "", "solve", "--json", "--shortest", "uu1B2/6/R5/6/6/6 s R1r1")
	var d solver.AnswerJSON
	if code != 0 || json.Unmarshal([]byte(out), &d) != nil || d.Move != "" || d.Result != "win" || len(d.PV) != *d.Plies {
		t.Errorf("opponent to move: %s", out)
	}
	// --ply-limit: the win of 5 plies does not fit before ply 200 from 197.
	code, out, _ = runCmd(t, "", "solve", "--json", "--ply-limit", "200", "uu1B2/6/R5/6/6/6 f R1r1 197")
	if code != 0 || !strings.Contains(out, `"no-win"`) {
		t.Errorf("ply limit: %s", out)
	}
	code, out, _ = runCmd(t, "", "solve", "--json", "--ply-limit=200", "uu1B2/6/R5/6/6/6 f R1r1 195")
	if code != 0 || !strings.Contains(out, `"plies":5`) {
		t.Errorf("ply limit: %s", out)
	}
}

func TestSolveHuman(t *testing.T) {
	code, out, _ := runCmd(t, "", "solve", "--shortest", "uu1B2/6/R5/6/6/6 f R1r1")
	if code != 0 || !strings.Contains(out, "surely wins in exactly 5 plies, with d1e1") || !strings.Contains(out, "line: d1e1") {
		t.Errorf("exit %d\n%s", code, out)
	}
	// Without --shortest the length is the proof's, an upper bound.
	code, out, _ = runCmd(t, "", "solve", "--no-table", "uu1B2/6/R5/6/6/6 f R1r1")
	if code != 0 || !strings.Contains(out, "surely wins within 5 plies, with d1e1") {
		t.Errorf("exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "solve", "--nodes", "50", "2uu2/u5/R4B/3R2/2u3/6 f R2r3 0")
	if code != 0 || !strings.Contains(out, "unknown") {
		t.Errorf("budget: exit %d\n%s", code, out)
	}
}

// randomGamePositions returns positions a few plies before the end of
// random games, as the winner sees them.
func randomGamePositions(seed uint64, n int) []string {
	r := engine.NewRand(seed)
	var out []string
	for len(out) < n {
		p, _ := testpos.NearEnd(r, 12)
		out = append(out, p.String())
	}
	return out
}

// TestSolveThenVerify: random positions from random games through solve
// --json; nothing panics, every line is valid JSON, and every win passes
// verify (with --exact for --shortest answers).
func TestSolveThenVerify(t *testing.T) {
	positions := randomGamePositions(1, 120)
	for _, flags := range [][]string{{"--nodes", "20000"}, {"--nodes", "20000", "--shortest"}} {
		args := append([]string{"solve", "--json", "--threads", "2", "--tt", "32"}, flags...)
		args = append(args, "-")
		code, out, errOut := runCmd(t, strings.Join(positions, "\n"), args...)
		if code != 0 {
			t.Fatalf("solve: exit %d %s", code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != len(positions) {
			t.Fatalf("%d lines for %d positions", len(lines), len(positions))
		}
		wins := 0
		for i, l := range lines {
			var a solver.AnswerJSON
			if err := json.Unmarshal([]byte(l), &a); err != nil || a.Result == "" {
				t.Fatalf("line %d: %q %v", i, l, err)
			}
			if a.Position != positions[i] {
				t.Fatalf("line %d is %s, input %s: out of order", i, a.Position, positions[i])
			}
			if a.Result == "win" {
				wins++
			}
		}
		vargs := []string{"verify", "--tt", "32", "--quiet"}
		if len(flags) > 2 {
			vargs = append(vargs, "--exact")
		}
		code, vout, _ := runCmd(t, out, vargs...)
		if code != 0 || !strings.Contains(vout, fmt.Sprintf("%d wins confirmed, 0 disagreements", wins)) {
			t.Fatalf("verify %v: exit %d\n%s", flags, code, vout)
		}
		if wins < len(positions)/5 {
			t.Errorf("only %d wins among %d positions", wins, len(positions))
		}
		t.Logf("%v: %d wins verified of %d positions", flags, wins, len(positions))
	}
}

// FuzzSolveJSON: any input line gives one JSON line without a panic, and
// a win passes verify.
func FuzzSolveJSON(f *testing.F) {
	for _, s := range randomGamePositions(2, 8) {
		f.Add(s)
	}
	f.Add("uu1B2/6/R5/6/6/6 f R1r1")
	f.Add("x")
	f.Fuzz(func(t *testing.T, s string) {
		if strings.ContainsAny(s, "\n\r") {
			return
		}
		code, out, _ := runCmd(t, s+"\n", "solve", "--json", "--nodes", "3000", "--tt", "4", "--threads", "1", "-")
		if strings.TrimSpace(s) == "" || strings.HasPrefix(strings.TrimSpace(s), "#") {
			return
		}
		var a solver.AnswerJSON
		if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &a); err != nil {
			t.Fatalf("%q: output %q: %v", s, out, err)
		}
		if (a.Error != "") != (code == 1) {
			t.Fatalf("%q: exit %d with %q", s, code, out)
		}
		if a.Result == "win" {
			c, err := solver.ParseClaim([]byte(out))
			if err == nil {
				_, _, err = solver.CheckClaim(t.Context(), c, false, 4)
			}
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
		}
	})
}

// TestSolveTrace: --trace prints each search on standard error, as text
// or with --json as JSON lines whose nodes add up to the answer's and
// whose iterations end with the exact distance (and then no progress
// lines among them); without it, nothing.
func TestSolveTrace(t *testing.T) {
	const pos = "6/6/u2B2/2u3/2R3/3B2 f R1r1 0" // a 15-ply win, found by a probe in 19 first
	code, out, errOut := runCmd(t, "", "solve", "--json", "--no-table", "--shortest", "--trace", pos)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var a solver.AnswerJSON
	if err := json.Unmarshal([]byte(out), &a); err != nil || a.Plies == nil || *a.Plies != 15 || a.Nodes == nil {
		t.Fatalf("answer %s (%v)", out, err)
	}
	var sum uint64
	var last solver.SearchTraceJSON
	lines := strings.Split(strings.TrimSpace(errOut), "\n")
	for _, l := range lines {
		var tr solver.SearchTraceJSON
		if err := json.Unmarshal([]byte(l), &tr); err != nil || tr.Position != pos || tr.Trace == "" {
			t.Fatalf("trace line %q (%v)", l, err)
		}
		sum += tr.Nodes
		last = tr
	}
	if len(lines) < 2 || sum != *a.Nodes {
		t.Errorf("%d trace lines, %d nodes in all, the answer's %d:\n%s", len(lines), sum, *a.Nodes, errOut)
	}
	if last.Trace != solver.SearchIteration || last.Plies != 15 || last.Result != "win" || last.WinIn == nil || *last.WinIn != 15 {
		t.Errorf("last trace %+v, want the iteration that proves the win in 15", last)
	}
	code, _, errOut = runCmd(t, "", "solve", "--no-table", "--shortest", "--trace", pos)
	if code != 0 || !strings.Contains(errOut, "trace: "+pos+": iteration, a win within 15 plies? win in 15; ") {
		t.Errorf("text trace: exit %d\n%s", code, errOut)
	}
	for _, c := range []struct {
		cmd    solveCmd
		single bool
		want   bool
	}{
		{solveCmd{}, true, true},
		{solveCmd{}, false, false},
		{solveCmd{quiet: true}, true, false},
		{solveCmd{trace: true}, true, true},
		{solveCmd{jsonOut: true}, true, true},
		{solveCmd{trace: true, jsonOut: true}, true, false},
	} {
		if got := c.cmd.progressLines(c.single); got != c.want {
			t.Errorf("progress lines with %+v, one position %v: %v, want %v", c.cmd, c.single, got, c.want)
		}
	}
	code, _, errOut = runCmd(t, "", "solve", "--no-table", "--shortest", pos)
	if code != 0 || strings.Contains(errOut, "trace") {
		t.Errorf("without --trace: exit %d\n%s", code, errOut)
	}
}

// TestSolveHelpOnceBelow: the help of solve names the node budget under
// which "a win at all?" is asked once, as the solver has it.
func TestSolveHelpOnceBelow(t *testing.T) {
	code, out, errOut := runCmd(t, "", "solve", "--help")
	n := strconv.Itoa(solver.AnyWinOnceBelow)
	if code != 0 || strings.Count(out+errOut, "--nodes under "+n) < 2 {
		t.Errorf("solve --help (exit %d) names --nodes under %s fewer than twice (the text and --trace):\n%s%s", code, n, out, errOut)
	}
}

package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestEnumerateAndKeeper runs the enumerate and keeper commands on the
// smallest class, built once.
func TestEnumerateAndKeeper(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := runCmd(t, "", "build", "--table", dir, "--quiet", "1B1R-2U1r"); code != 0 {
		t.Fatalf("build: %d\n%s\n%s", code, out, errOut)
	}
	t.Run("enumerate agrees with solve", func(t *testing.T) { enumerateAgreesWithSolve(t, dir) })
	t.Run("enumerate filters and errors", func(t *testing.T) { enumerateFiltersAndErrors(t, dir) })
	t.Run("enumerate sample", func(t *testing.T) { enumerateSample(t, dir) })
	t.Run("keeper counts equal brute force", func(t *testing.T) { keeperCounts(t, dir) })
	t.Run("keeper algorithm", func(t *testing.T) { keeperAlgorithm(t, dir) })
}

type enumLine struct {
	Position string   `json:"position"`
	Prover   string   `json:"prover"`
	Result   string   `json:"result"`
	Plies    int      `json:"plies"`
	Exact    *bool    `json:"exact"`
	Move     string   `json:"move"`
	PV       []string `json:"pv"`
	Mirrors  int      `json:"mirror_images"`
	Source   string   `json:"source"`
	Summary  *struct {
		Class       string `json:"class"`
		Scanned     uint64 `json:"scanned"`
		Matched     uint64 `json:"matched"`
		WithMirrors uint64 `json:"matched_with_mirrors"`
		Sampled     int    `json:"sampled"`
		Wins        *int   `json:"wins"`
		NoWins      *int   `json:"no_wins"`
		Unknown     *int   `json:"unknown"`
		ByDTW       []struct {
			Plies       int    `json:"plies"`
			Positions   uint64 `json:"positions"`
			WithMirrors uint64 `json:"with_mirrors"`
		} `json:"by_dtw"`
		Stopped bool `json:"stopped_early"`
	} `json:"summary"`
}

func parseEnum(t *testing.T, out string) (lines []enumLine, sum enumLine) {
	t.Helper()
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var e enumLine
		if err := json.Unmarshal([]byte(l), &e); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if e.Summary != nil {
			sum = e
			continue
		}
		lines = append(lines, e)
	}
	if sum.Summary == nil {
		t.Fatalf("no summary in %s", out)
	}
	return lines, sum
}

// Positions listed by enumerate, solved again by solve (df-pn, no tables,
// --shortest), have the distances enumerate gave them.
func enumerateAgreesWithSolve(t *testing.T, dir string) {
	code, out, errOut := runCmd(t, "", "enumerate", "1B1R-2U1r", "--table", dir, "--min-dtw", "17", "--json", "--line")
	if code != 0 {
		t.Fatalf("enumerate: %d\n%s", code, errOut)
	}
	lines, sum := parseEnum(t, out)
	if len(lines) == 0 || uint64(len(lines)) != sum.Summary.Matched || sum.Summary.Scanned != 706860 {
		t.Fatalf("%d lines, summary %+v", len(lines), sum.Summary)
	}
	var total uint64
	for _, d := range sum.Summary.ByDTW {
		total += d.Positions
		if d.Plies < 17 {
			t.Errorf("distance %d listed with --min-dtw 17", d.Plies)
		}
	}
	if total != sum.Summary.Matched {
		t.Errorf("by_dtw adds up to %d, matched %d", total, sum.Summary.Matched)
	}
	var in strings.Builder
	for i, l := range lines {
		if l.Result != "win" || l.Source != "table" || l.Prover != "f" || len(l.PV) != l.Plies || (l.Mirrors != 1 && l.Mirrors != 2) {
			t.Errorf("line %+v", l)
		}
		if i < 8 {
			in.WriteString(l.Position + "\n")
		}
	}
	code, out, _ = runCmd(t, in.String(), "solve", "--no-table", "--shortest", "--json", "--threads", "2", "-")
	if code != 0 {
		t.Fatalf("solve: %d\n%s", code, out)
	}
	for i, s := range strings.Split(strings.TrimSpace(out), "\n") {
		var a struct {
			Result string `json:"result"`
			Plies  int    `json:"plies"`
			Source string `json:"source"`
		}
		if err := json.Unmarshal([]byte(s), &a); err != nil {
			t.Fatal(err)
		}
		if a.Result != "win" || a.Plies != lines[i].Plies || a.Source != "dfpn" {
			t.Errorf("%s: enumerate says win in %d, solve says %s in %d (%s)", lines[i].Position, lines[i].Plies, a.Result, a.Plies, a.Source)
		}
	}
}

func enumerateFiltersAndErrors(t *testing.T, dir string) {
	// --unique with a limit: the prover to move, a move given, counts
	// covering what was scanned.
	code, out, _ := runCmd(t, "", "enumerate", "1B1R-2U1r", "--table", dir, "--unique", "--dtw", "13", "--limit", "3", "--json")
	lines, sum := parseEnum(t, out)
	if code != 0 || len(lines) != 3 || !sum.Summary.Stopped || sum.Summary.Matched != 3 {
		t.Fatalf("unique: %d, %d lines, %+v", code, len(lines), sum.Summary)
	}
	for _, l := range lines {
		if !strings.Contains(l.Position, " f ") || l.Move == "" || l.Plies != 13 {
			t.Errorf("unique: %+v", l)
		}
	}
	// --side s: the opponent to move, no move.
	code, out, _ = runCmd(t, "", "enumerate", "1B1R-2U1r", "--table", dir, "--side", "s", "--dtw", "18")
	if code != 0 || !strings.Contains(out, " s R1r1 0  win in 18") || strings.Contains(out, " f R1r1") || !strings.Contains(out, "with mirrors") {
		t.Errorf("side s:\n%s", out)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"1B1R-2U1r", "--dtw", "3", "--min-dtw", "2"}, 2, "not both"},
		{[]string{"1B1R-2U1r", "--unique", "--side", "s"}, 2, "prover to move"},
		{[]string{"1B1R-2U1r", "--side", "x"}, 2, "--side"},
		{[]string{"2B2R-9U1r"}, 2, "2B2R-9U1r"},
		{[]string{"0B1R-2U1r"}, 2, "0B1R-2U1r"},
		{[]string{"1B1R-3U1r"}, 1, "1B1R-3U1r is not complete"},
		{[]string{}, 2, "want one class"},
		{[]string{"1B1R-2U1r", "--nodes", "5"}, 2, "--nodes applies only with --sample"},
		{[]string{"1B1R-2U1r", "--seed", "5"}, 2, "--seed applies only with --sample"},
	} {
		args := append([]string{"enumerate", "--table", dir}, c.args...)
		code, _, errOut := runCmd(t, "", args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

// --sample solves random positions of a class beyond the tables.
func enumerateSample(t *testing.T, dir string) {
	code, out, _ := runCmd(t, "", "enumerate", "1B1R-3U1r", "--table", dir, "--sample", "6", "--nodes", "300000", "--json", "--threads", "2")
	lines, sum := parseEnum(t, out)
	s := sum.Summary
	if code != 0 || len(lines) != 6 || s.Sampled != 6 || *s.Wins+*s.NoWins+*s.Unknown != 6 {
		t.Fatalf("sample: exit %d, %d lines, %+v", code, len(lines), s)
	}
	for _, l := range lines {
		if l.Result != "win" && l.Result != "no-win" && l.Result != "unknown" {
			t.Errorf("sample line %+v", l)
		}
	}
}

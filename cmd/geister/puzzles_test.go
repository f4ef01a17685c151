package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// TestPuzzlesCommand: JSON puzzles of the smallest class, with and
// without its table (the same puzzles: both are exact), the board output,
// and the usage errors.
func TestPuzzlesCommand(t *testing.T) {
	args := []string{"puzzles", "--prover", "1B1R", "--opponent", "2U1r", "--min-plies", "9", "--unique", "--count", "2", "--seed", "5", "--quiet"}
	code, noTable, errOut := runCmd(t, "", append(args, "--json", "--no-table")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(noTable), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2:\n%s", len(lines), noTable)
	}
	for _, l := range lines {
		var p struct {
			Position, Class, Move, Kind string
			Plies                       int
			Unique                      bool
			PV                          []string
		}
		if err := json.Unmarshal([]byte(l), &p); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
		if p.Class != "1B1R-2U1r" || p.Plies < 9 || !p.Unique || len(p.PV) != p.Plies || p.PV[0] != p.Move || p.Kind == "" {
			t.Errorf("puzzle %s", l)
		}
	}
	dir := t.TempDir()
	if code, out, errOut := runCmd(t, "", "build", "--table", dir, "--quiet", "1B1R-2U1r"); code != 0 {
		t.Fatalf("build: %d\n%s\n%s", code, out, errOut)
	}
	code, withTable, errOut := runCmd(t, "", append(args, "--json", "--table", dir)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// The same puzzles; the lines may differ where the opponent has
	// several longest resistances.
	key := func(out string) string {
		var k []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			var p struct {
				Position, Move, Kind string
				Plies, Draw          int
			}
			json.Unmarshal([]byte(l), &p)
			k = append(k, fmt.Sprint(p))
		}
		return strings.Join(k, "\n")
	}
	if key(withTable) != key(noTable) {
		t.Errorf("with the table:\n%s\nwithout:\n%s", withTable, noTable)
	}
	if !strings.Contains(withTable, `"source":"table"`) {
		t.Errorf("the table was not used:\n%s", withTable)
	}
	code, boards, _ := runCmd(t, "", append(args, "--no-table")...)
	if code != 0 || strings.Count(boards, "solution: ") != 2 || !strings.Contains(boards, "exits of the first player") {
		t.Errorf("boards: exit %d\n%s", code, boards)
	}
	for _, bad := range [][]string{
		{"puzzles", "--prover", "1B1R"},
		{"puzzles", "--prover", "1B1R", "--opponent", "2U2r"},
		{"puzzles", "--count", "0"},
		{"puzzles", "extra"},
	} {
		if code, _, errOut := runCmd(t, "", bad...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, %q; want a usage error", bad, code, errOut)
		}
	}
}

// TestPuzzlesPublished: --published reads the collection's rows (here the
// example of its README and a made-up row) as position strings that
// "solve -" reads, keeps those of at least --min-plies plies, names a bad
// line, and refuses the making flags.
func TestPuzzlesPublished(t *testing.T) {
	file := "notrv,1111,----,---,05,..........u.B.................Ru....\n" +
		"prtrv,2313,wall,---,17,R....u.B.u..........R...u.B..R.....r\n"
	code, out, errOut := runCmd(t, file, "puzzles", "--published", "-", "--min-plies", "1")
	want := "# line 1: 5 plies, hidden\n6/4u1/B5/6/6/Ru4 f R1r1 0\n" +
		"# line 2: 17 plies, partly revealed, red wall\nR4u/1B1u2/6/2R3/u1B2R/5r f R3r3 0\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d, %q; want\n%s\ngot\n%s", code, errOut, want, out)
	}
	code, solved, errOut := runCmd(t, out, "solve", "--no-table", "--no-store", "--shortest", "--json", "-")
	if code != 0 || strings.Count(solved, "\n") != 2 || !strings.Contains(solved, `"position":"6/4u1/B5/6/6/Ru4 f R1r1 0","prover":"f","result":"win","plies":5`) {
		t.Errorf("solve of the text: exit %d %q\n%s", code, errOut, solved)
	}
	code, js, _ := runCmd(t, file, "puzzles", "--published", "-", "--min-plies", "6", "--json")
	if code != 0 || js != `{"position":"R4u/1B1u2/6/2R3/u1B2R/5r f R3r3 0","plies":17,"revealed":true,"red_wall":true,"cap":false,"line":2}`+"\n" {
		t.Errorf("--json --min-plies 6: exit %d\n%s", code, js)
	}
	code, _, errOut = runCmd(t, file+"notrv,1111,----,---,05,short\n", "puzzles", "--published", "-")
	if code != 1 || !strings.Contains(errOut, "line 3") || !strings.Contains(errOut, "want 36 squares") {
		t.Errorf("a bad row: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runCmd(t, file, "puzzles", "--published", "-", "--count", "3"); code != 2 || !strings.Contains(errOut, "--count") {
		t.Errorf("--count with --published: exit %d, %q; want a usage error naming it", code, errOut)
	}
}

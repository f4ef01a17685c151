package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

func TestMatchCommand(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "games.jsonl")
	code, out, errOut := runCmd(t, "", "match", "purplemax:depth=2,dfpn=100", "random", "--games", "6", "--seed", "3", "--jobs", "2", "--records", rec)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"purplemax:depth=2,dfpn=100 vs random: 6 games (seed 3, ply limit 200)", "as first:", "as second:", "ended by:", "time per move:", "95%"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "match: 6/6 games") {
		t.Errorf("no progress line on stderr: %q", errOut)
	}
	data, err := os.ReadFile(rec)
	if err != nil || strings.Count(string(data), "\n") != 6 {
		t.Fatalf("records: %v\n%s", err, data)
	}

	code, out, _ = runCmd(t, "", "match", "random", "blue-chototsu", "--games", "4", "--json", "--quiet")
	if code != 0 {
		t.Fatalf("--json: exit %d", code)
	}
	var obj map[string]any
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatalf("--json output is not one object: %v\n%s", err, out)
	}
	for _, k := range []string{"a", "b", "games", "wins", "losses", "draws", "as_first", "as_second", "reasons", "time_a", "time_b", "win_ci", "score"} {
		if _, ok := obj[k]; !ok {
			t.Errorf("--json lacks %q: %s", k, out)
		}
	}

	// Replay the records: the first game, a chosen game, and the list.
	code, out, errOut = runCmd(t, "", "replay", rec, "--game", "1")
	if code != 0 || !strings.Contains(out, "game 1 (seed") || !strings.Contains(out, "ply 1: first plays") || !strings.Contains(out, "result: ") {
		t.Fatalf("replay: exit %d %s\n%s", code, errOut, out)
	}
	code, out, _ = runCmd(t, "", "replay", rec, "--list")
	if code != 0 || strings.Count(out, "\n") != 6 {
		t.Fatalf("replay --list: exit %d\n%s", code, out)
	}
	code, _, errOut = runCmd(t, "", "replay", rec, "--game", "9")
	if code != 1 || !strings.Contains(errOut, "no game 9") {
		t.Errorf("replay of a missing game: exit %d %q", code, errOut)
	}
	bad := filepath.Join(dir, "bad.jsonl")
	os.WriteFile(bad, []byte(strings.Replace(string(data), `"moves":["`, `"moves":["a1a2","`, 1)), 0o644)
	code, _, errOut = runCmd(t, "", "replay", bad)
	if code != 1 || !strings.Contains(errOut, "move 1") {
		t.Errorf("replay of an illegal move: exit %d %q", code, errOut)
	}
}

func TestMatchUsageErrors(t *testing.T) {
	for _, args := range [][]string{
		{"match", "random"},
		{"match", "random", "nobody"},
		{"match", "random", "random:depth=3"},
		{"match", "random", "human"},
		{"match", "random", "random", "--games", "0"},
		{"play", "random"},
		{"play", "random", "purplemax:time=soon"},
		{"replay"},
	} {
		code, _, errOut := runCmd(t, "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line", args, code, errOut)
		}
	}
}

func TestPlayCommand(t *testing.T) {
	code, out, errOut := runCmd(t, "", "play", "random", "red-chototsu", "--seed", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "ply 1: first plays") || !strings.Contains(out, "result: ") || !strings.Contains(out, "    a b c d e f") {
		t.Fatalf("play output:\n%s", out)
	}
	// A human: bad input is asked again, the opponent's colours stay
	// hidden until the end, and the game ends when the input does.
	code, out, errOut = runCmd(t, "BCFG\nnonsense\nb5b4\nresign\n", "play", "human", "random:reds=ADEH", "--seed", "2")
	if code != 0 {
		t.Fatalf("human: exit %d %s", code, errOut)
	}
	before, after, _ := strings.Cut(out, "final position")
	for _, want := range []string{"Which four are red?", "Legal moves:", `"nonsense" is not a legal move`, "Your move, first player"} {
		if !strings.Contains(before, want) {
			t.Errorf("human play lacks %q:\n%s", want, out)
		}
	}
	if strings.ContainsAny(strings.Join(boardRows(before), ""), "br") || !strings.ContainsAny(strings.Join(boardRows(after), ""), "br") {
		t.Errorf("the human saw the opponent's colours, or the end did not show them:\n%s", out)
	}
	if strings.Contains(out, "agent error") || !strings.Contains(out, "result: second wins: the first player resigned at ply 2") {
		t.Errorf("a resignation is not reported as one:\n%s", out)
	}
	// The end of the input abandons the game: no result, exit status 1.
	code, out, _ = runCmd(t, "BCFG\nb5b4\n", "play", "human", "random:reds=ADEH", "--seed", "2")
	if code != 1 || strings.Contains(out, "agent error") || strings.Contains(out, "result:") || !strings.Contains(out, "abandoned at ply 2") {
		t.Errorf("end of input: exit %d\n%s", code, out)
	}
}

// boardRows returns the board rows (" 1  u u . B . +") of printed boards.
func boardRows(s string) []string {
	var rows []string
	for _, l := range strings.Split(s, "\n") {
		if len(l) >= 15 && l[0] == ' ' && l[1] >= '1' && l[1] <= '6' && l[2] == ' ' {
			rows = append(rows, l[3:15])
		}
	}
	return rows
}

func TestMatchWithTables(t *testing.T) {
	tb, closeFn, err := openTablesDB(filepath.Join(t.TempDir(), "none"))
	if tb != nil || err != nil {
		t.Fatalf("a missing directory: %v %v", tb, err)
	}
	closeFn()
	dir := t.TempDir()
	db, err := tablebase.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	classes, _ := tablebase.Plan(purple.Classes(4))
	if _, err := tablebase.Build(context.Background(), db, classes, tablebase.BuildOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	code, out, errOut := runCmd(t, "", "match", "purplemax:depth=2", "random", "--games", "4", "--tables", dir, "--quiet")
	if code != 0 || !strings.Contains(out, "4 games") {
		t.Fatalf("match with tables: exit %d %s\n%s", code, errOut, out)
	}
}

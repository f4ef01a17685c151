package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// handGames are two hand-made records (the same games as in the analysis
// package's tests, where the comments give the reasoning): the first
// player walks its blue D e5-f5-...-f1 while the second player walks its
// red D b2-a2-...-a6. At ply 12 the first player stands on its exit f1
// (a sure win in 1: f1f0) and plays e6e5 instead: with the hidden piece
// on a6 free to escape, it keeps no sure win: missed-win at 12. Game 3
// escapes at ply 14 (the miss is not thrown); in game 4 the second player
// takes the blue (e1f1) and the ply limit 16 draws: the miss at 12 is
// also threw-win. In both, b1b2 at ply 11 left the blue on f1: gave-win.
const handGames = `{"game":3,"seed":0,"first":"hand","second":"hand","first_reds":"ABEF","second_reds":"DEFG","moves":["c5c4","b2a2","e5f5","a2a3","f5f4","a3a4","f4f3","a4a5","f3f2","a5a6","f2f1","b1b2","e6e5","b2b3","f1f0"],"result":"first","reason":"escape","plies":15,"ply_limit":200}
{"game":4,"seed":0,"first":"hand","second":"hand","first_reds":"ABEF","second_reds":"DEFG","moves":["c5c4","b2a2","e5f5","a2a3","f5f4","a3a4","f4f3","a4a5","f3f2","a5a6","f2f1","b1b2","e6e5","e1f1","e5e4","b2b3"],"result":"draw","reason":"ply limit","plies":16,"ply_limit":16}
`

func TestAnalyzeCommandHandRecords(t *testing.T) {
	file := filepath.Join(t.TempDir(), "hand.jsonl")
	if err := os.WriteFile(file, []byte(handGames), 0o644); err != nil {
		t.Fatal(err)
	}
	// a node budget only, so the verdicts do not depend on the machine's load
	budget := []string{"--quiet", "--no-table", "--no-store", "--nodes", "20000", "--time", "0"}
	code, out, errOut := runCmd(t, "", append([]string{"analyze"}, append(budget, file)...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	games := strings.Split(out, "\ngame ")
	if len(games) != 2 || !strings.HasPrefix(games[0], "game 3:") || !strings.HasPrefix(games[1], "4:") {
		t.Fatalf("want games 3 and 4 in order:\n%s", out)
	}
	for g, text := range games {
		// the line of ply 12: the move, the first player's win in 1, the marks
		want := `(?m)^  12  e6e5  win 1 f1f0 +no-win +missed-win: first surely won .*with f1f0.* e6e5 keeps no sure win`
		if g == 1 {
			want = `(?m)^  12  e6e5  win 1 f1f0 +no-win +missed-win,threw-win: `
		}
		if !regexp.MustCompile(want).MatchString(text) {
			t.Errorf("game %d: no line %q in\n%s", 3+g, want, text)
		}
		if !regexp.MustCompile(`(?m)^  11  b1b2 .* gave-win: b1b2 gives first a sure win`).MatchString(text) {
			t.Errorf("game %d: ply 11 is not marked gave-win in\n%s", 3+g, text)
		}
		// no other ply carries missed-win or threw-win
		if n := strings.Count(text, "missed-win"); n != 1 {
			t.Errorf("game %d: missed-win on %d lines, want 1", 3+g, n)
		}
	}
	if !strings.Contains(games[0], "missed sure wins: ply 12; thrown away: none; sure wins given: ply 11, 13") ||
		!strings.Contains(games[1], "missed sure wins: ply 12; thrown away: ply 12; sure wins given: ply 11\n") {
		t.Errorf("summaries:\n%s", out)
	}

	code, out, errOut = runCmd(t, "", append([]string{"analyze", "--json"}, append(budget, file)...)...)
	if code != 0 {
		t.Fatalf("--json: exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("--json: %d lines, want 2: %s", len(lines), out)
	}
	type ply struct {
		Ply   int      `json:"ply"`
		Move  string   `json:"move"`
		Marks []string `json:"marks"`
		First struct {
			Result string `json:"result"`
			Plies  int    `json:"plies"`
			Move   string `json:"move"`
		} `json:"first"`
	}
	want := []struct {
		missed, threw, gave []int
		forced              int
		marks               map[int][]string
	}{
		{[]int{12}, []int{}, []int{11, 13}, 14, map[int][]string{11: {"gave-win"}, 12: {"missed-win"}, 13: {"gave-win"}, 14: {"forced"}}},
		{[]int{12}, []int{12}, []int{11}, -1, map[int][]string{11: {"gave-win"}, 12: {"missed-win", "threw-win"}}},
	}
	for g, line := range lines {
		var rep struct {
			Game                int   `json:"game"`
			Plies               []ply `json:"plies"`
			Missed, Threw, Gave []int
			ForcedFrom          int `json:"forced_from"`
		}
		if err := json.Unmarshal([]byte(line), &rep); err != nil {
			t.Fatalf("--json line %d: %v", g+1, err)
		}
		w := want[g]
		if rep.Game != 3+g || !slices.Equal(rep.Missed, w.missed) || !slices.Equal(rep.Threw, w.threw) || !slices.Equal(rep.Gave, w.gave) || rep.ForcedFrom != w.forced {
			t.Errorf("--json game %d: missed %v threw %v gave %v forced %d; want %v %v %v %d", rep.Game, rep.Missed, rep.Threw, rep.Gave, rep.ForcedFrom, w.missed, w.threw, w.gave, w.forced)
		}
		for i, p := range rep.Plies {
			if p.Ply != i || !slices.Equal(p.Marks, w.marks[i]) {
				t.Errorf("--json game %d ply %d (%s): marks %v, want %v", rep.Game, p.Ply, p.Move, p.Marks, w.marks[i])
			}
		}
		if len(rep.Plies) > 12 {
			if p := rep.Plies[12]; p.Move != "e6e5" || p.First.Result != "win" || p.First.Plies != 1 || p.First.Move != "f1f0" {
				t.Errorf("--json game %d ply 12: %+v, want e6e5 played where f1f0 won in 1", rep.Game, p)
			}
		}
	}
}

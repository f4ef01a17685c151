package analysis

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
)

// Hand-made game records from real start placements, in the record
// format that match, play and the GAT server write.
//
// Home squares and placement letters: the first player's A-D are b5-e5,
// E-H are b6-e6; the second player's A-D are e2-b2, E-H are e1-b1.
// First reds ABEF: its blue D starts on e5 and walks up the f-file to its
// exit f1 (moves at plies 2, 4, 6, 8, 10; c5c4 at ply 0 is a waiting
// move). Second reds DEFG: its red D walks from b2 down the a-file onto
// a6, the second player's exit (plies 1, 3, 5, 7, 9). Nothing is
// captured before ply 13.
//
// Why every mark is certain, whatever the budget, and none can be
// elsewhere:
//   - From ply 10 on, the first player sees the piece on a6 hidden; in the
//     purple game it may escape (the second player still has hidden
//     blues), so whenever the second player is to move with it there the
//     first player has no sure win, proven by that one reply.
//   - Ply 12 (the first player to move, its blue on f1): the escape f1f0
//     wins at once, a sure win in 1.
//   - Ply 11: no sure win for the first player (above); after the second
//     player's move (not e1f1, which would take the blue) ply 12 is a win
//     in 1: gave-win at ply 11.
//   - Ply 12: a move other than the escape leaves ply 13, the second
//     player to move with the piece on a6: no sure win, so missed-win at
//     ply 12.
//   - A side's sure win can begin only on the opponent's move (had the
//     side's own move made it, the side surely won before it), so a
//     gave-win needs a proven no-win just before the first win. The
//     first player's blue is never out of reach of the second player's
//     pieces on e1/e2 except when it stands on f1 with the first player
//     to move, so its wins are exactly plies 12 and 14 (and the escape's
//     end position), each after a ply 11/13 proven no-win. The second
//     player's blues never leave home and its red cannot escape: it
//     never surely wins, so it has no missed, thrown or given win.
const (
	firstReds  = "ABEF"
	secondReds = "DEFG"
)

var walk = []string{
	"c5c4", "b2a2", // 0, 1
	"e5f5", "a2a3", // 2, 3
	"f5f4", "a3a4", // 4, 5
	"f4f3", "a4a5", // 6, 7
	"f3f2", "a5a6", // 8, 9
	"f2f1", "b1b2", // 10, 11: the second player leaves the blue on f1
	"e6e5", // 12: the first player does not escape
}

// handRecords returns the three hand-made games.
//
// Game 0 (missed, regained): ply 13 b2b3 again leaves the blue on f1
// (gave-win at 13), ply 14 f1f0 escapes; the first player wins, so the
// miss at 12 is not thrown; forced from 14 (13 is a no-win).
//
// Game 1 (thrown): ply 13 e1f1 takes the blue; two quiet moves and the
// ply limit 16 draws the game. The first player's last missed win (12)
// is thrown: marks missed-win and threw-win at 12, gave-win at 11, no
// forced result (a draw).
//
// Game 2 (given): the mirror image. The first player's red A (placement
// ABEF, as in games 0 and 1) walks b5-a5-...-a1 onto the first player's
// exit; the second player's blue A (placement DEFG) walks e2-f2-...-f6
// onto its exit. At ply 10 the first player is to move with the blue on
// f6: the second player, seeing the red on a1 hidden, has no sure win
// (that piece may escape at once). The first player does not take the
// blue (e6f6 would) and plays d5d4: at ply 11 the second player escapes
// in 1 (gave-win at 10, forced from 11). The second player's only win
// begins there; the first player's red cannot escape and its blues never
// come near an exit, so it never surely wins.
func handRecords() []match.Record {
	a := append(slices.Clone(walk), "b2b3", "f1f0")
	b := append(slices.Clone(walk), "e1f1", "e5e4", "b2b3")
	c := []string{
		"b5a5", "e2f2", // 0, 1
		"a5a4", "f2f3", // 2, 3
		"a4a3", "f3f4", // 4, 5
		"a3a2", "f4f5", // 6, 7
		"a2a1", "f5f6", // 8, 9
		"d5d4", "f6f7", // 10: leaves the blue on f6; 11: it escapes
	}
	return []match.Record{
		{Game: 0, First: "hand", Second: "hand", FirstReds: firstReds, SecondReds: secondReds,
			Moves: a, Result: "first", Reason: match.ReasonEscape, Plies: len(a), PlyLimit: 200},
		{Game: 1, First: "hand", Second: "hand", FirstReds: firstReds, SecondReds: secondReds,
			Moves: b, Result: "draw", Reason: match.ReasonPlyLimit, Plies: len(b), PlyLimit: 16},
		{Game: 2, First: "hand", Second: "hand", FirstReds: firstReds, SecondReds: secondReds,
			Moves: c, Result: "second", Reason: match.ReasonEscape, Plies: len(c), PlyLimit: 200},
	}
}

// handRecordText is the records as a file of JSON lines.
func handRecordText(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, r := range handRecords() {
		line, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.String()
}

// handExpect is where the marks must be, game by game.
var handExpect = []struct {
	marks               map[int][]string
	missed, threw, gave []int
	forced              int
}{
	{map[int][]string{11: {MarkGave}, 12: {MarkMissed}, 13: {MarkGave}, 14: {MarkForced}}, []int{12}, []int{}, []int{11, 13}, 14},
	{map[int][]string{11: {MarkGave}, 12: {MarkMissed, MarkThrew}}, []int{12}, []int{12}, []int{11}, -1},
	{map[int][]string{10: {MarkGave}, 11: {MarkForced}}, []int{}, []int{}, []int{10}, 11},
}

// handOptions: a node budget only (no clock, so the verdicts do not
// depend on the machine's load), no tables or store.
func handOptions() Options {
	return Options{Nodes: 20_000, TTMegabytes: 8}
}

func TestAnalyzeHandRecordsAreLegal(t *testing.T) {
	recs, err := ReadGames(strings.NewReader(handRecordText(t)))
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("%d games read, want 3", len(recs))
	}
	for i, rec := range recs {
		positions, moves, err := rec.Replay()
		if err != nil {
			t.Fatalf("game %d: %v", i, err)
		}
		if len(moves) != len(rec.Moves) {
			t.Fatalf("game %d: %d moves replayed of %d", i, len(moves), len(rec.Moves))
		}
		// No capture before the moves the comments name.
		for j := 1; j < len(positions); j++ {
			n := bitsOn(positions[j], engine.First) + bitsOn(positions[j], engine.Second)
			wantCapture := i == 1 && j >= 14
			escaped := j == len(positions)-1 && i != 1
			if want := 16 - map[bool]int{true: 1}[wantCapture || escaped]; n != want {
				t.Errorf("game %d ply %d: %d pieces on the board, want %d", i, j, n, want)
			}
		}
	}
	// Ply 12 of games 0 and 1: the first player's blue on f1, a second
	// player's piece (its red) on a6, the first player to move.
	p := mustReplay(t, recs[0])[12]
	if pl, k, ok := p.At(sq(t, "f1")); !ok || pl != engine.First || k != engine.Blue {
		t.Errorf("ply 12: f1 holds %v %v %v, want the first player's blue", pl, k, ok)
	}
	if pl, k, ok := p.At(sq(t, "a6")); !ok || pl != engine.Second || k != engine.Red {
		t.Errorf("ply 12: a6 holds %v %v %v, want the second player's red", pl, k, ok)
	}
	if p.Turn() != engine.First {
		t.Errorf("ply 12: %v to move", p.Turn())
	}
	// Ply 11 of game 2: the second player's blue on f6, to move.
	q := mustReplay(t, recs[2])[11]
	if pl, k, ok := q.At(sq(t, "f6")); !ok || pl != engine.Second || k != engine.Blue || q.Turn() != engine.Second {
		t.Errorf("game 2 ply 11: f6 holds %v %v %v, %v to move", pl, k, ok, q.Turn())
	}
	if pl, k, ok := q.At(sq(t, "a1")); !ok || pl != engine.First || k != engine.Red {
		t.Errorf("game 2 ply 11: a1 holds %v %v %v, want the first player's red", pl, k, ok)
	}
}

func mustReplay(t *testing.T, rec match.Record) []engine.Position {
	t.Helper()
	positions, _, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	return positions
}

func bitsOn(p engine.Position, pl engine.Player) int {
	n := 0
	for _, k := range []engine.Kind{engine.Blue, engine.Red} {
		for b := p.Pieces(pl, k); b != 0; b &= b - 1 {
			n++
		}
	}
	return n
}

// TestAnalyzeHandRecordMarks runs the records through what `geister analyze`
// does (ReadGames on the text, then Analyze) and checks every mark, at
// every ply, and the verdicts they rest on.
func TestAnalyzeHandRecordMarks(t *testing.T) {
	recs, err := ReadGames(strings.NewReader(handRecordText(t)))
	if err != nil {
		t.Fatal(err)
	}
	for g, rec := range recs {
		rep, err := Analyze(context.Background(), rec, handOptions())
		if err != nil {
			t.Fatalf("game %d: %v", g, err)
		}
		want := handExpect[g]
		if len(rep.Plies) != len(rec.Moves)+1 {
			t.Fatalf("game %d: %d plies for %d moves", g, len(rep.Plies), len(rec.Moves))
		}
		for i, p := range rep.Plies {
			if !slices.Equal(p.Marks, want.marks[i]) {
				t.Errorf("game %d ply %d (%s): marks %v, want %v (first %s, second %s)", g, i, p.Move, p.Marks, want.marks[i], p.First.Short(), p.Second.Short())
			}
		}
		if !slices.Equal(rep.Missed, want.missed) || !slices.Equal(rep.Threw, want.threw) || !slices.Equal(rep.Gave, want.gave) || rep.ForcedFrom != want.forced {
			t.Errorf("game %d: missed %v threw %v gave %v forced %d; want %v %v %v %d", g, rep.Missed, rep.Threw, rep.Gave, rep.ForcedFrom, want.missed, want.threw, want.gave, want.forced)
		}
		// The verdicts under the marks.
		switch g {
		case 0, 1:
			if v := rep.Plies[12].First; v.Result != "win" || v.Plies != 1 || v.Move != "f1f0" {
				t.Errorf("game %d ply 12: first's verdict %+v, want a win in 1 with f1f0", g, v)
			}
			for _, i := range []int{11, 13} {
				if v := rep.Plies[i].First; v.Result != "no-win" {
					t.Errorf("game %d ply %d: first's verdict %+v, want no-win (a6 may escape)", g, i, v)
				}
			}
			if !strings.Contains(rep.Plies[12].Note, "f1f0") || !strings.Contains(rep.Plies[12].Note, "e6e5") {
				t.Errorf("game %d ply 12 note %q does not name f1f0 and e6e5", g, rep.Plies[12].Note)
			}
		case 2:
			if v := rep.Plies[11].Second; v.Result != "win" || v.Plies != 1 || v.Move != "f6f7" {
				t.Errorf("ply 11: second's verdict %+v, want a win in 1 with f6f7", v)
			}
			if v := rep.Plies[10].Second; v.Result != "no-win" {
				t.Errorf("ply 10: second's verdict %+v, want no-win (a1 may escape)", v)
			}
		}
		if g == 0 {
			if v := rep.Plies[14].First; v.Result != "win" || v.Plies != 1 {
				t.Errorf("game 0 ply 14: first's verdict %+v, want a win in 1", v)
			}
		}
		// Neither side's verdict is a win where the comments say no win
		// can be: the second player never (games 0, 1), the first player
		// never (game 2).
		for i, p := range rep.Plies {
			if g < 2 && p.Second.Result == "win" {
				t.Errorf("game %d ply %d: second's verdict %+v, but it never surely wins", g, i, p.Second)
			}
			if g < 2 && p.First.Result == "win" && i != 12 && !(g == 0 && i >= 14) {
				t.Errorf("game %d ply %d: first's verdict %+v, but it surely wins only at 12 and 14", g, i, p.First)
			}
			if g == 2 && p.First.Result == "win" {
				t.Errorf("game 2 ply %d: first's verdict %+v, but it never surely wins", i, p.First)
			}
		}
	}
}

func sq(t *testing.T, s string) engine.Square {
	t.Helper()
	q, err := engine.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

package analysis

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

func line(t *testing.T, ss ...string) []engine.Move {
	t.Helper()
	var out []engine.Move
	for _, s := range ss {
		m, err := engine.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	return out
}

// The hand-made games start from this position: the first player's only
// blue stands on its exit a1 (it escapes at once: a sure win in 1 ply);
// the second player's red on b2 guards a2 and b1, so a blue that steps
// there is captured, and the first player, with no blue left, loses.
const handStart = "B5/1r4/6/6/3b2/5R f R1r1 0"

func TestMissedAndThrownWin(t *testing.T) {
	start := engine.MustParsePosition(handStart)
	// a1b1 steps off the exit next to the red, which takes it: the first
	// player threw its win in 1 away and lost.
	rep, err := AnalyzeLine(context.Background(), start, line(t, "a1b1", "b2b1"), 0, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result != "second" {
		t.Fatalf("result %s, want second", rep.Result)
	}
	p0 := rep.Plies[0]
	if p0.First.Result != "win" || p0.First.Plies != 1 || p0.First.Move != "a1a0" {
		t.Errorf("ply 0: first's verdict %+v, want a win in 1 with a1a0", p0.First)
	}
	if rep.Plies[1].First.Result != "no-win" {
		t.Errorf("ply 1: first's verdict %+v, want no-win (b2b1 takes the last blue)", rep.Plies[1].First)
	}
	if !slices.Equal(p0.Marks, []string{MarkMissed, MarkThrew}) || !slices.Equal(rep.Missed, []int{0}) || !slices.Equal(rep.Threw, []int{0}) {
		t.Errorf("marks %v, missed %v, threw %v; want missed and threw at ply 0", p0.Marks, rep.Missed, rep.Threw)
	}
	// The second player sees the first player's pieces hidden: taking b1
	// might take the last red and lose, so it never surely wins before the
	// game is over: the result was never forced (the finished game's own
	// position does not count).
	if len(rep.Gave) != 0 || rep.ForcedFrom != -1 {
		t.Errorf("gave %v, forced from %d; want none and -1", rep.Gave, rep.ForcedFrom)
	}
	if !strings.Contains(p0.Note, "a1a0") {
		t.Errorf("note %q does not name the missed move", p0.Note)
	}
}

func TestMissedWinRegained(t *testing.T) {
	start := engine.MustParsePosition(handStart)
	// a1a2 misses the escape (b2a2 would take the blue), the second
	// player does not take it, and the blue returns and escapes: a missed
	// win, not a thrown one, and the result forced from ply 2 (a2a1, any
	// reply, a1a0: the red on c2 cannot reach a1 in one move).
	rep, err := AnalyzeLine(context.Background(), start, line(t, "a1a2", "b2c2", "a2a1", "c2c3", "a1a0"), 0, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result != "first" {
		t.Fatalf("result %s, want first", rep.Result)
	}
	if !slices.Equal(rep.Missed, []int{0}) || len(rep.Threw) != 0 {
		t.Errorf("missed %v threw %v; want missed at 0 and nothing thrown", rep.Missed, rep.Threw)
	}
	if rep.ForcedFrom != 2 {
		t.Errorf("forced from %d, want 2", rep.ForcedFrom)
	}
	want := []string{"win", "no-win", "win", "win", "win", "win"}
	for i, w := range want {
		if got := rep.Plies[i].First.Result; got != w {
			t.Errorf("ply %d: first's verdict %s, want %s", i, got, w)
		}
	}
	if v := rep.Plies[2].First; v.Plies != 3 || v.Move != "a2a1" {
		t.Errorf("ply 2: %+v, want a win in 3 with a2a1", v)
	}
	if !slices.Contains(rep.Plies[2].Marks, MarkForced) {
		t.Errorf("ply 2 marks %v lack %s", rep.Plies[2].Marks, MarkForced)
	}
}

// TestGaveWin: a move that hands the opponent a sure win it did not have.
// The second player's only blue is on a5, next to its exit a6, where the
// first player's red stands guard.
func TestGaveWin(t *testing.T) {
	start := engine.MustParsePosition("6/3B2/6/6/b5/R4r s R1r1 0")
	// s f6e6; f a6b6 (the guard steps aside, but b6 still reaches a6);
	// s a5a6; f b6c6 (now nothing reaches a6); s a6a7 escapes.
	rep, err := AnalyzeLine(context.Background(), start, line(t, "f6e6", "a6b6", "a5a6", "b6c6", "a6a7"), 0, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if rep.Result != "second" {
		t.Fatalf("result %s, want second", rep.Result)
	}
	// On a6 next to the first player's piece on b6 the blue may be taken:
	// the second player (who sees that piece hidden) has no sure win.
	if v := rep.Plies[3].Second; v.Result != "no-win" {
		t.Errorf("ply 3: second's verdict %+v, want no-win (b6a6 takes the blue)", v)
	}
	// After b6c6 the blue escapes next: a win in 1.
	if v := rep.Plies[4].Second; v.Result != "win" || v.Plies != 1 || v.Move != "a6a7" {
		t.Errorf("ply 4: second's verdict %+v, want a win in 1 with a6a7", v)
	}
	if !slices.Equal(rep.Gave, []int{3}) || !slices.Contains(rep.Plies[3].Marks, MarkGave) {
		t.Errorf("gave %v, marks at 3 %v; want ply 3 (b6c6 leaves the exit to the blue)", rep.Gave, rep.Plies[3].Marks)
	}
	if rep.ForcedFrom != 4 {
		t.Errorf("forced from %d, want 4", rep.ForcedFrom)
	}
}

// TestRecordMarksConsistent plays short games between random agents
// (which miss sure wins all the time), analyses their records, and checks
// every mark against the verdicts it rests on and every proven win of the
// side to move against the move it names.
func TestRecordMarksConsistent(t *testing.T) {
	a, _ := player.New("random", player.Env{})
	b, _ := player.New("random", player.Env{})
	o := DefaultOptions()
	o.Nodes = 20_000
	seen := 0
	for seed := uint64(1); seed <= 2; seed++ {
		g, err := match.Play(context.Background(), a, b, seed, 40, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := match.RecordOf(g, int(seed), "random", "random", 40)
		rep, err := Analyze(context.Background(), rec, o)
		if err != nil {
			t.Fatal(err)
		}
		if len(rep.Plies) != len(rec.Moves)+1 {
			t.Fatalf("%d plies for %d moves", len(rep.Plies), len(rec.Moves))
		}
		for i, p := range rep.Plies {
			us := map[string]func(Ply) Verdict{"f": func(p Ply) Verdict { return p.First }, "s": func(p Ply) Verdict { return p.Second }}[p.ToMove]
			if v := us(p); v.Result == "win" && v.Move != "" && i+1 < len(rep.Plies) {
				// the named winning move is legal where it is named
				pos := engine.MustParsePosition(p.Position)
				if _, err := pos.ParseMove(v.Move); err != nil {
					t.Fatalf("ply %d: winning move %s: %v", i, v.Move, err)
				}
			}
			if slices.Contains(p.Marks, MarkMissed) {
				seen++
				if us(p).Result != "win" || us(rep.Plies[i+1]).Result != "no-win" {
					t.Errorf("game %d ply %d: missed-win on verdicts %+v then %+v", seed, i, us(p), us(rep.Plies[i+1]))
				}
			}
		}
		if f := rep.ForcedFrom; f >= 0 {
			w := map[string]func(Ply) Verdict{"first": func(p Ply) Verdict { return p.First }, "second": func(p Ply) Verdict { return p.Second }}[rep.Result]
			for i := f; i < len(rep.Plies); i++ {
				if w(rep.Plies[i]).Result != "win" {
					t.Errorf("game %d: forced from %d but ply %d is %s", seed, f, i, w(rep.Plies[i]).Result)
				}
			}
			if f > 0 && w(rep.Plies[f-1]).Result == "win" {
				t.Errorf("game %d: forced from %d, but the winner already surely won at %d", seed, f, f-1)
			}
		} else if rep.Result != "draw" && rep.Plies[len(rep.Plies)-1].First.Source == "game" {
			t.Errorf("game %d: won, but never forced (the final position is a win)", seed)
		}
	}
	t.Logf("%d missed wins in 2 random games", seen)
}

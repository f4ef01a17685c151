package puzzles

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// TestUniqueAgainstTables makes unique puzzles by df-pn (no tables) and
// checks each with the endgame tables of its class, built here by
// retrograde analysis (a search independent of df-pn): the table's DTW is
// the puzzle's length, and of all the prover's first moves exactly one,
// the puzzle's, leaves a position the table calls a win for the prover.
// The kind is checked against the line's last move.
func TestUniqueAgainstTables(t *testing.T) {
	c, err := purple.ParseClass("1B1R-2U1r")
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Make(context.Background(), Options{Class: &c, MinPlies: 9, Unique: true, Count: 4, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) != 4 {
		t.Fatalf("%d puzzles, want 4", len(ps))
	}
	db := classTable(t, c)
	for i, p := range ps {
		if i > 0 && (ps[i-1].Kind > p.Kind || ps[i-1].Kind == p.Kind && ps[i-1].Plies < p.Plies) {
			t.Errorf("puzzles not sorted by kind, then length: %v %d before %v %d", ps[i-1].Kind, ps[i-1].Plies, p.Kind, p.Plies)
		}
		pos := p.Pos()
		if pos.String() != p.Position || pos.Turn() != engine.First {
			t.Fatalf("%s: position %s, turn %v", p.Position, pos.String(), pos.Turn())
		}
		v, n, err := db.ProbeValue(&pos, engine.First)
		if err != nil || v != purple.Win || n != p.Plies || n < 9 {
			t.Errorf("%s: the table says %v in %d (%v), the puzzle a win in %d", p.Position, v, n, err, p.Plies)
		}
		var ml engine.MoveList
		ml.Generate(&pos)
		moves := ml.Slice()
		purple.FlagProverMoves(moves)
		var winners []engine.Move
		for _, m := range moves {
			q := pos
			q.Make(m)
			won := q.Outcome() == engine.WinFor(engine.First)
			if q.Outcome() == engine.Ongoing {
				v, _, err := db.ProbeValue(&q, engine.First)
				if err != nil {
					t.Fatal(err)
				}
				won = v == purple.Win
			}
			if won {
				winners = append(winners, m.Plain())
			}
		}
		if len(winners) != 1 || winners[0].String() != p.Move {
			t.Errorf("%s: the table's winning first moves are %v, the puzzle's unique one %s", p.Position, winners, p.Move)
		}
		if !p.Unique || p.WinningMoves != 1 {
			t.Errorf("%s: Unique %v, WinningMoves %d", p.Position, p.Unique, p.WinningMoves)
		}
		line := make([]engine.Move, len(p.PV))
		for j, s := range p.PV {
			q := pos
			for _, m := range line[:j] {
				q.Make(m)
			}
			m, err := q.ParseMove(s)
			if err != nil {
				t.Fatalf("%s: line move %s: %v", p.Position, s, err)
			}
			line[j] = m
		}
		if k, ok := KindOf(pos, line); !ok || k != p.Kind || k.String() != p.KindName {
			t.Errorf("%s: kind %v (%v), recorded %v", p.Position, k, ok, p.Kind)
		}
	}
}

// TestKindOf: one line of each kind, and lines that do not end in a win.
func TestKindOf(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		line []string
		want Kind
		ok   bool
	}{
		{"uu1B2/6/R5/6/6/6 f R1r1", []string{"d1e1", "a1a2", "e1f1", "a2a1", "f1f0"}, Escape, true},
		{"uu1B2/6/R5/6/6/6 f R1r1", []string{"d1e1", "a1a2"}, 0, false},
		{"6/6/6/6/1u4/uR3B s R1r1", []string{"a6b6"}, Reds, true},
		{"6/6/6/6/1U4/Ur3b f R1r1", []string{"a6b6"}, 0, false}, // taking the last red of the second player loses
	} {
		p, err := engine.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		var line []engine.Move
		q := p
		for _, s := range tc.line {
			m, err := q.ParseMove(s)
			if err != nil {
				t.Fatalf("%s %s: %v", tc.pos, s, err)
			}
			line = append(line, m)
			q.Make(m)
		}
		k, ok := KindOf(p, line)
		if ok != tc.ok || (ok && k != tc.want) {
			t.Errorf("%s %v: %v %v, want %v %v", tc.pos, tc.line, k, ok, tc.want, tc.ok)
		}
	}
}

// classTable builds the endgame table of c (and the classes it rests on)
// in a temporary store, closed at the end of the test.
func classTable(tb testing.TB, c purple.Class) *tablebase.DB {
	tb.Helper()
	db, err := tablebase.Open(tb.TempDir())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	if _, err := tablebase.Build(context.Background(), db, []purple.Class{c}, tablebase.BuildOptions{}); err != nil {
		tb.Fatal(err)
	}
	return db
}

// Without tables, a class of at most BuildPieces pieces is answered from
// a table Make builds itself: every puzzle comes from it and agrees with
// the table built here independently (the same DTW, one winning first
// move), and the temporary directory is gone afterwards.
func TestBuildsSmallClass(t *testing.T) {
	c, err := purple.ParseClass("1B1R-2U1r")
	if err != nil {
		t.Fatal(err)
	}
	before, _ := filepath.Glob(filepath.Join(os.TempDir(), "geister-puzzles-tables-*"))
	building := ""
	ps, err := Make(context.Background(), Options{Class: &c, MinPlies: 9, Unique: true, Count: 4, Seed: 5, BuildPieces: 4,
		Progress: func(p Progress) {
			if p.Building != "" {
				building = p.Building
			}
		}})
	if err != nil || len(ps) != 4 {
		t.Fatalf("%d puzzles, %v", len(ps), err)
	}
	if building != c.String() {
		t.Fatalf("progress named %q as building, want %s", building, c)
	}
	db := classTable(t, c)
	for _, p := range ps {
		if p.Source != "table" {
			t.Fatalf("%s: source %s, want table", p.Position, p.Source)
		}
		pos := p.Pos()
		v, n, err := db.ProbeValue(&pos, engine.First)
		if err != nil || v != purple.Win || n != p.Plies {
			t.Fatalf("%s: table %v in %d, puzzle %d plies (%v)", p.Position, v, n, p.Plies, err)
		}
	}
	after, _ := filepath.Glob(filepath.Join(os.TempDir(), "geister-puzzles-tables-*"))
	if len(after) != len(before) {
		t.Fatalf("temporary tables left behind: %v", after)
	}
	// Below BuildPieces nothing is built: df-pn answers.
	ps, err = Make(context.Background(), Options{Class: &c, MinPlies: 9, Count: 1, Seed: 5, BuildPieces: 3})
	if err != nil || len(ps) != 1 || ps[0].Source != "dfpn" {
		t.Fatalf("BuildPieces 3: %d puzzles (%v), %v", len(ps), ps, err)
	}
}

package analysis

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// gatLog writes the log one player would keep of a game: the boards it
// receives (MOV? before each of its moves, WON:/LST:/DRW: at the end with
// every colour), with each piece keeping its letter A–H / a–h as it moves
// (the server's bookkeeping, written here independently of the reader).
func gatLog(t *testing.T, rec match.Record, viewer engine.Player) string {
	t.Helper()
	positions, moves, err := rec.Replay()
	if err != nil {
		t.Fatal(err)
	}
	type piece struct {
		sq       engine.Square
		red      bool
		captured bool
		escaped  bool
	}
	var pcs [2][8]piece
	reds := [2]string{rec.FirstReds, rec.SecondReds}
	for pl := engine.First; pl <= engine.Second; pl++ {
		for i, s := range engine.HomeSquares(pl) {
			pcs[pl][i] = piece{sq: s, red: strings.ContainsRune(reds[pl], rune('A'+i))}
		}
	}
	xy := func(s engine.Square) (int, int) {
		if viewer == engine.First {
			return s.File(), s.Rank() - 1
		}
		return 5 - s.File(), 6 - s.Rank()
	}
	board := func(showAll bool) string {
		var b strings.Builder
		for _, pl := range []engine.Player{viewer, viewer.Other()} {
			for _, p := range pcs[pl] {
				c := byte('B')
				if p.red {
					c = 'R'
				}
				switch {
				case p.captured:
					b.WriteString("99" + strings.ToLower(string(c)))
					continue
				case p.escaped:
					b.WriteString("88b")
					continue
				}
				if pl != viewer && !showAll {
					c = 'u'
				}
				x, y := xy(p.sq)
				fmt.Fprintf(&b, "%d%d%c", x, y, c)
			}
		}
		return b.String()
	}
	var log strings.Builder
	log.WriteString("SET?\r\nSET:" + reds[viewer] + "\r\n")
	for i, m := range moves {
		mover := positions[i].Turn()
		if mover == viewer {
			fmt.Fprintf(&log, "12:00:%02d recv MOV?%s\r\n", i%60, board(false))
			log.WriteString("MOV:A,N\r\nOK \r\n") // (the reader ignores these)
		}
		for pl := engine.First; pl <= engine.Second; pl++ {
			for j := range pcs[pl] {
				p := &pcs[pl][j]
				if p.captured || p.escaped {
					continue
				}
				if pl != mover && p.sq == m.To() {
					p.captured = true
				}
				if pl == mover && p.sq == m.From() {
					if m.IsEscape() {
						p.escaped = true
					} else {
						p.sq = m.To()
					}
				}
			}
		}
	}
	end := "DRW:"
	switch rec.Result {
	case map[engine.Player]string{engine.First: "first", engine.Second: "second"}[viewer]:
		end = "WON:"
	case "first", "second":
		end = "LST:"
	}
	log.WriteString(end + board(true) + "\r\n")
	return log.String()
}

// TestGATLogRoundTrip writes the logs both players would keep of games
// between agents and reads them back: the same placements, moves and
// result.
func TestGATLogRoundTrip(t *testing.T) {
	a, _ := player.New("random", player.Env{})
	b, _ := player.New("blue-chototsu", player.Env{})
	var logs [2]strings.Builder
	var recs []match.Record
	for seed := uint64(1); seed <= 12; seed++ {
		second, limit := b, 200
		if seed%2 == 0 {
			second = a
		}
		if seed%4 == 0 {
			limit = 20 // a draw
		}
		g, err := match.Play(context.Background(), a, second, seed, limit, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := match.RecordOf(g, len(recs), "random", "random or blue-chototsu", limit)
		recs = append(recs, rec)
		for v := engine.First; v <= engine.Second; v++ {
			logs[v].WriteString(gatLog(t, rec, v))
		}
	}
	reasons := map[string]bool{}
	for v := engine.First; v <= engine.Second; v++ {
		got, err := ReadGames(strings.NewReader(logs[v].String()))
		if err != nil {
			t.Fatalf("viewer %v: %v", v, err)
		}
		if len(got) != len(recs) {
			t.Fatalf("viewer %v: %d games, want %d", v, len(got), len(recs))
		}
		for i, g := range got {
			w := recs[i]
			if g.FirstReds != w.FirstReds || g.SecondReds != w.SecondReds || g.Result != w.Result || !slices.Equal(g.Moves, w.Moves) {
				t.Errorf("viewer %v game %d: got %s/%s %s %v, want %s/%s %s %v", v, i, g.FirstReds, g.SecondReds, g.Result, g.Moves, w.FirstReds, w.SecondReds, w.Result, w.Moves)
			}
			if g.Reason != w.Reason {
				t.Errorf("viewer %v game %d: reason %q, want %q", v, i, g.Reason, w.Reason)
			}
			reasons[g.Reason] = true
		}
	}
	t.Logf("endings: %v", reasons)
	if len(reasons) < 3 {
		t.Errorf("the games ended in only %v: the test wants more kinds of ending", reasons)
	}
}

func TestReadGamesErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "empty"},
		{"hello\nworld\n", "no board messages"},
		{"MOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\r\n", "no final board"},
		{`{"game":1}`, "result"},
		{"MOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\nWON:14B24R34R44R15R25B35B45B41b31b21b11b40r30r20r10r\n", "no piece of the player moved"},
		{"MOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\nWON:04B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\n", "hides the colour"},
	} {
		_, err := ReadGames(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one saying %q", c.in, err, c.want)
		}
	}
}

func FuzzReadGames(f *testing.F) {
	f.Add("MOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\nWON:04B24R34R44R15R25B35B45B41r31b21b11b40r30r20b10r\n")
	f.Add(`{"game":0,"seed":1,"first":"a","second":"b","first_reds":"ABCD","second_reds":"ABCD","moves":["b5b4"],"result":"draw","reason":"ply limit","plies":1,"ply_limit":1}`)
	f.Add("LST:99b99b99b99b15R25B35B45B41u31u21u11u40u30u20u10u")
	f.Fuzz(func(t *testing.T, s string) {
		recs, err := ReadGames(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, r := range recs {
			if r.Result != "first" && r.Result != "second" && r.Result != "draw" {
				t.Fatalf("record with result %q", r.Result)
			}
		}
	})
}

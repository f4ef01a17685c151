package web

import (
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
)

// TestGameBoard draws a game through its own endpoint while it is on (the
// agent's colours hidden in the picture) and once it is over (every colour
// shown, the caption saying how it ended).
func TestGameBoard(t *testing.T) {
	ts := newTestServer(t, Config{MaxGames: 2})
	var g GameState
	if code, body := call(t, ts, "POST", "/api/games", `{"agent":"random","side":"f","seed":5}`, &g); code != 200 {
		t.Fatal(code, body)
	}
	for i := 0; g.Outcome == "ongoing" && i < 300; i++ {
		code, svg := call(t, ts, "GET", "/api/games/"+g.ID+"/board.svg?highlight=a1", "", nil)
		if code != 200 || !strings.HasPrefix(svg, "<svg") {
			t.Fatalf("board of a game on: %d %.200s", code, svg)
		}
		if !strings.Contains(svg, "<title>"+g.Position) || strings.Contains(svg, "game over") {
			t.Fatalf("board of a game on: want the user's view %s and no game over, got %.400s", g.Position, svg)
		}
		if p := engine.MustParsePosition(g.Position); p.Pieces(engine.Second, engine.Blue)|p.Pieces(engine.Second, engine.Red) != 0 {
			t.Fatalf("the view shows the agent's colours: %s", g.Position)
		}
		var next GameState
		if code, body := call(t, ts, "POST", "/api/games/"+g.ID+"/move", `{"move":"`+g.Legal[i%len(g.Legal)]+`"}`, &next); code != 200 {
			t.Fatal(code, body)
		}
		g = next
	}
	code, svg := call(t, ts, "GET", "/api/games/"+g.ID+"/board.svg", "", nil)
	if code != 200 || !strings.Contains(svg, "game over: "+g.Outcome) || strings.Contains(svg, "player to move") {
		t.Fatalf("board of the finished game (%s, %s): %d %.600s", g.Outcome, g.Reason, code, svg)
	}
	if escaped := strings.HasSuffix(g.Last, "0") || strings.HasSuffix(g.Last, "7"); escaped != strings.Contains(svg, "escaped:") {
		t.Errorf("last move %s: an escaped piece drawn %v", g.Last, !escaped)
	}
	if code, body := call(t, ts, "GET", "/api/games/nope/board.svg", "", nil); code != 404 || !strings.Contains(body, "no game") {
		t.Errorf("unknown game's board: %d %s", code, body)
	}
	if code, body := call(t, ts, "GET", "/api/games/"+g.ID+"/board.svg?highlight=z9", "", nil); code != 400 || !strings.Contains(body, "highlight") {
		t.Errorf("bad highlight: %d %s", code, body)
	}
}

// TestEscapedPieceNotCaptured draws the board after an escape: the blue
// that left is shown as escaped, not among the captured, and the caption
// says the game is over rather than whose move it is.
func TestEscapedPieceNotCaptured(t *testing.T) {
	p := engine.MustParsePosition("B5/6/2R3/6/6/1uu3 f R1r1")
	m, err := p.ParseMove("a1a0")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(m)
	svg := string(SVG(&p, Options{LastMove: m}))
	if !strings.Contains(svg, "escaped:") || !strings.Contains(svg, "blue escaped") || strings.Contains(svg, "player to move") {
		t.Errorf("after a1a0: %s", svg)
	}
	// the same board with an ordinary last move: no escaped piece
	q := engine.MustParsePosition("B5/6/2R3/6/6/1uu3 f R1r1")
	m2, _ := q.ParseMove("c3c4")
	q.Make(m2)
	if svg := string(SVG(&q, Options{LastMove: m2})); strings.Contains(svg, "escaped") || !strings.Contains(svg, "second player to move") {
		t.Errorf("after c3c4: %s", svg)
	}
}

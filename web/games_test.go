package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/player"
)

// positionText finds position strings in an answer's body.
var positionText = regexp.MustCompile(`[1-6bBrRuU]{1,6}(?:/[1-6bBrRuU]{1,6}){5} [fs] R\d+r\d+(?: \d+)?`)

// checkHidden fails t when a position string in body shows a colour of
// agent's pieces. Every position string must parse (while the game is on,
// a position is never a finished game's); an answer that has a
// "position" field must hold one.
func checkHidden(t *testing.T, what, body string, agent engine.Player) {
	t.Helper()
	found := positionText.FindAllString(body, -1)
	if strings.Contains(body, `"position"`) && len(found) == 0 {
		t.Fatalf("%s: no position string found in %s", what, body)
	}
	for _, s := range found {
		p, err := engine.ParsePosition(s)
		if err != nil {
			t.Fatalf("%s: %q: %v", what, s, err)
		}
		if (p.Pieces(agent, engine.Blue) | p.Pieces(agent, engine.Red)) != 0 {
			t.Fatalf("%s: the answer shows the agent's colours during the game: %s", what, body)
		}
	}
}

// agentMoveTexts are the moves of the agent's pieces in the user's view v
// (as if it were the agent's turn): moves the user may not make.
func agentMoveTexts(t *testing.T, v string) []string {
	t.Helper()
	f := strings.Fields(v)
	f[1] = map[string]string{"f": "s", "s": "f"}[f[1]]
	p, err := engine.ParsePosition(strings.Join(f, " "))
	if err != nil {
		t.Fatal(err)
	}
	var ml engine.MoveList
	ml.Generate(&p)
	return engine.MoveTexts(ml.Slice())
}

// TestGameNeverShowsAgentColours plays whole games, in both seats, with
// illegal, malformed and out-of-turn moves between the legal ones, and
// asks for the game and its picture by every route that names its
// position, the old paths and the versioned ones; it parses every position string of every
// answer while the game is on: none may show a colour of the agent's
// pieces. Out of turn: every third move of the user is sent by a request
// that leaves before the agent replies, so the game waits on the agent;
// then the user's moves and the agent's pieces' moves are sent, and
// refused, before a GET lets the agent move.
func TestGameNeverShowsAgentColours(t *testing.T) {
	srv := NewServer(Config{MaxGames: 4})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	bad := []string{`{"move":"f6f5"}`, `{"move":"a1a0"}`, `{"move":"zz"}`, `{"move":"f6f7"}`, `{"move":"b5b6"}`, `{"move":""}`, `{"mov":1}`, `nonsense`, `{"move":"a1a2"} {}`}
	outOfTurn := 0
	for seat, side := range []string{"f", "s"} {
		prefix := []string{APIPrefix, "/api"}[seat]
		var g GameState
		code, body := call(t, ts, "POST", prefix+"/games", `{"agent":"random","side":"`+side+`","seed":11}`, &g)
		if code != 200 {
			t.Fatal(code, body)
		}
		agent := engine.First
		if side == "f" {
			agent = engine.Second
		}
		check := func(what, body string) {
			t.Helper()
			checkHidden(t, what, body, agent)
		}
		check("new game", body)
		game := prefix + "/games/" + g.ID
		for i := 0; g.Outcome == "ongoing" && i < 200; i++ {
			for _, b := range bad {
				if slices.ContainsFunc(g.Legal, func(m string) bool { return strings.Contains(b, `"`+m+`"`) }) {
					continue // legal here: not a bad move this time
				}
				code, body := call(t, ts, "POST", game+"/move", b, nil)
				if code != 400 {
					t.Fatalf("move %s: %d %s, want 400", b, code, body)
				}
				check("move "+b, body)
			}
			for _, p := range []string{"/api", APIPrefix} {
				_, body := call(t, ts, "GET", p+"/games/"+g.ID, "", nil)
				check("get "+p, body)
				code, svg := call(t, ts, "GET", p+"/games/"+g.ID+"/board.svg", "", nil)
				if code != 200 || !strings.Contains(svg, "<title>"+g.Position+"</title>") {
					t.Fatalf("the game's board: %d %.300s, want the user's view %s", code, svg, g.Position)
				}
				check("board "+p, svg)
			}
			for _, r := range []struct{ method, path, ct, origin string }{
				{"PUT", game, "application/json", ""},
				{"GET", game + "/move", "", ""},
				{"POST", game + "/move", "text/plain", ""},
				{"POST", game + "/move", "application/json", "http://evil.example"},
			} {
				h := http.Header{"Content-Type": {r.ct}}
				if r.origin != "" {
					h.Set("Origin", r.origin)
				}
				code, body := callWith(t, ts, r.method, r.path, h, `{"move":"`+g.Legal[0]+`"}`, nil)
				if code < 400 {
					t.Fatalf("%s %s (%s, origin %q): %d %s, want it refused", r.method, r.path, r.ct, r.origin, code, body)
				}
				check(r.method+" "+r.path, body)
			}
			mv := g.Legal[i%len(g.Legal)]
			if i%3 == 1 {
				ctx, cancel := context.WithCancel(context.Background())
				cancel()
				req := httptest.NewRequestWithContext(ctx, "POST", "http://localhost"+game+"/move", strings.NewReader(`{"move":"`+mv+`"}`))
				req.Header.Set("Content-Type", "application/json")
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				var st GameState
				if err := json.Unmarshal(rec.Body.Bytes(), &st); rec.Code != 200 || err != nil {
					t.Fatalf("move %s (the client left): %d %s", mv, rec.Code, rec.Body.String())
				}
				if st.Outcome == "ongoing" {
					check("move "+mv+" (the client left)", rec.Body.String())
					if len(st.Legal) != 0 || st.Text != "the agent is thinking" {
						t.Fatalf("after %s the agent did not move, yet: %+v", mv, st)
					}
					for _, m := range append(slices.Clone(g.Legal), agentMoveTexts(t, st.Position)...) {
						code, body := call(t, ts, "POST", game+"/move", `{"move":"`+m+`"}`, nil)
						if code != http.StatusConflict || !strings.Contains(body, "the agent's move") {
							t.Fatalf("out of turn %s: %d %s, want 409", m, code, body)
						}
						check("out of turn "+m, body)
						outOfTurn++
					}
				}
				var next GameState
				code, body := call(t, ts, "GET", game, "", &next)
				if code != 200 {
					t.Fatalf("get: %d %s", code, body)
				}
				if next.Outcome == "ongoing" {
					check("get after the client left", body)
				}
				g = next
				continue
			}
			var next GameState
			code, body := call(t, ts, "POST", game+"/move", `{"move":"`+mv+`"}`, &next)
			if code != 200 {
				t.Fatalf("move %s: %d %s", mv, code, body)
			}
			if next.Outcome == "ongoing" {
				check("move "+mv, body)
			}
			g = next
		}
		if g.Outcome == "ongoing" {
			t.Fatalf("seat %s: the game did not end in 200 moves", side)
		}
		if strings.ContainsRune(strings.Fields(g.Position)[0], 'u') {
			t.Errorf("seat %s: game over, but the agent's colours are still hidden: %s", side, g.Position)
		}
		if code, body := call(t, ts, "POST", game+"/move", `{"move":"a1a2"}`, nil); code != http.StatusConflict || !strings.Contains(body, "over") {
			t.Errorf("a move after the end: %d %s, want 409", code, body)
		}
	}
	if outOfTurn == 0 {
		t.Error("no move was sent out of turn")
	}
}

// TestGameSlotsFreed: a game gives its place up when it ends, and after
// GameIdle without a request; finished games are kept (for their end to
// be asked again) until newer finished games need the room.
func TestGameSlotsFreed(t *testing.T) {
	srv := NewServer(Config{MaxGames: 2, GameIdle: time.Minute})
	var clock atomic.Int64
	clock.Store(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).UnixNano())
	srv.now = func() time.Time { return time.Unix(0, clock.Load()) }
	wait := func(d time.Duration) { clock.Add(int64(d)) }
	ts := httptest.NewServer(srv)
	defer ts.Close()
	start := func(body string, want int) GameState {
		t.Helper()
		var g GameState
		code, b := call(t, ts, "POST", APIPrefix+"/games", body, &g)
		if code != want {
			t.Fatalf("new game %s: %d %s, want %d", body, code, b, want)
		}
		if want == 503 && !strings.Contains(b, "at most 2 games") {
			t.Errorf("a full server's answer %s does not name its cap", b)
		}
		return g
	}
	finish := func(g GameState) GameState { // a game with ply_limit 1 ends at the user's move
		t.Helper()
		var end GameState
		if code, b := call(t, ts, "POST", APIPrefix+"/games/"+g.ID+"/move", `{"move":"`+g.Legal[0]+`"}`, &end); code != 200 || end.Outcome != "draw" {
			t.Fatalf("move %s: %d %s, want a draw", g.Legal[0], code, b)
		}
		return end
	}
	get := func(g GameState) int {
		t.Helper()
		code, _ := call(t, ts, "GET", APIPrefix+"/games/"+g.ID, "", nil)
		return code
	}
	short := `{"agent":"random","ply_limit":1}`
	a := start(short, 200)
	b := start(`{"agent":"random"}`, 200)
	start(short, 503)
	finish(a)
	c := start(short, 200) // a's place is free
	start(short, 503)
	var end GameState
	if code, body := call(t, ts, "GET", APIPrefix+"/games/"+a.ID, "", &end); code != 200 || end.Outcome != "draw" || strings.ContainsRune(end.Position, 'u') {
		t.Errorf("the finished game: %d %s, want it kept, every colour shown", code, body)
	}
	// finished games beyond MaxGames go, the longest idle first
	wait(time.Second)
	finish(c)
	d := start(short, 200)
	wait(time.Second)
	finish(d)
	if get(a) != 404 || get(c) != 200 || get(d) != 200 {
		t.Errorf("after a third game ended: a %d, c %d, d %d; want a dropped, c and d kept", get(a), get(c), get(d))
	}
	// idle games go
	start(short, 200)
	start(short, 503)
	wait(40 * time.Second)
	if get(b) != 200 { // b's request keeps it
		t.Fatal("b was dropped before its time")
	}
	wait(30 * time.Second) // the new game has been idle 70 s, b 30 s
	e := start(short, 200)
	code, body := call(t, ts, "GET", APIPrefix+"/games/"+c.ID, "", nil)
	if code != 404 || !strings.Contains(body, "without a request") {
		t.Errorf("a game idle for 70 s: %d %s, want 404 saying why", code, body)
	}
	if get(b) != 200 || get(e) != 200 {
		t.Errorf("b %d, e %d, want both kept", get(b), get(e))
	}
	start(short, 503)
}

// panicAgent panics with its own view of the game, which shows its own
// colours.
type panicAgent struct{}

func (panicAgent) NewGame(engine.Player, uint64) engine.Placement {
	p, _ := engine.ParsePlacement("ABCD")
	return p
}

func (panicAgent) Move(_ context.Context, v *player.View) (engine.Move, error) {
	panic("agent fault in " + v.String())
}

// TestAgentPanic: an agent that panics (here with its own view, its
// colours shown) forfeits, as one that returns an error does; its
// colours show only once the game is over, and the cores it held are
// free again.
func TestAgentPanic(t *testing.T) {
	srv := NewServer(Config{})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	for i := range cap(srv.solve) + 1 {
		hp, _ := engine.ParsePlacement("EFGH")
		g := &game{id: fmt.Sprint("g", i), spec: "panic", agent: panicAgent{}, human: engine.Second, plyLimit: 200,
			pos: engine.StartPosition(panicAgent{}.NewGame(engine.First, 0), hp)}
		g.used.Store(srv.now().UnixNano())
		srv.games[g.id] = g
		var st GameState
		code, body := call(t, ts, "GET", APIPrefix+"/games/"+g.id, "", &st)
		if code != 200 || st.Outcome != "second wins" || !strings.Contains(st.Reason, "agent fault") || !strings.Contains(st.Reason, "forfeits") {
			t.Fatalf("a panicking agent: %d %s, want its forfeit", code, body)
		}
	}
	if code, body := call(t, ts, "POST", APIPrefix+"/solve", `{"position":"`+paperPos+`","nodes":1000}`, nil); code != 200 {
		t.Errorf("a solve after the panics: %d %s", code, body)
	}
}

// TestPanicShowsNoColours: a fault inside a request answers 500 with a
// JSON error that does not carry the fault's text (which might show a
// game's hidden colours), and the server goes on.
func TestPanicShowsNoColours(t *testing.T) {
	srv := NewServer(Config{})
	srv.mux.HandleFunc("GET /test/panic", func(http.ResponseWriter, *http.Request) {
		panic("fault in 1rbbr1/1brrb1/6/6/1UUUU1/1UUUU1 s R4r4 1")
	})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	code, body := call(t, ts, "GET", "/test/panic", "", nil)
	var e apiError
	if code != 500 || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, "internal error") {
		t.Fatalf("a panic: %d %s, want 500 and a JSON error", code, body)
	}
	if positionText.MatchString(body) {
		t.Errorf("the error names a position: %s", body)
	}
	if code, _ := call(t, ts, "GET", APIPrefix+"/agents", "", nil); code != 200 {
		t.Errorf("after the panic: %d", code)
	}
}

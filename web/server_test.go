package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

const paperPos = "uu1B2/6/R5/6/6/6 f R1r1"

func newTestServer(t *testing.T, cfg Config) *httptest.Server {
	t.Helper()
	ts := httptest.NewServer(validated(t, NewServer(cfg), nil))
	t.Cleanup(ts.Close)
	return ts
}

// call sends a request (a POST's body as application/json) and decodes
// the JSON answer into out (if not nil); it returns the status code and
// the body.
func call(t *testing.T, ts *httptest.Server, method, path, body string, out any) (int, string) {
	t.Helper()
	var h http.Header
	if method == "POST" {
		h = http.Header{"Content-Type": {"application/json"}}
	}
	return callWith(t, ts, method, path, h, body, out)
}

// callWith is call with the request header h.
func callWith(t *testing.T, ts *httptest.Server, method, path string, h http.Header, body string, out any) (int, string) {
	t.Helper()
	req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range h {
		req.Header[k] = v
	}
	if hs := h.Get("Host"); hs != "" {
		req.Host = hs
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if out != nil && resp.StatusCode == 200 {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("%s %s: %v in %s", method, path, err, b)
		}
	}
	return resp.StatusCode, string(b)
}

func TestPageAndAssets(t *testing.T) {
	ts := newTestServer(t, Config{})
	code, body := call(t, ts, "GET", "/", "", nil)
	if code != 200 || !strings.Contains(body, "Geister web board") || !strings.Contains(body, "<option>purplemax</option>") || strings.Contains(body, "<option>human</option>") {
		t.Fatalf("page: %d, agents listed without human? %.200s", code, body)
	}
	for _, f := range []string{"/static/app.js", "/static/style.css"} {
		if code, body := call(t, ts, "GET", f, "", nil); code != 200 || len(body) < 100 {
			t.Errorf("%s: %d, %d bytes", f, code, len(body))
		}
	}
	if code, _ := call(t, ts, "GET", "/static/../server.go", "", nil); code == 200 {
		t.Errorf("a path out of the assets was served")
	}
	if code, _ := call(t, ts, "GET", "/nothing", "", nil); code != 404 {
		t.Errorf("/nothing: %d, want 404", code)
	}
}

func TestBoardPictures(t *testing.T) {
	ts := newTestServer(t, Config{})
	q := url.Values{"position": {paperPos}, "last": {"a2a1"}, "highlight": {"d1"}}
	code, body := call(t, ts, "GET", "/api/board.svg?"+q.Encode(), "", nil)
	if code != 200 || !strings.HasPrefix(body, "<svg") || strings.Count(body, `class="sq"`) != 36 || !strings.Contains(body, colLast) || !strings.Contains(body, colHilite) {
		t.Fatalf("board.svg: %d %.100s", code, body)
	}
	code, body = call(t, ts, "GET", "/api/board.png?"+q.Encode(), "", nil)
	if code != 200 || !strings.HasPrefix(body, "\x89PNG") {
		t.Fatalf("board.png: %d", code)
	}
	for _, bad := range []url.Values{
		{"position": {"7/6/6/6/6/6 f R1r1"}},
		{"position": {paperPos}, "last": {"z9z9"}},
		{"position": {paperPos}, "highlight": {"q1"}},
		{},
	} {
		code, body := call(t, ts, "GET", "/api/board.svg?"+bad.Encode(), "", nil)
		var e apiError
		if code != 400 || json.Unmarshal([]byte(body), &e) != nil || e.Error == "" {
			t.Errorf("%v: %d %s, want 400 with an error", bad, code, body)
		}
	}
}

func TestSolveAPI(t *testing.T) {
	ts := newTestServer(t, Config{MaxNodes: 1_000_000, MaxTime: 5 * time.Second})
	var a SolveAnswer
	code, body := call(t, ts, "POST", "/api/solve", `{"position":"`+paperPos+`","shortest":true}`, &a)
	if code != 200 {
		t.Fatalf("solve: %d %s", code, body)
	}
	if a.Result != "win" || a.Plies != 5 || (a.Exact == nil || !*a.Exact) || a.Move != "d1e1" || len(a.PV) != 5 || len(a.Line) != 6 {
		t.Fatalf("solve: %+v, want a win in exactly 5 with d1e1 and a line of 6 positions", a)
	}
	// the line's positions follow the moves; the last move wins, and the
	// board before it stands for the finished game
	last := engine.MustParsePosition(a.Line[5])
	win, err := last.ParseMove(a.PV[4])
	if a.Line[5] != a.Line[4] || err != nil {
		t.Fatalf("line ends in %s after %s, want the board before the winning move (%v)", a.Line[5], a.Line[4], err)
	}
	if last.Make(win); last.Outcome() != engine.FirstWins {
		t.Errorf("the last move %s ends in %s, want first wins", a.PV[4], last.Outcome())
	}
	for i, m := range a.PV[:4] {
		p := engine.MustParsePosition(a.Line[i])
		mv, err := p.ParseMove(m)
		if err != nil {
			t.Fatalf("line move %d %s: %v", i+1, m, err)
		}
		p.Make(purple.ProverMove(&p, engine.First, mv))
		if p.String() != a.Line[i+1] {
			t.Errorf("after %s: %s, want %s", m, p.String(), a.Line[i+1])
		}
	}
	// a sure win within 3 plies does not exist
	code, _ = call(t, ts, "POST", "/api/solve", `{"position":"`+paperPos+`","max_plies":3}`, &a)
	if code != 200 || a.Result != "no-win" || !strings.Contains(a.Text, "within 3") {
		t.Errorf("max_plies 3: %d %+v, want no-win within 3", code, a)
	}
	for _, c := range []struct{ body, want string }{
		{`{"position":"` + paperPos + `","nodes":2000000}`, "cap of 1000000"},
		{`{"position":"` + paperPos + `","time_ms":6000}`, "cap of 5000"},
		{`{"position":"` + paperPos + `","time_ms":-1}`, "negative"},
		{`{"position":"` + paperPos + `","prover":"x"}`, "prover"},
		{`{"position":"uu1B2/6/R5/6/6/6 f R1r1","prover":"s"}`, "must show every colour"},
		{`{"position":"uuuu/6"}`, "position"},
		{`{"position":"` + paperPos + `","bogus":1}`, "unknown field"},
		{`{"position":`, "request body"},
		{`{"position":"4uu/6/6/6/6/5B s R1r1 0"}`, "the game is over"},
	} {
		code, body := call(t, ts, "POST", "/api/solve", c.body, nil)
		if code/100 != 4 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s, want a 4xx naming %q", c.body, code, body, c.want)
		}
	}
}

func TestBodyCap(t *testing.T) {
	ts := newTestServer(t, Config{MaxBody: 1000})
	big := `{"position":"` + strings.Repeat(" ", 2000) + `"}`
	code, body := call(t, ts, "POST", "/api/solve", big, nil)
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "cap of 1000 bytes") {
		t.Errorf("solve with a large body: %d %s", code, body)
	}
	code, body = call(t, ts, "POST", "/api/analyze", strings.Repeat("x", 2000), nil)
	if code != http.StatusRequestEntityTooLarge || !strings.Contains(body, "cap of 1000 bytes") {
		t.Errorf("analyze with a large body: %d %s", code, body)
	}
}

func TestPositionAPI(t *testing.T) {
	ts := newTestServer(t, Config{})
	var info PositionInfo
	code, body := call(t, ts, "POST", "/api/position", `{"position":"`+paperPos+`","move":"d1e1"}`, &info)
	if code != 200 {
		t.Fatal(code, body)
	}
	var ml engine.MoveList
	p := engine.MustParsePosition(paperPos)
	ml.Generate(&p)
	if len(info.Moves) != ml.N || info.Prover != "f" || info.After != "uu2B1/6/R5/6/6/6 s R1r1 1" {
		t.Errorf("info %+v: want %d moves, prover f, after uu2B1/6/R5/6/6/6 s R1r1 1", info, ml.N)
	}
	// a capture of a hidden piece whose colour the counts leave open
	call(t, ts, "POST", "/api/position", `{"position":"uuB3/6/R5/6/6/u5 f R1r2","move":"c1b1","reveal":"red"}`, &info)
	if info.After != "uB4/6/R5/6/6/u5 s R1r1 1" {
		t.Errorf("capture revealed red: after %s", info.After)
	}
	if code, body := call(t, ts, "POST", "/api/position", `{"position":"`+paperPos+`","move":"d1d3"}`, nil); code != 400 || !strings.Contains(body, "move") {
		t.Errorf("illegal move: %d %s", code, body)
	}
}

// testTables builds the one class the paper position needs.
var testTables = sync.OnceValues(func() (*tablebase.DB, error) {
	dir, err := osTempDir()
	if err != nil {
		return nil, err
	}
	db, err := tablebase.Open(dir)
	if err != nil {
		return nil, err
	}
	c, err := purple.ParseClass("1B1R-2U1r")
	if err != nil {
		return nil, err
	}
	_, err = tablebase.Build(context.Background(), db, []purple.Class{c}, tablebase.BuildOptions{})
	return db, err
})

func TestProbeAPI(t *testing.T) {
	ts := newTestServer(t, Config{})
	code, body := call(t, ts, "POST", "/api/probe", `{"position":"`+paperPos+`"}`, nil)
	if code != 404 || !strings.Contains(body, "no endgame tables") {
		t.Errorf("probe without tables: %d %s", code, body)
	}
	if testing.Short() {
		t.Skip("builds a table (about a second)")
	}
	db, err := testTables()
	if err != nil {
		t.Fatal(err)
	}
	ts = newTestServer(t, Config{Tables: db})
	var a SolveAnswer
	code, body = call(t, ts, "POST", "/api/probe", `{"position":"`+paperPos+`"}`, &a)
	if code != 200 || a.Source != "table" || a.Plies != 5 || (a.Exact == nil || !*a.Exact) || a.Move != "d1e1" {
		t.Errorf("probe: %d %s", code, body)
	}
	code, body = call(t, ts, "POST", "/api/probe", `{"position":"uu1B2/6/R4b/6/6/6 f R1r1"}`, nil)
	if code != 404 || !strings.Contains(body, "class") {
		t.Errorf("probe of a class not built: %d %s", code, body)
	}
}

func TestGameAPI(t *testing.T) {
	ts := newTestServer(t, Config{MaxGames: 2})
	var g GameState
	code, body := call(t, ts, "POST", "/api/games", `{"agent":"random","side":"s","reds":"ABCD","seed":3}`, &g)
	if code != 200 {
		t.Fatal(code, body)
	}
	// the agent (first) has moved; the user sees its pieces hidden
	if len(g.Moves) != 1 || g.Human != "s" || len(g.Legal) == 0 || strings.ContainsAny(strings.Fields(g.Position)[0][20:], "BR") {
		t.Fatalf("new game: %+v", g)
	}
	p := engine.MustParsePosition(g.Position)
	if bitsOn(p.Pieces(engine.First, engine.Unknown)) != 8 || p.Turn() != engine.Second {
		t.Errorf("the user's view %s: want the agent's 8 pieces hidden and the user to move", g.Position)
	}
	// play legal moves until the game ends or 30 moves
	for i := 0; i < 30 && g.Outcome == "ongoing"; i++ {
		mv := g.Legal[i%len(g.Legal)]
		var next GameState
		code, body := call(t, ts, "POST", "/api/games/"+g.ID+"/move", `{"move":"`+mv+`"}`, &next)
		if code != 200 {
			t.Fatalf("move %s: %d %s", mv, code, body)
		}
		if next.Outcome == "ongoing" && len(next.Moves) != len(g.Moves)+2 {
			t.Fatalf("after %s: %d moves, want %d", mv, len(next.Moves), len(g.Moves)+2)
		}
		g = next
	}
	if g.Outcome == "ongoing" {
		code, body = call(t, ts, "POST", "/api/games/"+g.ID+"/move", `{"move":"a1a2"}`, nil)
		if code != 400 || !strings.Contains(body, "move") {
			t.Errorf("illegal move: %d %s", code, body)
		}
	} else if strings.Contains(g.Position, "u") {
		t.Errorf("game over, but the board still hides colours: %s", g.Position)
	}
	for _, c := range []struct{ body, want string }{
		{`{"agent":"human"}`, "terminal"},
		{`{"agent":"nobody"}`, "agent"},
		{`{"agent":"random","side":"x"}`, "side"},
		{`{"agent":"random","reds":"ABC"}`, "reds"},
		{`{"agent":"random","ply_limit":-1}`, "ply_limit"},
		{`{"agent":"purplemax:tt=100000000"}`, "cap of 256 MiB"},
	} {
		if code, body := call(t, ts, "POST", "/api/games", c.body, nil); code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("%s: %d %s, want 400 naming %q", c.body, code, body, c.want)
		}
	}
	call(t, ts, "POST", "/api/games", `{"agent":"random"}`, nil)
	if code, body := call(t, ts, "POST", "/api/games", `{"agent":"random"}`, nil); code != 503 || !strings.Contains(body, "at most 2 games") {
		t.Errorf("third game with MaxGames 2: %d %s", code, body)
	}
	if code, _ := call(t, ts, "GET", "/api/games/nope", "", nil); code != 404 {
		t.Errorf("unknown game: %d", code)
	}
}

func TestAnalyzeAPI(t *testing.T) {
	ts := newTestServer(t, Config{AnalyzeNodes: 20_000, AnalyzePlies: 100})
	a, _ := player.New("random", player.Env{})
	var recs bytes.Buffer
	for i := 0; i < 2; i++ {
		g, err := match.Play(context.Background(), a, a, uint64(i+1), 30, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		line, _ := json.Marshal(match.RecordOf(g, i, "random", "random", 30))
		recs.Write(append(line, '\n'))
	}
	var rep struct {
		Game  int `json:"game"`
		Games int `json:"games"`
		Plies []struct {
			Position string
		} `json:"plies"`
	}
	code, body := call(t, ts, "POST", "/api/analyze?game=1", recs.String(), &rep)
	if code != 200 || rep.Game != 1 || rep.Games != 2 || len(rep.Plies) < 2 {
		t.Fatalf("analyze: %d %.300s", code, body)
	}
	for _, c := range []struct{ q, body, want string }{
		{"?game=7", recs.String(), "not in the record"},
		{"?nodes=50000", recs.String(), "cap of 20000"},
		{"?time_ms=0", recs.String(), "time_ms"},
		{"", "garbage", "record"},
		{"", `{"game":0,"first":"a","second":"b","first_reds":"ABCD","second_reds":"ABCD","moves":["a1a2"],"result":"draw","reason":"x","plies":1}`, "cannot be replayed"},
	} {
		if code, body := call(t, ts, "POST", "/api/analyze"+c.q, c.body, nil); code != 400 || !strings.Contains(body, c.want) {
			t.Errorf("analyze%s: %d %s, want 400 naming %q", c.q, code, body, c.want)
		}
	}
	long := match.Record{Game: 0, First: "a", Second: "b", FirstReds: "ABCD", SecondReds: "ABCD", Result: "draw", Reason: "ply limit"}
	for i := 0; i < 60; i++ {
		long.Moves = append(long.Moves, []string{"b5a5", "e2f2", "a5b5", "f2e2"}[i%4])
	}
	long.Plies = len(long.Moves)
	line, _ := json.Marshal(long)
	ts2 := newTestServer(t, Config{AnalyzePlies: 50})
	if code, body := call(t, ts2, "POST", "/api/analyze", string(line), nil); code != 400 || !strings.Contains(body, "cap of 50") {
		t.Errorf("a game over the positions cap: %d %s", code, body)
	}
}

// FuzzHandlers sends arbitrary requests to every route, with any
// Content-Type and Origin: the server must answer each with a status
// below 500 (or a clean 500 JSON error from a failed search, never a
// crash), every error as one JSON error, a foreign Origin with 403, and
// stay up.
func FuzzHandlers(f *testing.F) {
	js := "application/json"
	f.Add("POST", "/api/solve", js, "", `{"position":"uu1B2/6/R5/6/6/6 f R1r1","nodes":1000}`)
	f.Add("POST", "/api/v1/position", js, "http://localhost", `{"position":"uu1B2/6/R5/6/6/6 f R1r1","move":"d1e1"}`)
	f.Add("GET", "/api/v1/board.svg?position=uu1B2%2F6%2FR5%2F6%2F6%2F6+f+R1r1&last=d1e1&line=a1a2,b1b2", "", "", "")
	f.Add("POST", "/api/v1/games", js, "", `{"agent":"random","side":"s"}`)
	f.Add("POST", "/api/games/abc/move", js, "http://evil.example", `{"move":"a1a2"}`)
	f.Add("POST", "/api/v1/analyze", "text/plain", "http://localhost", "MOV?14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u\nWON:")
	f.Add("POST", "/api/probe", js, "null", `{"position":"1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4 0"}`)
	f.Add("GET", "/api/board.png?position=6%2F6", "", "", "")
	f.Add("DELETE", "/static/app.js", "", "", "")
	srv := NewServer(Config{MaxNodes: 5000, DefaultNodes: 5000, MaxTime: time.Second, DefaultTime: 200 * time.Millisecond, AnalyzeNodes: 1000, AnalyzePlies: 20, AnalyzeTime: 50 * time.Millisecond, AgentTime: time.Second})
	f.Fuzz(func(t *testing.T, method, path, ctype, origin, body string) {
		if len(path) == 0 || path[0] != '/' {
			path = "/" + path
		}
		req, err := http.NewRequest(method, "http://localhost"+path, strings.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", ctype)
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		w := httptest.NewRecorder()
		start := time.Now()
		srv.ServeHTTP(w, req)
		what := fmt.Sprintf("%s %s (%q, Origin %q) %q", method, path, ctype, origin, body)
		if d := time.Since(start); d > 3*time.Second {
			t.Fatalf("%s took %v", what, d)
		}
		if w.Code >= 500 && w.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s: %d %s", what, w.Code, w.Body.String())
		}
		if w.Code >= 400 {
			var e apiError
			dec := json.NewDecoder(w.Body)
			if dec.Decode(&e) != nil || e.Error == "" || dec.More() {
				t.Fatalf("%s: %d without one JSON error: %s", what, w.Code, w.Body.String())
			}
		}
		if origin != "" && !strings.EqualFold(origin, "http://localhost") && w.Code != http.StatusForbidden {
			t.Fatalf("%s: %d, want 403 for a foreign Origin", what, w.Code)
		}
	})
}

func TestMain(m *testing.M) {
	code := m.Run()
	if d := tempDir.Load(); d != nil {
		removeAll(*d)
	}
	exit(code)
}

var tempDir atomic.Pointer[string]

func osTempDir() (string, error) {
	d, err := os.MkdirTemp("", "geister-web-tables")
	if err == nil {
		tempDir.Store(&d)
	}
	return d, err
}

func removeAll(d string) { os.RemoveAll(d) }
func exit(code int)      { os.Exit(code) }

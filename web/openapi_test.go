package web

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
)

// The API's description, docs/openapi.yaml, is checked against the
// board's real answers: every test server (newTestServer) validates each
// answer to an API path against it (its status must be described, its
// body must fit the schema), and each request that the board took (2xx)
// must fit the description too. TestOpenAPI asks every operation.

func init() {
	// Bodies the description has beside JSON: taken as they come.
	for _, ct := range []string{"image/svg+xml", "image/png", "application/x-ndjson"} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.FileBodyDecoder)
	}
}

var apiDoc = sync.OnceValues(func() (routers.Router, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile("../docs/openapi.yaml")
	if err != nil {
		return nil, err
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("docs/openapi.yaml: %w", err)
	}
	doc.Servers = nil // match paths on any host (test servers have their own ports)
	return legacy.NewRouter(doc)
})

// opCounter counts the answers of each operation by status.
type opCounter struct {
	mu sync.Mutex
	n  map[string]map[int]int // operationId → status → answers
}

func (c *opCounter) add(op string, code int) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]map[int]int{}
	}
	if c.n[op] == nil {
		c.n[op] = map[int]int{}
	}
	c.n[op][code]++
}

// validated serves h, checking each answer to an API path (the old
// /api/ paths stand for /api/v1/ ones) against docs/openapi.yaml.
func validated(t testing.TB, h http.Handler, count *opCounter) http.Handler {
	router, err := apiDoc()
	if err != nil {
		t.Fatal(err)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			h.ServeHTTP(w, r)
			return
		}
		body, _ := io.ReadAll(io.LimitReader(r.Body, 4<<20))
		r.Body = io.NopCloser(bytes.NewReader(body))
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		for k, v := range rec.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(rec.Code)
		w.Write(rec.Body.Bytes())

		path := r.URL.Path
		if !strings.HasPrefix(path, APIPrefix+"/") {
			path = APIPrefix + strings.TrimPrefix(path, "/api")
		}
		vr := r.Clone(context.Background())
		vr.URL.Path, vr.Body = path, io.NopCloser(bytes.NewReader(body))
		what := fmt.Sprintf("%s %s: %d %.300s", r.Method, r.URL.RequestURI(), rec.Code, rec.Body.Bytes())
		route, params, err := router.FindRoute(vr)
		if err != nil {
			if rec.Code < 400 {
				t.Errorf("docs/openapi.yaml does not describe %s (%v)", what, err)
			}
			return
		}
		count.add(route.Operation.OperationID, rec.Code)
		in := &openapi3filter.RequestValidationInput{Request: vr, PathParams: params, Route: route,
			Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		if rec.Code/100 == 2 {
			if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
				t.Errorf("the board took a request docs/openapi.yaml does not allow: %s: %v", what, err)
			}
		}
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: rec.Code, Header: rec.Header(),
			Options: in.Options}
		out.SetBodyBytes(rec.Body.Bytes())
		if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
			t.Errorf("an answer docs/openapi.yaml does not describe: %s: %v", what, err)
		}
	})
}

// TestOpenAPI: the description names exactly the board's routes, and
// every operation's answers, a success and its errors, fit it.
func TestOpenAPI(t *testing.T) {
	router, err := apiDoc()
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(Config{MaxBody: 4000, MaxGames: 1, MaxNodes: 100_000, AnalyzeNodes: 2000, AnalyzePlies: 40})
	// The routes and the description's operations are the same.
	for _, rt := range srv.apiRoutes() {
		req := httptest.NewRequest(rt.method, "http://localhost"+APIPrefix+strings.ReplaceAll(rt.path, "{id}", "x"), nil)
		if _, _, err := router.FindRoute(req); err != nil {
			t.Errorf("docs/openapi.yaml does not describe %s %s: %v", rt.method, APIPrefix+rt.path, err)
		}
	}
	var count opCounter
	ts := httptest.NewServer(validated(t, srv, &count))
	defer ts.Close()
	json := http.Header{"Content-Type": {"application/json"}}
	ndjson := http.Header{"Content-Type": {"application/x-ndjson"}}
	var g GameState
	if code, body := callWith(t, ts, "POST", APIPrefix+"/games", json, `{"agent":"random","side":"f","ply_limit":3}`, &g); code != 200 {
		t.Fatalf("new game: %d %s", code, body)
	}
	record := testRecord
	pic := "?position=" + strings.ReplaceAll(paperPos, " ", "+") + "&last=a2a1&line=d1e1,b1c1"
	for _, c := range []struct {
		method, path string
		h            http.Header
		body         string
		code         int
	}{
		{"GET", "/board.svg" + pic, nil, "", 200},
		{"GET", "/board.svg?position=6", nil, "", 400},
		{"GET", "/board.png" + pic, nil, "", 200},
		{"GET", "/board.png", http.Header{"Host": {"evil.example"}}, "", 421},
		{"POST", "/position", json, `{"position":"` + paperPos + `","move":"d1e1"}`, 200},
		{"POST", "/position", json, `{"position":"6/6/6/6/6/6 f R0r0"}`, 400},
		{"POST", "/position", json, `{"position":"` + strings.Repeat(" ", 5000) + `"}`, 413},
		{"POST", "/solve", json, `{"position":"` + paperPos + `","shortest":true}`, 200},
		{"POST", "/solve", json, `{"position":"` + paperPos + `","max_plies":3}`, 200},
		{"POST", "/solve", json, `{"position":"1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0","nodes":1000}`, 200},
		{"POST", "/solve", http.Header{"Content-Type": {"text/plain"}}, `{"position":"` + paperPos + `"}`, 415},
		{"POST", "/solve", http.Header{"Content-Type": {"application/json"}, "Origin": {"http://evil.example"}}, `{"position":"` + paperPos + `"}`, 403},
		{"POST", "/probe", json, `{"position":"` + paperPos + `"}`, 404},
		{"POST", "/probe", json, `{"position":"` + paperPos + `","prover":"s"}`, 400},
		{"GET", "/agents", nil, "", 200},
		{"GET", "/agents", http.Header{"X-Big": {strings.Repeat("x", maxHeader)}}, "", 431},
		{"POST", "/games", json, `{"agent":"random"}`, 503},
		{"POST", "/games", json, `{"agent":"nobody"}`, 400},
		{"GET", "/games/" + g.ID, nil, "", 200},
		{"GET", "/games/nope", nil, "", 404},
		{"POST", "/games/" + g.ID + "/move", json, `{"move":"a1a2"}`, 400},
		{"POST", "/games/" + g.ID + "/move", json, `{"move":"` + g.Legal[0] + `"}`, 200},
		{"POST", "/games/nope/move", json, `{"move":"a1a2"}`, 404},
		{"GET", "/games/" + g.ID + "/board.svg?highlight=a1", nil, "", 200},
		{"GET", "/games/" + g.ID + "/board.svg?highlight=z9", nil, "", 400},
		{"POST", "/analyze", ndjson, record, 200},
		{"POST", "/analyze?game=0&nodes=100&time_ms=100", http.Header{"Content-Type": {"application/json"}}, record, 200},
		{"POST", "/analyze?nodes=9999", ndjson, record, 400},
		{"POST", "/analyze", http.Header{"Content-Type": {"text/plain"}}, record, 415},
	} {
		code, body := callWith(t, ts, c.method, APIPrefix+c.path, c.h, c.body, nil)
		if code != c.code {
			t.Errorf("%s %s: %d %.200s, want %d", c.method, c.path, code, body, c.code)
		}
	}
	// the game is a draw after 3 plies; a move after the end is refused
	for i := 0; i < 3 && g.Outcome == "ongoing"; i++ {
		callWith(t, ts, "GET", APIPrefix+"/games/"+g.ID, nil, "", &g)
		if g.Outcome == "ongoing" {
			callWith(t, ts, "POST", APIPrefix+"/games/"+g.ID+"/move", json, `{"move":"`+g.Legal[0]+`"}`, &g)
		}
	}
	if code, body := callWith(t, ts, "POST", APIPrefix+"/games/"+g.ID+"/move", json, `{"move":"a1a2"}`, nil); code != 409 {
		t.Errorf("a move after the end: %d %s, want 409", code, body)
	}
	described := map[string][]int{}
	for op, codes := range count.n {
		for c := range codes {
			described[op] = append(described[op], c)
		}
	}
	for _, op := range []string{"boardSVG", "boardPNG", "position", "solve", "probe", "agents", "newGame", "getGame", "gameMove", "gameBoard", "analyze"} {
		if !slices.Contains(described[op], 200) && op != "probe" { // a probe's success needs tables: TestProbeAPI
			t.Errorf("%s: no success checked (answers %v)", op, described[op])
		}
		if !slices.ContainsFunc(described[op], func(c int) bool { return c >= 400 }) {
			t.Errorf("%s: no error checked (answers %v)", op, described[op])
		}
	}
	if !slices.Contains(described["gameMove"], 409) {
		t.Errorf("gameMove: a move after the end was not checked (answers %v)", described["gameMove"])
	}
}

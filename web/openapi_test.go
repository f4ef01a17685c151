package web

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	legacyrouter "github.com/getkin/kin-openapi/routers/legacy"

	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// Every endpoint's real answers, good and bad, checked against the API's
// description docs/openapi.yaml (requests and answers: status, content
// type, body schema), so that the description cannot drift: each
// operation it lists answers 200 at least once, and the older /api/ path
// of each request (but a move played) answers the same status.
func TestOpenAPI(t *testing.T) {
	ctx := context.Background()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromFile("../docs/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if err := doc.Validate(ctx); err != nil {
		t.Fatalf("docs/openapi.yaml is not a valid OpenAPI 3 document: %v", err)
	}
	router, err := legacyrouter.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	openapi3filter.RegisterBodyDecoder("image/svg+xml", openapi3filter.FileBodyDecoder)
	openapi3filter.RegisterBodyDecoder("image/png", openapi3filter.FileBodyDecoder)
	db, err := testTables()
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{Tables: db, AnalyzeNodes: 20_000, AnalyzePlies: 100})

	ok := map[string]bool{} // operations answered 200
	send := func(method, path, ctype, body string, want int) []byte {
		t.Helper()
		do := func(path string) (*http.Response, []byte) {
			req, err := http.NewRequest(method, ts.URL+path, strings.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			if body != "" {
				req.Header.Set("Content-Type", ctype)
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			b, _ := io.ReadAll(resp.Body)
			return resp, b
		}
		resp, b := do(APIPrefix + path)
		if resp.StatusCode != want {
			t.Errorf("%s %s: %d %.300s, want %d", method, path, resp.StatusCode, b, want)
		}
		// The request and the answer against the description.
		req, _ := http.NewRequest(method, "http://localhost"+APIPrefix+path, strings.NewReader(body))
		if body != "" {
			req.Header.Set("Content-Type", ctype)
		}
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Errorf("%s %s: not in docs/openapi.yaml: %v", method, path, err)
			return b
		}
		in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route}
		if want < 400 {
			if err := openapi3filter.ValidateRequest(ctx, in); err != nil {
				t.Errorf("%s %s: the request does not fit the description: %v", method, path, err)
			}
		}
		out := &openapi3filter.ResponseValidationInput{RequestValidationInput: in, Status: resp.StatusCode,
			Header: resp.Header, Options: &openapi3filter.Options{IncludeResponseStatus: true}}
		out.SetBodyBytes(b)
		if err := openapi3filter.ValidateResponse(ctx, out); err != nil {
			t.Errorf("%s %s: the answer %d %.200s does not fit the description: %v", method, path, resp.StatusCode, b, err)
		}
		if resp.StatusCode == http.StatusOK {
			ok[route.Operation.OperationID] = true
		}
		// The older path answers the same (a move is not played twice).
		if strings.HasSuffix(path, "/move") && want == http.StatusOK {
			return b
		}
		if old, _ := do("/api" + path); old.StatusCode != resp.StatusCode {
			t.Errorf("%s /api%s: %d, but %d under %s", method, path, old.StatusCode, resp.StatusCode, APIPrefix)
		}
		return b
	}
	const js = "application/json"
	q := "?position=uu1B2%2F6%2FR5%2F6%2F6%2F6+f+R1r1"
	send("GET", "/board.svg"+q+"&last=d1e1&highlight=a1,f1&caption=x", "", "", 200)
	send("GET", "/board.svg?position=bad", "", "", 400)
	send("GET", "/board.png"+q+"&line=d1e1,b1c1", "", "", 200)
	send("GET", "/board.png"+q+"&last=zz", "", "", 400)
	send("POST", "/position", js, `{"position":"`+paperPos+`","move":"d1e1"}`, 200)
	send("POST", "/position", js, `{"position":"1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4"}`, 200)
	send("POST", "/position", js, `{"position":"`+paperPos+`","reveal":"green","move":"d1e1"}`, 400)
	send("POST", "/position", js, `{"position":"x"}`, 400)
	send("POST", "/position", js, `{"position":"`+strings.Repeat("1", 2<<20)+`"}`, 413)
	send("POST", "/solve", js, `{"position":"`+paperPos+`","shortest":true}`, 200)
	send("POST", "/solve", js, `{"position":"`+paperPos+`","max_plies":3}`, 200)
	send("POST", "/solve", js, `{"position":"uu4/6/R1B3/6/6/6 s R1r1","nodes":20}`, 200)
	send("POST", "/solve", js, `{"position":"`+paperPos+`","nodes":1000000000000}`, 400)
	send("POST", "/solve", js, `{"position":"`+paperPos+`","colour":"red"}`, 400)
	send("POST", "/probe", js, `{"position":"`+paperPos+`"}`, 200)
	send("POST", "/probe", js, `{"position":"uu1B2/6/R4b/6/6/6 f R1r1"}`, 404)
	send("POST", "/probe", js, `{"position":"`+paperPos+`","prover":"s"}`, 400)
	send("GET", "/agents", "", "", 200)
	var g GameState
	if err := json.Unmarshal(send("POST", "/games", js, `{"agent":"random","side":"f","seed":1}`, 200), &g); err != nil || len(g.Legal) == 0 {
		t.Fatalf("new game: %v %+v", err, g)
	}
	send("POST", "/games", js, `{"agent":"random","side":"s","seed":2,"ply_limit":50}`, 200)
	send("POST", "/games", js, `{"agent":"nosuchagent"}`, 400)
	send("GET", "/games/"+g.ID, "", "", 200)
	send("GET", "/games/nosuchgame", "", "", 404)
	send("POST", "/games/"+g.ID+"/move", js, `{"move":"a1a0"}`, 400)
	send("POST", "/games/"+g.ID+"/move", js, `{"move":"`+g.Legal[0]+`"}`, 200)
	send("POST", "/games/nosuchgame/move", js, `{"move":"a1a2"}`, 404)
	a, _ := player.New("random", player.Env{})
	var rec bytes.Buffer
	for i := range 2 {
		gm, err := match.Play(ctx, a, a, uint64(i+1), 30, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		line, _ := json.Marshal(match.RecordOf(gm, i, "random", "random", 30))
		rec.Write(append(line, '\n'))
	}
	send("POST", "/analyze?game=1&nodes=5000", "text/plain", rec.String(), 200)
	send("POST", "/analyze", "text/plain", "not a record", 400)
	send("POST", "/analyze?nodes=0", "text/plain", rec.String(), 400)

	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if !ok[op.OperationID] {
				t.Errorf("%s %s (%s): never answered 200 in this test", method, path, op.OperationID)
			}
		}
	}
	if len(ok) != 10 {
		t.Errorf("%d operations answered 200, want the 10 of the API: %v", len(ok), ok)
	}
}

package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// testRecord is a record of one short game.
const testRecord = `{"game":0,"first":"random","second":"random","first_reds":"ABCD","second_reds":"ABCD","moves":["b5b4","b2b3"],"result":"draw","reason":"ply limit","ply_limit":2,"plies":2}`

// TestCrossSiteRefused sends what a page of another site, or a name
// rebound to this machine, can send: each is refused, with a JSON error,
// before it does anything; the board's own page and scripts get through.
func TestCrossSiteRefused(t *testing.T) {
	ts := newTestServer(t, Config{MaxGames: 1})
	own := ts.URL
	solve := `{"position":"` + paperPos + `","nodes":1000}`
	for _, prefix := range []string{APIPrefix, "/api"} {
		for _, c := range []struct {
			what, method, path string
			h                  http.Header
			body               string
			code               int
			want               string
		}{
			{"a form's text/plain body from another site", "POST", "/solve", http.Header{"Content-Type": {"text/plain"}, "Origin": {"http://evil.example"}}, solve, 403, "evil.example"},
			{"JSON from another site", "POST", "/games", http.Header{"Content-Type": {"application/json"}, "Origin": {"http://evil.example"}}, `{"agent":"random"}`, 403, "Origin"},
			{"another port of this machine", "POST", "/games", http.Header{"Content-Type": {"application/json"}, "Origin": {"http://127.0.0.1:1"}}, `{"agent":"random"}`, 403, "Origin"},
			{"a sandboxed page", "POST", "/solve", http.Header{"Content-Type": {"application/json"}, "Origin": {"null"}}, solve, 403, "Origin"},
			{"a browser's cross-site request without Origin", "POST", "/solve", http.Header{"Content-Type": {"application/json"}, "Sec-Fetch-Site": {"cross-site"}}, solve, 403, "another site"},
			{"text/plain without an Origin", "POST", "/solve", http.Header{"Content-Type": {"text/plain"}}, solve, 415, "application/json"},
			{"a form body", "POST", "/games", http.Header{"Content-Type": {"application/x-www-form-urlencoded"}}, `{"agent":"random"}`, 415, "application/json"},
			{"no Content-Type", "POST", "/position", nil, `{"position":"` + paperPos + `"}`, 415, "no Content-Type"},
			{"a record as text/plain without an Origin", "POST", "/analyze", http.Header{"Content-Type": {"text/plain"}}, "x", 415, "x-ndjson"},
			{"a record from another site", "POST", "/analyze", http.Header{"Content-Type": {"text/plain"}, "Origin": {"http://evil.example"}}, "x", 403, "Origin"},
			{"DNS rebinding: a foreign Host", "GET", "/agents", http.Header{"Host": {"evil.example"}}, "", 421, "evil.example"},
			{"a foreign Host with this port", "POST", "/solve", http.Header{"Host": {"evil.example:" + strings.Split(own, ":")[2]}, "Content-Type": {"application/json"}}, solve, 421, "Host"},
			{"a name ending in localhost", "GET", "/agents", http.Header{"Host": {"localhost.evil.example"}}, "", 421, "Host"},
			{"own page, plain JSON", "POST", "/solve", http.Header{"Content-Type": {"application/json"}, "Origin": {own}, "Sec-Fetch-Site": {"same-origin"}}, solve, 200, "position"},
			{"a script (no Origin)", "POST", "/solve", http.Header{"Content-Type": {"application/json; charset=utf-8"}}, solve, 200, "position"},
			{"localhost", "POST", "/position", http.Header{"Content-Type": {"application/json"}, "Host": {"localhost:8080"}}, `{"position":"` + paperPos + `"}`, 200, "moves"},
			{"IPv6 loopback", "GET", "/agents", http.Header{"Host": {"[::1]:8080"}}, "", 200, "purplemax"},
			{"the page's record, text/plain from its own origin", "POST", "/analyze", http.Header{"Content-Type": {"text/plain"}, "Origin": {own}}, "garbage", 400, "record"},
			{"the page's record, text/plain from its own origin", "POST", "/analyze?nodes=100", http.Header{"Content-Type": {"text/plain;charset=UTF-8"}, "Origin": {own}}, testRecord, 200, "plies"},
			{"a record as JSON lines", "POST", "/analyze", http.Header{"Content-Type": {"application/x-ndjson"}}, "garbage", 400, "record"},
		} {
			code, body := callWith(t, ts, c.method, prefix+c.path, c.h, c.body, nil)
			var e apiError
			if code != c.code || !strings.Contains(body, c.want) || (code >= 400 && (json.Unmarshal([]byte(body), &e) != nil || e.Error == "")) {
				t.Errorf("%s (%s %s): %d %s, want %d naming %q", c.what, c.method, prefix+c.path, code, body, c.code, c.want)
			}
		}
	}
	// The refused games took no place: the one place is free.
	if code, body := call(t, ts, "POST", "/api/games", `{"agent":"random"}`, nil); code != 200 {
		t.Errorf("a game after the refused ones: %d %s", code, body)
	}
}

// TestHosts: Config.Hosts names the hosts a server bound beyond loopback
// answers to; an unspecified address takes any IP address, never a name.
func TestHosts(t *testing.T) {
	for _, c := range []struct {
		hosts []string
		host  string
		ok    bool
	}{
		{nil, "127.0.0.1:80", true},
		{nil, "127.8.0.1", true},
		{nil, "LOCALHOST:9", true},
		{nil, "[::1]", true},
		{nil, "192.168.1.9:8080", false},
		{nil, "", false},
		{nil, "evil.example", false},
		{[]string{"192.168.1.9:8080"}, "192.168.1.9:8080", true},
		{[]string{"192.168.1.9:8080"}, "192.168.1.10:8080", false},
		{[]string{"0.0.0.0:8080"}, "10.1.2.3:8080", true},
		{[]string{"[::]:8080"}, "[fe80::1]:8080", true},
		{[]string{"[::]:8080"}, "board.example:8080", false},
		{[]string{"board.lan"}, "Board.LAN:8080", true},
		{[]string{"board.lan"}, "other.lan", false},
	} {
		s := NewServer(Config{Hosts: c.hosts})
		if got := s.hostAllowed(c.host); got != c.ok {
			t.Errorf("Hosts %v, Host %q: allowed %v, want %v", c.hosts, c.host, got, c.ok)
		}
	}
}

// TestErrorsAreJSON: every error is one JSON object {"error": ...},
// the ones net/http's router and file server would write as text
// included; a request body is one JSON value.
func TestErrorsAreJSON(t *testing.T) {
	ts := newTestServer(t, Config{MaxBody: 1000})
	big := http.Header{"X-Big": {strings.Repeat("x", maxHeader)}}
	for _, c := range []struct {
		method, path string
		h            http.Header
		body         string
		code         int
		want         string
	}{
		{"GET", "/nothing", nil, "", 404, "/nothing"},
		{"GET", "/api/v1/nothing", nil, "", 404, "/api/v1/nothing"},
		{"GET", "/api/v2/agents", nil, "", 404, "/api/v2/agents"},
		{"GET", "/static/nothing.js", nil, "", 404, "nothing.js"},
		{"GET", "/api/v1/solve", nil, "", 405, "POST"},
		{"DELETE", "/api/games/abc", nil, "", 405, "GET"},
		{"OPTIONS", "/api/v1/solve", http.Header{"Origin": {"http://evil.example"}, "Access-Control-Request-Method": {"POST"}}, "", 403, "Origin"},
		{"OPTIONS", "/api/v1/solve", nil, "", 405, "POST"},
		{"POST", "/api/v1/solve", http.Header{"Content-Type": {"application/json"}}, `{"position":"` + strings.Repeat(" ", 2000) + `"}`, 413, "cap of 1000 bytes"},
		{"GET", "/api/v1/agents", big, "", 431, "cap of 65536"},
		{"POST", "/api/v1/position", http.Header{"Content-Type": {"application/json"}}, `{"position":"` + paperPos + `"} {"position":"6/6"}`, 400, "more than one JSON value"},
		{"POST", "/api/v1/position", http.Header{"Content-Type": {"application/json"}}, `{"position":"` + paperPos + `"}]`, 400, "request body"},
		{"POST", "/api/v1/position", http.Header{"Content-Type": {"application/json"}}, `{"position":"` + paperPos + `"} x`, 400, "request body"},
	} {
		code, body := callWith(t, ts, c.method, c.path, c.h, c.body, nil)
		var e apiError
		dec := json.NewDecoder(strings.NewReader(body))
		err := dec.Decode(&e)
		if code != c.code || err != nil || e.Error == "" || dec.More() || !strings.Contains(e.Error, c.want) {
			t.Errorf("%s %s: %d %q, want %d and one JSON error naming %q", c.method, c.path, code, body, c.code, c.want)
		}
	}
	// White space after the value is fine.
	if code, body := call(t, ts, "POST", "/api/v1/position", `{"position":"`+paperPos+"\"}\n\n", nil); code != 200 {
		t.Errorf("a body ending in new lines: %d %s", code, body)
	}
	// 405 names what is allowed in the header too.
	req := httptest.NewRequest("GET", "http://localhost/api/v1/solve", nil)
	w := httptest.NewRecorder()
	NewServer(Config{}).ServeHTTP(w, req)
	if w.Code != 405 || w.Header().Get("Allow") != "POST" || w.Header().Get("Content-Type") != "application/json" {
		t.Errorf("405: %d, Allow %q, Content-Type %q", w.Code, w.Header().Get("Allow"), w.Header().Get("Content-Type"))
	}
}

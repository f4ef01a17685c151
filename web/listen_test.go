package web

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestListenAndServeRules: through the real http.Server, a foreign Host
// gets 421 and a header over the board's cap 431, both as JSON errors
// (net/http's own header cap is higher, so the board answers first).
func TestListenAndServeRules(t *testing.T) {
	ctx, stop := context.WithCancel(context.Background())
	addr := make(chan net.Addr, 1)
	done := make(chan error, 1)
	go func() {
		done <- ListenAndServe(ctx, "127.0.0.1:0", Config{}, func(a net.Addr) { addr <- a })
	}()
	base := "http://" + (<-addr).String()
	defer func() {
		stop()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	for _, c := range []struct {
		host, big string
		code      int
	}{
		{"", "", 200},
		{"evil.example", "", 421},
		{"", strings.Repeat("x", 100<<10), 431},
	} {
		req, _ := http.NewRequest("GET", base+APIPrefix+"/agents", nil)
		if c.host != "" {
			req.Host = c.host
		}
		if c.big != "" {
			req.Header.Set("X-Big", c.big)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var e apiError
		if resp.StatusCode != c.code || (c.code != 200 && (json.Unmarshal(body, &e) != nil || e.Error == "")) {
			t.Errorf("Host %q, header %d bytes: %d %.200s, want %d (errors in JSON)", c.host, len(c.big), resp.StatusCode, body, c.code)
		}
	}
}

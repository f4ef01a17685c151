package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

func recordFile(t *testing.T) (string, match.Record) {
	t.Helper()
	a, _ := player.New("random", player.Env{})
	g, err := match.Play(context.Background(), a, a, 7, 24, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := match.RecordOf(g, 5, "random", "random", 24)
	line, _ := json.Marshal(rec)
	file := filepath.Join(t.TempDir(), "games.jsonl")
	if err := os.WriteFile(file, append(line, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	return file, rec
}

func TestAnalyzeCommand(t *testing.T) {
	file, rec := recordFile(t)
	code, out, errOut := runCmd(t, "", "analyze", "--quiet", "--nodes", "2000", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.HasPrefix(out, "game 5: random (first) vs random (second)") {
		t.Errorf("header: %.80q", out)
	}
	// one line per position: ply numbers 0..plies
	for i, m := range rec.Moves {
		if !regexp.MustCompile(`(?m)^ +` + itoa(i) + `  ` + m + ` `).MatchString(out) {
			t.Errorf("no line for ply %d (%s) in\n%s", i, m, out)
			break
		}
	}
	code, out, _ = runCmd(t, "", "analyze", "--json", "--quiet", "--nodes", "2000", "--game", "5", file)
	var rep struct {
		Game  int `json:"game"`
		Plies []struct {
			Position string `json:"position"`
		} `json:"plies"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Game != 5 || len(rep.Plies) != len(rec.Moves)+1 {
		t.Errorf("--json: exit %d, %d plies for %d moves: %.200s", code, len(rep.Plies), len(rec.Moves), out)
	}
	// standard input, and the errors
	data, _ := os.ReadFile(file)
	if code, out, _ := runCmd(t, string(data), "analyze", "--quiet", "--nodes", "1000", "-"); code != 0 || !strings.Contains(out, "game 5") {
		t.Errorf("from standard input: exit %d", code)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"analyze"}, 2, "want one record file"},
		{[]string{"analyze", "--game", "9", file}, 1, "no game 9"},
		{[]string{"analyze", filepath.Join(t.TempDir(), "none")}, 1, "no such file"},
		{[]string{"analyze", "--nodes", "0", "--time", "0", file}, 2, "budget"},
	} {
		code, _, errOut := runCmd(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d %q, want %d naming %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// syncBuffer is a bytes.Buffer safe for one writer and one reader.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestServeCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var errb syncBuffer
	done := make(chan int)
	go func() {
		done <- run(&env{Ctx: ctx, Stdin: strings.NewReader(""), Stdout: io.Discard, Stderr: &errb}, []string{"serve", "--no-table", "--no-store", "--addr", "127.0.0.1:0"})
	}()
	re := regexp.MustCompile(`http://(127\.0\.0\.1:\d+)/`)
	var addr string
	for i := 0; i < 100 && addr == ""; i++ {
		if m := re.FindStringSubmatch(errb.String()); m != nil {
			addr = m[1]
		}
		time.Sleep(50 * time.Millisecond)
	}
	if addr == "" {
		cancel()
		t.Fatalf("no address printed: %q", errb.String())
	}
	resp, err := http.Post("http://"+addr+"/api/solve", "application/json", strings.NewReader(`{"position":"uu1B2/6/R5/6/6/6 f R1r1"}`))
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(body), `"result":"win"`) {
		t.Errorf("solve over the served API: %s", body)
	}
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("serve exits %d after an interrupt, want 0: %s", code, errb.String())
	}
	if code, _, errOut := runCmd(t, "", "serve", "--nodes", "9", "--max-nodes", "5"); code != 2 || !strings.Contains(errOut, "--max-nodes") {
		t.Errorf("--nodes over --max-nodes: exit %d %q", code, errOut)
	}
}

// TestAnalyzeAndReplayTournamentResults checks that analyze and replay
// read a tournament results file: every game, numbered in file order.
func TestAnalyzeAndReplayTournamentResults(t *testing.T) {
	file := filepath.Join(t.TempDir(), "results.jsonl")
	if code, _, errOut := runCmd(t, "", "tournament", "--games", "2", "--no-table", "--results", file, "random", "chototsu"); code != 0 {
		t.Fatalf("tournament: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCmd(t, "", "replay", "--list", file)
	// games are numbered in file order, which is the order they finished
	if code != 0 || strings.Count(out, "\n") != 2 || !strings.Contains(out, "game 0: ") || !strings.Contains(out, "game 1: ") ||
		strings.Count(out, "chototsu (reds BCFG)") != 2 {
		t.Fatalf("replay --list: exit %d, %q, %s", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "analyze", "--quiet", "--nodes", "2000", "--no-table", "--json", file)
	if code != 0 {
		t.Fatalf("analyze: exit %d: %s", code, errOut)
	}
	if n := strings.Count(out, "\n"); n != 2 {
		t.Fatalf("analyze printed %d reports, want 2: %s", n, out)
	}
}

package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestGatServeAndConnect runs "gat serve" on ephemeral loopback ports and
// two "gat connect" against it, all in-process: every command prints one
// line per game and the score, and the records replay.
func TestGatServeAndConnect(t *testing.T) {
	dir := t.TempDir()
	srec := filepath.Join(dir, "served.jsonl")
	sout, scode, m, done := startServe(t, "--games", "3", "--records", srec)
	var wg sync.WaitGroup
	var outs, errs [2]string
	var codes [2]int
	for i, args := range [][]string{
		{"--port", m[2], "--side", "first", "--agent", "random", "--records", filepath.Join(dir, "first.jsonl")},
		{"--port", m[3], "--side", "second", "--agent", "blue-chototsu", "--json", "--quiet"},
	} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], outs[i], errs[i] = runCmd(t, "", append([]string{"gat", "connect", "--host", m[1], "--games", "3", "--no-table"}, args...)...)
		}()
	}
	wg.Wait()
	<-done
	if *scode != 0 || codes[0] != 0 || codes[1] != 0 {
		t.Fatalf("exits: serve %d, first %d (%s), second %d (%s)", *scode, codes[0], errs[0], codes[1], errs[1])
	}
	gameLine := regexp.MustCompile(`^game [123]: (won|lost|drawn) \(.+\)$`)
	lines := strings.Split(strings.TrimSpace(outs[0]), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[3], "score: ") {
		t.Fatalf("first client printed:\n%s", outs[0])
	}
	for _, l := range lines[:3] {
		if !gameLine.MatchString(l) {
			t.Errorf("first client's line %q", l)
		}
	}
	if n := strings.Count(outs[1], `"result":`); n != 3 || !strings.Contains(outs[1], `"games":3`) {
		t.Errorf("second client's JSON:\n%s", outs[1])
	}
	if !strings.Contains(sout.String(), "score: first ") || strings.Count(sout.String(), "game ") != 3 {
		t.Errorf("serve printed:\n%s", sout.String())
	}
	for _, f := range []string{srec, filepath.Join(dir, "first.jsonl")} {
		code, out, errOut := runCmd(t, "", "replay", f, "--list")
		if code != 0 || strings.Count(out, "\n") != 3 {
			t.Errorf("replay --list %s: exit %d %s\n%s", f, code, errOut, out)
		}
		code, out, errOut = runCmd(t, "", "replay", f, "--game", "2")
		if code != 0 || !strings.Contains(out, "result: ") {
			t.Errorf("replay --game 2 %s: exit %d %s", f, code, errOut)
		}
	}
}

// startServe runs "gat serve --port 0 ARGS" in-process and returns its
// output (read it after done), exit status, the address it listens on
// (m[1] host, m[2] first port, m[3] second port) and a channel closed
// when it has finished.
func startServe(t *testing.T, args ...string) (*strings.Builder, *int, []string, chan struct{}) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	pr, pw := io.Pipe()
	sout := &strings.Builder{}
	scode := new(int)
	done := make(chan struct{})
	go func() {
		defer close(done)
		*scode = run(&env{Ctx: ctx, Stdin: strings.NewReader(""), Stdout: sout, Stderr: pw}, append([]string{"gat", "serve", "--port", "0"}, args...))
		pw.Close()
	}()
	// "gat: serving N game(s): the first player connects to A, the second to B"
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	m := regexp.MustCompile(`connects to (127\.0\.0\.1):(\d+), the second to 127\.0\.0\.1:(\d+)`).FindStringSubmatch(line)
	if m == nil {
		t.Fatalf("serve said %q", line)
	}
	return sout, scode, m, done
}

// TestGatServeJSON: one JSON object per game and one for the score.
func TestGatServeJSON(t *testing.T) {
	sout, scode, m, done := startServe(t, "--games", "2", "--json", "--ply-limit", "40")
	var wg sync.WaitGroup
	for i, agent := range []string{"random", "random"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runCmd(t, "", "gat", "connect", "--host", m[1], "--port", m[2+i], "--side", []string{"first", "second"}[i], "--agent", agent, "--games", "2", "--quiet", "--ply-limit", "40")
		}()
	}
	wg.Wait()
	<-done
	lines := strings.Split(strings.TrimSpace(sout.String()), "\n")
	if *scode != 0 || len(lines) != 3 {
		t.Fatalf("exit %d:\n%s", *scode, sout.String())
	}
	for i, l := range lines {
		var obj map[string]any
		if err := json.Unmarshal([]byte(l), &obj); err != nil {
			t.Fatalf("line %d %q: %v", i+1, l, err)
		}
		keys := []string{"game", "result", "reason", "plies", "first", "second"}
		if i == 2 {
			keys = []string{"games", "first_wins", "second_wins", "draws", "reasons"}
		}
		for _, k := range keys {
			if _, ok := obj[k]; !ok {
				t.Errorf("line %d %s lacks %q", i+1, l, k)
			}
		}
	}
}

func TestGatCommandErrors(t *testing.T) {
	dir := t.TempDir()
	exists := filepath.Join(dir, "exists.jsonl")
	os.WriteFile(exists, []byte("keep\n"), 0o644)
	for _, args := range [][]string{
		{"gat"},
		{"gat", "play"},
		{"gat", "connect", "--side", "third"},
		{"gat", "connect", "--port", "12345"},
		{"gat", "connect", "extra"},
		{"gat", "connect", "--games", "0"},
		{"gat", "connect", "--agent", "nosuch"},
		{"gat", "connect", "--records", exists},
		{"gat", "serve", "--port", "70000"},
		{"gat", "serve", "--records", exists, "--port", "0"},
		{"gat", "serve", "--nosuchflag"},
	} {
		code, _, errOut := runCmd(t, "", args...)
		if code != 2 || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line", args, code, errOut)
		}
	}
	if data, _ := os.ReadFile(exists); string(data) != "keep\n" {
		t.Errorf("the records file was overwritten: %q", data)
	}
	// Nothing listens on a port just closed: a clear error, exit 1.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	ln.Close()
	code, _, errOut := runCmd(t, "", "gat", "connect", "--port", port, "--side", "first", "--connect-for", "300ms", "--no-table", "--agent", "random", "--quiet")
	if code != 1 || !strings.Contains(errOut, "cannot connect to 127.0.0.1:"+port) {
		t.Errorf("no server: exit %d, %q", code, errOut)
	}
	// Help goes to standard output.
	for _, sub := range []string{"connect", "serve"} {
		code, out, errOut := runCmd(t, "", "gat", sub, "--help")
		if code != 0 || errOut != "" || !strings.Contains(out, "usage: geister gat "+sub) || !strings.Contains(out, "--games") {
			t.Errorf("gat %s --help: exit %d %q\n%s", sub, code, errOut, out)
		}
	}
}

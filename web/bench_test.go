package web

import (
	"bufio"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
)

type win struct {
	pos   string
	plies int
}

func readWins(tb testing.TB) []win {
	f, err := os.Open("testdata/wins11.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []win
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		pos, n, _ := strings.Cut(line, "\t")
		plies, err := strconv.Atoi(n)
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, win{pos, plies})
	}
	return out
}

func solveOver(tb testing.TB, ts *httptest.Server, w win) (SolveAnswer, time.Duration) {
	body := `{"position":"` + w.pos + `","shortest":true}`
	start := time.Now()
	resp, err := http.Post(ts.URL+"/api/solve", "application/json", strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	defer resp.Body.Close()
	var a SolveAnswer
	if err := json.NewDecoder(resp.Body).Decode(&a); err != nil || resp.StatusCode != 200 {
		tb.Fatalf("%s: %d %v", w.pos, resp.StatusCode, err)
	}
	return a, time.Since(start)
}

// TestWins11 checks the benchmark's positions: the board's solve finds
// each win with its exact length.
func TestWins11(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 8 positions")
	}
	ts := httptest.NewServer(NewServer(Config{}))
	defer ts.Close()
	for _, w := range readWins(t) {
		a, _ := solveOver(t, ts, w)
		if a.Result != "win" || a.Plies != w.plies || (a.Exact == nil || !*a.Exact) {
			t.Errorf("%s: %s in %d (exact %v), want a win in exactly %d", w.pos, a.Result, a.Plies, a.Exact, w.plies)
		}
		p := engine.MustParsePosition(w.pos)
		if _, err := p.ParseMove(a.Move); err != nil {
			t.Errorf("%s: move %s: %v", w.pos, a.Move, err)
		}
	}
}

// BenchmarkSolveAPI solves wins of 9 to 11 plies through the HTTP API, as
// the page asks (shortest), one request at a time. Each iteration starts a
// new server and warms it with another position (the paper's 5-ply win),
// so every position is solved from scratch, as a user's new position is:
// the time of a request from sending to the decoded answer (mean and
// slowest) and the process's CPU time per request (server and client).
func BenchmarkSolveAPI(b *testing.B) {
	wins := readWins(b)
	var total, worst, cpu time.Duration
	n := 0
	for b.Loop() {
		b.StopTimer()
		ts := httptest.NewServer(NewServer(Config{}))
		solveOver(b, ts, win{paperPos, 5})
		b.StartTimer()
		var r0, r1 syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &r0)
		for _, w := range wins {
			_, d := solveOver(b, ts, w)
			total += d
			worst = max(worst, d)
			n++
		}
		syscall.Getrusage(syscall.RUSAGE_SELF, &r1)
		cpu += time.Duration(r1.Utime.Nano() + r1.Stime.Nano() - r0.Utime.Nano() - r0.Stime.Nano())
		b.StopTimer()
		ts.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(cpu.Microseconds())/float64(n)/1000, "cpu-ms/solve")
	b.ReportMetric(float64(total.Microseconds())/float64(n)/1000, "ms/solve")
	b.ReportMetric(float64(worst.Microseconds())/1000, "ms-max")
}

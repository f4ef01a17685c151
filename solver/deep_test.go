package solver

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// deepPosition is a line of testdata/deep_suite.jsonl: a position whose
// shortest sure win is 13–21 plies, with its provenance, written by
// tools/deepsuite.
type deepPosition struct {
	Position string `json:"position"`
	Prover   string `json:"prover"`
	DTW      int    `json:"dtw"`
	Pieces   int    `json:"pieces"`
	Source   string `json:"source"`
	Seed     uint64 `json:"seed"`
	Draw     int    `json:"draw"`
	p        engine.Position
	prover   engine.Player
}

// readSuite reads the JSON lines of testdata/name into positions of type T,
// each checked (and completed) by check; it fails tb on any bad line.
func readSuite[T any](tb testing.TB, name string, check func(w *T) error) []T {
	tb.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []T
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		var w T
		if err := json.Unmarshal(sc.Bytes(), &w); err != nil {
			tb.Fatalf("%s line %d: %v", name, n, err)
		}
		if err := check(&w); err != nil {
			tb.Fatalf("%s line %d: %v", name, n, err)
		}
		out = append(out, w)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	if len(out) == 0 {
		tb.Fatalf("%s is empty", name)
	}
	return out
}

// readDeepSuite reads testdata/deep_suite.jsonl.
func readDeepSuite(tb testing.TB) []deepPosition {
	tb.Helper()
	return readSuite(tb, "deep_suite.jsonl", func(w *deepPosition) error {
		var err error
		if w.p, err = engine.ParsePosition(w.Position); err != nil {
			return err
		}
		var ok bool
		if w.prover, ok = engine.ParsePlayer(w.Prover); !ok {
			return fmt.Errorf("prover %q", w.Prover)
		}
		return nil
	})
}

// BenchmarkDeepSuite solves every position of testdata/deep_suite.jsonl
// from a fresh solver, one thread, no tables, twice: "a win within L
// plies?" with L its DTW (maxplies), and the exact DTW (shortest). It
// reports the CPU time of the searching thread per position (median and
// largest) and the nodes (median and largest), and fails on a wrong
// answer. Run with -benchtime 1x -cpu 1.
func BenchmarkDeepSuite(b *testing.B) {
	suite := readDeepSuite(b)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, mode := range []string{"maxplies", "shortest"} {
		var cpu []time.Duration
		var nodes []int
		for i := 0; i < b.N; i++ {
			for _, w := range suite {
				o := Options{TTMegabytes: 128}
				if mode == "shortest" {
					o.Shortest = true
				} else {
					o.MaxPlies = w.DTW
				}
				s := New(o)
				t0, _ := cputime.Thread()
				a, err := s.Solve(context.Background(), w.p, w.prover)
				t1, _ := cputime.Thread()
				if err != nil || a.Result != Win || (mode == "shortest" && (a.Plies != w.DTW || !a.Exact)) {
					b.Fatalf("%s (%s): %v in %d (exact %v), recorded %d: %v", w.Position, mode, a.Result, a.Plies, a.Exact, w.DTW, err)
				}
				cpu = append(cpu, t1-t0)
				nodes = append(nodes, int(a.Nodes))
			}
		}
		sort.Slice(cpu, func(i, j int) bool { return cpu[i] < cpu[j] })
		sort.Ints(nodes)
		ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
		b.ReportMetric(ms(cpu[len(cpu)/2]), mode+"-p50-cpu-ms")
		b.ReportMetric(ms(cpu[len(cpu)-1]), mode+"-max-cpu-ms")
		b.ReportMetric(float64(nodes[len(nodes)/2]), mode+"-p50-nodes")
		b.ReportMetric(float64(nodes[len(nodes)-1]), mode+"-max-nodes")
	}
}

// TestDeepSuite checks the recorded DTWs of testdata/deep_suite.jsonl
// against sources independent of the --shortest iteration that found
// them, then that the solver's answers, one thread and two, agree with
// them:
//
//   - positions of at most five pieces: the endgame tables (retrograde
//     analysis, built here for their classes), exact DTW;
//   - every position: a win within DTW plies by Certify (every opponent
//     reply walked with the plain move generator and the purple rules)
//     and no win within DTW-1 by a ply-bounded df-pn disproof;
//   - Solve with Shortest, one thread and two (dfpn.Parallel): a win in
//     exactly DTW plies; and the move each gives is a winning one,
//     certified after it is played to win within DTW-1 plies.
//
// Without GEISTER_LONG=1 only the first four positions are checked, and
// not against the tables.
func TestDeepSuite(t *testing.T) {
	suite := readDeepSuite(t)
	long := longtest.Enabled()
	if !long {
		suite = suite[:4]
	}
	var db *tablebase.DB
	if long {
		db = deepTables(t, suite)
	}
	ctx := context.Background()
	for _, w := range suite {
		if db != nil && w.Pieces <= 5 {
			v, n, err := db.ProbeValue(&w.p, w.prover)
			if err != nil || v != purple.Win || n != w.DTW {
				t.Errorf("%s: the tables say %v in %d (%v), recorded win in %d", w.Position, v, n, err, w.DTW)
			}
		}
		if _, err := Certify(ctx, w.p, w.prover, w.DTW, 64); err != nil {
			t.Errorf("%s: the recorded win in %d plies is not certified: %v", w.Position, w.DTW, err)
		}
		s := New(Options{TTMegabytes: 64, MaxPlies: w.DTW - 1})
		if a, err := s.Solve(ctx, w.p, w.prover); err != nil || a.Result != NoWin {
			t.Errorf("%s: within %d plies: %v (%v), want no win", w.Position, w.DTW-1, a.Result, err)
		}
		for _, threads := range []int{1, 2} {
			s := New(Options{TTMegabytes: 64, Shortest: true, Threads: threads})
			a, err := s.Solve(ctx, w.p, w.prover)
			if err != nil || a.Result != Win || !a.Exact || a.Plies != w.DTW {
				t.Errorf("%s, %d threads: %v in %d (exact %v, %v), want a win in exactly %d", w.Position, threads, a.Result, a.Plies, a.Exact, err, w.DTW)
				continue
			}
			if a.Move == engine.NoMove {
				continue // the opponent is to move
			}
			q := w.p
			q.Make(a.Move.RevealRed())
			if _, err := Certify(ctx, q, w.prover, w.DTW-1, 64); err != nil {
				t.Errorf("%s, %d threads: the move %s does not win within %d plies: %v", w.Position, threads, a.Move, w.DTW, err)
			}
		}
	}
}

// deepTables builds, in a temporary store, the table classes of the
// suite's positions of at most five pieces (and the classes they rest on).
func deepTables(t *testing.T, suite []deepPosition) *tablebase.DB {
	t.Helper()
	var classes []purple.Class
	seen := map[purple.Class]bool{}
	for _, w := range suite {
		if w.Pieces > 5 {
			continue
		}
		c, ok := purple.ClassOf(&w.p, w.prover)
		if ok && !seen[c] {
			seen[c] = true
			classes = append(classes, c)
		}
	}
	if len(classes) == 0 {
		return nil
	}
	db, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := tablebase.Build(context.Background(), db, classes, tablebase.BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	return db
}

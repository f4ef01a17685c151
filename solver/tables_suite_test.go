package solver

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/proof"
	"github.com/geister-solver/geister/proofcheck"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// tablesPosition is a line of testdata/tables_suite.jsonl (written by
// tools/deepsuite -kinds deep: a position of a table class of at most six
// pieces) or of testdata/hard_suite.jsonl (tools/deepsuite -kinds deep and
// games: seven pieces, drawn from the classes or met in recorded games),
// the prover to move, with the tables' exact answer.
type tablesPosition struct {
	Position string `json:"position"`
	Prover   string `json:"prover"`
	Result   string `json:"result"` // "win" or "no-win"
	DTW      int    `json:"dtw"`
	Class    string `json:"class"`
	Pieces   int    `json:"pieces"`
	Source   string `json:"source"` // "games" for a position of a recorded game
	p        engine.Position
	prover   engine.Player
	// outside: DTW is another solver's length (BenchmarkPublished), a
	// win of at most that length; a shorter exact DTW is counted and
	// logged, not failed.
	outside bool
}

// tablesNoWinBound is the bound of "a win within D plies?" for the
// suite's no-wins (the longest win it holds).
const tablesNoWinBound = 25

func readTablesSuite(tb testing.TB) []tablesPosition {
	tb.Helper()
	return readTablesFile(tb, "tables_suite.jsonl")
}

// readTablesFile reads a suite of tablesPosition lines from testdata.
func readTablesFile(tb testing.TB, name string) []tablesPosition {
	tb.Helper()
	return readSuite(tb, name, func(w *tablesPosition) error {
		var err error
		if w.p, err = engine.ParsePosition(w.Position); err != nil {
			return err
		}
		var ok bool
		if w.prover, ok = engine.ParsePlayer(w.Prover); !ok || (w.Result == "win") != (w.DTW > 0) || (w.Result != "win" && w.Result != "no-win") {
			return fmt.Errorf("prover %q, result %q, dtw %d", w.Prover, w.Result, w.DTW)
		}
		return nil
	})
}

// TestTablesSuite checks the solver on testdata/tables_suite.jsonl, whose
// answers are the endgame tables' (retrograde analysis, independent of
// df-pn): --shortest without tables gives exactly the tables' DTW of every
// win, and no win for every no-win; the proof of every win, written and
// read back, holds by the rules alone (proofcheck) at exactly the DTW.
// The recorded answers are checked against tables too: built here for the
// classes of at most five pieces, and read from $GEISTER_TABLES, when it
// holds a class, for the others. By default three positions (the first
// win of 17 plies, the first of 19, the first no-win); all 200 with
// GEISTER_LONG=1.
func TestTablesSuite(t *testing.T) {
	checkTablesSuite(t, readTablesSuite(t), 0)
}

// TestHardSuite is TestTablesSuite on testdata/hard_suite.jsonl (seven
// pieces, from the classes and from recorded games), its recorded answers
// checked against $GEISTER_TABLES when it holds the 7-piece classes
// (geister build --pieces 7). Its no-wins are searched within
// hardNodes nodes each: no win must be found, and one not settled
// within them is logged, not failed (the hardest take minutes; their
// exact answers are the tables'). By default three positions (the first
// win of 17 plies, the first of 19, the first no-win); all 200 with
// GEISTER_LONG=1.
func TestHardSuite(t *testing.T) {
	checkTablesSuite(t, readTablesFile(t, "hard_suite.jsonl"), hardNodes)
}

// hardNodes is the node budget of a hard-suite no-win in TestHardSuite,
// and of every question of BenchmarkHardSuite (about 20 s of CPU).
const hardNodes = 100_000_000

// checkTablesSuite is TestTablesSuite on a suite, each no-win searched
// within noWinNodes nodes (0: no limit).
func checkTablesSuite(t *testing.T, suite []tablesPosition, noWinNodes uint64) {
	long := longtest.Enabled()
	if !long {
		var sample []tablesPosition
		for _, want := range []int{17, 19, 0} {
			i := slices.IndexFunc(suite, func(w tablesPosition) bool { return w.DTW == want })
			if i >= 0 {
				sample = append(sample, suite[i])
			}
		}
		suite = sample
	}
	var dbs []*tablebase.DB
	if long {
		dbs = suiteTables(t, suite)
	}
	ctx := context.Background()
	for _, w := range suite {
		c, _ := purple.ClassOf(&w.p, w.prover)
		for _, db := range dbs {
			if !db.Has(c) {
				continue
			}
			v, n, err := db.ProbeValue(&w.p, w.prover)
			if err != nil || (v == purple.Win) != (w.DTW > 0) || (v == purple.Win && n != w.DTW) {
				t.Errorf("%s: the tables say %v in %d (%v), recorded %s in %d", w.Position, v, n, err, w.Result, w.DTW)
			}
			break
		}
		o := Options{TTMegabytes: 64, Shortest: true, Proof: true}
		if w.DTW == 0 {
			o.MaxNodes = noWinNodes
		}
		s := New(o)
		a, err := s.Solve(ctx, w.p, w.prover)
		if err != nil {
			t.Fatalf("%s: %v", w.Position, err)
		}
		if w.DTW == 0 {
			if a.Result == Unknown && noWinNodes > 0 {
				t.Logf("%s: not settled within %d nodes (the tables: no win)", w.Position, noWinNodes)
				continue
			}
			if a.Result != NoWin {
				t.Errorf("%s: %v, the tables say no win", w.Position, a.Result)
			}
			continue
		}
		if a.Result != Win || !a.Exact || a.Plies != w.DTW || a.Proof == nil {
			t.Errorf("%s: %v in %d (exact %v), the tables' DTW is %d", w.Position, a.Result, a.Plies, a.Exact, w.DTW)
			continue
		}
		var buf bytes.Buffer
		if err := a.Proof.Write(&buf); err != nil {
			t.Fatal(err)
		}
		size := buf.Len()
		p, err := proof.Read(&buf)
		if err != nil {
			t.Fatalf("%s: the proof read back: %v", w.Position, err)
		}
		rep, err := proofcheck.Check(ctx, p, proofcheck.Options{})
		if err != nil || rep.Plies != w.DTW {
			t.Errorf("%s: the proof: %v, a win within %d, the DTW is %d", w.Position, err, rep.Plies, w.DTW)
		}
		if testing.Verbose() {
			t.Logf("%s %s dtw %d: proof %d nodes, %d bytes, checked in %v", w.Position, w.Class, w.DTW, rep.Nodes, size, rep.Elapsed)
		}
	}
}

// suiteTables returns the tables the suite's answers are checked against:
// those of $GEISTER_TABLES (read-only), when it is a store, and tables
// built here for the classes of at most five pieces it does not hold.
func suiteTables(t *testing.T, suite []tablesPosition) []*tablebase.DB {
	t.Helper()
	var dbs []*tablebase.DB
	if dir := os.Getenv("GEISTER_TABLES"); dir != "" {
		if db, err := tablebase.OpenReadOnly(dir); err == nil {
			t.Cleanup(func() { db.Close() })
			dbs = append(dbs, db)
		}
	}
	var classes []purple.Class
	for _, w := range suite {
		c, ok := purple.ClassOf(&w.p, w.prover)
		if !ok || w.Pieces > 5 || slices.Contains(classes, c) || (len(dbs) > 0 && dbs[0].Has(c)) {
			continue
		}
		classes = append(classes, c)
	}
	if len(classes) > 0 {
		db, err := tablebase.Open(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		if _, err := tablebase.Build(context.Background(), db, classes, tablebase.BuildOptions{}); err != nil {
			t.Fatal(err)
		}
		dbs = append(dbs, db)
	}
	return dbs
}

// BenchmarkTablesSuite solves every position of
// testdata/tables_suite.jsonl from a fresh solver, one thread, no tables:
// "a win within DTW plies?" (maxplies; a no-win within 25), the exact
// DTW (shortest) and "a win at all?" (any: no bound, the command's
// default; a win no shorter than the DTW, exactly the DTW where the
// answer says it is exact); it reports the distribution of the
// searching thread's CPU time per position (p50, p90, p99, max) and of
// the nodes, logs the
// slowest positions (-test.v), and fails on an answer that is not the
// tables'. The suite's positions are all in the tables of up to six
// pieces, so no tables are given: with them the root would be answered
// without search. With GEISTER_BENCH_TABLES naming those tables, two more
// modes (maxplies-below, shortest-below) ask both questions with the
// tables answering every class but the root's: the classes that captures
// lead into. Run with -benchtime 1x -cpu 1.
func BenchmarkTablesSuite(b *testing.B) {
	benchTablesSuite(b, readTablesSuite(b), 0)
}

// BenchmarkHardSuite is BenchmarkTablesSuite on testdata/hard_suite.jsonl
// (seven pieces: wins of 17–25 plies and hard no-wins, from the 7-piece
// tables and from recorded games; without tables, as the suite is in the
// 7-piece tables), each question within hardNodes nodes: one not settled
// within them (no answer, or with --shortest a win not yet exact) counts
// its CPU time so far in the distribution (a lower bound) and in the
// metric mode-over-budget. With
// GEISTER_BENCH_JSON naming a file (either benchmark), each position's
// mode, answer, CPU time and nodes are appended to it as a JSON line, for
// comparing two versions position by position. GEISTER_BENCH_SHALLOW=off
// solves without the nodes near the bound solved outright
// (dfpn.Options.ShallowPlies); =both solves each question both ways, the
// order alternated, fails where the answers differ, and reports the
// whole CPU time of each way (mode-cpu-s, mode-without-cpu-s) and the
// without-way's p99 and max, its CPU time and nodes in the JSON lines
// (cpu_ms_without, nodes_without): a comparison that a machine whose
// speed drifts from run to run leaves fair.
func BenchmarkHardSuite(b *testing.B) {
	benchTablesSuite(b, readTablesFile(b, "hard_suite.jsonl"), hardNodes)
}

// benchTablesSuite is BenchmarkTablesSuite on a suite, each question
// within nodeBudget nodes (0: no limit).
func benchTablesSuite(b *testing.B, suite []tablesPosition, nodeBudget uint64) {
	modes := []string{"maxplies", "shortest", "any"}
	var tables purple.Tables
	if dir := os.Getenv("GEISTER_BENCH_TABLES"); dir != "" {
		db, err := tablebase.OpenReadOnly(dir)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		tables = db
		modes = append(modes, "maxplies-below", "shortest-below")
	}
	var out *os.File
	if name := os.Getenv("GEISTER_BENCH_JSON"); name != "" {
		f, err := os.OpenFile(name, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		out = f
	}
	for _, mode := range modes {
		b.Run(mode, func(b *testing.B) { benchSuiteMode(b, suite, nodeBudget, mode, tables, out) })
	}
}

// benchSuiteMode is one mode of benchTablesSuite, on the thread it locks.
func benchSuiteMode(b *testing.B, suite []tablesPosition, nodeBudget uint64, mode string, tables purple.Tables, out *os.File) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	type solved struct {
		cpu   time.Duration
		nodes uint64
		pos   string
	}
	var all []solved
	over, shorterCount := 0, 0
	shallow := os.Getenv("GEISTER_BENCH_SHALLOW")
	if shallow != "" && shallow != "off" && shallow != "both" {
		b.Fatalf("GEISTER_BENCH_SHALLOW is %q: want off, both or nothing", shallow)
	}
	var withoutAll []time.Duration // with both: each question's CPU time without
	for i := 0; i < b.N; i++ {
		for _, w := range suite {
			o := Options{TTMegabytes: 128}
			switch {
			case mode == "shortest" || mode == "shortest-below":
				o.Shortest = true
			case mode == "any": // no bound: "a win at all?"
			case w.DTW > 0:
				o.MaxPlies = w.DTW
			default:
				o.MaxPlies = tablesNoWinBound
			}
			o.MaxNodes = nodeBudget
			if strings.HasSuffix(mode, "-below") {
				c, _ := purple.ClassOf(&w.p, w.prover)
				o.Tables = withoutClass{tables, c}
			}
			solve := func(off bool) (Answer, time.Duration, error) {
				s := New(o)
				s.shallowOff = off
				t0, _ := cputime.Thread()
				a, err := s.Solve(context.Background(), w.p, w.prover)
				t1, _ := cputime.Thread()
				return a, t1 - t0, err
			}
			// With both, each question is solved without the nodes near
			// the bound solved outright too, the order alternated from
			// question to question (so that both meet the machine in the
			// same state), and must get the same answer.
			var a, wa Answer
			var cpu, wcpu time.Duration
			var err, werr error
			switch {
			case shallow != "both":
				a, cpu, err = solve(shallow == "off")
			case len(all)%2 == 0:
				a, cpu, err = solve(false)
				wa, wcpu, werr = solve(true)
			default:
				wa, wcpu, werr = solve(true)
				a, cpu, err = solve(false)
			}
			if shallow == "both" {
				if werr != nil || err == nil && (wa.Result != a.Result || wa.Plies != a.Plies || wa.Exact != a.Exact) {
					b.Fatalf("%s (%s): with the shallow search %v in %d (exact %v), without it %v in %d (exact %v): %v", w.Position, mode, a.Result, a.Plies, a.Exact, wa.Result, wa.Plies, wa.Exact, werr)
				}
				withoutAll = append(withoutAll, wcpu)
			}
			// Wrong: a verdict or an exact length the tables contradict
			// (a win proven within the bound, exact or not, is right);
			// open: not settled within the budget.
			shorter := w.outside && a.Result == Win && a.Exact && a.Plies < w.DTW
			if shorter {
				shorterCount++
				b.Logf("%s (%s): a win in exactly %d plies, the other solver's length is %d", w.Position, mode, a.Plies, w.DTW)
			}
			wrong := err != nil || (w.DTW == 0 && a.Result == Win) || (w.DTW > 0 && a.Result == NoWin) ||
				(a.Result == Win && !shorter && ((a.Plies < w.DTW && !w.outside) || (a.Exact && a.Plies != w.DTW) || (o.MaxPlies > 0 && a.Plies > w.DTW)))
			open := !wrong && ((w.DTW == 0 && a.Result != NoWin) || (w.DTW > 0 && (a.Result != Win || (o.Shortest && !a.Exact))))
			if open && nodeBudget > 0 {
				over++
			}
			if wrong || (open && nodeBudget == 0) {
				b.Fatalf("%s (%s): %v in %d (exact %v), the tables: %s in %d: %v", w.Position, mode, a.Result, a.Plies, a.Exact, w.Result, w.DTW, err)
			}
			all = append(all, solved{cpu, a.Nodes, fmt.Sprintf("%s (%s %d)", w.Position, w.Result, w.DTW)})
			if out != nil {
				fields := map[string]any{"mode": mode, "position": w.Position, "result": w.Result, "dtw": w.DTW, "answer": a.Result.String(),
					"source": w.Source, "cpu_ms": float64(cpu.Microseconds()) / 1000, "nodes": a.Nodes}
				if shallow == "both" {
					fields["cpu_ms_without"] = float64(wcpu.Microseconds()) / 1000
					fields["nodes_without"] = wa.Nodes
				}
				line, _ := json.Marshal(fields)
				if _, err := out.Write(append(line, '\n')); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	slices.SortFunc(all, func(x, y solved) int { return cmp.Compare(x.cpu, y.cpu) })
	nodes := make([]uint64, len(all))
	for i, x := range all {
		nodes[i] = x.nodes
	}
	slices.Sort(nodes)
	q := func(f float64) int { return min(len(all)-1, int(f*float64(len(all)))) }
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	for _, p := range []struct {
		name string
		f    float64
	}{{"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}, {"max", 1}} {
		b.ReportMetric(ms(all[q(p.f)].cpu), mode+"-"+p.name+"-cpu-ms")
	}
	b.ReportMetric(float64(nodes[q(0.5)]), mode+"-p50-nodes")
	if nodeBudget > 0 {
		b.ReportMetric(float64(over), mode+"-over-budget")
	}
	if shorterCount > 0 {
		b.ReportMetric(float64(shorterCount), mode+"-shorter")
	}
	b.ReportMetric(float64(nodes[len(nodes)-1]), mode+"-max-nodes")
	if len(withoutAll) > 0 {
		var whole, without time.Duration
		for _, x := range all {
			whole += x.cpu
		}
		for _, d := range withoutAll {
			without += d
		}
		slices.Sort(withoutAll)
		b.ReportMetric(whole.Seconds(), mode+"-cpu-s")
		b.ReportMetric(without.Seconds(), mode+"-without-cpu-s")
		b.ReportMetric(ms(withoutAll[q(0.99)]), mode+"-without-p99-cpu-ms")
		b.ReportMetric(ms(withoutAll[len(withoutAll)-1]), mode+"-without-max-cpu-ms")
	}
	for _, x := range all[max(0, len(all)-5):] {
		b.Logf("%s: %s: %.0f ms, %d nodes", mode, x.pos, ms(x.cpu), x.nodes)
	}
}

// withoutClass is a set of tables that does not hold one class.
type withoutClass struct {
	purple.Tables
	c purple.Class
}

func (w withoutClass) Has(c purple.Class) bool { return c != w.c && w.Tables.Has(c) }

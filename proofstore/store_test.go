package proofstore

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	badger "github.com/dgraph-io/badger/v4"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

func testOptions() Options {
	o := DefaultOptions()
	o.MinNodes = 0
	return o
}

func openTest(t testing.TB, dir string, o Options) *Store {
	t.Helper()
	s, err := Open(dir, o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// job is a position with the question asked of it.
type job struct {
	p      engine.Position
	prover engine.Player
}

// sameAnswer compares what a user sees of two answers.
func sameAnswer(a, b solver.Answer) bool {
	return a.Position == b.Position && a.Prover == b.Prover && a.Result == b.Result && a.Plies == b.Plies &&
		a.Exact == b.Exact && a.Move == b.Move && reflect.DeepEqual(a.PV, b.PV)
}

func solveAll(t testing.TB, opts solver.Options, jobs []job) []solver.Answer {
	t.Helper()
	s := solver.New(opts)
	out := make([]solver.Answer, len(jobs))
	for i, j := range jobs {
		// Each position from an empty table, as the command solves them:
		// else a position's budget-bound answer would depend on which
		// positions before it were searched and which the store answered.
		s.Reset()
		a, err := s.Solve(context.Background(), j.p, j.prover)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = a
	}
	return out
}

// The SPEC §4 example and its images: a win put in one orientation is
// read back in every other one, with the moves mapped.
func TestPutGetEveryOrientation(t *testing.T) {
	dir := t.TempDir()
	s := openTest(t, dir, testOptions())
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	sv := solver.New(solver.Options{TTMegabytes: 8, Shortest: true})
	a, err := sv.Solve(context.Background(), p, engine.First)
	if err != nil || a.Result != solver.Win || a.Plies != 5 || !a.Exact {
		t.Fatalf("solve: %+v %v", a, err)
	}
	want := Entry{Win: true, Plies: 5, Exact: true, NoWinWithin: 4, Move: a.Move, PV: a.PV, Nodes: 777, Solver: solver.Version}
	if err := s.Put(&p, engine.First, ProverWins, want); err != nil {
		t.Fatal(err)
	}
	images := []struct {
		p      engine.Position
		prover engine.Player
		t      purple.Transform
	}{
		{p, engine.First, purple.Transform{}},
		{p.Mirrored(), engine.First, purple.Transform{Mirrored: true}},
		{p.Swapped(), engine.Second, purple.Transform{Swapped: true}},
		{func() engine.Position { q := p.Swapped(); return q.Mirrored() }(), engine.Second, purple.Transform{Swapped: true, Mirrored: true}},
	}
	check := func(when string) {
		for _, im := range images {
			e, ok, err := s.Get(&im.p, im.prover, ProverWins)
			if err != nil || !ok {
				t.Fatalf("%s: %s: %v %v", when, im.p.String(), ok, err)
			}
			w := want.transformMoves(im.t.Move)
			if !reflect.DeepEqual(e, w) {
				t.Errorf("%s: %s: got %+v, want %+v", when, im.p.String(), e, w)
			}
			// The mapped line wins in that orientation (checked by the
			// solver's own verifier of lines).
			cp := im.p
			for _, m := range e.PV {
				cp.Make(purple.ProverMove(&cp, im.prover, m))
			}
			if purple.ValueOf(&cp, im.prover) != purple.Win {
				t.Errorf("%s: %s: the line %v does not win", when, im.p.String(), e.PV)
			}
			if _, ok, _ := s.Get(&im.p, im.prover, OpponentWins); ok {
				t.Errorf("%s: the other question is answered", when)
			}
		}
	}
	check("pending")
	if err := s.Flush(); err != nil {
		t.Fatal(err)
	}
	check("written")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openTest(t, dir, testOptions())
	defer s.Close()
	check("reopened")
}

func TestPutRejectsBadEntries(t *testing.T) {
	s := openTest(t, t.TempDir(), testOptions())
	defer s.Close()
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	d1e1, _ := p.ParseMove("d1e1")
	b1c1 := engine.NewMove(engine.Sq(1, 1), engine.Sq(2, 1))
	for name, e := range map[string]Entry{
		"empty":              {},
		"win without a line": {Win: true, Plies: 5},
		"line not winning":   {Win: true, Plies: 5, Move: d1e1, PV: []engine.Move{d1e1}},
		"illegal line":       {Win: true, Plies: 5, PV: []engine.Move{b1c1}},
		"move not in line":   {Win: true, Plies: 5, Move: b1c1, PV: []engine.Move{d1e1}},
	} {
		if err := s.Put(&p, engine.First, ProverWins, e); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if err := s.Put(&p, engine.Second, ProverWins, Entry{NoWinEver: true}); err == nil {
		t.Error("a prover with hidden pieces was accepted")
	}
	if err := s.Put(&p, engine.First, Question(5), Entry{NoWinEver: true}); err == nil {
		t.Error("an unknown question was accepted")
	}
}

// settledJobs returns n positions near the end of random games that a
// plain search settles within 30,000 nodes but not without search, and
// m that it does not settle.
func settledJobs(t testing.TB, seed uint64, n, m int) []job {
	t.Helper()
	r := engine.NewRand(seed)
	s := solver.New(solver.Options{TTMegabytes: 16, MaxNodes: 30_000})
	var good, hard []job
	for len(good) < n || len(hard) < m {
		p, w := testpos.NearEnd(r, 8)
		a, err := s.Solve(context.Background(), p, w)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case a.Result == solver.Unknown && len(hard) < m:
			hard = append(hard, job{p, w})
		case a.Result != solver.Unknown && (a.Nodes > 50 || a.Result == solver.Win && a.Nodes > 5) && len(good) < n:
			// wins with a few nodes too: since races decide most leaves
			// near the end, few wins there take over 50 nodes
			good = append(good, job{p, w})
		}
	}
	return append(good, hard...)
}

// A second solve over the same positions hits the store, searches far
// fewer nodes and gives identical answers (also after reopening), for
// every kind of question.
func TestSecondSolveHitsStore(t *testing.T) {
	jobs := settledJobs(t, 7, 48, 3)
	for _, c := range []struct {
		name string
		opts solver.Options
	}{
		{"plain", solver.Options{}},
		{"shortest", solver.Options{Shortest: true}},
		{"within 15", solver.Options{MaxPlies: 15}},
		{"ply limit", solver.Options{PlyLimit: 200}},
		{"opponent", solver.Options{ForOpponent: true}},
	} {
		dir := t.TempDir()
		st := openTest(t, dir, testOptions())
		opts := c.opts
		opts.TTMegabytes, opts.MaxNodes = 16, 30_000
		plain := solveAll(t, opts, jobs)
		opts.Store = st
		first := solveAll(t, opts, jobs)
		if err := st.Close(); err != nil {
			t.Fatal(err)
		}
		st = openTest(t, dir, testOptions())
		opts.Store = st
		second := solveAll(t, opts, jobs)
		var n1, n2 uint64
		hits, searched := 0, 0
		for i := range jobs {
			if !sameAnswer(plain[i], first[i]) || !sameAnswer(first[i], second[i]) {
				t.Errorf("%s: %s: without the store %+v, writing %+v, reading %+v", c.name, jobs[i].p.String(), plain[i], first[i], second[i])
			}
			if first[i].Result == solver.Unknown || (c.opts.Shortest && first[i].Result == solver.Win && !first[i].Exact) {
				// Unknowns are not kept; an upper bound (the budget ran
				// out before the DTW was exact) is kept but does not answer
				// a shortest question.
				if second[i].Source == "store" {
					t.Errorf("%s: %s: answered by the store: %+v", c.name, jobs[i].p.String(), second[i])
				}
				continue
			}
			n1 += first[i].Nodes
			n2 += second[i].Nodes
			// Roots the solver settles without search (a sure escape, say)
			// may walk a short line; anything searched must be stored.
			if first[i].Source == "dfpn" && first[i].Nodes > 50 {
				searched++
				if second[i].Source != "store" || second[i].Nodes != 0 {
					t.Errorf("%s: %s: not answered by the store: %+v", c.name, jobs[i].p.String(), second[i])
				}
			}
			if second[i].Source == "store" {
				hits++
			}
		}
		if searched < 8 || n2*20 > n1 {
			t.Errorf("%s: %d positions searched; the second run searched %d nodes, the first %d", c.name, searched, n2, n1)
		}
		if got := st.Stats(); got.Hits != uint64(hits) {
			t.Errorf("%s: counted %d hits, saw %d", c.name, got.Hits, hits)
		}
		t.Logf("%s: %d of %d from the store; nodes %d then %d", c.name, hits, len(jobs), n1, n2)
		st.Close()
	}
}

// answersOf solves jobs with opts (no store).
func answersOf(t testing.TB, opts solver.Options, jobs []job) []solver.Answer {
	opts.TTMegabytes, opts.MaxNodes = 16, 30_000
	return solveAll(t, opts, jobs)
}

// An upper bound never answers a shortest question; an exact answer does;
// "no win within D" answers bounds up to D only.
func TestStoredBoundsRespected(t *testing.T) {
	jobs := settledJobs(t, 11, 48, 0)
	plain := answersOf(t, solver.Options{}, jobs)
	exact := answersOf(t, solver.Options{Shortest: true}, jobs)
	upper, bounded := 0, 0
	for i, j := range jobs {
		if plain[i].Result != solver.Win || exact[i].Result != solver.Win || !exact[i].Exact {
			continue
		}
		st := openTest(t, t.TempDir(), testOptions())
		ask := func(o solver.Options) solver.Answer {
			o.TTMegabytes, o.MaxNodes, o.Store = 16, 30_000, st
			a, err := solver.New(o).Solve(context.Background(), j.p, j.prover)
			if err != nil {
				t.Fatal(err)
			}
			return a
		}
		dtw := exact[i].Plies
		if !plain[i].Exact {
			upper++
			// The proof found (an upper bound) is stored ...
			if a := ask(solver.Options{}); a.Source != "dfpn" || !sameAnswer(a, plain[i]) {
				t.Fatalf("%s: first solve %+v", j.p.String(), a)
			}
			if a := ask(solver.Options{}); a.Source != "store" || !sameAnswer(a, plain[i]) {
				t.Errorf("%s: the upper bound was not kept: %+v", j.p.String(), a)
			}
			// ... but does not answer --shortest; the exact answer then does.
			if a := ask(solver.Options{Shortest: true}); a.Source != "dfpn" || a.Plies != dtw || !a.Exact {
				t.Errorf("%s: shortest answered %+v, want DTW %d searched", j.p.String(), a, dtw)
			}
			if a := ask(solver.Options{Shortest: true}); a.Source != "store" || a.Plies != dtw || !a.Exact {
				t.Errorf("%s: the exact answer was not kept: %+v", j.p.String(), a)
			}
		}
		st.Close()
		st = openTest(t, t.TempDir(), testOptions())
		if dtw >= 3 {
			// A search for a win within dtw-1 plies finds none: stored as a
			// bounded no-win, which answers smaller bounds only.
			if a := ask(solver.Options{MaxPlies: dtw - 1}); a.Result != solver.NoWin {
				t.Fatalf("%s: no win within %d expected: %+v", j.p.String(), dtw-1, a)
			} else if a.Source == "dfpn" && a.Nodes >= 1 {
				bounded++
				for d := 1; d <= dtw-1; d++ {
					a := ask(solver.Options{MaxPlies: d})
					if a.Result != solver.NoWin {
						t.Errorf("%s: within %d: %+v", j.p.String(), d, a)
					}
				}
				if a := ask(solver.Options{MaxPlies: dtw - 1}); a.Source != "store" {
					t.Errorf("%s: the bounded no-win was not kept: %+v", j.p.String(), a)
				}
				w := ask(solver.Options{})
				if w.Source == "store" || w.Result != solver.Win {
					t.Errorf("%s: a bounded no-win answered the unbounded question: %+v", j.p.String(), w)
				}
				// Now the store knows a win within w.Plies and no win within
				// dtw-1: exact when the proof found is a shortest one; if it is
				// longer, --shortest must still search.
				a := ask(solver.Options{Shortest: true})
				switch {
				case a.Plies != dtw || !a.Exact:
					t.Errorf("%s: shortest answered %+v, want DTW %d", j.p.String(), a, dtw)
				case w.Plies == dtw && a.Source != "store":
					t.Errorf("%s: win and bound together are not exact: %+v", j.p.String(), a)
				case w.Plies > dtw && a.Source == "store" && !storedExactBefore(w):
					t.Errorf("%s: a proof of %d plies and no win within %d answered as exact", j.p.String(), w.Plies, dtw-1)
				}
			}
		}
		st.Close()
	}
	if upper < 2 || bounded < 2 {
		t.Errorf("only %d upper bounds and %d bounded no-wins tested", upper, bounded)
	}
	t.Logf("%d upper bounds, %d bounded no-wins", upper, bounded)
}

func TestRecordKeepsOnlySettledSearches(t *testing.T) {
	o := testOptions()
	o.MinNodes = 1000
	st := openTest(t, t.TempDir(), o)
	defer st.Close()
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	q := solver.Question{Pos: p, Prover: engine.First}
	a, err := solver.New(solver.Options{TTMegabytes: 8, Shortest: true}).Solve(context.Background(), p, engine.First)
	if err != nil {
		t.Fatal(err)
	}
	a.Nodes = 999
	st.Record(q, a)
	a.Nodes, a.Result = 5000, solver.Unknown
	st.Record(q, a)
	if _, ok, _ := st.Get(&p, engine.First, ProverWins); ok {
		t.Fatal("kept a cheap or unknown answer")
	}
	a.Result = solver.Win
	st.Record(q, a)
	if e, ok, _ := st.Get(&p, engine.First, ProverWins); !ok || e.Nodes != 5000 || e.Solver != solver.Version {
		t.Fatalf("not kept: %+v", e)
	}
}

func TestOtherFormatIgnored(t *testing.T) {
	var problems []error
	o := testOptions()
	o.OnProblem = func(err error) { problems = append(problems, err) }
	st := openTest(t, t.TempDir(), o)
	defer st.Close()
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	_, _, pk := purple.Canonical(&p, engine.First)
	bad := Entry{NoWinEver: true, Nodes: 1} // wrong (a win in 5), if it were read
	k := makeKey(pk, ProverWins)
	k2 := k
	k2[0] = FormatVersion + 1
	err := st.db.Update(func(txn *badger.Txn) error { return txn.Set(k2[:], encodeValue(k2[:], &bad)) })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := st.Get(&p, engine.First, ProverWins); ok || err != nil {
		t.Errorf("an entry of another format was read: %v %v", ok, err)
	}
	if _, ok := st.Lookup(solver.Question{Pos: p, Prover: engine.First}); ok {
		t.Error("an entry of another format answered")
	}
	z, err := st.Size(context.Background())
	if err != nil || z.Entries != 0 || z.OtherFormat != 1 {
		t.Errorf("size %+v, %v", z, err)
	}
	n := 0
	st.Scan(context.Background(), func(ScanEntry) error { n++; return nil })
	if n != 0 || len(problems) != 0 {
		t.Errorf("scan saw %d entries, problems %v", n, problems)
	}
	// A value that says another format under a key of this one is corrupt.
	v := encodeValue(k[:], &bad)
	v[0] = FormatVersion + 1
	err = st.db.Update(func(txn *badger.Txn) error { return txn.Set(k[:], resum(k, v)) })
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, err := st.Get(&p, engine.First, ProverWins); ok || !errors.Is(err, ErrCorrupt) {
		t.Errorf("a value of another format under this format's key: %v %v", ok, err)
	}
}

func TestCorruptEntryReportedNeverUsed(t *testing.T) {
	var mu sync.Mutex
	var problems []error
	o := testOptions()
	o.OnProblem = func(err error) { mu.Lock(); problems = append(problems, err); mu.Unlock() }
	st := openTest(t, t.TempDir(), o)
	defer st.Close()
	jobs := settledJobs(t, 3, 4, 0)
	opts := solver.Options{TTMegabytes: 16, MaxNodes: 30_000, Shortest: true}
	want := solveAll(t, opts, jobs)
	opts.Store = st
	solveAll(t, opts, jobs)
	if err := st.Flush(); err != nil {
		t.Fatal(err)
	}
	j := jobs[0]
	_, _, pk := purple.Canonical(&j.p, j.prover)
	k := makeKey(pk, ProverWins)
	var v []byte
	st.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(k[:])
		if err == nil {
			v, err = item.ValueCopy(nil)
		}
		return err
	})
	if v == nil {
		t.Fatal("the entry was not written")
	}
	cases := map[string][]byte{}
	flipped := append([]byte(nil), v...)
	flipped[3] ^= 1 // the plies
	cases["flipped bit"] = flipped
	// Well-formed with a good checksum, but its line does not win: the
	// first move of the line only, repeated.
	e, err := decodeValue(k[:], v)
	if err != nil {
		t.Fatal(err)
	}
	if e.Win && len(e.PV) > 1 {
		e.PV = e.PV[:1]
		cases["line that does not win"] = encodeValue(k[:], &e)
	}
	for name, bad := range cases {
		problems = nil
		if err := st.db.Update(func(txn *badger.Txn) error { return txn.Set(k[:], bad) }); err != nil {
			t.Fatal(err)
		}
		before := st.Stats().Corrupt
		if _, ok, err := st.Get(&j.p, j.prover, ProverWins); ok || !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: get: %v %v", name, ok, err)
		}
		if _, ok := st.Lookup(solver.Question{Pos: j.p, Prover: j.prover, Shortest: true}); ok {
			t.Errorf("%s: a corrupt entry answered", name)
		}
		if st.Stats().Corrupt < before+2 || len(problems) < 2 {
			t.Errorf("%s: not reported: counted %d, problems %v", name, st.Stats().Corrupt-before, problems)
		}
		cp, _, _ := purple.Canonical(&j.p, j.prover)
		cp.SetPly(0)
		if len(problems) > 0 && !strings.Contains(problems[0].Error(), cp.String()) {
			t.Errorf("%s: the report does not name the position %s: %v", name, cp.String(), problems[0])
		}
		rep, err := Verify(context.Background(), st, VerifyOptions{})
		if err != nil || len(rep.Corrupt) != 1 || rep.OK() {
			t.Errorf("%s: verify: %+v %v", name, rep, err)
		}
		// The solver searches instead, and its proof replaces the entry.
		a, err := solver.New(opts).Solve(context.Background(), j.p, j.prover)
		if err != nil || a.Source != "dfpn" || !sameAnswer(a, want[0]) {
			t.Errorf("%s: solve %+v, %v; want %+v", name, a, err, want[0])
		}
		st.Flush()
		if _, ok, err := st.Get(&j.p, j.prover, ProverWins); !ok || err != nil {
			t.Errorf("%s: not replaced: %v %v", name, ok, err)
		}
	}
}

// Readers see either nothing or the right answer while a writer keeps
// putting and flushing.
func TestConcurrentReadersWithWriter(t *testing.T) {
	jobs := settledJobs(t, 5, 16, 0)
	want := answersOf(t, solver.Options{Shortest: true}, jobs)
	st := openTest(t, t.TempDir(), func() Options { o := testOptions(); o.BatchSize = 3; o.FlushEvery = time.Millisecond; return o }())
	defer st.Close()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var seen [16]atomicBool
	for r := 0; r < 4; r++ {
		wg.Add(1)
		go func(r int) {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				i := (n*7 + r) % len(jobs)
				q := solver.Question{Pos: jobs[i].p, Prover: jobs[i].prover, Shortest: true}
				a, ok := st.Lookup(q)
				if !ok {
					continue
				}
				seen[i].set()
				w := want[i]
				if a.Result != w.Result || a.Plies != w.Plies || a.Exact != w.Exact || a.Move != w.Move || !reflect.DeepEqual(a.PV, w.PV) {
					t.Errorf("reader %d: %s: %+v, want %+v", r, jobs[i].p.String(), a, w)
					return
				}
			}
		}(r)
	}
	for round := 0; round < 5; round++ {
		for i, j := range jobs {
			st.Record(solver.Question{Pos: j.p, Prover: j.prover, Shortest: true}, want[i])
			if i%5 == 0 {
				if err := st.Flush(); err != nil {
					t.Error(err)
				}
			}
		}
	}
	st.Flush()
	// The readers go on until each recorded answer has been read, or ten
	// seconds (a fixed 20 ms after the last flush was too little for
	// them once, on a machine busy with other tests).
	allSeen := func() bool {
		for i := range jobs {
			if want[i].Result != solver.Unknown && !seen[i].get() {
				return false
			}
		}
		return true
	}
	for deadline := time.Now().Add(10 * time.Second); !allSeen() && time.Now().Before(deadline); {
		time.Sleep(time.Millisecond)
	}
	close(stop)
	wg.Wait()
	settled := 0
	for i := range jobs {
		if want[i].Result == solver.Unknown {
			continue // not recorded: a shortest question can take more nodes than settledJobs' own
		}
		settled++
		if !seen[i].get() {
			t.Errorf("%s never read", jobs[i].p.String())
		}
	}
	if settled < len(jobs)*3/4 {
		t.Errorf("only %d of %d answers settled: the test reads too few", settled, len(jobs))
	}
	if c := st.Stats(); c.Conflicts != 0 || c.Corrupt != 0 {
		t.Errorf("counters %+v", c)
	}
}

type atomicBool struct{ v atomic.Bool }

func (b *atomicBool) set()      { b.v.Store(true) }
func (b *atomicBool) get() bool { return b.v.Load() }

// One writer per directory: a second writer gets ErrLocked; OpenShared
// falls back to read-only beside readers, and shares one Store within
// the process.
func TestLockingAndSharing(t *testing.T) {
	dir := t.TempDir()
	w := openTest(t, dir, testOptions())
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	a, _ := solver.New(solver.Options{TTMegabytes: 8, Shortest: true}).Solve(context.Background(), p, engine.First)
	a.Nodes = 100
	q := solver.Question{Pos: p, Prover: engine.First}
	w.Record(q, a)
	if _, err := Open(dir, testOptions()); !errors.Is(err, ErrLocked) {
		t.Fatalf("a second writer: %v", err)
	}
	ro := testOptions()
	ro.ReadOnly = true
	if _, err := Open(dir, ro); !errors.Is(err, ErrLocked) {
		t.Fatalf("a reader beside a writer: %v", err)
	}
	if _, err := OpenShared(dir, testOptions()); !errors.Is(err, ErrLocked) || !strings.Contains(err.Error(), dir) {
		t.Fatalf("shared beside a writer: %v", err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	r, err := Open(dir, ro) // another process, reading
	if err != nil {
		t.Fatal(err)
	}
	s1, err := OpenShared(dir, testOptions())
	if err != nil || !s1.ReadOnly() {
		t.Fatalf("shared beside a reader: %v", err)
	}
	if got, ok := s1.Lookup(q); !ok || !sameAnswer(got, solver.Answer{Result: a.Result, Plies: a.Plies, Exact: a.Exact, Move: a.Move, PV: a.PV}) {
		t.Errorf("read-only lookup %+v %v", got, ok)
	}
	if err := s1.Put(&p, engine.First, ProverWins, Entry{NoWinWithin: 2}); !errors.Is(err, ErrReadOnly) {
		t.Errorf("put on a read-only store: %v", err)
	}
	s1.Record(q, a) // ignored
	if err := Release(s1); err != nil {
		t.Fatal(err)
	}
	r.Close()
	s2, err := OpenShared(dir, testOptions())
	if err != nil || s2.ReadOnly() {
		t.Fatalf("shared alone: %v", err)
	}
	s3, _ := OpenShared(dir, testOptions())
	if s3 != s2 {
		t.Error("two Stores for one directory in one process")
	}
	Release(s3)
	if _, ok := s2.Lookup(q); !ok {
		t.Error("released too early")
	}
	Release(s2)
	if s, err := Open(dir, testOptions()); err != nil {
		t.Errorf("not closed after the last release: %v", err)
	} else {
		if c := s.Stats(); c.Hits != 1 {
			t.Errorf("hits saved: %+v, want 1 (the read-only store does not save its hit)", c)
		}
		s.Close()
	}
}

func TestVerify(t *testing.T) {
	// 16 positions: 20 entries or more whatever decides some of them
	// without search (14 gave 19 once the opponent's fortress came).
	jobs := settledJobs(t, 13, 16, 0)
	dir := t.TempDir()
	st := openTest(t, dir, testOptions())
	defer st.Close()
	for _, o := range []solver.Options{{}, {Shortest: true}, {ForOpponent: true}, {MaxPlies: 5}} {
		o.Store = st
		answersOf(t, o, jobs)
	}
	z, err := st.Size(context.Background())
	if err != nil || z.Entries < 20 || z.Exact == 0 || z.NoWins+z.Bounded == 0 {
		t.Fatalf("size %+v %v", z, err)
	}
	rep, err := Verify(context.Background(), st, VerifyOptions{Sample: 1000, Time: 20 * time.Second})
	if err != nil || !rep.OK() || rep.Sampled != int(z.Entries) || rep.Confirmed+len(rep.Unconfirmed) != rep.Sampled || rep.Confirmed < rep.Sampled-2 {
		t.Fatalf("verify of good entries: %+v %v (size %+v)", rep, err, z)
	}
	rep, err = Verify(context.Background(), st, VerifyOptions{Sample: 5, Seed: 3})
	if err != nil || rep.Sampled != 5 || rep.Entries != int(z.Entries) {
		t.Errorf("sample of 5: %+v %v", rep, err)
	}

	// Wrong claims that pass every check of form are caught by the search.
	bad := openTest(t, t.TempDir(), testOptions())
	defer bad.Close()
	exact := answersOf(t, solver.Options{Shortest: true}, jobs)
	opp := answersOf(t, solver.Options{ForOpponent: true}, jobs)
	wrong := 0
	for i, j := range jobs {
		switch {
		case exact[i].Result == solver.Win && exact[i].Exact:
			dtw := exact[i].Plies
			// Cross-check the DTW with the plain reference solver.
			ref := reference.New(j.prover, j.prover, reference.Purple)
			if !ref.WinWithin(&j.p, dtw) || (dtw > 1 && ref.WinWithin(&j.p, dtw-1)) {
				t.Fatalf("%s: the reference solver disagrees with DTW %d", j.p.String(), dtw)
			}
			if wrong%2 == 0 {
				// "No win within dtw" for a win in dtw.
				err = bad.Put(&j.p, j.prover, ProverWins, Entry{NoWinWithin: dtw, Nodes: 1})
			} else {
				// A win claimed exact in one ply more than the DTW (its line
				// is the true one, which fits).
				a := exact[i]
				err = bad.Put(&j.p, j.prover, ProverWins, Entry{Win: true, Plies: dtw + 1, Exact: true, Move: a.Move, PV: a.PV, Nodes: 1})
			}
			wrong++
		case exact[i].Result == solver.NoWin && opp[i].Result == solver.Win:
			err = bad.Put(&j.p, j.prover, OpponentWins, Entry{NoWinEver: true, Nodes: 1})
			wrong++
		default:
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	rep, err = Verify(context.Background(), bad, VerifyOptions{Sample: 100, Time: 20 * time.Second})
	if err != nil || len(rep.Disagree) != wrong || wrong < 3 {
		t.Errorf("%d wrong entries, verify: %+v %v", wrong, rep, err)
	}
	for _, d := range rep.Disagree {
		t.Logf("disagreement: %s %s: stored %s, found %s", d.Position, d.Question, d.Stored, d.Found)
	}
}

// storedExactBefore reports whether an answer already carried the exact
// distance (then the store may answer --shortest from it).
func storedExactBefore(a solver.Answer) bool { return a.Exact }

package proofstore

import (
	"context"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

// fillSynthetic writes n entries for positions near the end of random
// games straight into Badger (no line check: only their size and place
// in the tree matter): half wins with a line of 3–15 moves, half no-wins.
func fillSynthetic(b *testing.B, st *Store, n int, seed uint64) {
	r := engine.NewRand(seed)
	wb := st.db.NewWriteBatch()
	defer wb.Cancel()
	for i := 0; i < n; i++ {
		p, w := testpos.NearEnd(r, 20)
		pk := purple.KeyOf(&p, w)
		k := makeKey(pk, ProverWins)
		var e Entry
		if i%2 == 0 {
			plies := 3 + r.Intn(13)
			e = Entry{Win: true, Plies: plies, Exact: i%4 == 0, Nodes: uint64(100 + r.Intn(100000)), Solver: solver.Version}
			for j := 0; j < plies; j++ {
				e.PV = append(e.PV, engine.NewMove(engine.Sq(r.Intn(6), 1+r.Intn(6)), engine.Sq(r.Intn(6), 1+r.Intn(6))))
			}
			e.Move = e.PV[0]
			e.normalize()
		} else {
			e = Entry{NoWinEver: true, Nodes: uint64(100 + r.Intn(100000)), Solver: solver.Version}
		}
		if err := wb.Set(k[:], encodeValue(k[:], &e)); err != nil {
			b.Fatal(err)
		}
	}
	if err := wb.Flush(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkLookupHit: one solver question answered by the store, warm
// (the entry decoded and checked in the store's cache): just written,
// and after reopening; then every read from Badger's tables (no cache);
// then misses. Among 100,000 other entries.
func BenchmarkLookupHit(b *testing.B) {
	dir := b.TempDir()
	st := openTest(b, dir, testOptions())
	fillSynthetic(b, st, 100_000, 1)
	jobs := settledJobs(b, 21, 64, 0)
	var qs []solver.Question
	for _, j := range jobs {
		o := solver.Options{TTMegabytes: 16, MaxNodes: 30_000, Shortest: true, Store: st}
		a, err := solver.New(o).Solve(context.Background(), j.p, j.prover)
		if err != nil {
			b.Fatal(err)
		}
		if a.Result == solver.NoWin || a.Exact { // stored, and answers the question
			qs = append(qs, solver.Question{Pos: j.p, Prover: j.prover, Shortest: true})
		}
	}
	st.Flush()
	run := func(b *testing.B) {
		for _, q := range qs { // warm
			if _, ok := st.Lookup(q); !ok {
				b.Fatalf("%s: a miss", q.Pos.String())
			}
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, ok := st.Lookup(qs[i%len(qs)]); !ok {
				b.Fatal("a miss")
			}
		}
	}
	b.Run("memtable", run)
	st.Close()
	st = openTest(b, dir, testOptions())
	defer st.Close()
	b.Run("disk", run)
	st.noCache = true
	b.Run("disk-uncached", run)
	st.noCache = false
	b.Run("miss", func(b *testing.B) {
		r := engine.NewRand(99)
		var miss []solver.Question
		for len(miss) < 64 {
			p, w := testpos.NearEnd(r, 20)
			miss = append(miss, solver.Question{Pos: p, Prover: w})
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			st.Lookup(miss[i%len(miss)])
		}
	})
}

// BenchmarkSolveWriteOverhead: a batch solve (solver.Batch, 2 threads)
// of positions near the end of random games, without a store and with a
// fresh one (every answer a miss, then written), alternating, so that
// both see the same machine. Reports the wall-clock and CPU-time ratios
// (store / none, in percent over 100); the store's time includes its
// final Flush, not opening and closing it.
func BenchmarkSolveWriteOverhead(b *testing.B) {
	jobs := settledJobs(b, 31, 150, 10)
	run := func(st *Store) (time.Duration, time.Duration) {
		opts := solver.Options{TTMegabytes: 64, MaxNodes: 30_000}
		if st != nil {
			opts.Store = st
		}
		in := make(chan solver.Job)
		go func() {
			for i, j := range jobs {
				in <- solver.Job{Index: i, Pos: j.p, Prover: j.prover}
			}
			close(in)
		}()
		w0, c0 := time.Now(), cputime.Process()
		solver.Batch(context.Background(), opts, 2, 0, in, func(solver.Job, solver.Answer, error) {})
		if st != nil {
			st.Flush()
		}
		return time.Since(w0), cputime.Process() - c0
	}
	var wNone, cNone, wStore, cStore time.Duration
	for i := 0; i < b.N; i++ {
		w, c := run(nil)
		wNone, cNone = wNone+w, cNone+c
		st := openTest(b, b.TempDir(), DefaultOptions())
		w, c = run(st)
		wStore, cStore = wStore+w, cStore+c
		st.Close()
	}
	b.ReportMetric(float64(wStore-wNone)/float64(wNone)*100, "%wall-overhead")
	b.ReportMetric(float64(cStore-cNone)/float64(cNone)*100, "%cpu-overhead")
	b.ReportMetric(float64(wNone.Milliseconds())/float64(b.N), "ms-none/op")
	b.ReportMetric(float64(wStore.Milliseconds())/float64(b.N), "ms-store/op")
}

// BenchmarkEntrySize: bytes per entry, counted (keys and values) and on
// disk after closing, for 200,000 entries like fillSynthetic's. The
// figures are sizes: the store is filled once, whatever b.N is.
func BenchmarkEntrySize(b *testing.B) {
	dir := b.TempDir()
	st := openTest(b, dir, testOptions())
	fillSynthetic(b, st, 200_000, 1)
	z, err := st.Size(context.Background())
	if err != nil {
		b.Fatal(err)
	}
	st.Close()
	for range b.N {
	}
	b.ReportMetric(float64(z.Bytes)/float64(z.Entries), "B/entry")
	b.ReportMetric(float64(tablebase.DirBytes(dir))/float64(z.Entries), "disk-B/entry")
}

// BenchmarkRecordWrite: the cost of keeping one answer: Record in the
// solver's goroutine (checks, canonical form, the pending map) and the
// writer's share (merge with what is stored, WriteBatch), per entry,
// with the writer batching on its own as in use. Every entry is new: a
// bounded no-win of a distinct position near the end of a random game
// (so that no line needs a search; a win's value is some 20 bytes more).
func BenchmarkRecordWrite(b *testing.B) {
	r := engine.NewRand(41)
	qs := make([]solver.Question, b.N)
	seen := map[purple.Key]bool{}
	for i := range qs {
		for {
			p, w := testpos.NearEnd(r, 30)
			if k := purple.KeyOf(&p, w); !seen[k] {
				seen[k] = true
				qs[i] = solver.Question{Pos: p, Prover: w, Bound: 1 + r.Intn(20)}
				break
			}
		}
	}
	st := openTest(b, b.TempDir(), testOptions())
	defer st.Close()
	a := solver.Answer{Result: solver.NoWin, Nodes: 1000}
	b.ReportAllocs()
	b.ResetTimer()
	c0 := cputime.Process()
	for i := 0; i < b.N; i++ {
		st.Record(qs[i], a)
	}
	st.Flush() // the writer batches as it would in use
	b.StopTimer()
	b.ReportMetric(float64(cputime.Process()-c0)/float64(b.N), "cpu-ns/entry")
	if c := st.Stats(); c.Written != uint64(b.N) {
		b.Fatalf("%d written of %d", c.Written, b.N)
	}
}

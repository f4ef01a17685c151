package tablebase

import (
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/purple"
)

var (
	benchDepsOnce sync.Once
	benchDeps     map[purple.Class]*table
)

func benchDepTables(b *testing.B) map[purple.Class]*table {
	benchDepsOnce.Do(func() {
		benchDeps = map[purple.Class]*table{}
		c4 := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
		benchDeps[c4] = buildRetro(b, c4, nil, 1).table()
	})
	return benchDeps
}

// BenchmarkRetro5 builds 2B1R-2U1r (22.6 M positions, both sides to move)
// on one core: init pass and every retrograde level. positions/s counts
// the class's positions over the wall time, positions/cpu-s over the CPU
// time (less disturbed by other processes).
func BenchmarkRetro5(b *testing.B) {
	deps := benchDepTables(b)
	c := purple.Class{Blues: 2, Reds: 1, OppPieces: 2, OppReds: 1}
	b.ResetTimer()
	cpu0 := cputime.Process()
	var n, scanned uint64
	for i := 0; i < b.N; i++ {
		r, err := newRetro(c, deps, 1)
		if err != nil {
			b.Fatal(err)
		}
		if err := r.run(context.Background(), nil, nil); err != nil {
			b.Fatal(err)
		}
		n += 2 * r.lay[0].size
		// the init sweep, and each level's scan for its frontier
		scanned += uint64(1+r.level) * (r.lay[0].size + r.lay[1].size)
		b.ReportMetric(float64(r.level), "levels")
	}
	cpu := (cputime.Process() - cpu0).Seconds()
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(n)/cpu, "positions/cpu-s")
	b.ReportMetric(float64(scanned)/cpu, "swept/cpu-s")
}

// BenchmarkInitSweep is the builder's full sweep alone (every position's
// moves, captures into the smaller class looked up) on one core.
func BenchmarkInitSweep(b *testing.B) {
	deps := benchDepTables(b)
	c := purple.Class{Blues: 2, Reds: 1, OppPieces: 2, OppReds: 1}
	r, err := newRetro(c, deps, 1)
	if err != nil {
		b.Fatal(err)
	}
	r.ctx = context.Background()
	for s := 0; s < 2; s++ {
		r.st[s] = make([]uint16, r.lay[s].size)
	}
	b.ResetTimer()
	cpu0 := cputime.Process()
	var n uint64
	for i := 0; i < b.N; i++ {
		if err := r.initPass(); err != nil {
			b.Fatal(err)
		}
		n += 2 * r.lay[0].size
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(n)/(cputime.Process()-cpu0).Seconds(), "positions/cpu-s")
}

var (
	probeOnce sync.Once
	probeDir  string
	probeErr  error
)

// probeStore builds 1B1R-3U2r (and 1B1R-2U1r) once into a temporary store.
func probeStore(b *testing.B) string {
	probeOnce.Do(func() {
		probeDir, probeErr = os.MkdirTemp("", "tablebase-bench")
		if probeErr != nil {
			return
		}
		db, err := Open(probeDir)
		if err != nil {
			probeErr = err
			return
		}
		defer db.Close()
		_, probeErr = Build(context.Background(), db, []purple.Class{{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2}}, BuildOptions{})
	})
	if probeErr != nil {
		b.Fatal(probeErr)
	}
	return probeDir
}

func probePositions(n int) []engine.Position {
	r := engine.NewRand(21)
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2}
	ps := make([]engine.Position, n)
	for i := range ps {
		ps[i] = randomPosition(r, c)
		if i%2 == 1 {
			ps[i] = ps[i].Swapped()
		}
	}
	return ps
}

// BenchmarkProbeWarm probes random positions whose blocks are cached.
func BenchmarkProbeWarm(b *testing.B) {
	db, err := Open(probeStore(b))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	ps := probePositions(1 << 12)
	for i := range ps {
		prover, _ := purple.DefaultProver(&ps[i])
		if _, err := db.Probe(&ps[i], prover); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := &ps[i&(len(ps)-1)]
		prover := engine.First
		if i&1 == 1 {
			prover = engine.Second
		}
		if _, err := db.Probe(p, prover); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkProbeCold probes positions whose blocks are not in the decoded
// cache (the cache holds a few blocks and the probes cycle through every
// block of the class): a Badger read, decompression and checksum each.
// The operating system's file cache stays warm.
func BenchmarkProbeCold(b *testing.B) {
	dir := probeStore(b)
	o := DefaultOptions()
	o.CacheBytes = 1 // the smallest cache: two blocks a shard
	db, err := OpenWith(dir, o)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2}
	ci := db.info(c)
	// one position in every block, in block order
	var ps []engine.Position
	var provers []engine.Player
	for s := 0; s < 2; s++ {
		l := ci.lay[s]
		for blk := uint64(0); blk < uint64(ci.blocks(s)); blk++ {
			x := l.foldedBoard(blk * blockSize)
			p := position(c, x, s)
			ps = append(ps, p)
			provers = append(provers, engine.First)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		j := i % len(ps)
		if _, err := db.Probe(&ps[j], provers[j]); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	m, _ := db.Manifest(c)
	b.ReportMetric(float64(m.Bytes)/float64(m.Positions[0]+m.Positions[1]), "block-bytes/position")
}

// BenchmarkRetroClass builds the class named by $GEISTER_BENCH_CLASS
// (e.g. 1B1R-5U1r, 7 pieces, which reads no other class) on
// $GEISTER_BENCH_THREADS cores (default 1), reading the classes it
// depends on from the store $GEISTER_BENCH_TABLES; skipped without the
// class. It reports positions per CPU-second over the whole build and the
// CPU share of the init pass.
//
//	GEISTER_BENCH_CLASS=1B1R-5U1r go test ./tablebase -run '^$' -bench RetroClass -benchtime 1x
func BenchmarkRetroClass(b *testing.B) {
	name := os.Getenv("GEISTER_BENCH_CLASS")
	if name == "" {
		b.Skip("set GEISTER_BENCH_CLASS to a class name")
	}
	c, err := purple.ParseClass(name)
	if err != nil {
		b.Fatal(err)
	}
	threads := 1
	if t := os.Getenv("GEISTER_BENCH_THREADS"); t != "" {
		if threads, err = strconv.Atoi(t); err != nil {
			b.Fatal(err)
		}
	}
	dt := map[purple.Class]*table{}
	if len(c.Captures()) > 0 {
		db, err := OpenReadOnly(os.Getenv("GEISTER_BENCH_TABLES"))
		if err != nil {
			b.Fatal(err)
		}
		for _, d := range c.Captures() {
			if dt[d], err = db.loadTable(d, nil); err != nil {
				b.Fatal(err)
			}
		}
		db.Close()
	}
	defer debug.SetGCPercent(debug.SetGCPercent(10)) // as Build runs
	b.ResetTimer()
	cpu0 := cputime.Process()
	var n, entries uint64
	var initCPU float64
	for i := 0; i < b.N; i++ {
		r, err := newRetro(c, dt, threads)
		if err != nil {
			b.Fatal(err)
		}
		start := cputime.Process()
		err = r.run(context.Background(), nil, func(level int) {
			if level == 1 {
				initCPU += (cputime.Process() - start).Seconds()
			}
		})
		if err != nil {
			b.Fatal(err)
		}
		n += 2 * r.lay[0].size
		entries += r.lay[0].foldSize + r.lay[1].foldSize
		b.ReportMetric(float64(r.level), "levels")
		b.ReportMetric(float64(r.maxFrontier)/float64(r.lay[0].foldSize+r.lay[1].foldSize), "max-frontier-share")
	}
	cpu := (cputime.Process() - cpu0).Seconds()
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	// positions count mirror images; the builder stores and works on
	// entries, mirror images once
	b.ReportMetric(float64(n)/cpu, "positions/cpu-s")
	b.ReportMetric(float64(entries)/cpu, "entries/cpu-s")
	b.ReportMetric(initCPU/cpu, "init-cpu-share")
}

// BenchmarkCheckpoint saves and restores the state of 1B1R-3U1r (15 M
// positions) after its build, the worst case for compression: the
// checkpoint bytes a position and the positions a second each way.
func BenchmarkCheckpoint(b *testing.B) {
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 1}
	r := buildRetro(b, c, nil, 2)
	path := filepath.Join(b.TempDir(), "ck")
	n := float64(r.lay[0].size + r.lay[1].size)
	b.ResetTimer()
	var save, load time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if err := r.saveCheckpoint(path, 3); err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if _, err := r.loadCheckpoint(path); err != nil {
			b.Fatal(err)
		}
		save += t1.Sub(t0)
		load += time.Since(t1)
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(fi.Size())/n, "bytes/position")
	b.ReportMetric(n*float64(b.N)/save.Seconds(), "saved-positions/s")
	b.ReportMetric(n*float64(b.N)/load.Seconds(), "loaded-positions/s")
}

// BenchmarkVerifyClass verifies 2B1R-2U1r (22.6 M positions, both sides
// to move) against its children, as Verify does for each class: unfolding
// the stored values and the Bellman check of every stored entry.
// positions/cpu-s counts the stored entries checked over the CPU time.
func BenchmarkVerifyClass(b *testing.B) {
	deps := benchDepTables(b)
	c := purple.Class{Blues: 2, Reds: 1, OppPieces: 2, OppReds: 1}
	t := buildRetro(b, c, deps, 2).table()
	ct, err := newCapTables(c, deps)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := cputime.Process()
	var n uint64
	for i := 0; i < b.N; i++ {
		var done atomic.Uint64
		st, _, err := verifyClass(context.Background(), t, &ct, &done, func() {})
		if err != nil {
			b.Fatal(err)
		}
		if st.disagree != 0 {
			b.Fatalf("%d disagreements", st.disagree)
		}
		n += st.checked
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(n)/(cputime.Process()-cpu0).Seconds(), "positions/cpu-s")
}

// BenchmarkChildIndexer lists the quiet children's indices of random
// positions of 2B2R-3U1r (either side to move), as the verifier does for
// every stored entry; children/cpu-s counts them over the CPU time.
func BenchmarkChildIndexer(b *testing.B) {
	c := purple.Class{Blues: 2, Reds: 2, OppPieces: 3, OppReds: 1}
	r := engine.NewRand(4)
	var xs [2][]board
	var cis [2]childIndexer
	for s := 0; s < 2; s++ {
		l := newLayout(c, s)
		cis[s] = childIndexer{lc: newLayout(c, 1-s)}
		for i := 0; i < 4096; i++ {
			xs[s] = append(xs[s], l.board(r.Uint64()%l.size))
		}
	}
	b.ResetTimer()
	cpu0 := cputime.Process()
	var n, sum uint64
	for i := 0; i < b.N; i++ {
		s := i & 1
		x := &xs[s][i>>1&4095]
		out := cis[s].children(s, x)
		for _, idx := range out {
			sum += idx
		}
		n += uint64(len(out))
	}
	if sum == 0 {
		b.Fatal("no children")
	}
	b.ReportMetric(float64(n)/(cputime.Process()-cpu0).Seconds(), "children/cpu-s")
}

// BenchmarkScan streams 1B1R-3U2r (each position and its mirror once,
// either side to move) through Scan: read, unrank and the engine
// position made, as geister enumerate and puzzles do for every position
// of a class.
func BenchmarkScan(b *testing.B) {
	db, err := Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2}
	if _, err := Build(context.Background(), db, []purple.Class{c}, BuildOptions{}); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	cpu0 := cputime.Process()
	var n, wins uint64
	for i := 0; i < b.N; i++ {
		err := db.Scan(context.Background(), c, func(p engine.Position, v Entry) error {
			n++
			if v.Result == purple.Win && p.Turn() == engine.First {
				wins++
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	cpu := (cputime.Process() - cpu0).Seconds()
	if wins == 0 {
		b.Fatal("no win with the prover to move in the class")
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(n)/cpu, "positions/cpu-s")
}

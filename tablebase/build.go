package tablebase

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/geister-solver/geister/purple"
)

// Progress is a snapshot of a running Build or Verify.
type Progress struct {
	Class      purple.Class
	Phase      string // "load", "init", "retro", "checkpoint", "resume", "store", "verify"
	Level      int    // retrograde level (distance) being processed
	ClassIndex int    // 1-based position of Class in the plan
	Classes    int    // classes in the plan
	// Done and Total count positions (both sides to move) over the
	// classes of the plan still to build, weighted by the measured cost
	// of each phase (init pass, retrograde levels, storing: see
	// workInit), so that Done/Elapsed predicts the time left; a class
	// resumed from a checkpoint leaves the work before it out of Total.
	Done, Total uint64
	Elapsed     time.Duration
	// Resumed is the level after which the class resumed from its
	// checkpoint (0: it did not; the init pass is level 0, so a class
	// resumed right after it shows 0 too, with Phase "resume" first).
	Resumed int
}

// BuildOptions configure Build.
type BuildOptions struct {
	// Workers is the number of goroutines (default GOMAXPROCS).
	Workers int
	// Rebuild builds the named classes again even if complete (their
	// dependencies are still reused).
	Rebuild bool
	// Progress, if not nil, is called from one goroutine about every
	// ProgressEvery (default 250 ms) and once at the end of each class.
	Progress      func(Progress)
	ProgressEvery time.Duration

	// From, if not nil, holds classes already built (other stores, such
	// as those of the jobs of a cluster build): a class complete there is
	// read from it and not built again.
	From *DB
	// NoDeps builds only the classes named: every class they read must
	// be complete in the store or in From, else Build fails naming it.
	// This is one job of a plan (PlanJobs).
	NoDeps bool
	// MaxMemory bounds the build's memory in bytes (0: MachineMemory()).
	// A build whose estimate (EstimateBuild) exceeds it, or whose disk
	// need exceeds the free space, is refused before it starts with an
	// error wrapping ErrTooBig; the bound is also the Go runtime's soft
	// memory limit while the build runs.
	MaxMemory uint64
	// CheckpointEvery is how often the state of a class being built is
	// saved, after the level that passes it, so that a stopped build
	// resumes within the class (default 5 minutes; negative: never); the
	// interval grows to ten times the last checkpoint's duration, so that
	// checkpoints take at most a tenth of the time.
	CheckpointEvery time.Duration
}

// ClassReport is the outcome of one class in a build.
type ClassReport struct {
	Manifest Manifest
	Built    bool // false: it was complete already
}

// BuildReport lists the classes of a build, dependencies first.
type BuildReport struct {
	Classes []ClassReport
	Elapsed time.Duration
}

// Plan returns the classes Build would consider for classes: them and
// every class they depend on (captures lead into smaller classes),
// smallest first (purple.Closure).
func Plan(classes []purple.Class) ([]purple.Class, error) {
	for _, c := range classes {
		if err := checkClass(c); err != nil {
			return nil, err
		}
	}
	return purple.Closure(classes), nil
}

// The work of building a position, in progress units, and its shares
// among the phases of a class: the init pass, the retrograde levels
// (counted by the positions they decide) and storing; from the time of
// each phase measured on classes of 6 and 7 pieces (init 9-12%, storing
// under 1%; docs/tables.md).
const (
	workInit  = 11
	workRetro = 88
	workStore = 1
	workUnits = workInit + workRetro + workStore
)

// buildPlan returns the classes Build goes through, smallest first, and
// which of them it builds.
func buildPlan(db *DB, classes []purple.Class, opts BuildOptions) ([]purple.Class, func(purple.Class) bool, error) {
	named := map[purple.Class]bool{}
	for _, c := range classes {
		named[c] = true
	}
	have := func(c purple.Class) bool { return db.Has(c) || opts.From != nil && opts.From.Has(c) }
	todo := func(c purple.Class) bool { return !have(c) || opts.Rebuild && named[c] }
	if !opts.NoDeps {
		plan, err := Plan(classes)
		return plan, todo, err
	}
	seen := map[purple.Class]bool{}
	var plan []purple.Class
	for _, c := range classes {
		if _, err := Plan([]purple.Class{c}); err != nil {
			return nil, nil, err
		}
		for _, d := range append(c.Captures(), c) {
			if d != c && !have(d) && !named[d] {
				from := "no other store"
				if opts.From != nil {
					from = opts.From.Dir()
				}
				return nil, nil, fmt.Errorf("tablebase: %s reads %s, which is complete neither in %s nor in %s: build it first", c, d, db.Dir(), from)
			}
			if !seen[d] {
				seen[d] = true
				plan = append(plan, d)
			}
		}
	}
	purple.SortClasses(plan)
	return plan, todo, nil
}

// Build builds classes and every class they depend on into db, skipping
// classes already complete (unless opts.Rebuild names them). Each class
// is stored block by block and marked complete in its manifest only at
// the end, so a cancelled or failed build leaves no class marked complete
// that is not, and running Build again resumes with the first incomplete
// class, within it from its last checkpoint (opts.CheckpointEvery). The
// build is deterministic: the same classes give the same bytes, resumed
// or not. A build that cannot fit in opts.MaxMemory or on the disk is
// refused before it starts (ErrTooBig).
func Build(ctx context.Context, db *DB, classes []purple.Class, opts BuildOptions) (BuildReport, error) {
	db.buildMu.Lock()
	defer db.buildMu.Unlock()
	start := time.Now()
	var rep BuildReport
	if db.opts.ReadOnly {
		return rep, errors.New("tablebase: the store is open read-only")
	}
	plan, todo, err := buildPlan(db, classes, opts)
	if err != nil {
		return rep, err
	}
	est, err := EstimateBuild(db, classes, opts)
	if err != nil {
		return rep, err
	}
	limit := opts.MaxMemory
	if limit == 0 {
		limit = MachineMemory()
	}
	if err := est.CheckFits(limit, db.Dir()); err != nil {
		return rep, err
	}
	if limit > 0 && est.Classes > 0 {
		defer debug.SetMemoryLimit(debug.SetMemoryLimit(int64(min(limit, math.MaxInt64))))
	}
	if est.Classes > 0 {
		// The garbage collector's slack is counted in the estimate
		// (buildBytesPerEntry).
		defer debug.SetGCPercent(debug.SetGCPercent(10))
	}
	if opts.Workers < 1 {
		opts.Workers = runtime.GOMAXPROCS(0)
	}
	if opts.ProgressEvery <= 0 {
		opts.ProgressEvery = 250 * time.Millisecond
	}
	if opts.CheckpointEvery == 0 {
		opts.CheckpointEvery = 5 * time.Minute
	}

	// Progress accounting: workUnits per position of a class to build,
	// shared among its phases by their measured cost (see workInit).
	var total, done atomic.Uint64
	for _, c := range plan {
		if todo(c) {
			total.Add(workUnits * 2 * classSize(c))
		}
	}
	var cur atomic.Pointer[Progress]
	cur.Store(&Progress{Phase: "load", Classes: len(plan)})
	report := func() {
		if opts.Progress != nil {
			p := *cur.Load()
			p.Total = total.Load()
			p.Done = min(done.Load(), p.Total) / workUnits
			p.Total /= workUnits
			p.Elapsed = time.Since(start)
			opts.Progress(p)
		}
	}
	stop := make(chan struct{})
	var tick sync.WaitGroup
	if opts.Progress != nil {
		tick.Add(1)
		go func() {
			defer tick.Done()
			t := time.NewTicker(opts.ProgressEvery)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					report()
				}
			}
		}()
	}
	defer func() {
		close(stop)
		tick.Wait()
	}()

	// Tables in memory: built ones and loaded dependencies, dropped when
	// no later class of the plan needs them (keptTables, which
	// EstimateBuild counts, follows the same rule).
	mem := map[purple.Class]*table{}
	lastUse, needed := planUses(plan, todo)
	for i, c := range plan {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		resumed := 0
		setPhase := func(ph string, level int) {
			cur.Store(&Progress{Class: c, Phase: ph, Level: level, ClassIndex: i + 1, Classes: len(plan), Resumed: resumed})
		}
		if !todo(c) {
			src := db
			if !db.Has(c) {
				src = opts.From
			}
			if src == db { // classes read from opts.From are not this store's
				m, _ := db.Manifest(c)
				rep.Classes = append(rep.Classes, ClassReport{Manifest: m})
			}
			if needed[c] {
				setPhase("load", 0)
				t, err := src.loadTable(c, nil)
				if err != nil {
					return rep, fmt.Errorf("tablebase: loading %s for later classes: %w", c, err)
				}
				mem[c] = t
			}
			continue
		}
		setPhase("init", 0)
		m, t, err := db.buildClass(ctx, c, mem, opts, func(ph string, level int) {
			if ph == "resume" {
				resumed = level
			}
			setPhase(ph, level)
		}, &done, &total)
		if err != nil {
			return rep, err
		}
		report()
		rep.Classes = append(rep.Classes, ClassReport{Manifest: m, Built: true})
		if needed[c] {
			mem[c] = t
		}
		for d := range mem {
			if lastUse[d] <= i {
				delete(mem, d)
			}
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// buildClass builds, stores and marks complete one class, resuming from
// its checkpoint if there is one.
func (db *DB) buildClass(ctx context.Context, c purple.Class, mem map[purple.Class]*table, opts BuildOptions, phase func(string, int), done, total *atomic.Uint64) (Manifest, *table, error) {
	start := time.Now()
	m := Manifest{Class: c.String(), Format: FormatVersion, Built: start.UTC().Round(time.Second)}
	if err := db.writeManifest(c, m); err != nil {
		return m, nil, err
	}
	db.cache.reset()
	r, err := newRetro(c, mem, opts.Workers)
	if err != nil {
		return m, nil, err
	}
	size := 2 * classSize(c)
	// The builder works on stored entries (mirror images once); progress
	// counts positions.
	folded := r.lay[0].foldSize + r.lay[1].foldSize
	ratio := float64(size) / float64(folded)
	positions := func(entries uint64) uint64 { return uint64(float64(entries) * ratio) }
	base := done.Load()
	classWork := workUnits * size // this run's share of the total
	ck := checkpointPath(db.dir, c)
	if opts.CheckpointEvery > 0 {
		if n, err := r.loadCheckpoint(ck); err == nil {
			r.done = n
			// The work before the checkpoint is not this run's: it leaves
			// the total, so that the rate and the time left are this run's.
			skip := workInit*size + workRetro*positions(r.decidedBy(n))
			total.Add(-skip)
			classWork -= skip
			phase("resume", n)
		} else {
			r.st = [2][]uint16{}
			r.maxD.Store(0)
		}
		last, took := time.Now(), time.Duration(0)
		r.save = func(n int) error {
			// At most a tenth of the time goes to checkpoints.
			if time.Since(last) < max(opts.CheckpointEvery, 10*took) {
				return nil
			}
			phase("checkpoint", n)
			t0 := time.Now()
			err := r.saveCheckpoint(ck, n)
			last = time.Now()
			took = last.Sub(t0)
			phase("retro", n)
			return err
		}
	}
	var retroDone atomic.Uint64
	err = r.run(ctx, func(n uint64) {
		if r.level == 0 {
			done.Add(workInit * positions(n))
			return
		}
		// The retrograde levels process each decided position once;
		// count them against the class size.
		if retroDone.Add(n) <= folded {
			done.Add(workRetro * positions(n))
		}
	}, func(level int) { phase("retro", level) })
	if err != nil {
		return m, nil, fmt.Errorf("tablebase: building %s: %w", c, err)
	}
	done.Store(max(done.Load(), base+classWork-workStore*size))
	phase("store", 0)
	t := &table{c: c, lay: r.lay}
	for s := 0; s < 2; s++ {
		m.Positions[s] = r.lay[s].size
		m.Stored[s] = r.lay[s].foldSize
		l := r.lay[s]
		for f, sym := range l.symTop {
			var wins, losses uint64
			for _, e := range r.st[s][uint64(f)*l.row : uint64(f+1)*l.row] {
				switch v := uint8(e); {
				case v == 0:
				case v&lossBit == 0:
					wins++
					m.MaxDTW = max(m.MaxDTW, int(v))
				default:
					losses++
					m.MaxDTL = max(m.MaxDTL, int(v&maxDist))
				}
			}
			// a stored row stands for itself and its mirror image, unless
			// its top group is its own image (the row holds both)
			if !sym {
				wins, losses = 2*wins, 2*losses
			}
			m.Wins[s] += wins
			m.Losses[s] += losses
		}
		t.vals[s] = r.foldValues(s)
		r.st[s] = nil // each side's state goes once folded
		runtime.GC()
	}
	blocks, bytes, err := db.storeTable(ctx, t, opts.Workers, func(n uint64) { done.Add(workStore * positions(n)) })
	if err != nil {
		return m, nil, err
	}
	done.Store(base + classWork)
	m.Blocks, m.Bytes = blocks, bytes
	m.Complete = true
	m.BuildSecs = time.Since(start).Seconds()
	if err := db.writeManifest(c, m); err != nil {
		return m, nil, err
	}
	if err := os.Remove(ck); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return m, t, fmt.Errorf("tablebase: %s is complete; removing its checkpoint: %w", c, err)
	}
	return m, t, nil
}

// storeTable compresses and writes every block of t, then syncs.
func (db *DB) storeTable(ctx context.Context, t *table, workers int, progress func(uint64)) (int, uint64, error) {
	type job struct {
		s   int
		blk uint32
	}
	type out struct {
		key, val []byte
		n        int
	}
	encs := make([]*zstd.Encoder, workers)
	for w := range encs {
		enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
		if err != nil {
			return 0, 0, fmt.Errorf("tablebase: storing %s: compressor: %w", t.c, err)
		}
		encs[w] = enc
		defer enc.Close() // EncodeAll only: no stream to flush, nothing to report
	}
	jobs := make(chan job, 64)
	outs := make(chan out, 64)
	var wg sync.WaitGroup
	for _, enc := range encs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				lo := uint64(j.blk) * blockSize
				hi := min(lo+blockSize, uint64(len(t.vals[j.s])))
				key := blockKey(t.c, j.s, j.blk)
				outs <- out{key, encodeBlock(enc, key, t.vals[j.s][lo:hi]), int(hi - lo)}
			}
		}()
	}
	go func() {
		defer close(jobs)
		for s := 0; s < 2; s++ {
			nb := uint32((uint64(len(t.vals[s])) + blockSize - 1) / blockSize)
			for b := uint32(0); b < nb; b++ {
				select {
				case jobs <- job{s, b}:
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	go func() {
		wg.Wait()
		close(outs)
	}()
	wb := db.bdb.NewWriteBatch()
	defer wb.Cancel()
	blocks, bytes := 0, uint64(0)
	var werr error
	for o := range outs {
		if werr != nil {
			continue
		}
		if err := wb.Set(o.key, o.val); err != nil {
			werr = err
			continue
		}
		blocks++
		bytes += uint64(len(o.val))
		progress(uint64(o.n))
	}
	if werr != nil {
		return 0, 0, fmt.Errorf("tablebase: storing %s: %w", t.c, werr)
	}
	if err := ctx.Err(); err != nil {
		return 0, 0, err
	}
	if err := wb.Flush(); err != nil {
		return 0, 0, fmt.Errorf("tablebase: storing %s: %w", t.c, err)
	}
	if err := db.bdb.Sync(); err != nil {
		return 0, 0, fmt.Errorf("tablebase: storing %s: %w", t.c, err)
	}
	return blocks, bytes, nil
}

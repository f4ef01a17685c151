package tablebase

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// entries returns every stored entry of c, decoded.
func entries(t *testing.T, db *DB, c purple.Class) [2][]byte {
	t.Helper()
	tb, err := db.loadTable(c, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tb.vals
}

func sameEntries(t *testing.T, what string, a, b *DB, c purple.Class) {
	t.Helper()
	x, y := entries(t, a, c), entries(t, b, c)
	for s := 0; s < 2; s++ {
		if len(x[s]) == 0 || !bytes.Equal(x[s], y[s]) {
			t.Fatalf("%s: class %s, side %d: %d and %d entries differ", what, c, s, len(x[s]), len(y[s]))
		}
	}
}

var (
	jobSmall = purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	jobBig   = purple.Class{Blues: 1, Reds: 1, OppPieces: 3, OppReds: 2} // reads jobSmall
)

// buildJob builds class c alone into a new store under root, reading the
// classes it depends on from the stores in from (a path list).
func buildJob(t *testing.T, root string, c purple.Class, from string) string {
	t.Helper()
	out := filepath.Join(root, c.String())
	db, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	opts := BuildOptions{NoDeps: true}
	if from != "" {
		src, err := OpenReadOnly(from)
		if err != nil {
			t.Fatal(err)
		}
		defer src.Close()
		opts.From = src
	}
	rep, err := Build(context.Background(), db, []purple.Class{c}, opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Classes {
		if r.Built != (r.Manifest.Class == c.String()) {
			t.Fatalf("job %s built %s: %v", c, r.Manifest.Class, r.Built)
		}
	}
	for _, m := range db.Classes() {
		if m.Class != c.String() {
			t.Fatalf("job %s wrote class %s into its store", c, m.Class)
		}
	}
	return out
}

// Classes built as jobs, each into its own store from the stores of the
// classes it reads, equal the classes of a build in one store, entry for
// entry; the stores read together as one path list and merged into one
// store give the same entries and manifests.
func TestJobsEqualOneBuild(t *testing.T) {
	ref := fixture(t)
	root := t.TempDir()
	small := buildJob(t, root, jobSmall, "")
	big := buildJob(t, root, jobBig, small)

	list := small + string(os.PathListSeparator) + big
	all, err := OpenReadOnly(list)
	if err != nil {
		t.Fatal(err)
	}
	defer all.Close()
	for _, c := range []purple.Class{jobSmall, jobBig} {
		sameEntries(t, "jobs read as a path list", ref, all, c)
		r := engine.NewRand(7)
		for i := 0; i < 200; i++ {
			p := randomPosition(r, c)
			v1, err1 := ref.Probe(&p, engine.First)
			v2, err2 := all.Probe(&p, engine.First)
			if err1 != nil || err2 != nil || v1 != v2 {
				t.Fatalf("%s: %v %v over the path list, %v %v in one store", p.String(), v2, err2, v1, err1)
			}
		}
	}

	mergedDir := filepath.Join(root, "merged")
	merged, err := Open(mergedDir)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Merge(context.Background(), merged, all)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Copied) != 2 || len(rep.Kept) != 0 {
		t.Fatalf("merge: %+v", rep)
	}
	if rep, err = Merge(context.Background(), merged, all); err != nil || len(rep.Copied) != 0 || len(rep.Kept) != 2 {
		t.Fatalf("merging again: %+v %v", rep, err)
	}
	for _, c := range []purple.Class{jobSmall, jobBig} {
		sameEntries(t, "merged store", ref, merged, c)
		m1, _ := ref.Manifest(c)
		m2, _ := merged.Manifest(c)
		m1.Built, m1.BuildSecs, m2.BuildSecs = m2.Built, 0, 0
		if m1 != m2 {
			t.Fatalf("manifests of %s: merged %+v, one build %+v", c, m2, m1)
		}
	}
	if err := merged.Close(); err != nil {
		t.Fatal(err)
	}
	if merged, err = OpenReadOnly(mergedDir); err != nil {
		t.Fatal(err)
	}
	defer merged.Close()
	if vr, err := Verify(context.Background(), merged, []purple.Class{jobSmall, jobBig}, nil); err != nil || !vr.OK() {
		t.Fatalf("verifying the merged store: %+v %v", vr, err)
	}

	// A job whose dependency is in no store is refused, naming it.
	db, err := Open(filepath.Join(root, "lone"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	_, err = Build(context.Background(), db, []purple.Class{jobBig}, BuildOptions{NoDeps: true})
	if err == nil || !strings.Contains(err.Error(), jobSmall.String()) {
		t.Fatalf("job without its dependency: %v", err)
	}
	// A path list is for reading only.
	if _, err := Open(list); err == nil || !strings.Contains(err.Error(), "one") {
		t.Fatalf("opening a path list read-write: %v", err)
	}
}

// The memory check refuses a build that cannot fit, naming need and limit,
// before writing anything; the model bounds the heap a build really takes.
func TestMemoryModel(t *testing.T) {
	dir := t.TempDir()
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	est, err := EstimateBuild(db, []purple.Class{jobBig}, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	limit := est.PeakMemoryBytes - 1
	_, err = Build(context.Background(), db, []purple.Class{jobBig}, BuildOptions{MaxMemory: limit})
	var fe *FitError
	if !errors.Is(err, ErrTooBig) || !errors.As(err, &fe) || !fe.Memory || !strings.Contains(err.Error(), "MiB") || len(db.Classes()) != 0 {
		t.Fatalf("build over the limit: %v (classes written: %d)", err, len(db.Classes()))
	}
	// The 7-piece classes: the largest needs more than this test's limit.
	est7, err := EstimateBuild(db, purple.Classes(7), BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := est7.CheckFits(1<<30, dir); !errors.Is(err, ErrTooBig) {
		t.Fatalf("every 7-piece class in 1 GiB: %v", err)
	}

	// The heap the build takes above what it started with stays within
	// the estimate (at this size mostly the fixed overhead: the per-
	// entry share is checked on a 7-piece class, see docs/tables.md).
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak atomic.Uint64
	_, err = Build(context.Background(), db, []purple.Class{jobBig}, BuildOptions{ProgressEvery: 2e6, Progress: func(Progress) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapInuse > peak.Load() {
			peak.Store(ms.HeapInuse)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	model := est.PeakMemoryBytes
	if peak.Load() < base || peak.Load()-base > model {
		t.Fatalf("heap rose by %d MiB during the build, the model says %d MiB", mib(peak.Load()-base), mib(model))
	}
	t.Logf("heap rose by %d MiB, model %d MiB", mib(peak.Load()-base), mib(model))
}

// Levels scanned in many small rounds, rounds crossing from one side to
// the other, with frontier indices relative to each round's first (as
// classes of more than 2^31 positions a side need), give the same values
// as the default rounds.
func TestSmallRoundsSameValues(t *testing.T) {
	ref := buildRetro(t, jobSmall, nil, 2)
	b, err := newRetro(jobSmall, nil, 2)
	if err != nil {
		t.Fatal(err)
	}
	b.scanChunk, b.roundTasks = 4096, 3
	if err := b.run(context.Background(), nil, nil); err != nil {
		t.Fatal(err)
	}
	for s := 0; s < 2; s++ {
		if !bytes.Equal(ref.values(s), b.values(s)) {
			t.Fatalf("side %d differs with small rounds", s)
		}
	}
}

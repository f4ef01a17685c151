package tablebase

// Plans of builds: which classes, in what order, how much memory and disk
// each needs, and which classes each reads, so that a build can be refused
// before it starts when it cannot fit, and run as one job per class (on a
// cluster, see Job).

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/geister-solver/geister/purple"
)

// The memory model of a build (measured in the tests: see
// TestMemoryModelBoundsTheBuild).
const (
	// buildBytesPerEntry is the memory of the class being built, per
	// stored entry (both sides to move, mirror images once: the builder
	// works on the stored index): two bytes of state (value and counter),
	// frontier buckets near a quarter of a byte (retro.frontierBudget)
	// and the slack of the garbage collector, which Build runs at GOGC=10
	// (the heap is almost all pointer-free arrays, so its cycles are
	// cheap). Folding into stored form frees the buckets first, and each
	// side's state once its stored values are made (one byte an entry).
	// Measured: 2.49 bytes an entry of heap in use at the peak of building
	// 1B1R-4U1r (58.5 M entries), when it still worked on the full index.
	buildBytesPerEntry = 2.75
	// fixedOverhead covers Badger (memtables, value log buffers), the
	// compressors of the store phase and the Go runtime.
	fixedOverhead = 384 << 20
	// diskBytesPerPosition bounds the stored blocks: 0.033-0.037 bytes a
	// position measured up to 6 pieces, taken with a margin.
	diskBytesPerPosition = 0.06
	// checkpointBytesPerEntry bounds a checkpoint file (the state of
	// every stored entry compressed; two bytes an entry at worst).
	checkpointBytesPerEntry = 2
)

// Job is one class of a plan: what building it alone needs.
type Job struct {
	Class string `json:"class"`
	// Pieces on the board.
	Pieces int `json:"pieces"`
	// Positions with either side to move (mirror images counted).
	Positions uint64 `json:"positions"`
	// MemoryBytes is the peak memory of building the class alone: its
	// state and the stored tables of the classes it reads.
	MemoryBytes uint64 `json:"memory_bytes"`
	// DiskBytes bounds the disk it needs while building: its blocks and
	// one checkpoint.
	DiskBytes uint64 `json:"disk_bytes"`
	// Reads lists the classes its captures lead into (built before it).
	Reads []string `json:"reads"`
}

// PlanJobs returns the jobs of a build of classes and every class they
// depend on, smallest first: each job reads only classes earlier in the
// list.
func PlanJobs(classes []purple.Class) ([]Job, error) {
	plan, err := Plan(classes)
	if err != nil {
		return nil, err
	}
	jobs := make([]Job, len(plan))
	for i, c := range plan {
		jobs[i] = jobFor(c)
	}
	return jobs, nil
}

func jobFor(c purple.Class) Job {
	j := Job{Class: c.String(), Pieces: c.Pieces(), Positions: 2 * classSize(c), Reads: []string{}}
	j.MemoryBytes = classBuildBytes(c) + fixedOverhead
	for _, d := range c.Captures() {
		j.Reads = append(j.Reads, d.String())
		j.MemoryBytes += storedBytes(d)
	}
	j.DiskBytes = uint64(float64(j.Positions)*diskBytesPerPosition + float64(storedBytes(c))*checkpointBytesPerEntry)
	return j
}

// classBuildBytes is the memory of building c, its dependencies apart.
func classBuildBytes(c purple.Class) uint64 {
	return uint64(float64(storedBytes(c)) * buildBytesPerEntry)
}

// storedBytes is the memory of c's stored table loaded for its dependants
// (one byte an entry, mirror images once).
func storedBytes(c purple.Class) uint64 {
	return storedEntries(c, sideP) + storedEntries(c, sideO)
}

// Estimate is what a build needs, computed before it starts.
type Estimate struct {
	// Classes to build (not complete already) and their positions.
	Classes   int
	Positions uint64
	// PeakMemoryBytes is the most memory the build holds at once: the
	// class being built and the stored tables kept for later classes.
	PeakMemoryBytes uint64
	// PeakClass is the class being built at the peak.
	PeakClass string
	// DiskBytes bounds the disk the new blocks and a checkpoint take.
	DiskBytes uint64
}

// ErrTooBig means a build needs more memory or disk than it may use; it
// is wrapped with both figures.
var ErrTooBig = errors.New("tablebase: the build does not fit")

// EstimateBuild returns what Build(ctx, db, classes, opts) would need,
// following Build's order and the tables it keeps in memory.
func EstimateBuild(db *DB, classes []purple.Class, opts BuildOptions) (Estimate, error) {
	var e Estimate
	plan, todo, err := buildPlan(db, classes, opts)
	if err != nil {
		return e, err
	}
	kept := keptTables(plan, todo)
	var maxCk uint64
	for i, c := range plan {
		if !todo(c) {
			continue
		}
		e.Classes++
		n := 2 * classSize(c)
		e.Positions += n
		maxCk = max(maxCk, uint64(float64(storedBytes(c))*checkpointBytesPerEntry))
		e.DiskBytes += uint64(float64(n) * diskBytesPerPosition)
		m := classBuildBytes(c) + fixedOverhead
		for _, d := range kept[i] {
			m += storedBytes(d)
		}
		if m > e.PeakMemoryBytes {
			e.PeakMemoryBytes, e.PeakClass = m, c.String()
		}
	}
	e.DiskBytes += maxCk
	return e, nil
}

// planUses returns, for the classes of plan that others read, the index
// of the last class reading each, and which of them a class to build
// reads.
func planUses(plan []purple.Class, todo func(purple.Class) bool) (map[purple.Class]int, map[purple.Class]bool) {
	lastUse := map[purple.Class]int{}
	needed := map[purple.Class]bool{}
	for i, c := range plan {
		for _, d := range c.Captures() {
			lastUse[d] = i
			if todo(c) {
				needed[d] = true
			}
		}
	}
	return lastUse, needed
}

// keptTables returns, for each class of plan, the stored tables Build
// holds in memory while building it: the classes a class still to build
// reads, from when they are built or loaded until the last class reading
// them.
func keptTables(plan []purple.Class, todo func(purple.Class) bool) [][]purple.Class {
	lastUse, needed := planUses(plan, todo)
	out := make([][]purple.Class, len(plan))
	var mem []purple.Class
	for i, c := range plan {
		out[i] = append([]purple.Class(nil), mem...)
		if needed[c] {
			mem = append(mem, c)
		}
		live := mem[:0]
		for _, d := range mem {
			if lastUse[d] > i {
				live = append(live, d)
			}
		}
		mem = live
	}
	return out
}

// FitError is the error of a build that does not fit: it needs more
// memory than its limit (Memory set) or more disk than is free. It matches
// ErrTooBig and names the need and the limit.
type FitError struct {
	Memory bool
	text   string
}

func (e *FitError) Error() string { return e.text }

// Unwrap returns ErrTooBig.
func (e *FitError) Unwrap() error { return ErrTooBig }

// CheckFits returns a *FitError when e needs more than maxMemory bytes of
// memory (0: no limit) or more disk than is free in dir.
func (e Estimate) CheckFits(maxMemory uint64, dir string) error {
	if maxMemory > 0 && e.PeakMemoryBytes > maxMemory {
		return &FitError{true, fmt.Sprintf("%v: it needs %d MiB of memory at its peak (building %s), the limit is %d MiB",
			ErrTooBig, mib(e.PeakMemoryBytes), e.PeakClass, mib(maxMemory))}
	}
	if free, ok := freeDisk(dir); ok && e.DiskBytes > free {
		return &FitError{false, fmt.Sprintf("%v: it needs up to %d MiB of disk in %s, %d MiB are free", ErrTooBig, mib(e.DiskBytes), dir, mib(free))}
	}
	return nil
}

func mib(n uint64) uint64 { return (n + 1<<20 - 1) >> 20 }

// MachineMemory returns the memory a build may take on this machine: the
// control group's limit if there is one, else nine tenths of the physical
// memory; 0 if neither can be read.
func MachineMemory() uint64 {
	if b, err := os.ReadFile("/sys/fs/cgroup/memory.max"); err == nil {
		if n, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 64); err == nil {
			return n
		}
	}
	b, err := os.ReadFile("/proc/meminfo")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "MemTotal:" {
			if kb, err := strconv.ParseUint(f[1], 10, 64); err == nil {
				return kb * 1024 / 10 * 9
			}
		}
	}
	return 0
}

package dfpn

import (
	"math/bits"
	"runtime"
	"sort"
	"sync"
	"sync/atomic"
)

// entry is one transposition-table slot: 32 bytes.
type entry struct {
	key    uint64 // the node's hash; 0 marks an empty slot
	pn, dn uint32 // for the node with depth plies left (when unsolved)
	work   uint32 // nodes searched below the node, saturating
	winIn  uint16 // proven: the OR side wins within winIn plies (InfLen: not proven)
	noWin  uint16 // disproven: no win within noWin plies (InfLen: never; 0: nothing known)
	depth  uint16 // plies left that pn and dn refer to (InfLen: unbounded)
	best   Move   // the move of the proof, or the last one searched
}

const bucketSize = 4

// Table is a transposition table of at most a fixed size. It starts small
// and grows (by four, up to its size) when half its slots are taken, so
// that a small search does not pay for allocating and zeroing a large
// table; at its size, it drops its less valuable entries instead. It is
// not safe for concurrent use (give each search goroutine its own), except
// a table made by NewSharedTable, which the goroutines of a Parallel search share.
type Table struct {
	slots      []entry
	buckets    uint64
	maxBuckets uint64
	used       int64
	free       func() // releases slots when they were mapped (nil otherwise)
	// locks, in a shared table, guard its buckets (one lock a stripe of
	// buckets); nil in a table of one goroutine.
	locks      []paddedMutex
	growWanted atomic.Bool
	// filter has a bit set for every key ever given a slot (by the key's
	// low bits; slots freed since leave theirs set): a clear bit means
	// the key is surely absent, and the lookup of a position never
	// stored, most of the children a search meets, costs a read of a
	// small array instead of a bucket of the large one.
	filter []uint64
	// Stats
	Stores, GCs, Grows uint64
}

// paddedMutex is a lock on a cache line of its own, so that goroutines
// taking different stripes do not contend for one line.
type paddedMutex struct {
	sync.Mutex
	_ [56]byte
}

// lockStripes is the number of locks of a shared table.
const lockStripes = 1024

// initialBuckets is the size a table starts at: 1 MiB.
const initialBuckets = 1 << 20 / (32 * bucketSize)

// NewTable returns a table of at most about megabytes MiB (at least one
// bucket). Memory is taken as the search needs it, up to that size.
func NewTable(megabytes int) *Table {
	n := uint64(max(megabytes, 0)) << 20 / (32 * bucketSize)
	if n < 1 {
		n = 1
	}
	t := &Table{buckets: min(n, initialBuckets), maxBuckets: n, filter: make([]uint64, filterWords)}
	t.slots, t.free, _ = allocEntries(t.buckets * bucketSize)
	runtime.SetFinalizer(t, func(t *Table) {
		if t.free != nil {
			t.free()
		}
	})
	return t
}

// NewSharedTable returns a table of at most about megabytes MiB (at least
// one bucket) that the goroutines of a Parallel search may share: each
// bucket is guarded by a lock (one of lockStripes, by bucket index). Like
// NewTable's it starts at 1 MiB and grows by four when half full: the
// goroutine that finds it half full takes every lock (in order, holding
// none before: no deadlock) and grows it; a goroutine that locked a
// stripe under the old size sees the size changed and locks again. At its
// size it never collects: a full bucket replaces its least valuable
// entry.
func NewSharedTable(megabytes int) *Table {
	t := NewTable(megabytes)
	t.locks = make([]paddedMutex, lockStripes)
	return t
}

// Shared reports whether the table is safe for a Parallel search.
func (t *Table) Shared() bool { return t.locks != nil }

// lock takes the lock of key's bucket in a shared table and returns it,
// for the caller to release (nil in a table of one goroutine).
func (t *Table) lock(key uint64) *sync.Mutex {
	if t.locks == nil {
		return nil
	}
	key = fixKey(key)
	for {
		nb := atomic.LoadUint64(&t.buckets)
		b, _ := bits.Mul64(key, nb)
		m := &t.locks[b%lockStripes].Mutex
		m.Lock()
		if atomic.LoadUint64(&t.buckets) == nb {
			return m
		}
		m.Unlock() // grown meanwhile: the bucket's stripe may differ
	}
}

// unlock releases m (from lock) and grows a shared table that a store
// found half full.
func (t *Table) unlock(m *sync.Mutex) {
	if m == nil {
		return
	}
	m.Unlock()
	if t.growWanted.Load() {
		for i := range t.locks {
			t.locks[i].Lock()
		}
		if t.growWanted.Load() {
			t.grow()
			t.growWanted.Store(false)
		}
		for i := range t.locks {
			t.locks[i].Unlock()
		}
	}
}

// MaxCap returns the number of slots the table may grow to.
func (t *Table) MaxCap() int { return int(t.maxBuckets * bucketSize) }

// grow makes the table four times larger (at most its size), keeping its
// entries. It reports false when the table is at its size or the memory
// could not be had (the table then stays at the size it has).
func (t *Table) grow() bool {
	if t.buckets >= t.maxBuckets {
		return false
	}
	nb := min(t.buckets*4, t.maxBuckets)
	slots, free, ok := allocEntries(nb * bucketSize)
	if !ok {
		t.maxBuckets = t.buckets
		return false
	}
	t.Grows++
	old, oldFree := t.slots, t.free
	t.slots, t.free, t.used = slots, free, 0
	atomic.StoreUint64(&t.buckets, nb)
	for i := range old {
		if old[i].key != 0 {
			t.place(&old[i])
		}
	}
	if oldFree != nil {
		oldFree()
	}
	return true
}

// place puts a copy of e in its bucket of a grown table (replacing a less
// valuable entry if the bucket is full).
func (t *Table) place(e *entry) {
	b := t.bucket(e.key)
	var victim *entry
	for i := range b {
		if b[i].key == 0 {
			b[i] = *e
			t.used++
			return
		}
		if victim == nil || value(&b[i]) < value(victim) {
			victim = &b[i]
		}
	}
	if value(victim) < value(e) {
		*victim = *e
	}
}

// Clear empties the table.
func (t *Table) Clear() {
	clear(t.slots)
	clear(t.filter)
	atomic.StoreInt64(&t.used, 0)
}

// Len returns the number of occupied slots; Cap the number of slots now
// (see MaxCap).
func (t *Table) Len() int { return int(atomic.LoadInt64(&t.used)) }
func (t *Table) Cap() int { return len(t.slots) }

func (t *Table) bucket(key uint64) []entry {
	// Multiply-shift maps the hash onto the buckets evenly.
	b, _ := bits.Mul64(key, t.buckets)
	return t.slots[b*bucketSize : b*bucketSize+bucketSize : b*bucketSize+bucketSize]
}

func fixKey(k uint64) uint64 {
	if k == 0 {
		return 1 // 0 marks empty slots
	}
	return k
}

// find returns the entry of key, or nil.
func (t *Table) find(key uint64) *entry {
	key = fixKey(key)
	b := t.bucket(key)
	for i := range b {
		if b[i].key == key {
			return &b[i]
		}
	}
	return nil
}

// Facts returns the solved facts stored for key: the OR side wins within
// winIn plies (InfLen: none known) and has no win within noWin plies.
func (t *Table) Facts(key uint64) (winIn, noWin uint16, best Move, ok bool) {
	defer t.unlock(t.lock(key))
	e := t.find(key)
	if e == nil {
		return InfLen, 0, 0, false
	}
	return e.winIn, e.noWin, e.best, true
}

// slot returns the entry for key, claiming a slot if needed (replacing the
// least valuable entry of the bucket).
func (t *Table) slot(key uint64) *entry {
	key = fixKey(key)
	b := t.bucket(key)
	var victim *entry
	for i := range b {
		e := &b[i]
		if e.key == key {
			return e
		}
		if e.key == 0 {
			if victim == nil || victim.key != 0 {
				victim = e
			}
			continue
		}
		if victim == nil || (victim.key != 0 && value(e) < value(victim)) {
			victim = e
		}
	}
	if victim.key == 0 {
		used := atomic.AddInt64(&t.used, 1)
		if t.locks != nil {
			// Shared: grows when the lock is released (unlock); never
			// collects (bucket replacement only).
			if used*2 > int64(len(t.slots)) && t.buckets < t.maxBuckets {
				t.growWanted.Store(true)
			}
		} else if used*2 > int64(len(t.slots)) && t.grow() {
			return t.slot(key)
		} else if used*10 > int64(len(t.slots))*9 {
			t.gc()
			return t.slot(key)
		}
	}
	*victim = entry{key: key, winIn: InfLen, depth: InfLen - 1}
	w, bit := filterBit(key)
	if atomic.LoadUint64(&t.filter[w])&bit == 0 {
		atomic.OrUint64(&t.filter[w], bit)
	}
	return victim
}

// filterWords is the size of a table's filter: 2^20 bits, 128 KiB.
const filterWords = 1 << 14

// filterBit returns the filter word and bit of a (fixed) key.
func filterBit(key uint64) (int, uint64) {
	return int(key>>6) & (filterWords - 1), 1 << (key & 63)
}

// absent reports whether key was surely never given a slot.
func (t *Table) absent(key uint64) bool {
	w, bit := filterBit(fixKey(key))
	return atomic.LoadUint64(&t.filter[w])&bit == 0
}

// value orders entries for replacement: solved ones first, then work.
func value(e *entry) uint64 {
	v := uint64(e.work)
	if e.winIn != InfLen || e.noWin == InfLen {
		v += 1 << 32
	}
	return v
}

// gc drops the less valuable half of the entries.
func (t *Table) gc() {
	t.GCs++
	sample := make([]uint64, 0, 4096)
	step := len(t.slots)/4096 + 1
	for i := 0; i < len(t.slots); i += step {
		if t.slots[i].key != 0 {
			sample = append(sample, value(&t.slots[i]))
		}
	}
	sort.Slice(sample, func(i, j int) bool { return sample[i] < sample[j] })
	var cut uint64
	if len(sample) > 0 {
		cut = sample[len(sample)/2]
	}
	used := 0
	for i := range t.slots {
		e := &t.slots[i]
		if e.key == 0 {
			continue
		}
		if value(e) <= cut {
			*e = entry{}
			continue
		}
		used++
	}
	t.used = int64(used)
}

// lookup returns what the table knows of key with d plies left (InfLen:
// unbounded): solved status, or the stored numbers when they were
// computed for the same d.
func (t *Table) lookup(key uint64, d uint16) (pn, dn uint32, winIn, noWin uint16, best Move, found bool) {
	pn, dn, winIn, noWin, best, found, _ = t.lookupNear(key, d)
	if !found {
		pn, dn = 0, 0
	}
	return pn, dn, winIn, noWin, best, found
}

// lookupNear is lookup that also returns, when the entry holds unsolved
// numbers for another depth, those numbers (found false) and their
// depth (0 when there are none).
func (t *Table) lookupNear(key uint64, d uint16) (pn, dn uint32, winIn, noWin uint16, best Move, found bool, depth uint16) {
	if t.absent(key) {
		return 0, 0, InfLen, 0, 0, false, 0
	}
	defer t.unlock(t.lock(key))
	e := t.find(key)
	if e == nil {
		return 0, 0, InfLen, 0, 0, false, 0
	}
	winIn, noWin, best = e.winIn, e.noWin, e.best
	switch {
	case winIn <= d:
		return 0, Inf, winIn, noWin, best, true, d
	case noWin >= d:
		return Inf, 0, winIn, noWin, best, true, d
	case e.pn == 0 || e.dn == 0:
		return 0, 0, winIn, noWin, best, false, 0
	}
	return e.pn, e.dn, winIn, noWin, best, e.depth == d, e.depth
}

// storeProof records that the OR side wins key within winIn plies.
func (t *Table) storeProof(key uint64, winIn uint16, best Move, work uint32) {
	defer t.unlock(t.lock(key))
	atomic.AddUint64(&t.Stores, 1)
	e := t.slot(key)
	if winIn < e.winIn {
		e.winIn = winIn
		e.best = best
	}
	e.work = satAdd32(e.work, work)
}

// storeDisproof records that the OR side has no win within noWin plies
// from key (a path-independent fact).
func (t *Table) storeDisproof(key uint64, noWin uint16, work uint32) {
	defer t.unlock(t.lock(key))
	atomic.AddUint64(&t.Stores, 1)
	e := t.slot(key)
	if noWin > e.noWin {
		e.noWin = noWin
	}
	e.work = satAdd32(e.work, work)
}

// storeNumbers records unsolved proof and disproof numbers for d plies
// left.
func (t *Table) storeNumbers(key uint64, d uint16, pn, dn uint32, best Move, work uint32) {
	defer t.unlock(t.lock(key))
	atomic.AddUint64(&t.Stores, 1)
	e := t.slot(key)
	e.pn, e.dn, e.depth = pn, dn, d
	if e.winIn == InfLen {
		e.best = best
	}
	e.work = satAdd32(e.work, work)
}

func satAdd32(a, b uint32) uint32 {
	if s := a + b; s >= a {
		return s
	}
	return ^uint32(0)
}

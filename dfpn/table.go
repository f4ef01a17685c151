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
	// lock, in a shared table, is the lock of the bucket whose first
	// entry this is, and its version (odd: held; see spinLock), taken
	// and released by atomic operations only: it lies in the bytes the
	// fields above leave free, and on the cache line the bucket's search
	// reads anyway. Never written by set, which copies the other fields.
	lock uint32
}

// set makes e hold v's facts, leaving e's lock alone.
func (e *entry) set(v *entry) {
	e.key, e.pn, e.dn, e.work = v.key, v.pn, v.dn, v.work
	e.winIn, e.noWin, e.depth, e.best = v.winIn, v.noWin, v.depth, v.best
}

const bucketSize = 4

// bucketBytes is a bucket's size in memory: entries of 32 bytes
// (TestEntrySize).
const bucketBytes = 32 * bucketSize

// slots is one allocation of a table's entries, and its filter.
type slots struct {
	entries []entry
	buckets uint64
	free    func() // releases entries when they were mapped (nil otherwise)
	// filter has a bit set for every key given a slot here (by the key's
	// low bits; slots freed since, by replacement, leave theirs set): a
	// clear bit means the key is surely absent, and the lookup of a
	// position never stored, most of the children a search meets, costs
	// a read of a small array instead of a bucket of the large one. It
	// grows with the entries (filterWords). A shared table has none
	// (nil: newFilter).
	filter []uint64
}

func (a *slots) bucket(key uint64) []entry {
	// Multiply-shift maps the hash onto the buckets evenly.
	b, _ := bits.Mul64(key, a.buckets)
	return a.entries[b*bucketSize : b*bucketSize+bucketSize : b*bucketSize+bucketSize]
}

// Table is a transposition table of at most a fixed size. It starts small
// and grows (by four, up to its size) when half its slots are taken, so
// that a small search does not pay for allocating and zeroing a large
// table; at its size, it drops its less valuable entries instead. It is
// not safe for concurrent use (give each search goroutine its own), except
// a table made by NewSharedTable, which the goroutines of a Parallel search share.
type Table struct {
	cur        atomic.Pointer[slots]
	maxBuckets uint64
	shared     bool
	growMu     sync.Mutex // a shared table: one goroutine grows it at a time
	growWanted atomic.Bool
	// used counts occupied slots; in a shared table, it is sampled (see
	// slot) and exact after each growth. On a cache line of its own: the
	// goroutines of a shared table write it, and read cur and growWanted
	// at every lookup.
	_    [64]byte
	used int64
	_    [64]byte
	// first is the table's first allocation (1 MiB from the heap), and
	// whole, once the table has grown, its memory at
	// its largest size, mapped at the first growth and taken by the
	// system page by page as the table grows into it: cur is first or a
	// prefix of whole. Later growth moves the entries within whole
	// (growInPlace), and Reset clears the prefix used and goes back to
	// first, so a batch of searches maps whole once. Each search of a
	// batch mapped its larger sizes anew before, and the pages the
	// system zeroed at every growth, and took back after the search,
	// were a twelfth of a batch's CPU (docs/solving.md).
	first, whole *slots
	// Stats
	GCs, Grows uint64
}

// initialBuckets is the size a table starts at: 1 MiB.
const initialBuckets = 1 << 20 / bucketBytes

// NewTable returns a table of at most about megabytes MiB (at least one
// bucket). Memory is taken as the search needs it, up to that size, and
// kept through Reset.
func NewTable(megabytes int) *Table {
	return newTable(megabytes, false)
}

func newTable(megabytes int, shared bool) *Table {
	return newTableBuckets(uint64(max(megabytes, 0))<<20/bucketBytes, shared)
}

// newTableBuckets returns a table of at most n buckets (at least one).
func newTableBuckets(n uint64, shared bool) *Table {
	if n < 1 {
		n = 1
	}
	t := &Table{maxBuckets: n, shared: shared}
	a, _ := t.alloc(min(n, initialBuckets))
	t.cur.Store(a)
	t.first = a
	runtime.SetFinalizer(t, func(t *Table) {
		if t.whole != nil {
			if t.whole.free != nil {
				t.whole.free()
			}
		} else if a := t.cur.Load(); a.free != nil {
			a.free()
		}
	})
	return t
}

// alloc returns nb zeroed buckets (false: the memory could not be had).
// The sizes above the first are prefixes of whole, mapped at the first
// call. A table of one goroutine's sizes share whole's filter; a shared
// table has none (newFilter).
func (t *Table) alloc(nb uint64) (*slots, bool) {
	if nb > initialBuckets {
		if t.whole == nil {
			e, free, ok := allocEntries(t.maxBuckets * bucketSize)
			if !ok {
				return nil, false
			}
			t.whole = &slots{entries: e, buckets: t.maxBuckets, free: free, filter: t.newFilter(t.maxBuckets)}
		}
		w := t.whole
		var filter []uint64
		if w.filter != nil {
			filter = w.filter[:filterWords(nb)]
		}
		return &slots{entries: w.entries[:nb*bucketSize], buckets: nb, filter: filter}, true
	}
	e, free, ok := allocEntries(nb * bucketSize)
	return &slots{entries: e, buckets: nb, free: free, filter: t.newFilter(nb)}, ok
}

// newFilter returns the filter of an allocation of nb buckets: none in
// a shared table. Both goroutines set its bits, one for every new entry,
// and read it at every child, so its lines passed between the cores:
// without it (every lookup reads the key's bucket, which touch has asked
// for), two threads took about 4% less CPU a node on the hard suite's ten
// slow questions (medians of 40 and 60 pairs alternated in one process,
// 0.955 and 0.961), while one thread on a table of its own took 3.5% more
// without (docs/solving.md: a shared table without its filter).
func (t *Table) newFilter(nb uint64) []uint64 {
	if t.shared {
		return nil
	}
	return make([]uint64, filterWords(nb))
}

// NewSharedTable returns a table of at most about megabytes MiB (at least
// one bucket) that the goroutines of a Parallel search may share. Each
// bucket has a lock of its own, in the bucket's first entry, on the cache
// line the bucket's scan reads anyway; stores take it, lookups read it
// as the bucket's version without taking it (readEntry). With 1,024
// striped locks, each on a line of its own, both cores took those lines
// from each other at nearly every access (a fifth of two goroutines' time; each node took
// them 1.1–1.3 times one goroutine's time). Like NewTable's it starts at
// 1 MiB and grows by four when half full, into one mapping of its full
// size: the goroutine that finds it half full takes every bucket's lock
// (in order, holding none before: no deadlock), moves the entries within
// the mapping (growInPlace; the locks stay at their addresses, which are
// the new size's first buckets') and puts the new size in place; a
// goroutine that locked a bucket of the old size sees the size changed
// and locks again. Before, each size was a new allocation from the
// garbage collector's heap, filled while the other goroutines waited:
// on two goroutines a fifth of a 25-ply win's CPU, and the other
// goroutine idle meanwhile. At its size it never collects: a full bucket
// replaces its least valuable entry.
func NewSharedTable(megabytes int) *Table {
	return newTable(megabytes, true)
}

// Shared reports whether the table is safe for a Parallel search.
func (t *Table) Shared() bool { return t.shared }

// lock returns key's bucket, locked in a shared table, and its lock, for
// the caller to release (nil in a table of one goroutine).
func (t *Table) lock(key uint64) ([]entry, *uint32) {
	key = fixKey(key)
	for {
		a := t.cur.Load()
		b := a.bucket(key)
		if !t.shared {
			return b, nil
		}
		lk := &b[0].lock
		spinLock(lk)
		if t.cur.Load() == a {
			return b, lk
		}
		release(lk) // grown meanwhile: the key's bucket is elsewhere
	}
}

// A bucket's lock is also its version: even while free, odd while a
// goroutine holds it, one more at every release. A reader that finds the
// same even version before and after it reads the bucket read no write
// half done (readEntry), and takes no lock.

// spinLock takes the lock lk: buckets are held for a few reads and
// writes, so a goroutine that finds one held tries again, yielding now
// and then (to a goroutine growing the table, which holds them all).
func spinLock(lk *uint32) {
	for spins := 1; ; spins++ {
		if v := atomic.LoadUint32(lk); v&1 == 0 && atomic.CompareAndSwapUint32(lk, v, v+1) {
			return
		}
		if spins%64 == 0 {
			runtime.Gosched()
		}
	}
}

// release releases lk, held by the caller: its next version.
func release(lk *uint32) {
	atomic.StoreUint32(lk, atomic.LoadUint32(lk)+1)
}

// readEntry copies key's entry into e, if its bucket holds one, without
// taking the bucket's lock where a read needs none (lockFreeReads): it
// reads the bucket's version, the entry, and the version again, and
// reads again unless the version was even and the same both times (no
// write began or ended meanwhile) and the table kept its size. A lookup
// that took the lock wrote the bucket's line, so a line both goroutines
// read passed between the cores at every lookup: read by the version,
// two goroutines took 2.5% less CPU a node (the median of 66 pairs of
// solves alternated in one process, on the hard suite's eleven slow
// questions, each question's median 0.95–1.00 of locked;
// docs/solving.md: lookups by the bucket's version).
func (t *Table) readEntry(key uint64, e *entry) bool {
	if !t.shared || !lockFreeReads {
		b, lk := t.lock(key) // not locked in a table of one goroutine
		defer t.unlock(lk)
		if p := find(b, key); p != nil {
			e.set(p)
			return true
		}
		return false
	}
	for spins := 1; ; spins++ {
		a := t.cur.Load()
		b := a.bucket(fixKey(key))
		lk := &b[0].lock
		v := atomic.LoadUint32(lk)
		if v&1 == 0 {
			p := find(b, key)
			if p != nil {
				e.set(p)
			}
			if atomic.LoadUint32(lk) == v && t.cur.Load() == a {
				return p != nil
			}
		}
		if spins%64 == 0 {
			runtime.Gosched()
		}
	}
}

// unlock releases lk (from lock) and grows a shared table that a store
// found half full.
func (t *Table) unlock(lk *uint32) {
	if lk == nil {
		return
	}
	release(lk)
	// One goroutine grows the table; the others go on, and wait at the
	// bucket they lock next (they parked on growMu before, idle while
	// the table grew).
	if t.growWanted.Load() && t.growMu.TryLock() {
		t.growShared()
		t.growMu.Unlock()
	}
}

// growShared grows a shared table, holding growMu, and every bucket's
// lock while it moves the entries.
func (t *Table) growShared() {
	if !t.growWanted.Load() {
		return
	}
	a := t.cur.Load()
	for i := 0; i < len(a.entries); i += bucketSize {
		spinLock(&a.entries[i].lock)
	}
	t.grow()
	t.growWanted.Store(false)
	for i := 0; i < len(a.entries); i += bucketSize {
		release(&a.entries[i].lock)
	}
}

// MaxCap returns the number of slots the table may grow to.
func (t *Table) MaxCap() int { return int(t.maxBuckets * bucketSize) }

// grow makes the table four times larger (at most its size), keeping its
// entries. It reports false when the table is at its size or the memory
// could not be had (the table then stays at the size it has).
func (t *Table) grow() bool {
	old := t.cur.Load()
	if old.buckets >= t.maxBuckets {
		return false
	}
	a, ok := t.alloc(min(old.buckets*4, t.maxBuckets))
	if !ok {
		t.maxBuckets = old.buckets
		return false
	}
	t.Grows++
	if old != t.first {
		t.growInPlace(old, a)
		return true
	}
	used := 0
	for i := range old.entries {
		if old.entries[i].key != 0 && place(a, &old.entries[i]) {
			used++
		}
	}
	atomic.StoreInt64(&t.used, int64(used))
	t.cur.Store(a) // filled: a shared table's goroutines may enter it now
	if !t.shared {
		// Kept for Reset. A shared table's goroutines may still read
		// its locks (see lock): Reset clears it.
		clear(old.entries)
		clear(old.filter)
	}
	return true
}

// growInPlace moves the entries of old, a prefix of t.whole, to a, a
// longer prefix, whose slots beyond old are empty. An entry of old bucket
// b goes to a bucket of a numbered b or more (the buckets are the keys'
// multiply-shift, and a has more), so with old's buckets taken from the
// last down, each one read and emptied before its entries are placed,
// no entry is written where one not yet moved stands. The bucket locks
// stay where they are: in a shared table the grower holds old's (see
// growShared), which are also the locks of a's first buckets, at the
// same addresses.
func (t *Table) growInPlace(old, a *slots) {
	if !t.shared {
		clear(a.filter) // old's part holds old's bits (a shared table has none)
	}
	used := 0
	var empty entry
	for b := int(old.buckets) - 1; b >= 0; b-- {
		bk := old.entries[b*bucketSize : b*bucketSize+bucketSize]
		var es [bucketSize]entry
		for i := range bk {
			es[i].set(&bk[i])
			bk[i].set(&empty)
		}
		for i := range es {
			if es[i].key != 0 && place(a, &es[i]) {
				used++
			}
		}
	}
	atomic.StoreInt64(&t.used, int64(used))
	t.cur.Store(a)
}

// place puts a copy of e in its bucket of a, a grown table's allocation,
// replacing a less valuable entry if the bucket is full; it reports
// whether it took an empty slot.
func place(a *slots, e *entry) bool {
	b := a.bucket(e.key)
	var victim *entry
	for i := range b {
		if b[i].key == 0 {
			b[i].set(e)
			a.mark(e.key)
			return true
		}
		if victim == nil || value(&b[i]) < value(victim) {
			victim = &b[i]
		}
	}
	if value(victim) < value(e) {
		victim.set(e)
		a.mark(e.key)
	}
	return false
}

// Clear empties the table (with no search using it).
func (t *Table) Clear() {
	a := t.cur.Load()
	clear(a.entries)
	clear(a.filter)
	atomic.StoreInt64(&t.used, 0)
}

// Reset empties the table and returns it to its first, small allocation
// (with no search using it): the next search runs as on a new table,
// without a new one being made. A search of one position leaves the
// entries of positions another does not meet, and in a grown table every
// lookup of them is a miss of the cache. The table keeps its larger
// memory (whole, cleared here) for the next search to grow into.
func (t *Table) Reset() {
	t.Clear() // first, or whole's prefix
	if t.cur.Load() != t.first {
		if t.shared {
			// A table of one goroutine cleared first when it grew; a
			// shared one's goroutines could still read it then.
			clear(t.first.entries)
			clear(t.first.filter)
		}
		t.cur.Store(t.first)
	}
	atomic.StoreInt64(&t.used, 0)
}

// Len returns the number of occupied slots (about, in a shared table,
// and at most Cap); Cap the number of slots now (see MaxCap).
func (t *Table) Len() int { return min(int(atomic.LoadInt64(&t.used)), t.Cap()) }
func (t *Table) Cap() int { return len(t.cur.Load().entries) }

func fixKey(k uint64) uint64 {
	if k == 0 {
		return 1 // 0 marks empty slots
	}
	return k
}

// find returns the entry of key in its bucket b, or nil.
func find(b []entry, key uint64) *entry {
	key = fixKey(key)
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
	var e entry
	if !t.readEntry(key, &e) {
		return InfLen, 0, 0, false
	}
	return e.winIn, e.noWin, e.best, true
}

// slot returns the entry for key in its bucket b (from lock), claiming a
// slot if needed (replacing the least valuable entry of the bucket). A
// table of one goroutine may grow or collect here, and the entry is then
// in another bucket.
func (t *Table) slot(b []entry, key uint64) *entry {
	key = fixKey(key)
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
		if t.shared {
			// Counted for one key in 16 (by bits neither the bucket nor
			// the filter depends on): one counter both cores wrote at
			// every new entry was a line they took from each other.
			if key>>28&15 == 0 {
				used := atomic.AddInt64(&t.used, 16)
				if used*2 > int64(t.Cap()) && t.cur.Load().buckets < t.maxBuckets {
					t.growWanted.Store(true) // grown when the lock is released (unlock)
				}
			}
		} else {
			t.used++
			if t.used*2 > int64(t.Cap()) && t.grow() {
				return t.slot(t.cur.Load().bucket(key), key)
			} else if t.used*10 > int64(t.Cap())*9 {
				t.gc()
				return t.slot(t.cur.Load().bucket(key), key)
			}
		}
	}
	victim.set(&entry{key: key, winIn: InfLen, depth: InfLen - 1})
	t.cur.Load().mark(key)
	return victim
}

// filterWords is the size of the filter of an allocation of nb buckets:
// two bits a slot, a power of two from 2^20 bits (128 KiB, a table's
// first allocation) to 2^23 (1 MiB, a table of 128 MiB). A filter of a
// fixed 2^20 bits had most of its bits set after a million entries
// (1 − e^−1 of them), and most lookups of absent keys went on to the table; one of 2^23 bits,
// which stays in the cache, takes a tenth off the CPU of the slowest
// partly revealed 17-ply puzzles (2^22 bits: 6%; 2^24: 3%;
// docs/solving.md).
func filterWords(nb uint64) int {
	w := uint64(minFilterWords)
	for w < nb*bucketSize*2/64 && w < maxFilterWords {
		w *= 2
	}
	return int(w)
}

const (
	minFilterWords = 1 << 14
	maxFilterWords = 1 << 17
)

// filterBit returns the filter word and bit of a (fixed) key.
func (a *slots) filterBit(key uint64) (int, uint64) {
	return int(key>>6) & (len(a.filter) - 1), 1 << (key & 63)
}

// mark sets the filter bit of a (fixed) key.
func (a *slots) mark(key uint64) {
	if a.filter == nil {
		return
	}
	w, bit := a.filterBit(key)
	if atomic.LoadUint64(&a.filter[w])&bit == 0 {
		atomic.OrUint64(&a.filter[w], bit)
	}
}

// absent reports whether key was surely never given a slot.
func (t *Table) absent(key uint64) bool {
	a := t.cur.Load()
	if a.filter == nil {
		return false
	}
	w, bit := a.filterBit(fixKey(key))
	return atomic.LoadUint64(&a.filter[w])&bit == 0
}

// touches reports whether Searcher.touch reads ahead in t: not in the
// first allocation, which stays in the cache, nor in a shared table
// built with the race detector.
func (t *Table) touches() bool {
	return t.cur.Load().buckets > initialBuckets && !(t.shared && raceEnabled)
}

// touch asks for the buckets of the (fixed) keys (prefetchBucket) and
// returns how many it asked for: in a table without a filter (a shared
// one), every key's; in a table of allBuckets or fewer
// buckets, every key's, with the key's filter word (prefetchChild: the
// child's lookup reads it first, and a filter of up to 1 MiB left out of
// the caches stalled the hard suite's line 160 on that read for about
// 6% of its time, a 17-ply puzzle for 3%: docs/solving.md); in a larger
// one, only those of the keys whose filter bits do not say absent.
//
// A table at most twice the cache pays little for a bucket
// asked for in vain, and more for a filter read and a branch a child,
// which the processor mispredicts where children are as often stored as
// not: asking for every bucket, the 706 partly revealed 17-ply puzzles
// took about 3% less CPU than asking for the filter's. A table of 128
// MiB, full, pays a memory access for every bucket asked for in vain,
// and more cache lines lost: there the filter's took about 6% less
// (docs/solving.md).
func (t *Table) touch(keys []uint64) int {
	a := t.cur.Load()
	if a.filter == nil {
		for _, k := range keys {
			prefetchBucket(a.bucket(k))
		}
		return len(keys)
	}
	if a.buckets <= allBuckets {
		for _, k := range keys {
			w, _ := a.filterBit(k)
			prefetchChild(a.bucket(k), &a.filter[w])
		}
		return len(keys)
	}
	n := 0
	for _, k := range keys {
		w, bit := a.filterBit(k)
		if atomic.LoadUint64(&a.filter[w])&bit != 0 {
			prefetchBucket(a.bucket(k))
			n++
		}
	}
	return n
}

// allBuckets is the most buckets (64 MiB) of a table in which touch asks
// for every key's bucket (a variable for the tests).
var allBuckets uint64 = 64 << 20 / bucketBytes

// value orders entries for replacement: solved ones first, then work.
func value(e *entry) uint64 {
	v := uint64(e.work)
	if e.winIn != InfLen || e.noWin == InfLen {
		v += 1 << 32
	}
	return v
}

// gc drops the less valuable half of the entries (a table of one
// goroutine), and the filter bits of the dropped.
func (t *Table) gc() {
	t.GCs++
	a := t.cur.Load()
	es := a.entries
	sample := make([]uint64, 0, 4096)
	step := len(es)/4096 + 1
	for i := 0; i < len(es); i += step {
		if es[i].key != 0 {
			sample = append(sample, value(&es[i]))
		}
	}
	sort.Slice(sample, func(i, j int) bool { return sample[i] < sample[j] })
	var cut uint64
	if len(sample) > 0 {
		cut = sample[len(sample)/2]
	}
	used := 0
	clear(a.filter)
	for i := range es {
		e := &es[i]
		if e.key == 0 {
			continue
		}
		if value(e) <= cut {
			e.set(&entry{})
			continue
		}
		a.mark(e.key)
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
	return t.lookupStored(key, d)
}

// lookupStored is lookupNear past its filter: for a key the filter does
// not say absent (Searcher.evalChild reads the filter itself, inlined).
func (t *Table) lookupStored(key uint64, d uint16) (pn, dn uint32, winIn, noWin uint16, best Move, found bool, depth uint16) {
	var e entry
	if !t.readEntry(key, &e) {
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
	b, lk := t.lock(key)
	defer t.unlock(lk)
	e := t.slot(b, key)
	if winIn < e.winIn {
		e.winIn = winIn
		e.best = best
	}
	e.work = satAdd32(e.work, work)
}

// storeDisproof records that the OR side has no win within noWin plies
// from key (a path-independent fact).
func (t *Table) storeDisproof(key uint64, noWin uint16, work uint32) {
	b, lk := t.lock(key)
	defer t.unlock(lk)
	e := t.slot(b, key)
	if noWin > e.noWin {
		e.noWin = noWin
	}
	e.work = satAdd32(e.work, work)
}

// storeNumbers records unsolved proof and disproof numbers for d plies
// left.
func (t *Table) storeNumbers(key uint64, d uint16, pn, dn uint32, best Move, work uint32) {
	b, lk := t.lock(key)
	defer t.unlock(lk)
	e := t.slot(b, key)
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

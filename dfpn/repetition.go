package dfpn

// Repetitions: a node equal to one of its ancestors is not a win for the
// OR side, and the disproofs that rest on such repetitions hold only on
// the paths that repeat them; the tables below keep those disproofs.

// extendPathKey returns the path key of a child with hash h.
func extendPathKey(parent, h uint64) uint64 {
	k := (parent ^ h) * 0x9e3779b97f4a7c15
	return k ^ k>>29
}

// repetition returns the path index of an earlier node equal to the node
// at ply, or -1. Only nodes with the same material can be equal, so the
// scan stops where material changed.
func (s *Searcher) repetition(hash uint64, material int32, ply int) int {
	for j := ply - 1; j >= 0; j-- {
		n := s.path[j]
		if n.material != material {
			return -1
		}
		if n.hash == hash {
			return j
		}
	}
	return -1
}

// repTable remembers path-dependent disproofs by path key: valid
// whenever the search comes down the very same path again (the common
// case: df-pn re-expands the same path as thresholds grow). After the
// repetition table of KomoringHeights (docs/references.md).
type repTable struct {
	used []uint64 // bitmap of used slots (see condTable)
	keys []uint64
	reps []int32
	n    int
}

const repTableSize = 1 << 16

// clear empties the table. Its 768 KiB are made at the first put, not
// before: a bounded search never meets a repetition, and a searcher
// made for a few small searches (the tests make thousands) zeroed them
// for nothing.
func (t *repTable) clear() {
	if t.n > 0 {
		clear(t.used)
	}
	t.n = 0
}

func (t *repTable) put(key uint64, rep int32) {
	if t.keys == nil {
		t.used = make([]uint64, repTableSize/64)
		t.keys = make([]uint64, repTableSize)
		t.reps = make([]int32, repTableSize)
	}
	key |= 1
	i := key & (repTableSize - 1)
	t.used[i/64] |= 1 << (i % 64)
	t.keys[i], t.reps[i] = key, rep
	t.n++
}

func (t *repTable) get(key uint64) (int32, bool) {
	if t.n == 0 {
		return 0, false // (nil before the first put)
	}
	key |= 1
	i := key & (repTableSize - 1)
	if t.used[i/64]&(1<<(i%64)) != 0 && t.keys[i] == key {
		return t.reps[i], true
	}
	return 0, false
}

// allOnPath returns the least path index of the positions deps names if
// every one of them is an ancestor of the node at ply, or -1. Such
// positions have the node's material (a repetition needs it), so the scan
// stops where material changes.
func (s *Searcher) allOnPath(deps *depSet, material int32, ply int) int {
	if deps.n == overflowDeps || deps.n == 0 {
		return -1
	}
	found, least := 0, -1
	for j := ply - 1; j >= 0 && found < int(deps.n); j-- {
		n := &s.path[j]
		if n.material != material {
			break
		}
		for i := 0; i < int(deps.n); i++ {
			if deps.h[i] == n.hash {
				found++
				least = j
			}
		}
	}
	if found < int(deps.n) {
		return -1
	}
	return least
}

// depSet names the positions a path-dependent disproof rests on: the
// ancestors whose repetition below it counted as "not a win". Such a
// disproof holds on every path on which all of them are ancestors (more
// forbidden positions only make the OR side's task harder). Too many to
// name: overflowDeps.
type depSet struct {
	n uint8
	h [maxDeps]uint64
}

const (
	maxDeps      = 4
	overflowDeps = 255
)

func (d *depSet) size() int {
	if d.n == overflowDeps {
		return maxDeps + 1
	}
	return int(d.n)
}

func (d *depSet) add(h uint64) {
	if d.n == overflowDeps {
		return
	}
	for i := 0; i < int(d.n); i++ {
		if d.h[i] == h {
			return
		}
	}
	if d.n == maxDeps {
		d.n = overflowDeps
		return
	}
	d.h[d.n] = h
	d.n++
}

func (d *depSet) union(o *depSet) {
	if o.n == overflowDeps {
		d.n = overflowDeps
		return
	}
	for i := 0; i < int(o.n); i++ {
		d.add(o.h[i])
	}
}

func (d *depSet) remove(h uint64) {
	if d.n == overflowDeps {
		return
	}
	for i := 0; i < int(d.n); i++ {
		if d.h[i] == h {
			d.n--
			d.h[i] = d.h[d.n]
			return
		}
	}
}

// condTable keeps path-dependent disproofs with the positions they rest
// on, by node hash: direct-mapped on the key's lowest condTableBits bits
// (a newer entry replaces an older one in its slot). A bitmap of used
// slots, small enough to stay in cache, answers most lookups (misses)
// without touching the slots.
//
// The slots in use are a map while there are few (up to condSmall),
// then arrays of all condTableSize slots (6 MiB), each holding the very
// keys the other would. The arrays alone, made at a searcher's first
// such disproof, cost a solver made for a single question 3 ms and a
// garbage collection (a question of 7,554 nodes took 4.9 ms against
// 1.4 ms for its bounded twin); the map alone made the long searches'
// lookups slower (the hard suite's slowest question 0–8% by the clock).
type condTable struct {
	used    []uint64
	small   map[uint64]int32 // by slot, key & (condTableSize-1): its index in entries, until the arrays are made
	entries []condEntry      // the slots in use, while small
	keys    []uint64         // by slot, once made (kept by clear)
	deps    []depSet
	n       int // puts since the last clear
}

// condEntry is a slot of condTable in use.
type condEntry struct {
	key  uint64
	deps depSet
}

const (
	condTableBits = 17
	condTableSize = 1 << condTableBits
	condSmall     = 1 << 12
)

// clear empties the table, keeping what it has made: a searcher reset
// for the next position of a batch (Searcher.Reset) does not make it
// again.
func (t *condTable) clear() {
	if t.n > 0 {
		clear(t.used)
		clear(t.small)
		t.entries = t.entries[:0]
	}
	t.n = 0
}

func (t *condTable) put(key uint64, d *depSet) {
	if t.used == nil {
		t.used = make([]uint64, condTableSize/64)
		t.small = map[uint64]int32{}
	}
	t.n++
	key |= 1
	i := key & (condTableSize - 1)
	t.used[i/64] |= 1 << (i % 64)
	if t.keys != nil {
		t.keys[i], t.deps[i] = key, *d
		return
	}
	if j, ok := t.small[i]; ok {
		t.entries[j] = condEntry{key, *d}
		return
	}
	t.small[i] = int32(len(t.entries))
	t.entries = append(t.entries, condEntry{key, *d})
	if len(t.entries) > condSmall {
		t.keys = make([]uint64, condTableSize)
		t.deps = make([]depSet, condTableSize)
		for i, j := range t.small {
			t.keys[i], t.deps[i] = t.entries[j].key, t.entries[j].deps
		}
		t.small, t.entries = nil, nil
	}
}

// inUse reports whether key's slot is in use: most lookups end here, at
// the bitmap (inlined where the search asks, before find).
func (t *condTable) inUse(key uint64) bool {
	i := (key | 1) & (condTableSize - 1)
	return t.used != nil && t.used[i/64]&(1<<(i%64)) != 0
}

// find returns the disproof kept for key, whose slot is in use (inUse:
// a slot not in use may still hold a key from before a clear), if the
// slot holds key.
func (t *condTable) find(key uint64) (*depSet, bool) {
	key |= 1
	i := key & (condTableSize - 1)
	if t.keys != nil {
		if t.keys[i] == key {
			return &t.deps[i], true
		}
		return nil, false
	}
	if j, ok := t.small[i]; ok && t.entries[j].key == key {
		return &t.entries[j].deps, true
	}
	return nil, false
}

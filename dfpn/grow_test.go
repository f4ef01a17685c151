package dfpn

import (
	"testing"
	"unsafe"
)

// A table starts small, grows by four up to its size keeping every entry,
// and at its size drops entries instead of growing.
func TestTableGrows(t *testing.T) {
	tt := NewTable(16)
	if tt.Cap() != initialBuckets*bucketSize || tt.MaxCap() != 16<<20/32 {
		t.Fatalf("new table: %d slots of at most %d", tt.Cap(), tt.MaxCap())
	}
	n := tt.MaxCap() / 4
	for i := 1; i <= n; i++ {
		tt.storeProof(uint64(i)*0x9E3779B97F4A7C15, uint16(i%100), Move(i), 1)
	}
	if tt.Grows == 0 || tt.Cap() <= initialBuckets*bucketSize || tt.Cap() > tt.MaxCap() {
		t.Fatalf("after %d stores: %d slots, %d grows", n, tt.Cap(), tt.Grows)
	}
	if tt.GCs != 0 {
		t.Fatalf("a table below its size dropped entries (%d collections)", tt.GCs)
	}
	// Growth moves each entry once: the count of used slots is exact.
	used := 0
	for _, e := range tt.cur.Load().entries {
		if e.key != 0 {
			used++
		}
	}
	if used != tt.Len() {
		t.Fatalf("after %d stores: %d slots used, the table counts %d", n, used, tt.Len())
	}
	lost := 0
	for i := 1; i <= n; i++ {
		w, _, best, ok := tt.Facts(uint64(i) * 0x9E3779B97F4A7C15)
		if !ok || w != uint16(i%100) || best != Move(i) {
			lost++
		}
	}
	// A full bucket keeps its most valuable entries; with the table at
	// most half full after each growth, almost none is lost.
	if lost > n/100 {
		t.Fatalf("%d of %d entries lost or changed by growing", lost, n)
	}
	for i := n + 1; i <= 4*n; i++ {
		tt.storeProof(uint64(i)*0x9E3779B97F4A7C15, 1, Move(i), 1)
	}
	if tt.Cap() != tt.MaxCap() || tt.GCs == 0 {
		t.Fatalf("a full table: %d of %d slots, %d collections", tt.Cap(), tt.MaxCap(), tt.GCs)
	}
}

// The filter never calls a stored key absent (through growth, and for
// the key 0, stored as 1); most keys never stored are called absent; and
// after Clear every key is.
func TestTableFilter(t *testing.T) {
	tt := NewTable(16)
	key := func(i int) uint64 { return uint64(i) * 0x9E3779B97F4A7C15 }
	const n = 100_000
	for i := 0; i < n; i++ { // i = 0: the key 0
		tt.storeNumbers(key(i), 5, 3, 4, Move(i), 1)
	}
	if tt.Grows == 0 {
		t.Fatal("the table did not grow: the test does not cover growth")
	}
	for i := 0; i < n; i++ {
		if tt.absent(key(i)) {
			t.Fatalf("key %d (stored) is called absent", i)
		}
		if pn, dn, _, _, _, found := tt.lookup(key(i), 5); !found || pn != 3 || dn != 4 {
			t.Fatalf("key %d: lookup (%d, %d, %v), want (3, 4, true)", i, pn, dn, found)
		}
	}
	absent := 0
	for i := n; i < 2*n; i++ {
		if tt.absent(key(i) ^ 0x5555) {
			absent++
		}
	}
	// 100,000 keys set at most that many of 2^20 bits: over 90% clear.
	if absent < n*85/100 {
		t.Errorf("only %d of %d keys never stored are called absent", absent, n)
	}
	tt.Clear()
	for i := 0; i < n; i++ {
		if !tt.absent(key(i)) {
			t.Fatalf("key %d is not called absent after Clear", i)
		}
	}
}

// The filter grows with the table, to two bits a slot within its limits;
// a collection clears the bits of the entries it drops, and never calls
// a kept one absent.
func TestTableFilterGrowsAndCollects(t *testing.T) {
	for _, c := range []struct {
		buckets uint64
		words   int
	}{
		{1, minFilterWords}, {initialBuckets, minFilterWords},
		{1 << 18, 1 << 15}, {1 << 20, maxFilterWords}, {1 << 24, maxFilterWords},
	} {
		if w := filterWords(c.buckets); w != c.words {
			t.Errorf("filterWords(%d) = %d, want %d", c.buckets, w, c.words)
		}
	}
	tt := NewTable(1)
	key := func(i int) uint64 { return uint64(i+1) * 0x9E3779B97F4A7C15 }
	const n = 2_000_000
	for i := 0; i < n; i++ {
		tt.storeNumbers(key(i), 5, 3, 4, Move(i), uint32(i))
	}
	if tt.GCs == 0 {
		t.Fatal("the table never collected: the test does not cover collection")
	}
	kept, absent := 0, 0
	for i := 0; i < n; i++ {
		_, _, _, _, _, found := tt.lookup(key(i), 5)
		switch {
		case found:
			kept++
			if tt.absent(key(i)) {
				t.Fatalf("key %d (kept) is called absent", i)
			}
		case tt.absent(key(i)):
			absent++
		}
	}
	// 2,000,000 keys in 32,768 slots: nearly all were dropped; without
	// the collection's clearing, the filter (2^20 bits) would hold a bit
	// for 85% of them.
	if kept == 0 || absent < (n-kept)*9/10 {
		t.Errorf("%d keys kept, %d of the %d dropped called absent", kept, absent, n-kept)
	}
}

// Reset empties a grown table and returns it to its first size, from
// which it grows again.
func TestTableReset(t *testing.T) {
	for _, shared := range []bool{false, true} {
		tt := newTable(16, shared)
		first := tt.Cap()
		key := func(i int) uint64 { return uint64(i+1) * 0x9E3779B97F4A7C15 }
		const n = 100_000
		for i := 0; i < n; i++ {
			tt.storeNumbers(key(i), 5, 3, 4, Move(i), 1)
		}
		if tt.Cap() <= first {
			t.Fatalf("shared %v: the table did not grow (%d slots)", shared, tt.Cap())
		}
		tt.Reset()
		if tt.Cap() != first || tt.Len() != 0 {
			t.Fatalf("shared %v: after Reset %d of %d slots used, want 0 of %d", shared, tt.Len(), tt.Cap(), first)
		}
		for i := 0; i < n; i++ {
			if _, _, _, _, _, found := tt.lookup(key(i), 5); found || (!shared && !tt.absent(key(i))) { // a shared table has no filter
				t.Fatalf("shared %v: key %d found after Reset", shared, i)
			}
		}
		// Other keys now: the table grows into the memory the first keys
		// filled (a table of one goroutine keeps it), and none of theirs
		// may be left there.
		for i := n; i < 2*n; i++ {
			tt.storeNumbers(key(i), 5, 3, 4, Move(i), 1)
		}
		if tt.Cap() <= first {
			t.Fatalf("shared %v: the table did not grow again after Reset", shared)
		}
		now := map[uint64]bool{}
		for i := n; i < 2*n; i++ {
			now[fixKey(key(i))] = true
		}
		a := tt.cur.Load()
		for i := range a.entries {
			if k := a.entries[i].key; k != 0 && !now[k] {
				t.Fatalf("shared %v: a key stored before Reset (%x) is in the grown table", shared, k)
			}
		}
		for i := n; i < 2*n; i++ {
			if _, _, _, _, _, found := tt.lookup(key(i), 5); !found {
				t.Fatalf("shared %v: key %d stored after Reset is lost", shared, i)
			}
		}
		tt.Reset()
		tt.Reset() // at its first size: cleared in place
		if tt.Cap() != first || tt.Len() != 0 {
			t.Fatalf("shared %v: after two Resets %d of %d slots used", shared, tt.Len(), tt.Cap())
		}
		for i := 0; i < 2*n; i++ {
			if _, _, _, _, _, found := tt.lookup(key(i), 5); found {
				t.Fatalf("shared %v: key %d found after two Resets", shared, i)
			}
		}
	}
}

// An entry is 32 bytes: a bucket of four is two cache lines, and a shared
// table's bucket lock (in the spare bytes of its first entry) lies on the
// line the bucket's search reads anyway.
func TestEntrySize(t *testing.T) {
	if s := unsafe.Sizeof(entry{}); s != 32 {
		t.Fatalf("an entry is %d bytes, want 32", s)
	}
}

// touch reads ahead only once the table has outgrown its first
// allocation (and not in a shared table under the race detector); in a
// table of allBuckets or fewer, and in a shared one (which has no
// filter), it asks for every key's bucket, in a larger one for those of
// stored keys and never those of keys the filter calls absent; and it
// changes nothing.
func TestTableTouch(t *testing.T) {
	for _, shared := range []bool{false, true} {
		tt := newTable(16, shared)
		key := func(i int) uint64 { return uint64(i+1) * 0x9E3779B97F4A7C15 }
		if tt.touches() {
			t.Fatalf("shared %v: a table at its first allocation reads ahead", shared)
		}
		const n = 100_000
		for i := 0; i < n; i++ {
			tt.storeNumbers(key(i), 5, 3, 4, Move(i), 1)
		}
		if tt.Cap() <= initialBuckets*bucketSize {
			t.Fatalf("shared %v: the table did not grow", shared)
		}
		if want := !(shared && raceEnabled); tt.touches() != want {
			t.Fatalf("shared %v, race %v: a grown table reads ahead %v, want %v", shared, raceEnabled, tt.touches(), want)
		}
		stored := []uint64{fixKey(key(7)), fixKey(key(8))}
		var absent []uint64 // keys never stored that the filter calls absent
		for i := n; len(absent) < 100; i++ {
			if shared {
				// A shared table has no filter: it calls no key absent,
				// and touch asks for every key's bucket.
				if tt.absent(key(i)) {
					t.Fatalf("a shared table calls key %d absent", i)
				}
				if i == n+100 {
					break
				}
				continue
			}
			if tt.absent(key(i)) {
				absent = append(absent, fixKey(key(i)))
			}
		}
		if shared {
			all := allBuckets
			allBuckets = initialBuckets
			never := []uint64{fixKey(key(n)), fixKey(key(n + 1)), fixKey(key(n + 2))}
			if n := tt.touch(never); n != len(never) {
				t.Errorf("shared: touch of %d keys never stored, in a table larger than allBuckets, asked for %d buckets", len(never), n)
			}
			allBuckets = all
		}
		// A table of allBuckets or fewer: every key's bucket.
		if n := tt.touch(absent); n != len(absent) {
			t.Errorf("shared %v: touch of %d absent keys in a table of %d buckets asked for %d buckets", shared, len(absent), tt.Cap()/bucketSize, n)
		}
		// A larger one: those the filter does not call absent.
		all := allBuckets
		allBuckets = initialBuckets
		if n := tt.touch(stored); n != 2 {
			t.Errorf("shared %v: touch of two stored keys asked for %d buckets", shared, n)
		}
		if n := tt.touch(absent); n != 0 {
			t.Errorf("shared %v: touch asked for %d buckets of keys the filter calls absent", shared, n)
		}
		allBuckets = all
		// Every key's bucket asked for, and the last bucket's: the
		// table reads the same after (a prefetch changes nothing).
		type read struct {
			pn, dn uint32
			found  bool
		}
		reads := func() []read {
			var rs []read
			for i := range n + 100 {
				pn, dn, _, _, _, found := tt.lookup(key(i), 5)
				rs = append(rs, read{pn, dn, found})
			}
			return rs
		}
		before, used := reads(), tt.Len()
		keys := []uint64{^uint64(0)}
		for i := range n + 100 {
			keys = append(keys, fixKey(key(i)))
		}
		tt.touch(keys)
		if tt.Len() != used {
			t.Fatalf("shared %v: touch changed the table's count from %d to %d", shared, used, tt.Len())
		}
		for i, r := range reads() {
			if r != before[i] {
				t.Fatalf("shared %v: key %d reads %+v after touch, %+v before", shared, i, r, before[i])
			}
		}
	}
}

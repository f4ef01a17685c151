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

// An entry is 32 bytes: a bucket of four is two cache lines, and a shared
// table's bucket lock (in the spare bytes of its first entry) lies on the
// line the bucket's search reads anyway.
func TestEntrySize(t *testing.T) {
	if s := unsafe.Sizeof(entry{}); s != 32 {
		t.Fatalf("an entry is %d bytes, want 32", s)
	}
}

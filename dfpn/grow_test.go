package dfpn

import "testing"

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

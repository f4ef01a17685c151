//go:build linux

package dfpn

import "testing"

// faultIn changes no byte of a mapping, backed already or not, from a
// start within a page on; touchPages leaves zeros zero. A faultIn that
// dropped the pages (MADV_DONTNEED) or wrote anything but zeros would
// fail here.
func TestFaultInKeepsBytes(t *testing.T) {
	es, free, ok := allocEntries(1 << 20) // 32 MiB: mapped
	if !ok || free == nil {
		t.Fatal("a 32 MiB table's entries were not mapped")
	}
	defer free()
	for i := 0; i < 1000; i++ { // the first pages written
		es[i] = entry{key: uint64(i) + 1, pn: uint32(i), dn: 7, winIn: 3}
	}
	faultIn(es[3:]) // from within the first page: the rest of the mapping
	faultIn(es[:0])
	for i := range es {
		want := entry{}
		if i < 1000 {
			want = entry{key: uint64(i) + 1, pn: uint32(i), dn: 7, winIn: 3}
		}
		if es[i] != want {
			t.Fatalf("entry %d is %+v after faultIn, want %+v", i, es[i], want)
		}
	}
	b := make([]byte, 3*4096+5)
	touchPages(b, 4096)
	for i, c := range b {
		if c != 0 {
			t.Fatalf("byte %d is %d after touchPages", i, c)
		}
	}
}

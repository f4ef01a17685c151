//go:build linux

package dfpn

import (
	"runtime"
	"unsafe"

	"golang.org/x/sys/unix"
)

// allocEntries returns n zeroed entries. On Linux large tables are mapped
// directly and advised to use huge pages: a table probe is a random
// access, and with 4 KiB pages most of them also miss the TLB.
func allocEntries(t *Table, n uint64) []entry {
	size := int(n) * int(unsafe.Sizeof(entry{}))
	if size < 8<<20 {
		return make([]entry, n)
	}
	b, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return make([]entry, n)
	}
	unix.Madvise(b, unix.MADV_HUGEPAGE) // a hint: without it the table still works
	runtime.SetFinalizer(t, func(*Table) { unix.Munmap(b) })
	return unsafe.Slice((*entry)(unsafe.Pointer(&b[0])), n)
}

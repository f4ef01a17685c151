//go:build linux

package dfpn

import (
	"runtime"
	"syscall"
	"unsafe"
)

// allocEntries returns n zeroed entries. On Linux large tables are mapped
// directly and advised to use huge pages: a table probe is a random
// access, and with 4 KiB pages most of them also miss the TLB.
func allocEntries(t *Table, n uint64) []entry {
	size := int(n) * int(unsafe.Sizeof(entry{}))
	if size < 8<<20 {
		return make([]entry, n)
	}
	b, err := syscall.Mmap(-1, 0, size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]entry, n)
	}
	const madvHugepage = 14
	syscall.Madvise(b, madvHugepage) // a hint: without it the table still works
	runtime.SetFinalizer(t, func(*Table) { syscall.Munmap(b) })
	return unsafe.Slice((*entry)(unsafe.Pointer(&b[0])), n)
}

//go:build linux

package dfpn

import (
	"unsafe"

	"golang.org/x/sys/unix"
)

// allocEntries returns n zeroed entries, a function that releases them
// (nil for memory the garbage collector owns), and false when the memory
// could not be had. On Linux large tables are mapped directly and advised
// to use huge pages: a table probe is a random access, and with 4 KiB
// pages most of them also miss the TLB.
func allocEntries(n uint64) ([]entry, func(), bool) {
	size := int(n) * int(unsafe.Sizeof(entry{}))
	if size < 8<<20 {
		return make([]entry, n), nil, true
	}
	b, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return nil, nil, false
	}
	unix.Madvise(b, unix.MADV_HUGEPAGE) // a hint: without it the table still works
	return unsafe.Slice((*entry)(unsafe.Pointer(&b[0])), n), func() { unix.Munmap(b) }, true
}

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

// faultIn has the system back the memory of es, mapped by allocEntries,
// with pages of its own now (madvise MADV_POPULATE_WRITE, Linux 5.14 and
// later; before it, a write of a zero to each page of es, whose bytes
// are all zero: the caller's, which nothing else reads or writes
// meanwhile). No byte of es changes.
func faultIn(es []entry) {
	if len(es) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&es[0])), len(es)*int(unsafe.Sizeof(entry{})))
	page := uintptr(unix.Getpagesize())
	// madvise wants a start on a page's boundary: from the first whole
	// page (the bytes before it are on a page already backed or the
	// mapping's first, which is aligned).
	skip := int((page - uintptr(unsafe.Pointer(&b[0]))%page) % page)
	if skip >= len(b) {
		return
	}
	if unix.Madvise(b[skip:], unix.MADV_POPULATE_WRITE) == nil {
		return
	}
	touchPages(b[skip:], int(page))
}

// touchPages writes a zero to the first byte of every page of b, which
// is all zeros: each page's first write has the system back it.
func touchPages(b []byte, page int) {
	for i := 0; i < len(b); i += page {
		b[i] = 0
	}
}

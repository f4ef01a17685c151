//go:build amd64 || arm64

package dfpn

// prefetchBucket asks the processor to bring the two cache lines of a
// bucket (128 bytes from b's first entry) into its caches: a prefetch
// instruction (PREFETCHT0, PRFM PLDL1KEEP), a hint that retires at once,
// never faults and changes nothing, so the processor goes on with the
// expansion while the lines come.
//
//go:noescape
func prefetchBucket(b []entry)

// prefetchChild is prefetchBucket for a child's bucket b, and the cache
// line of its filter word w too (Table.absent reads it first).
//
//go:noescape
func prefetchChild(b []entry, w *uint64)

// prefetchKey asks for the cache line of p (a shallow memo slot's key).
//
//go:noescape
func prefetchKey(p *uint64)

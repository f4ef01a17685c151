//go:build !amd64 && !arm64

package dfpn

import "sync/atomic"

// prefetchBucket reads the keys of a bucket's two cache lines (atomic
// loads, which the compiler keeps though their values are not used):
// where Go has no prefetch instruction here, loads that do not depend on
// each other still overlap their cache misses.
func prefetchBucket(b []entry) {
	atomic.LoadUint64(&b[0].key)
	atomic.LoadUint64(&b[2].key)
}

// prefetchChild is prefetchBucket for a child's bucket b, and the cache
// line of its filter word w too (Table.absent reads it first).
func prefetchChild(b []entry, w *uint64) {
	prefetchBucket(b)
	atomic.LoadUint64(w)
}

// prefetchKey reads p (a shallow memo slot's key).
func prefetchKey(p *uint64) { atomic.LoadUint64(p) }

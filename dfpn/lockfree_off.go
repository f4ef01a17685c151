//go:build !amd64 || race

package dfpn

// lockFreeReads: a shared table's lookups take the bucket's lock
// (Table.readEntry): on other architectures the loads of the entry could
// be reordered past the version's second read, and under the race
// detector the lock-free reads would be reported.
const lockFreeReads = false

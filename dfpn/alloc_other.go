//go:build !linux

package dfpn

func allocEntries(t *Table, n uint64) []entry { return make([]entry, n) }

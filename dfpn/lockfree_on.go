//go:build amd64 && !race

package dfpn

// lockFreeReads: a shared table's lookups read a bucket by its version,
// without its lock (Table.readEntry). Only on amd64, whose loads are not
// reordered with other loads, so the entry read between the two reads
// of the version is read between them; and not under the race detector,
// which would report the reads beside the writes they check for.
const lockFreeReads = true

//go:build !unix

package tablebase

import "os"

func diskUsage(fi os.FileInfo) int64 { return fi.Size() }

// freeDisk is not known here: the disk check is skipped.
func freeDisk(string) (uint64, bool) { return 0, false }

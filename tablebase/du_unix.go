//go:build unix

package tablebase

import (
	"os"
	"syscall"
)

// diskUsage returns the bytes a file occupies on disk.
func diskUsage(fi os.FileInfo) int64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int64(st.Blocks) * 512
	}
	return fi.Size()
}

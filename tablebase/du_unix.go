//go:build unix

package tablebase

import (
	"os"
	"path/filepath"
	"syscall"
)

// diskUsage returns the bytes a file occupies on disk.
func diskUsage(fi os.FileInfo) int64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return int64(st.Blocks) * 512
	}
	return fi.Size()
}

// freeDisk returns the bytes free for this user in the file system of
// dir (or of its nearest existing parent).
func freeDisk(dir string) (uint64, bool) {
	for d := dir; ; d = filepath.Dir(d) {
		var st syscall.Statfs_t
		if err := syscall.Statfs(d, &st); err == nil {
			return st.Bavail * uint64(st.Bsize), true
		}
		if d == filepath.Dir(d) {
			return 0, false
		}
	}
}

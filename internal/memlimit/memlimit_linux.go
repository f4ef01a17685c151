//go:build linux

package memlimit

import "syscall"

func totalMiB() (int, bool) {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil || si.Totalram == 0 {
		return 0, false
	}
	return int(uint64(si.Totalram) * uint64(si.Unit) >> 20), true
}

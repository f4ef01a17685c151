//go:build linux

package cputime

import (
	"time"

	"golang.org/x/sys/unix"
)

// Thread returns the CPU time the calling OS thread has used and true;
// the caller locks its goroutine to the thread (runtime.LockOSThread)
// for the difference of two readings to mean anything. Where the system
// cannot tell, it returns 0 and false.
func Thread() (time.Duration, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}

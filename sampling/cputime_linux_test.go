package sampling

import (
	"syscall"
	"unsafe"
)

// threadCPU returns the CPU time of the calling thread in seconds (the
// benchmark locks its goroutine to the thread), so that figures taken on
// a busy machine still mean something.
func threadCPU() float64 {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, 3, uintptr(unsafe.Pointer(&ts)), 0)
	return float64(ts.Nano()) / 1e9
}

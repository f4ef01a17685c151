//go:build unix

package gat

import "syscall"

// processCPU returns the CPU time of the whole process (user and system,
// every thread) in seconds: the benchmarks run the server and both
// clients in one process, so it is the CPU the games cost.
func processCPU() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
}

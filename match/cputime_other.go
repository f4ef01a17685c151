//go:build !linux

package match

// threadCPU is not available here: moves are timed by the clock.
func threadCPU() (int64, bool) { return 0, false }

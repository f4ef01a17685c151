//go:build !linux

package memlimit

func totalMiB() (int, bool) { return 0, false }

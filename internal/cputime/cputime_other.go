//go:build !linux

package cputime

import "time"

// Thread returns 0 and false: this system has no per-thread CPU clock
// here, and callers time by the wall clock instead.
func Thread() (time.Duration, bool) { return 0, false }

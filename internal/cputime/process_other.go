//go:build !unix

package cputime

import "time"

// Process returns 0: this system's process CPU time is not read here.
func Process() time.Duration { return 0 }

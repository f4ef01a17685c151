//go:build !linux

package sampling

import "time"

var t0 = time.Now()

func threadCPU() float64 { return time.Since(t0).Seconds() }

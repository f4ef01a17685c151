// Package memlimit bounds memory sizes given by users (table sizes in MiB)
// by what the machine has, so that a mistyped size is a clear error
// instead of the runtime's "out of memory" crash.
package memlimit

import "fmt"

// TotalMiB returns the machine's physical memory in MiB, and false where
// it is not known (then nothing is bounded).
func TotalMiB() (int, bool) { return totalMiB() }

// Check returns an error naming what when mib MiB is more than the
// machine's physical memory, or is below 1.
func Check(what string, mib int) error {
	if mib < 1 {
		return fmt.Errorf("%s %d MiB: want at least 1", what, mib)
	}
	if total, ok := TotalMiB(); ok && mib > total {
		return fmt.Errorf("%s %d MiB: more than this machine's memory (%d MiB)", what, mib, total)
	}
	return nil
}

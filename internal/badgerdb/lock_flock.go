//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package badgerdb

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// Locked reports whether openErr, badger.Open's error for dir, means that
// another process holds the lock Badger takes on dir: the exclusive lock
// of a writer (or, for a writer, any lock). Badger's error carries the
// cause as text only, so the lock is tried again here and the answer read
// from the error value (EWOULDBLOCK).
func Locked(openErr error, dir string, readOnly bool) bool {
	if openErr == nil {
		return false
	}
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	defer f.Close()
	how := unix.LOCK_EX | unix.LOCK_NB
	if readOnly {
		how = unix.LOCK_SH | unix.LOCK_NB
	}
	if err := unix.Flock(int(f.Fd()), how); err != nil {
		return errors.Is(err, unix.EWOULDBLOCK)
	}
	unix.Flock(int(f.Fd()), unix.LOCK_UN)
	return false
}

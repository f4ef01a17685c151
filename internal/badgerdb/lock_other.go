//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package badgerdb

import "strings"

// Locked reports whether openErr, badger.Open's error for dir, means that
// another process holds Badger's lock on dir. Without flock there is no
// error value to read, and Badger's error carries the cause as text only:
// its text is matched.
func Locked(openErr error, dir string, readOnly bool) bool {
	return openErr != nil && strings.Contains(openErr.Error(), "Another process is using this Badger database")
}

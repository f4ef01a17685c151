// Package badgerdb holds what the project's two Badger stores (the
// endgame tables of package tablebase and the proof store of package
// proofstore) share: the Badger settings they start from, a logger that
// passes Badger's warnings and errors to a writer under the store's name,
// the detection of a directory another process holds, and the checksum
// kept with every stored value.
//
//	bo := badgerdb.Options(dir, "tablebase", os.Stderr, readOnly)
//	db, err := badger.Open(bo)
//	if badgerdb.Locked(err, dir, readOnly) {
//		// another process has the store open
//	}
package badgerdb

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/dgraph-io/badger/v4"
	"github.com/dgraph-io/badger/v4/options"
)

// Options returns the Badger options both stores start from for the
// database in dir: no Badger compression or block cache (the stores
// compress and cache what they keep themselves), no conflict detection
// (one writer), one version of each key, small memtables and value-log
// files, two compactors, no metrics. Badger's warnings and errors go to
// log (nil: nowhere) prefixed with name.
func Options(dir, name string, log io.Writer, readOnly bool) badger.Options {
	return badger.DefaultOptions(dir).
		WithLogger(Logger{Name: name, W: log}).
		WithCompression(options.None).
		WithBlockCacheSize(0).
		WithDetectConflicts(false).
		WithNumVersionsToKeep(1).
		WithMemTableSize(16 << 20).
		WithNumMemtables(2).
		WithValueLogFileSize(64 << 20).
		WithNumCompactors(2).
		WithNumGoroutines(2).
		WithMetricsEnabled(false).
		WithReadOnly(readOnly)
}

// Logger is a badger.Logger that writes warnings and errors to W as
// "NAME: badger: ..." and drops the rest. A nil W drops everything.
type Logger struct {
	Name string
	W    io.Writer
}

func (l Logger) Errorf(f string, a ...any)   { l.write(f, a) }
func (l Logger) Warningf(f string, a ...any) { l.write(f, a) }
func (Logger) Infof(string, ...any)          {}
func (Logger) Debugf(string, ...any)         {}

func (l Logger) write(f string, a []any) {
	if l.W != nil {
		fmt.Fprintf(l.W, l.Name+": badger: "+f, a...)
	}
}

// LockHolder names the process in the lock file Badger writes in dir, as
// " (process PID)", or "" when there is none.
func LockHolder(dir string) string {
	b, err := os.ReadFile(filepath.Join(dir, "LOCK"))
	if err != nil {
		return ""
	}
	if pid := strings.TrimSpace(string(b)); pid != "" {
		return " (process " + pid + ")"
	}
	return ""
}

// Sum is the checksum both stores keep with what they write: xxhash64 of
// the key and then the value's bytes, so that a value read under the
// wrong key fails its check as a damaged one does.
func Sum(key, value []byte) uint64 {
	var d xxhash.Digest
	d.Reset()
	d.Write(key)
	d.Write(value)
	return d.Sum64()
}

// IsStore reports whether dir holds a Badger store (its MANIFEST file), so
// that a reader can refuse a directory that is not one instead of letting
// Badger turn it into one.
func IsStore(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "MANIFEST"))
	return err == nil
}

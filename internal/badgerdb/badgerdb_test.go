package badgerdb

import (
	"bytes"
	"strings"
	"testing"

	"github.com/dgraph-io/badger/v4"
)

// A second writer of an open database fails, and Locked says why; a
// database nobody holds is not locked.
func TestLocked(t *testing.T) {
	dir := t.TempDir()
	db, err := badger.Open(Options(dir, "test", nil, false))
	if err != nil {
		t.Fatal(err)
	}
	_, err2 := badger.Open(Options(dir, "test", nil, false))
	if err2 == nil {
		t.Fatal("a second writer opened the database")
	}
	if !Locked(err2, dir, false) {
		t.Errorf("Locked(%v) = false for a held database", err2)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if Locked(err2, dir, false) {
		t.Error("Locked = true after the holder closed the database")
	}
	if Locked(nil, dir, false) {
		t.Error("Locked(nil) = true")
	}
	db, err = badger.Open(Options(dir, "test", nil, false))
	if err != nil {
		t.Fatalf("reopening after close: %v", err)
	}
	db.Close()
}

func TestLogger(t *testing.T) {
	var b bytes.Buffer
	l := Logger{Name: "store", W: &b}
	l.Infof("quiet %d", 1)
	l.Debugf("quiet %d", 2)
	l.Warningf("careful %d\n", 3)
	l.Errorf("broken %s\n", "x")
	if got, want := b.String(), "store: badger: careful 3\nstore: badger: broken x\n"; got != want {
		t.Errorf("logged %q, want %q", got, want)
	}
	Logger{Name: "none"}.Errorf("dropped") // a nil writer drops everything
	if strings.Contains(b.String(), "dropped") {
		t.Error("a nil writer wrote")
	}
}

// Package sources opens what a solving program starts from: the endgame
// tables (package tablebase, read-only, so that several processes share
// them) and the proof store beside them (package proofstore), with the
// policy of the geister command: tables are optional unless the user
// names them, a store that another process writes is read only or left
// out, and problems met are warnings, never a stop. It also lists them
// (WriteListing), checks them (VerifyTables: the tables against df-pn;
// VerifyStore: the store's entries re-searched) and reads a class's sure
// wins from the tables (EnumerateTable), as the geister commands do.
package sources

import (
	"errors"
	"fmt"
	"os"
	"sync"

	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

// OpenTables opens the endgame tables in dir read-only. A directory that
// does not exist, or holds no complete class, means no tables: nil, with
// no error. A directory that is not a table store, or that a build holds,
// is an error naming it (tablebase.ErrNotStore, tablebase.ErrLocked).
func OpenTables(dir string) (*tablebase.DB, error) {
	if dir == "" {
		return nil, nil
	}
	if tablebase.Missing(dir) { // dir may be a path list of stores
		return nil, nil
	}
	db, err := tablebase.OpenReadOnly(dir)
	if err != nil {
		return nil, err
	}
	if len(db.Classes()) == 0 {
		db.Close()
		return nil, nil
	}
	return db, nil
}

// OptionalTables opens the tables of a program that can do without them:
// the directory dir (tablebase.DefaultDir when ""), which must be a store
// when named is set (the user named it; a missing one gives a warning),
// else used when it holds tables. A default directory that is not a
// store, and a store a build holds, give one warning and no tables.
// Warnings go to warn.
func OptionalTables(dir string, named bool, warn func(string)) (*tablebase.DB, error) {
	if dir == "" {
		dir = tablebase.DefaultDir()
	}
	if named {
		if tablebase.Missing(dir) {
			warn(fmt.Sprintf("warning: no table directory %s; going on without endgame tables", dir))
			return nil, nil
		}
	}
	db, err := OpenTables(dir)
	if err == nil {
		return db, nil
	}
	if errors.Is(err, tablebase.ErrLocked) || (!named && errors.Is(err, tablebase.ErrNotStore)) {
		warn(fmt.Sprintf("warning: %v; going on without endgame tables", err))
		return nil, nil
	}
	return nil, err
}

// Store says whether and where to use the proof store.
type Store struct {
	On  bool   // use it, creating it if needed (by default: when the table directory exists)
	Off bool   // do not use it
	Dir string // its directory ("": beside the table directory, proofstore.DirFor)
	// OffNote, when not empty, ends the warning that another process
	// writes the store (how to turn the store off, in the caller's words).
	OffNote string
}

// DirFor is the store's directory for the table directory tableDir;
// for a path list of table stores, the store beside the first.
func (s Store) DirFor(tableDir string) string {
	if s.Dir != "" {
		return s.Dir
	}
	return proofstore.DirFor(firstDir(tableDir))
}

// firstDir is the first directory of a path list of table stores.
func firstDir(tableDir string) string {
	if dirs := tablebase.SplitDirs(tableDir); len(dirs) > 0 {
		return dirs[0]
	}
	return tableDir
}

// OpenStore opens the proof store that goes with tableDir, as s says: nil
// when it is not wanted, or cannot be opened (another process writing it,
// a damaged directory), and then a warning says why and the program goes
// on without it. It is opened read-only when another process reads it.
// Problems met while in use (corrupt entries, conflicting proofs) are
// warnings too, each once. The returned function releases the store and
// warns of a failure to write what was pending.
func OpenStore(tableDir string, s Store, warn func(string)) (*proofstore.Store, func()) {
	none := func() {}
	if s.Off {
		return nil, none
	}
	dir := s.DirFor(tableDir)
	if !s.On && dir == (Store{}).DirFor(tableDir) {
		if _, err := os.Stat(firstDir(tableDir)); err != nil {
			return nil, none
		}
	}
	o := proofstore.DefaultOptions()
	o.OnProblem = once(warn)
	st, err := proofstore.OpenShared(dir, o)
	switch {
	case errors.Is(err, proofstore.ErrLocked):
		if s.OffNote != "" {
			warn(fmt.Sprintf("%v; going on without it (%s)", err, s.OffNote))
		} else {
			warn(fmt.Sprintf("%v; going on without it", err))
		}
		return nil, none
	case err != nil:
		warn(fmt.Sprintf("proof store %s cannot be opened, going on without it: %v", dir, err))
		return nil, none
	}
	if st.ReadOnly() {
		warn(fmt.Sprintf("proof store %s is open in another process: reading it only, new proofs are not kept", dir))
	}
	return st, func() {
		if err := proofstore.Release(st); err != nil {
			warn(fmt.Sprintf("proof store %s: %v", dir, err))
		}
	}
}

// OpenStoreIfExists is OpenStore for programs that only read: a store
// that does not exist is not created (and, when s asks for it, a warning
// says so).
func OpenStoreIfExists(tableDir string, s Store, warn func(string)) (*proofstore.Store, func()) {
	if _, err := os.Stat(s.DirFor(tableDir)); err != nil {
		if (s.On || s.DirFor(tableDir) != (Store{}).DirFor(tableDir)) && !s.Off {
			warn(fmt.Sprintf("no proof store in %s", s.DirFor(tableDir)))
		}
		return nil, func() {}
	}
	return OpenStore(tableDir, s, warn)
}

// once passes each distinct problem to warn once.
func once(warn func(string)) func(error) {
	var mu sync.Mutex
	seen := map[string]bool{}
	return func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if msg := err.Error(); !seen[msg] {
			seen[msg] = true
			warn(msg)
		}
	}
}

// Sources are the endgame tables and the proof store of a program, each
// nil when there is none.
type Sources struct {
	DB     *tablebase.DB
	Tables purple.Tables // DB as solver and player options take it (nil: none)
	Store  *proofstore.Store
	closes []func()
}

// Open opens the tables in tableDir (tablebase.DefaultDir when "", named
// when not; none with noTables) by OptionalTables, and the proof store
// beside tableDir by OpenStore. The caller closes them with Close.
func Open(tableDir string, noTables bool, s Store, warn func(string)) (*Sources, error) {
	src := &Sources{}
	if !noTables {
		db, err := OptionalTables(tableDir, tableDir != "", warn)
		if err != nil {
			return nil, err
		}
		if db != nil {
			src.DB, src.Tables = db, db
			src.closes = append(src.closes, func() { db.Close() })
		}
	}
	if tableDir == "" {
		tableDir = tablebase.DefaultDir()
	}
	if st, release := OpenStore(tableDir, s, warn); st != nil {
		src.Store = st
		src.closes = append(src.closes, release)
	}
	return src, nil
}

// ProofStore is the store as solver options take it (a nil interface when
// there is none).
func (s *Sources) ProofStore() solver.ProofStore {
	if s.Store == nil {
		return nil
	}
	return s.Store
}

// Close releases the store and closes the tables.
func (s *Sources) Close() {
	for i := len(s.closes) - 1; i >= 0; i-- {
		s.closes[i]()
	}
}

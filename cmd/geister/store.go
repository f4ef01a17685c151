package main

import (
	"errors"
	"fmt"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"io"
	"os"
	"sync"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/proofstore"
)

// storeFlags are the proof store flags of the commands that use it.
type storeFlags struct {
	on, off *bool
	dir     *string // nil or "": beside the table directory
}

func addStoreFlags(fs *pflag.FlagSet, what string) storeFlags {
	return storeFlags{
		on: fs.Bool("store", false, "use the proof store (--store-dir), creating it if needed; "+
			"by default it is used when the table directory exists. "+what),
		off: fs.Bool("no-store", false, "do not use the proof store"),
		dir: fs.String("store-dir", "", "the proof store's directory (default: beside the table directory, <table dir>.proofs); implies --store"),
	}
}

// dirFor is the proof store's directory for the table directory
// tableDir.
func (f storeFlags) dirFor(tableDir string) string {
	if f.dir != nil && *f.dir != "" {
		return *f.dir
	}
	return proofstore.DirFor(tableDir)
}

// openStore opens the proof store that goes with tableDir for this
// process, as the flags say: nil when it is not wanted, or cannot be
// opened (another process writing it, a damaged directory) — then a
// message on e.stderr says why, and the command goes on without it. It
// is opened read-only when another process reads it. Problems met while
// in use (corrupt entries, conflicting proofs) are printed on e.stderr,
// each once. The returned function releases it and reports a failure
// to write what was pending.
func openStore(e *env, tableDir string, f storeFlags) (*proofstore.Store, func()) {
	none := func() {}
	if *f.off {
		return nil, none
	}
	dir := f.dirFor(tableDir)
	if !*f.on && dir == proofstore.DirFor(tableDir) {
		if _, err := os.Stat(tableDir); err != nil {
			return nil, none
		}
	}
	o := proofstore.DefaultOptions()
	o.OnProblem = onceReporter(e.stderr)
	st, err := proofstore.OpenShared(dir, o)
	switch {
	case errors.Is(err, proofstore.ErrLocked):
		fmt.Fprintf(e.stderr, "geister: %v; going on without it (--no-store silences this)\n", err)
		return nil, none
	case err != nil:
		fmt.Fprintf(e.stderr, "geister: proof store %s cannot be opened, going on without it: %v\n", dir, err)
		return nil, none
	}
	if st.ReadOnly() {
		fmt.Fprintf(e.stderr, "geister: proof store %s is open in another process: reading it only, new proofs are not kept\n", dir)
	}
	return st, func() {
		if err := proofstore.Release(st); err != nil {
			fmt.Fprintf(e.stderr, "geister: proof store %s: %v\n", dir, err)
		}
	}
}

// openStoreIfExists is openStore for commands that only read (probe):
// a store that does not exist is not created.
func openStoreIfExists(e *env, tableDir string, f storeFlags) (*proofstore.Store, func()) {
	if _, err := os.Stat(f.dirFor(tableDir)); err != nil {
		if (*f.on || f.dirFor(tableDir) != proofstore.DirFor(tableDir)) && !*f.off {
			fmt.Fprintf(e.stderr, "geister: no proof store in %s\n", f.dirFor(tableDir))
		}
		return nil, func() {}
	}
	return openStore(e, tableDir, f)
}

// onceReporter prints each distinct problem once.
func onceReporter(w io.Writer) func(error) {
	var mu sync.Mutex
	seen := map[string]bool{}
	return func(err error) {
		mu.Lock()
		defer mu.Unlock()
		if msg := err.Error(); !seen[msg] {
			seen[msg] = true
			fmt.Fprintf(w, "geister: %s\n", msg)
		}
	}
}

// The proof store as "geister tables" shows it.
type storeSummary = proofstore.Summary

func summarizeStore(e *env, dir string) (storeSummary, error) {
	return proofstore.Summarize(e.ctx, dir)
}
func writeStoreSummary(w io.Writer, s storeSummary) { s.WriteText(w) }

// openAgentStore opens the proof store beside the table directory dir
// for the agents of match and play (one Store for all games), when dir
// exists; messages go to w.
func openAgentStore(dir string, w io.Writer) (*proofstore.Store, func()) {
	if dir == "" {
		return nil, func() {}
	}
	f := false
	return openStore(&env{stderr: w}, dir, storeFlags{on: &f, off: &f})
}

// sources are the answers a solving command starts from: the endgame
// tables and the proof store, each nil when there is none.
type sources struct {
	tables purple.Tables
	store  *proofstore.Store // nil: none
	closes []func()
}

// proofStore is the store as solver options take it (a nil interface when
// there is none).
func (s *sources) proofStore() solver.ProofStore {
	if s.store == nil {
		return nil
	}
	return s.store
}

func (s *sources) close() {
	for i := len(s.closes) - 1; i >= 0; i-- {
		s.closes[i]()
	}
}

// openSources opens the tables of --table/--no-table (optional: see
// optionalTables) and the proof store of --store/--store-dir beside them.
// The caller closes them with close.
func openSources(e *env, tf tableFlags, so storeFlags) (*sources, error) {
	if err := tf.check(); err != nil {
		return nil, err
	}
	t, closeTables, err := optionalTables(e.stderr, tf)
	if err != nil {
		return nil, err
	}
	s := &sources{tables: t, closes: []func(){func() { closeTables() }}}
	if st, release := openStore(e, tableDir(*tf.dir), so); st != nil {
		s.store = st
		s.closes = append(s.closes, release)
	}
	return s, nil
}

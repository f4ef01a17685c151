package main

import (
	"fmt"
	"io"

	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/sources"
	"github.com/geister-solver/geister/tablebase"
)

// warner prints the warnings of package sources on w.
func warner(w io.Writer) func(string) { return func(m string) { fmt.Fprintf(w, "geister: %s\n", m) } }

// openStore opens the proof store beside tableDir as the flags say
// (sources.OpenStore).
func openStore(e *env, tableDir string, f storeFlags) (*proofstore.Store, func()) {
	return sources.OpenStore(tableDir, f.choice(), warner(e.Stderr))
}

// openStoreIfExists is openStore for commands that only read (probe).
func openStoreIfExists(e *env, tableDir string, f storeFlags) (*proofstore.Store, func()) {
	return sources.OpenStoreIfExists(tableDir, f.choice(), warner(e.Stderr))
}

// openSources opens the tables of --table/--no-table and the proof store
// beside them (sources.Open). The caller closes them.
func openSources(e *env, tf tableFlags, so storeFlags) (*sources.Sources, error) {
	if err := tf.check(); err != nil {
		return nil, err
	}
	return sources.Open(*tf.dir, *tf.none, so.choice(), warner(e.Stderr))
}

// agentEnv is what agents get from the command line: the df-pn prover,
// the endgame tables tf names when there are any, and the proof store
// beside them when the directory exists.
func agentEnv(w io.Writer, tf tableFlags) (*sources.Sources, error) {
	if err := tf.check(); err != nil {
		return nil, err
	}
	dir, named, use := tf.resolve()
	if !named {
		dir = ""
	}
	return sources.Open(dir, !use, sources.Store{Off: !use}, warner(w))
}

// openTablesDB opens the endgame tables in dir read-only
// (sources.OpenTables); the returned function closes them.
func openTablesDB(dir string) (*tablebase.DB, func() error, error) {
	db, err := sources.OpenTables(dir)
	if db == nil {
		return nil, func() error { return nil }, err
	}
	return db, db.Close, nil
}

// newAgent makes the agent of spec with the tables and store of tf
// (agentEnv); the returned function releases them.
func newAgent(e *env, tf tableFlags, spec string) (player.Agent, func(), error) {
	src, err := agentEnv(e.Stderr, tf)
	if err != nil {
		return nil, nil, err
	}
	a, err := player.New(spec, playerEnv(src))
	if err != nil {
		src.Close()
		return nil, nil, err
	}
	return a, src.Close, nil
}

// playerEnv is the agents' environment with the tables and store of src.
func playerEnv(src *sources.Sources) player.Env {
	return player.DefaultEnv().WithTables(src.Tables).WithStore(src.ProofStore())
}

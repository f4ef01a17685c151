package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/spf13/pflag"

	"geister/proofstore"
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

// openStoreForReading opens an existing proof store for listing or
// checking: read-only if it can (a store left by a process that died
// needs one read-write opening to replay its log), shared with this
// process's other users.
func openStoreForReading(dir string) (*proofstore.Store, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("no proof store in %s: %w", dir, err)
	}
	o := proofstore.DefaultOptions()
	o.ReadOnly = true
	st, err := proofstore.OpenShared(dir, o)
	if err == nil || errors.Is(err, proofstore.ErrLocked) {
		return st, err
	}
	if st, err2 := proofstore.OpenShared(dir, proofstore.DefaultOptions()); err2 == nil {
		return st, nil
	}
	return nil, err
}

// storeSummary is what "geister tables" shows of the proof store.
type storeSummary struct {
	Dir   string              `json:"dir"`
	Size  proofstore.Size     `json:"size"`
	Count proofstore.Counters `json:"counters"`
}

// summarizeStore reads the size and counters of the store in dir.
func summarizeStore(e *env, dir string) (storeSummary, error) {
	st, err := openStoreForReading(dir)
	if err != nil {
		return storeSummary{}, err
	}
	defer proofstore.Release(st)
	z, err := st.Size(e.ctx)
	if err != nil {
		return storeSummary{}, err
	}
	return storeSummary{Dir: dir, Size: z, Count: st.Stats()}, nil
}

func writeStoreSummary(w io.Writer, s storeSummary) {
	z, c := s.Size, s.Count
	fmt.Fprintf(w, "proof store %s: %d entries (%d wins, %d of them exact; %d no-wins; %d no-wins within a bound)", s.Dir, z.Entries, z.Wins, z.Exact, z.NoWins, z.Bounded)
	if z.Entries > 0 {
		fmt.Fprintf(w, ", %d bytes of keys and values (%.1f per entry), %d bytes on disk (%.1f per entry)\n", z.Bytes, float64(z.Bytes)/float64(z.Entries), z.DiskBytes, float64(z.DiskBytes)/float64(z.Entries))
	} else {
		fmt.Fprintf(w, ", %d bytes on disk\n", z.DiskBytes)
	}
	rate := 0.0
	if c.Hits+c.Misses > 0 {
		rate = 100 * float64(c.Hits) / float64(c.Hits+c.Misses)
	}
	fmt.Fprintf(w, "  %d hits, %d misses (%.1f%% answered), %d entries written, %d corrupt entries met, %d conflicting proofs met", c.Hits, c.Misses, rate, c.Written, c.Corrupt, c.Conflicts)
	if z.OtherFormat > 0 {
		fmt.Fprintf(w, "; %d keys of another format (ignored)", z.OtherFormat)
	}
	fmt.Fprintln(w)
}

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

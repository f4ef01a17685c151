package proofstore

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	badger "github.com/dgraph-io/badger/v4"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/badgerdb"
	"github.com/geister-solver/geister/purple"
)

// Options configure Open.
type Options struct {
	// ReadOnly opens without writing: Put returns ErrReadOnly and the hit
	// counters are not saved. Several read-only processes may share a
	// directory, but not with a writer.
	ReadOnly bool
	// MinNodes: root answers (Record) that took fewer search nodes are
	// not kept (they are cheaper to search again than to store).
	MinNodes uint64
	// BatchSize is the number of entries the writer gathers before it
	// writes them (default 512); FlushEvery the longest an entry waits
	// (default 200ms).
	BatchSize  int
	FlushEvery time.Duration
	// OnProblem receives corrupt entries, conflicting proofs and write
	// failures (each also counted); nil ignores them. It may be called
	// from the writer goroutine.
	OnProblem func(error)
	// Log receives Badger's warnings and errors; nil silences them.
	Log io.Writer
}

// DefaultOptions returns the options Open uses for zero fields, and a
// MinNodes of 256: keeping an answer costs about 10 µs of CPU time, a
// search of 256 nodes some hundreds, so keeping adds at most a few
// percent to any search it keeps.
func DefaultOptions() Options {
	return Options{MinNodes: 256, BatchSize: 512, FlushEvery: 200 * time.Millisecond}
}

// DirFor returns the store directory that goes with the endgame tables
// in tableDir: "<tableDir>.proofs", beside it.
func DirFor(tableDir string) string { return filepath.Clean(tableDir) + ".proofs" }

// Store is an open proof store. It is safe for concurrent use: many
// readers, and writes queued to one background writer.
type Store struct {
	db   *badger.DB
	dir  string
	opts Options
	ro   bool

	mu      sync.Mutex
	pending map[key]pendingEntry // put, not yet written (readers see them)
	dirty   []key                // keys of pending, in put order
	seq     uint64
	closed  bool

	wake    chan struct{}   // a batch is ready
	flushes chan chan error // Flush requests
	stop    chan struct{}
	done    chan struct{}

	cacheMu sync.RWMutex
	cache   map[key]Entry // decoded, checked entries read from Badger
	gen     atomic.Uint64 // counts written batches
	noCache bool          // benchmarks of Badger reads

	base         Counters // saved counters, as last read or written
	delta        counters // since then
	lastCounters time.Time
}

type pendingEntry struct {
	e      Entry  // canonical orientation, merged
	seq    uint64 // of the last put
	del    bool   // conflicting proofs met: delete the key
	queued bool   // in Store.dirty
}

// ErrLocked means another process has the store open for writing (or,
// for a writer, open at all). It is wrapped with the directory.
var ErrLocked = errors.New("proofstore: the store is in use by another process")

// Open opens the store in dir (created unless o.ReadOnly). Badger allows
// one process to write a directory: a second writer gets ErrLocked. Use
// OpenShared to share one Store within a process.
func Open(dir string, o Options) (*Store, error) {
	d := DefaultOptions()
	if o.BatchSize <= 0 {
		o.BatchSize = d.BatchSize
	}
	if o.FlushEvery <= 0 {
		o.FlushEvery = d.FlushEvery
	}
	if !o.ReadOnly {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("proofstore: %w", err)
		}
	}
	bo := badgerdb.Options(dir, "proofstore", o.Log, o.ReadOnly).
		WithIndexCacheSize(0).
		WithNumLevelZeroTables(4).
		WithNumLevelZeroTablesStall(8)
	db, err := badger.Open(bo)
	if err != nil {
		if badgerdb.Locked(err, dir, o.ReadOnly) {
			return nil, fmt.Errorf("%w: %s%s", ErrLocked, dir, badgerdb.LockHolder(dir))
		}
		return nil, fmt.Errorf("proofstore: opening %s: %w", dir, err)
	}
	s := &Store{db: db, dir: dir, opts: o, ro: o.ReadOnly, pending: map[key]pendingEntry{}, cache: map[key]Entry{}}
	if s.base, err = s.readCounters(); err != nil {
		s.report(err)
		s.delta.corrupt.Add(1)
	}
	if !s.ro {
		s.wake = make(chan struct{}, 1)
		s.flushes = make(chan chan error)
		s.stop = make(chan struct{})
		s.done = make(chan struct{})
		go s.writer()
	}
	return s, nil
}

// Dir returns the store's directory.
func (s *Store) Dir() string { return s.dir }

// ReadOnly reports whether the store was opened read-only.
func (s *Store) ReadOnly() bool { return s.ro }

// Close writes what is pending, saves the counters and closes the store.
func (s *Store) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	forget(s)
	var werr error
	if !s.ro {
		close(s.stop)
		<-s.done
		werr = s.writeBatch() // the rest, and the counters
	}
	if err := s.db.Close(); err != nil {
		return fmt.Errorf("proofstore: closing %s: %w", s.dir, err)
	}
	return werr
}

func (s *Store) report(err error) {
	if s.opts.OnProblem != nil && err != nil {
		s.opts.OnProblem(err)
	}
}

// Get returns the entry for question q about p (prover's purple game),
// in p's orientation, and whether there is one. A corrupt entry is
// reported (OnProblem), counted, and returned as an error wrapping
// ErrCorrupt, never as an entry. Get does not count hits: Lookup does.
func (s *Store) Get(p *engine.Position, prover engine.Player, q Question) (Entry, bool, error) {
	cp, t, pk := purple.Canonical(p, prover)
	e, ok, err := s.getCanonical(&cp, makeKey(pk, q))
	if !ok || err != nil {
		return Entry{}, false, err
	}
	return e.transformMoves(t.Unmove), true, nil
}

// getCanonical returns the merged pending and stored entry of k, whose
// canonical position is cp, with its line checked.
func (s *Store) getCanonical(cp *engine.Position, k key) (Entry, bool, error) {
	s.mu.Lock()
	pe, inPending := s.pending[k]
	s.mu.Unlock()
	if inPending && pe.del {
		return Entry{}, false, nil // conflicting proofs, about to be deleted
	}
	var e Entry
	stored := false
	if !s.noCache {
		s.cacheMu.RLock()
		e, stored = s.cache[k]
		s.cacheMu.RUnlock()
	}
	if !stored {
		gen := s.gen.Load()
		var err error
		e, stored, err = s.read(k)
		if err == nil && stored {
			if lerr := checkLine(*cp, Question(k[2]), &e); lerr != nil {
				err = fmt.Errorf("%w: %w", ErrCorrupt, lerr)
			}
		}
		if err != nil {
			return Entry{}, false, s.corrupt(cp, k, err)
		}
		if stored {
			s.remember(k, e, gen)
		}
	}
	switch {
	case inPending && stored:
		m, err := merge(e, pe.e)
		if err != nil {
			s.delta.conflicts.Add(1)
			s.report(fmt.Errorf("%s: %w", describe(cp, k), err))
			return Entry{}, false, nil
		}
		e = m
	case inPending:
		e = pe.e
	case !stored:
		return Entry{}, false, nil
	}
	return e, true, nil
}

// cacheMax bounds the decoded entries kept in memory.
const cacheMax = 1 << 16

// remember caches e, read from Badger when the write generation was gen,
// unless a write has happened since (it might have improved the entry).
func (s *Store) remember(k key, e Entry, gen uint64) {
	s.cacheMu.Lock()
	defer s.cacheMu.Unlock()
	if s.gen.Load() != gen {
		return
	}
	if len(s.cache) >= cacheMax {
		n := 0
		for k := range s.cache { // drop about half, in map order
			if n++; n%2 == 0 {
				delete(s.cache, k)
			}
		}
	}
	s.cache[k] = e
}

// forgetCached drops written keys from the cache; the generation moves
// first, so that a read that began before the write is not cached.
func (s *Store) forgetCached(keys []key) {
	s.gen.Add(1)
	s.cacheMu.Lock()
	defer s.cacheMu.Unlock()
	for _, k := range keys {
		delete(s.cache, k)
	}
}

// read returns the stored entry of k (canonical orientation).
func (s *Store) read(k key) (Entry, bool, error) {
	var e Entry
	found := false
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(k[:])
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("proofstore: reading %s: %w", s.dir, err)
		}
		found = true
		return item.Value(func(v []byte) error {
			var err error
			e, err = decodeValue(k[:], v)
			return err
		})
	})
	return e, found, err
}

// corrupt counts and reports a bad entry and returns the error to give.
func (s *Store) corrupt(cp *engine.Position, k key, err error) error {
	err = fmt.Errorf("%s: %w", describe(cp, k), err)
	if errors.Is(err, ErrCorrupt) {
		s.delta.corrupt.Add(1)
	}
	s.report(err)
	return err
}

// describe names an entry for messages.
func describe(cp *engine.Position, k key) string {
	q, _ := k.split()
	p := *cp
	p.SetPly(0)
	return fmt.Sprintf("proofstore: entry %s (%s, canonical, prover f)", p.String(), q)
}

func describeKey(k key) string {
	_, pk := k.split()
	p, err := pk.Decode()
	if err != nil {
		return fmt.Sprintf("proofstore: entry %x", k[:])
	}
	return describe(&p, k)
}

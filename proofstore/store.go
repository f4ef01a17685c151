package proofstore

import (
	"context"
	"encoding/binary"
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
	"github.com/geister-solver/geister/tablebase"
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

// Counters are the store's running totals, saved with every written
// batch (so a process that dies loses at most a batch's worth).
type Counters struct {
	Hits      uint64 `json:"hits"`      // questions answered by the store
	Misses    uint64 `json:"misses"`    // questions it could not answer
	Written   uint64 `json:"written"`   // entries written (new or improved)
	Corrupt   uint64 `json:"corrupt"`   // corrupt entries met (and ignored)
	Conflicts uint64 `json:"conflicts"` // contradicting proofs met (both dropped)
}

type counters struct {
	hits, misses, written, corrupt, conflicts atomic.Uint64
}

func (c *counters) take() Counters {
	return Counters{c.hits.Swap(0), c.misses.Swap(0), c.written.Swap(0), c.corrupt.Swap(0), c.conflicts.Swap(0)}
}

func (c *counters) peek() Counters {
	return Counters{c.hits.Load(), c.misses.Load(), c.written.Load(), c.corrupt.Load(), c.conflicts.Load()}
}

func (a Counters) add(b Counters) Counters {
	return Counters{a.Hits + b.Hits, a.Misses + b.Misses, a.Written + b.Written, a.Corrupt + b.Corrupt, a.Conflicts + b.Conflicts}
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

// Put offers e, the answer to question q about p in prover's purple game
// (moves in p's orientation), for keeping. It checks e (consistent fields,
// a line that replays to the win) and returns an error naming the fault,
// else queues e for the writer: it is visible to Get at once and written
// within Options.FlushEvery. What is already known of the question is
// merged with e (the shorter win, the larger no-win bound); contradicting
// proofs are reported (ErrConflict) and both dropped.
func (s *Store) Put(p *engine.Position, prover engine.Player, q Question, e Entry) error {
	if s.ro {
		return ErrReadOnly
	}
	if q != ProverWins && q != OpponentWins {
		return fmt.Errorf("proofstore: put: unknown question %d", q)
	}
	if err := purple.CheckProver(p, prover); err != nil {
		return fmt.Errorf("proofstore: put: %w", err)
	}
	if p.Outcome() != engine.Ongoing {
		return fmt.Errorf("proofstore: put: the game is over in %s", p.String())
	}
	e.normalize()
	if err := e.check(); err != nil {
		return fmt.Errorf("%w (%s, %s)", err, p.String(), q)
	}
	cp, t, pk := purple.Canonical(p, prover)
	ce := e.transformMoves(t.Move)
	if err := checkLine(cp, q, &ce); err != nil {
		return fmt.Errorf("proofstore: put: entry for %s (%s): %w", p.String(), q, err)
	}
	k := makeKey(pk, q)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return fmt.Errorf("proofstore: put: the store %s is closed", s.dir)
	}
	pe, ok := s.pending[k]
	switch {
	case !ok:
		pe = pendingEntry{e: ce}
	case pe.del:
		// A conflict waits to be deleted; the new proof comes after.
	default:
		m, err := merge(pe.e, ce)
		if err != nil {
			s.delta.conflicts.Add(1)
			pe.del, pe.e = true, Entry{}
			defer s.report(fmt.Errorf("%s: %w", describe(&cp, k), err))
		} else {
			pe.e = m
		}
	}
	s.seq++
	pe.seq = s.seq
	if !pe.queued {
		pe.queued = true
		s.dirty = append(s.dirty, k)
	}
	s.pending[k] = pe
	n := len(s.dirty)
	s.mu.Unlock()
	if n >= s.opts.BatchSize {
		select {
		case s.wake <- struct{}{}:
		default:
		}
	}
	return nil
}

// Flush writes every entry put so far and the counters, and returns when
// they are in Badger (not necessarily synced to disk).
func (s *Store) Flush() error {
	if s.ro {
		return nil
	}
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return nil
	}
	c := make(chan error, 1)
	select {
	case s.flushes <- c:
		return <-c
	case <-s.done:
		return nil
	}
}

// writer is the one goroutine that writes: a batch when BatchSize
// entries are pending, or every FlushEvery, or on Flush.
func (s *Store) writer() {
	defer close(s.done)
	t := time.NewTicker(s.opts.FlushEvery)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-s.wake:
			s.report(s.writeBatch())
		case <-t.C:
			s.report(s.writeBatch())
		case c := <-s.flushes:
			c <- s.writeBatch()
		}
	}
}

// counterEvery is how often counters alone (hits with nothing new to
// write) are saved.
const counterEvery = 2 * time.Second

// writeBatch writes the pending entries, merged with what is stored, and
// the counters, in one WriteBatch. Only the writer goroutine (or Close,
// after it) calls it.
func (s *Store) writeBatch() error {
	s.mu.Lock()
	keys := s.dirty
	s.dirty = nil
	snap := make([]pendingEntry, len(keys))
	for i, k := range keys {
		pe := s.pending[k]
		pe.queued = false
		s.pending[k] = pe
		snap[i] = pe
	}
	s.mu.Unlock()
	if len(keys) == 0 && (s.delta.peek() == Counters{} || time.Since(s.lastCounters) < counterEvery) && !s.closing() {
		return nil
	}
	// Merge with what is stored.
	type write struct {
		k key
		v []byte // nil: delete
	}
	writes := make([]write, 0, len(keys))
	var problems []error
	err := s.db.View(func(txn *badger.Txn) error {
		for i, k := range keys {
			pe := snap[i]
			if pe.del {
				writes = append(writes, write{k: k})
				continue
			}
			e := pe.e
			item, err := txn.Get(k[:])
			switch {
			case errors.Is(err, badger.ErrKeyNotFound):
			case err != nil:
				return err
			default:
				var old Entry
				err := item.Value(func(v []byte) error {
					var err error
					old, err = decodeValue(k[:], v)
					return err
				})
				switch {
				case errors.Is(err, ErrCorrupt):
					// Overwritten by the new proof.
					s.delta.corrupt.Add(1)
					problems = append(problems, fmt.Errorf("%s: %w (replaced)", describeKey(k), err))
				case err != nil:
					return err
				default:
					m, err := merge(old, e)
					if err != nil {
						s.delta.conflicts.Add(1)
						problems = append(problems, fmt.Errorf("%s: %w", describeKey(k), err))
						writes = append(writes, write{k: k})
						continue
					}
					if entriesEqual(&m, &old) {
						continue // nothing new
					}
					e = m
				}
			}
			writes = append(writes, write{k: k, v: encodeValue(k[:], &e)})
		}
		return nil
	})
	for _, p := range problems {
		s.report(p)
	}
	if err != nil {
		s.requeue(keys)
		return fmt.Errorf("proofstore: writing %s: %w", s.dir, err)
	}
	wb := s.db.NewWriteBatch()
	defer wb.Cancel()
	written := 0
	for _, w := range writes {
		if w.v != nil {
			err = wb.Set(w.k[:], w.v)
			written++
		} else {
			err = wb.Delete(w.k[:])
		}
		if err != nil {
			s.requeue(keys)
			return fmt.Errorf("proofstore: writing %s: %w", s.dir, err)
		}
	}
	s.delta.written.Add(uint64(written))
	taken := s.delta.take()
	s.mu.Lock()
	total := s.base.add(taken)
	s.mu.Unlock()
	if err := wb.Set(countersKey(), encodeCounters(total)); err != nil {
		s.giveBack(taken)
		s.requeue(keys)
		return fmt.Errorf("proofstore: writing %s: %w", s.dir, err)
	}
	if err := wb.Flush(); err != nil {
		s.giveBack(taken)
		s.requeue(keys)
		return fmt.Errorf("proofstore: writing %s: %w", s.dir, err)
	}
	s.forgetCached(keys)
	s.mu.Lock()
	s.base = total
	s.lastCounters = time.Now()
	for i, k := range keys {
		if pe, ok := s.pending[k]; ok && pe.seq == snap[i].seq && !pe.queued {
			delete(s.pending, k)
		}
	}
	s.mu.Unlock()
	return nil
}

// requeue puts keys back in the dirty list after a failed write (they
// stay pending, so readers still see them).
func (s *Store) requeue(keys []key) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, k := range keys {
		if pe, ok := s.pending[k]; ok && !pe.queued {
			pe.queued = true
			s.pending[k] = pe
			s.dirty = append(s.dirty, k)
		}
	}
}

func (s *Store) giveBack(c Counters) {
	s.delta.hits.Add(c.Hits)
	s.delta.misses.Add(c.Misses)
	s.delta.written.Add(c.Written)
	s.delta.corrupt.Add(c.Corrupt)
	s.delta.conflicts.Add(c.Conflicts)
}

func (s *Store) closing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

func entriesEqual(a, b *Entry) bool {
	if a.Win != b.Win || a.Plies != b.Plies || a.Exact != b.Exact || a.NoWinWithin != b.NoWinWithin ||
		a.NoWinEver != b.NoWinEver || a.Move != b.Move || len(a.PV) != len(b.PV) || a.Nodes != b.Nodes || a.Solver != b.Solver {
		return false
	}
	for i := range a.PV {
		if a.PV[i] != b.PV[i] {
			return false
		}
	}
	return true
}

func describeKey(k key) string {
	_, pk := k.split()
	p, err := pk.Decode()
	if err != nil {
		return fmt.Sprintf("proofstore: entry %x", k[:])
	}
	return describe(&p, k)
}

func countersKey() []byte { return []byte{FormatVersion, kindCounters} }

func encodeCounters(c Counters) []byte {
	out := make([]byte, 0, 48)
	for _, v := range []uint64{c.Hits, c.Misses, c.Written, c.Corrupt, c.Conflicts} {
		out = binary.BigEndian.AppendUint64(out, v)
	}
	return binary.BigEndian.AppendUint64(out, badgerdb.Sum(countersKey(), out))
}

func decodeCounters(v []byte) (Counters, error) {
	if len(v) != 48 || binary.BigEndian.Uint64(v[40:]) != badgerdb.Sum(countersKey(), v[:40]) {
		return Counters{}, fmt.Errorf("%w: the counters record fails its checksum (counting restarts from zero)", ErrCorrupt)
	}
	u := func(i int) uint64 { return binary.BigEndian.Uint64(v[8*i:]) }
	return Counters{u(0), u(1), u(2), u(3), u(4)}, nil
}

func (s *Store) readCounters() (Counters, error) {
	var c Counters
	err := s.db.View(func(txn *badger.Txn) error {
		item, err := txn.Get(countersKey())
		if errors.Is(err, badger.ErrKeyNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		return item.Value(func(v []byte) error {
			var err error
			c, err = decodeCounters(v)
			return err
		})
	})
	return c, err
}

// Stats returns the counters: saved totals plus this process's unsaved
// ones.
func (s *Store) Stats() Counters {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.base.add(s.delta.peek())
}

// ScanEntry is one stored entry as Scan sees it: the canonical position
// (prover = first player, ply 0), the question, and the entry in the
// canonical orientation, or Err (wrapping ErrCorrupt) for a bad one.
type ScanEntry struct {
	Pos      engine.Position
	Question Question
	Entry    Entry
	Err      error
	Bytes    int // key and value
}

// Scan calls fn for every entry of this format, in key order, with
// written entries only (call Flush first to include pending ones).
func (s *Store) Scan(ctx context.Context, fn func(ScanEntry) error) error {
	prefix := []byte{FormatVersion, kindEntry}
	return s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{Prefix: prefix, PrefetchValues: true, PrefetchSize: 64})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			item := it.Item()
			var se ScanEntry
			kb := item.Key()
			se.Bytes = len(kb) + int(item.ValueSize())
			if len(kb) != keyLen {
				se.Err = fmt.Errorf("%w: key %x of %d bytes", ErrCorrupt, kb, len(kb))
			} else {
				var k key
				copy(k[:], kb)
				q, pk := k.split()
				se.Question = q
				p, err := pk.Decode()
				if err != nil || (q != ProverWins && q != OpponentWins) {
					se.Err = fmt.Errorf("%w: key %x: not a position and question: %w", ErrCorrupt, kb, err)
				} else {
					se.Pos = p
					err := item.Value(func(v []byte) error {
						var err error
						se.Entry, err = decodeValue(kb, v)
						return err
					})
					if err == nil {
						if err2 := checkLine(p, q, &se.Entry); err2 != nil {
							err = fmt.Errorf("%w: %v", ErrCorrupt, err2)
						}
					}
					if err != nil {
						se.Err = fmt.Errorf("%s: %w", describe(&p, k), err)
					}
				}
			}
			if err := fn(se); err != nil {
				return err
			}
		}
		return nil
	})
}

// Size is what the store holds.
type Size struct {
	Entries     uint64 `json:"entries"`      // entries of this format
	Wins        uint64 `json:"wins"`         // of which wins
	Exact       uint64 `json:"exact"`        // of which exact
	NoWins      uint64 `json:"no_wins"`      // no win ever
	Bounded     uint64 `json:"bounded"`      // no win within a bound only
	Bytes       uint64 `json:"bytes"`        // their keys and values
	OtherFormat uint64 `json:"other_format"` // keys of other formats (ignored)
	DiskBytes   int64  `json:"disk_bytes"`   // the directory's files
}

// Size writes what is pending, then counts the stored entries by
// reading every key and the flags byte of every value.
func (s *Store) Size(ctx context.Context) (Size, error) {
	var z Size
	if err := s.Flush(); err != nil {
		return z, err
	}
	err := s.db.View(func(txn *badger.Txn) error {
		it := txn.NewIterator(badger.IteratorOptions{PrefetchValues: false})
		defer it.Close()
		for it.Rewind(); it.Valid(); it.Next() {
			if err := ctx.Err(); err != nil {
				return err
			}
			item := it.Item()
			k := item.Key()
			switch {
			case len(k) == keyLen && k[0] == FormatVersion && k[1] == kindEntry:
			case len(k) == 2 && k[0] == FormatVersion && k[1] == kindCounters:
				continue
			default:
				z.OtherFormat++
				continue
			}
			z.Entries++
			z.Bytes += uint64(len(k)) + uint64(item.ValueSize())
			err := item.Value(func(v []byte) error {
				if len(v) > 1 {
					switch f := v[1]; {
					case f&flagWin != 0:
						z.Wins++
						if f&flagExact != 0 {
							z.Exact++
						}
					case f&flagNoWinEver != 0:
						z.NoWins++
					default:
						z.Bounded++
					}
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	z.DiskBytes = tablebase.DirBytes(s.dir)
	return z, err
}

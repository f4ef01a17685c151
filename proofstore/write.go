package proofstore

// Writing: Put checks an entry and queues it, merged with what is known;
// one writer goroutine stores the queue in batches, merged with what is
// stored, with the counters; Flush waits for it.

import (
	"errors"
	"fmt"
	"time"

	badger "github.com/dgraph-io/badger/v4"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

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

package proofstore

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync/atomic"

	badger "github.com/dgraph-io/badger/v4"

	"github.com/geister-solver/geister/internal/badgerdb"
)

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

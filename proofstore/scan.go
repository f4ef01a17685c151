package proofstore

import (
	"context"
	"fmt"

	badger "github.com/dgraph-io/badger/v4"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/tablebase"
)

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

package tablebase

import (
	"context"
	"errors"
	"fmt"
	"time"

	badger "github.com/dgraph-io/badger/v4"

	"github.com/geister-solver/geister/purple"
)

// MergeReport lists what Merge did with each complete class of the
// sources.
type MergeReport struct {
	Copied []Manifest // written into the destination
	Kept   []Manifest // complete in the destination already (not copied)
}

// Merge copies every class complete in src (one store or several, see
// Open) and not complete in dst into dst: its blocks as they are stored,
// each checked (checksum, length) before it is written, then its manifest,
// written complete only after the blocks are synced; so an interrupted
// merge is resumed by running it again. Classes incomplete in src are not
// copied. dst must be open read-write.
func Merge(ctx context.Context, dst, src *DB) (MergeReport, error) {
	var rep MergeReport
	if dst.opts.ReadOnly {
		return rep, errors.New("tablebase: merge: the destination is open read-only")
	}
	dst.buildMu.Lock()
	defer dst.buildMu.Unlock()
	for _, m := range src.Classes() {
		if !m.Complete || m.Format != FormatVersion {
			continue
		}
		c, err := m.PurpleClass()
		if err != nil {
			return rep, fmt.Errorf("%w: manifest of %q", ErrCorrupt, m.Class)
		}
		if dst.Has(c) {
			dm, _ := dst.Manifest(c)
			rep.Kept = append(rep.Kept, dm)
			continue
		}
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		if err := dst.copyClass(ctx, src, c, m); err != nil {
			return rep, err
		}
		rep.Copied = append(rep.Copied, m)
	}
	return rep, nil
}

// copyClass copies the blocks and then the manifest of c from src.
func (db *DB) copyClass(ctx context.Context, src *DB, c purple.Class, m Manifest) error {
	ci := src.info(c)
	incomplete := m
	incomplete.Complete = false
	if err := db.writeManifest(c, incomplete); err != nil {
		return err
	}
	wb := db.bdb.NewWriteBatch()
	defer wb.Cancel()
	buf := make([]byte, blockSize)
	blocks := 0
	for s := 0; s < 2; s++ {
		next := uint32(0)
		err := src.eachBlock(ci, s, &next, func(item *badger.Item, blk uint32) error {
			if err := ctx.Err(); err != nil {
				return err
			}
			if blk != next {
				return missingBlock(c, s, next)
			}
			k := item.KeyCopy(nil)
			v, err := item.ValueCopy(nil)
			if err != nil {
				return err
			}
			if err := src.decodeBlock(k, v, buf[:ci.blockLen(s, blk)]); err != nil {
				return err
			}
			if err := wb.Set(k, v); err != nil {
				return err
			}
			next++
			blocks++
			return nil
		})
		if err != nil {
			return fmt.Errorf("tablebase: merging %s: %w", c, err)
		}
		if next != ci.blocks(s) {
			return fmt.Errorf("tablebase: merging %s: %w: %s to move has %d blocks, want %d", c, ErrCorrupt, sideName(s), next, ci.blocks(s))
		}
	}
	if blocks != m.Blocks {
		return fmt.Errorf("tablebase: merging %s: %w: %d blocks, the manifest says %d", c, ErrCorrupt, blocks, m.Blocks)
	}
	if err := wb.Flush(); err != nil {
		return fmt.Errorf("tablebase: merging %s: %w", c, err)
	}
	if err := db.bdb.Sync(); err != nil {
		return fmt.Errorf("tablebase: merging %s: %w", c, err)
	}
	return db.writeManifest(c, m)
}

// Compare checks that every class complete in a is complete in b with the
// same entries (every position of both sides to move) and the same
// figures in its manifest; it returns the first difference, or nil. It
// holds one class of each store in memory at a time.
func Compare(ctx context.Context, a, b *DB) (classes int, err error) {
	for _, ma := range a.Classes() {
		if !ma.Complete {
			continue
		}
		c, err := ma.PurpleClass()
		if err != nil {
			return classes, fmt.Errorf("%w: manifest of %q", ErrCorrupt, ma.Class)
		}
		mb, ok := b.Manifest(c)
		if !ok || !b.Has(c) {
			return classes, fmt.Errorf("tablebase: %s is complete in %s, not in %s", c, a.Dir(), b.Dir())
		}
		ma.Built, ma.BuildSecs, mb.Built, mb.BuildSecs = time.Time{}, 0, time.Time{}, 0
		if ma != mb {
			return classes, fmt.Errorf("tablebase: the manifests of %s differ: %+v in %s, %+v in %s", c, ma, a.Dir(), mb, b.Dir())
		}
		if err := ctx.Err(); err != nil {
			return classes, err
		}
		ta, err := a.loadTable(c, nil)
		if err != nil {
			return classes, err
		}
		tb, err := b.loadTable(c, nil)
		if err != nil {
			return classes, err
		}
		for s := 0; s < 2; s++ {
			for i := range ta.vals[s] {
				if ta.vals[s][i] != tb.vals[s][i] {
					return classes, fmt.Errorf("tablebase: %s, %s to move, stored entry %d: %#x in %s, %#x in %s", c, sideName(s), i, ta.vals[s][i], a.Dir(), tb.vals[s][i], b.Dir())
				}
			}
		}
		classes++
	}
	return classes, nil
}

package tablebase

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Scan calls fn for every position of class c with its stored value:
// the prover is the first player, either side to move, and of each
// position and its mirror image only one (mirror images have the same
// value). It streams the class block by block (a block's worth of memory)
// and stops at the first error of fn or of the store (a corrupt block
// gives an error wrapping ErrCorrupt), or when ctx is done.
func (db *DB) Scan(ctx context.Context, c purple.Class, fn func(p engine.Position, v Entry) error) error {
	return db.ScanWhere(ctx, c, nil, fn)
}

// ScanWhere is Scan for the entries keep accepts: keep sees every entry
// Scan visits, in Scan's order (of a position and its mirror image only
// one), with whether the prover is to move, before the entry's position
// is made (and, but where the entry may be a mirror image's, before its
// board is unranked); fn gets the positions of those it accepts (all,
// with keep nil). Making the board and the engine position is most of a
// scan's work, and an enumeration keeps few of the positions it reads.
func (db *DB) ScanWhere(ctx context.Context, c purple.Class, keep func(proverToMove bool, v Entry) bool, fn func(p engine.Position, v Entry) error) error {
	ci := db.info(c)
	if ci == nil || !ci.complete.Load() {
		return fmt.Errorf("%w: class %s", ErrNotInTable, c)
	}
	buf := make([]byte, blockSize)
	for s := 0; s < 2; s++ {
		l := ci.lay[s]
		u := unranker{l: l}
		for blk := uint32(0); blk < ci.blocks(s); blk++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			data := buf[:ci.blockLen(s, blk)]
			if err := db.readBlock(ci, s, blk, data); err != nil {
				return err
			}
			lo := uint64(blk) * blockSize
			for j, b := range data {
				idx := lo + uint64(j)
				f := idx / l.row
				// The board is needed first only where the entry may be
				// a mirror image's (visited once); elsewhere only for
				// the entries keep accepts.
				var x board
				full := uint64(l.unfold[f])*l.row + idx%l.row // the entry's index before folding
				sym := l.symTop[f]
				if sym {
					x = u.board(full)
					// Both x and its mirror image are stored: visit the first.
					m := x.mirrored()
					if l.folded(&m) < idx {
						continue
					}
				}
				v, ok := decodeEntry(b)
				if !ok {
					return fmt.Errorf("%w: class %s: invalid value %#x", ErrCorrupt, c, b)
				}
				if keep != nil && !keep(s == sideP, v) {
					continue
				}
				if !sym {
					x = u.board(full)
				}
				if err := fn(position(c, x, s), v); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

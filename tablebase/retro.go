package tablebase

// The retrograde builder of one class (docs/references.md "Endgame
// tables"):
// predecessor counters and un-move generation, level by level.
//
// Every position x of the class, with either side to move, gets from its
// own moves (the init pass):
//
//   - the best value its captures and escapes give the side to move: a move
//     that ends the game, or a capture into a smaller class whose value is
//     already known (captures change the material, so their children are in
//     classes built before);
//   - a counter: the number of its moves that are not (yet) known to lose
//     for the side to move; quiet moves stay in the class and start unknown.
//
// Then, for n = 1, 2, ...: the positions decided at distance n are the
// frontier. For each frontier position y and each position x that reaches
// y by one quiet move (un-moves: every non-capture move is reversible):
//
//   - if y is lost for the side to move in y, x wins at distance n+1 for
//     its side to move, unless x already wins sooner;
//   - otherwise x's counter drops; at zero every move of x loses, and x
//     loses at distance 1 + the longest of its children's distances (the
//     side to move delays): max(n, its captures' longest) + 1.
//
// Distances follow SPEC §4: the winner hastens, the loser delays, the
// winning ply counts. Values never change once the level of their distance
// is reached, so each level's frontier is final. What is undecided at the
// end is neither side's forced win (repetition and endless play are not
// wins).
//
// Mirror images (docs/references.md "Endgame tables": symmetry halves a
// table): a position and its left-right mirror image have the same value,
// so the builder works on the stored (folded) index of each side, which
// keeps one of the two rows of mirror-image top groups (layout). The
// predecessors of a frontier position y keep the target layout's top
// group, so they are all stored or none: y's un-moves are taken when y's
// target top group is canonical, and those of y's mirror image when that
// image's is and the image is not stored itself (a stored image is a
// frontier position of its own). Every pair (x, a move of x) is then met
// exactly once, as in the full index; about half the entries, half the
// memory and half the work.
//
// Parallelism without locks: a level first collects its frontier into
// buckets by the row of the positions it will update (all predecessors of
// a frontier position share the row, because the layouts put the pieces of
// the side that did not move on top), then workers take whole rows-ranges
// (chunks) of the arrays, so no two goroutines touch the same entry.

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/geister-solver/geister/purple"
)

// table is a built class in memory: the stored (folded) values per side.
type table struct {
	c    purple.Class
	lay  [2]*layout
	vals [2][]byte
}

func (t *table) lookup(side int, x *board) uint8 {
	return t.vals[side][t.lay[side].folded(x)]
}

// retro builds one class.
type retro struct {
	c   purple.Class
	lay [2]*layout
	st  [2][]uint16 // low byte: value; high byte: counter
	capTables
	workers int

	unit    [2]uint64 // entries of one chunk row of a side's array
	rowsPer [2]uint64 // chunk rows per chunk
	nChunks [2]int

	bk       []buckets // per worker, reused across levels
	maxD     atomic.Int32
	internal atomic.Int64 // consistency faults (must stay 0)
	progress func(done uint64)
	ctx      context.Context
	level    int
	// A level scans for its frontier in tasks of scanChunk entries, at
	// most roundTasks of them a round (tests make both small).
	scanChunk  uint64
	roundTasks int

	// maxFrontier is the most positions decided at one level.
	maxFrontier uint64

	// done is the number of levels finished (0 after the init pass; -1
	// before it), set by a restored checkpoint; save, if not nil, is
	// called with done after the init pass and after each level.
	done int
	save func(done int) error
}

var errTooDeep = errors.New("tablebase: a distance exceeds 127 plies, which this format cannot store")

func newRetro(c purple.Class, deps map[purple.Class]*table, workers int) (*retro, error) {
	if err := checkClass(c); err != nil {
		return nil, err
	}
	b := &retro{c: c, workers: workers, done: -1, scanChunk: 1 << 20}
	b.roundTasks = mirBit/int(b.scanChunk) - 1 // entries relative to a round's base fit 30 bits
	if b.workers < 1 {
		b.workers = runtime.GOMAXPROCS(0)
	}
	for s := 0; s < 2; s++ {
		b.lay[s] = newLayout(c, s)
	}
	var err error
	if b.capTables, err = newCapTables(c, deps); err != nil {
		return nil, err
	}
	// Chunk rows: the prover-to-move array is updated by prover un-moves,
	// which keep the opponent's pieces (its top group); the opponent-to-
	// move array by opponent un-moves, which keep the prover's pieces (its
	// top two groups).
	b.unit[sideP] = b.lay[sideP].row
	b.unit[sideO] = b.lay[sideO].n[2]
	b.setChunk(1 << 17)
	return b, nil
}

// setChunk makes the chunks of both arrays about entries long, in whole
// rows (at least one).
func (b *retro) setChunk(entries uint64) {
	for s := 0; s < 2; s++ {
		rows := b.lay[s].foldSize / b.unit[s]
		per := max(entries/b.unit[s], 1)
		b.rowsPer[s] = per
		b.nChunks[s] = int((rows + per - 1) / per)
	}
}

// run builds the class into b.st, from the start or from the state of a
// restored checkpoint (b.done levels finished). progress receives counts
// of positions processed (from several goroutines); onLevel, if not nil,
// each level.
func (b *retro) run(ctx context.Context, progress func(done uint64), onLevel func(int)) error {
	b.ctx = ctx
	b.progress = progress
	if b.done < 0 {
		for s := 0; s < 2; s++ {
			b.st[s] = make([]uint16, b.lay[s].foldSize)
		}
		if err := b.initPass(); err != nil {
			return err
		}
		b.done = 0
		if err := b.checkpoint(); err != nil {
			return err
		}
	}
	for n := b.done + 1; n <= int(b.maxD.Load()); n++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		b.level = n
		if n+1 > maxDist {
			return errTooDeep
		}
		if onLevel != nil {
			onLevel(n)
		}
		if err := b.levelPass(n); err != nil {
			return err
		}
		if k := b.internal.Load(); k != 0 {
			return fmt.Errorf("tablebase: building %s: %d internal inconsistencies at level %d", b.c, k, n)
		}
		b.done = n
		if err := b.checkpoint(); err != nil {
			return err
		}
	}
	b.bk = nil // the buckets' memory goes before the stored form is made
	return nil
}

// decidedBy counts the positions decided at distance n or less (those
// the levels up to n processed).
func (b *retro) decidedBy(n int) uint64 {
	var k uint64
	for s := 0; s < 2; s++ {
		for _, e := range b.st[s] {
			if v := uint8(e); v != 0 && int(v&maxDist) <= n {
				k++
			}
		}
	}
	return k
}

func (b *retro) checkpoint() error {
	if b.save == nil {
		return nil
	}
	return b.save(b.done)
}

func (b *retro) noteDist(d int) {
	for {
		m := b.maxD.Load()
		if int32(d) <= m || b.maxD.CompareAndSwap(m, int32(d)) {
			return
		}
	}
}

// parallel runs fn(task) for tasks 0..n-1 on the workers and returns the
// first error.
func (b *retro) parallel(n int, fn func(w, task int) error) error {
	var next atomic.Int64
	var firstErr error
	var once sync.Once
	var wg sync.WaitGroup
	for w := 0; w < b.workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				t := int(next.Add(1) - 1)
				if t >= n {
					return
				}
				if err := fn(w, t); err != nil {
					once.Do(func() { firstErr = err })
					next.Store(int64(n))
					return
				}
			}
		}(w)
	}
	wg.Wait()
	return firstErr
}

// foldValues returns the stored (folded) values of side s.
func (b *retro) foldValues(s int) []byte {
	out := make([]byte, len(b.st[s]))
	for i, e := range b.st[s] {
		out[i] = uint8(e)
	}
	return out
}

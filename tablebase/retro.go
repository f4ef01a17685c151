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
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

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

// capTables are the classes the captures of a class lead into.
type capTables struct {
	pCap  *table // after a prover capture (opponent to move); nil: the capture loses at once
	oCapB *table // after the opponent takes a blue; nil: that loses the prover's last blue
	oCapR *table // after the opponent takes a red; nil: that wins for the prover
}

func newCapTables(c purple.Class, deps map[purple.Class]*table) (capTables, error) {
	var ct capTables
	need := func(d purple.Class) (*table, error) {
		t := deps[d]
		if t == nil {
			return nil, fmt.Errorf("tablebase: class %s needs %s, which is not built", c, d)
		}
		return t, nil
	}
	var err error
	if c.OppReds > 1 {
		if ct.pCap, err = need(purple.Class{Blues: c.Blues, Reds: c.Reds, OppPieces: c.OppPieces - 1, OppReds: c.OppReds - 1}); err != nil {
			return ct, err
		}
	}
	if c.Blues > 1 {
		if ct.oCapB, err = need(purple.Class{Blues: c.Blues - 1, Reds: c.Reds, OppPieces: c.OppPieces, OppReds: c.OppReds}); err != nil {
			return ct, err
		}
	}
	if c.Reds > 1 {
		if ct.oCapR, err = need(purple.Class{Blues: c.Blues, Reds: c.Reds - 1, OppPieces: c.OppPieces, OppReds: c.OppReds}); err != nil {
			return ct, err
		}
	}
	return ct, nil
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

// children evaluates the captures and escapes of x (side to move s): the
// shortest win they give the side to move (-1: none), the longest loss
// among the rest, and how many of them do not lose for the side to move.
// Distances are those of the children (0 for a move that ends the game).
func (b *capTables) captures(s int, x *board) (good, maxBad, notBad int) {
	good = -1
	if s == sideP {
		if x.b&exitsP != 0 {
			return 0, 0, 1
		}
		if b.pCap == nil || adjacent(x.b|x.r)&x.o == 0 {
			// No capture, or only of the opponent's last piece, a red
			// (purple rule): it loses at once and counts for nothing.
			return
		}
		for d := 0; d < 4; d++ {
			for gi := 0; gi < 2; gi++ {
				g := x.b
				if gi == 1 {
					g = x.r
				}
				for t := step(d, g) & x.o; t != 0; t &= t - 1 {
					to := t & -t
					if b.pCap == nil {
						// Purple rule: the capture is red, the opponent's last.
						continue
					}
					from := uint64(1) << uint(bits.TrailingZeros64(to)-off[d])
					y := *x
					y.o &^= to
					if gi == 0 {
						y.b ^= from | to
					} else {
						y.r ^= from | to
					}
					v := b.pCap.lookup(sideO, &y)
					switch {
					case v == 0:
						notBad++
					case v&lossBit == 0: // the prover wins
						notBad++
						if good < 0 || int(v) < good {
							good = int(v)
						}
					default:
						if dd := int(v & maxDist); dd > maxBad {
							maxBad = dd
						}
					}
				}
			}
		}
		return
	}
	if x.o&exitsO != 0 {
		return 0, 0, 1
	}
	if adjacent(x.o)&(x.b|x.r) == 0 {
		return
	}
	for d := 0; d < 4; d++ {
		st := step(d, x.o)
		for t := st & (x.b | x.r); t != 0; t &= t - 1 {
			to := t & -t
			from := uint64(1) << uint(bits.TrailingZeros64(to)-off[d])
			y := *x
			y.o ^= from | to
			var tb *table
			if x.b&to != 0 {
				if b.oCapB == nil {
					return 0, 0, 1 // takes the prover's last blue
				}
				y.b &^= to
				tb = b.oCapB
			} else {
				if b.oCapR == nil {
					continue // takes the prover's last red: the prover wins
				}
				y.r &^= to
				tb = b.oCapR
			}
			v := tb.lookup(sideP, &y)
			switch {
			case v == 0:
				notBad++
			case v&lossBit != 0: // the opponent wins
				notBad++
				if dd := int(v & maxDist); good < 0 || dd < good {
					good = dd
				}
			default:
				if int(v) > maxBad {
					maxBad = int(v)
				}
			}
		}
	}
	return
}

// initEntry computes the start state of x.
func (b *retro) initEntry(s int, x *board) (uint16, int) {
	good, maxBad, notBad := b.captures(s, x)
	if good >= 0 {
		return uint16(uint8(good+1) | goodBit[s]), good + 1
	}
	var own uint64
	if s == sideP {
		own = x.b | x.r
	} else {
		own = x.o
	}
	cnt := notBad + quietMoves(own, mask36&^(x.b|x.r|x.o))
	if cnt == 0 {
		return uint16(uint8(maxBad+1) | goodBit[s] ^ lossBit), maxBad + 1
	}
	return uint16(cnt) << 8, 0
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

// initPass fills the start states, chunk by chunk.
func (b *retro) initPass() error {
	tasks := b.nChunks[sideP] + b.nChunks[sideO]
	return b.parallel(tasks, func(w, task int) error {
		if err := b.ctx.Err(); err != nil {
			return err
		}
		s := sideP
		if task >= b.nChunks[sideP] {
			s, task = sideO, task-b.nChunks[sideP]
		}
		lo := uint64(task) * b.rowsPer[s] * b.unit[s]
		hi := min(lo+b.rowsPer[s]*b.unit[s], b.lay[s].foldSize)
		md := b.initRange(s, lo, hi)
		if md > maxDist {
			return errTooDeep
		}
		b.noteDist(md)
		if b.progress != nil {
			b.progress(hi - lo)
		}
		return nil
	})
}

// initRange enumerates stored indices [lo, hi) of side s in order: the top
// two groups are decoded once per row of n2 entries, the last group runs
// through its configurations in colex order (Gosper's successor on the
// squares the first two groups leave free).
func (b *retro) initRange(s int, lo, hi uint64) int {
	l := b.lay[s]
	st := b.st[s]
	n2 := l.n[2]
	k2 := l.k[2]
	md := 0
	var freeSq [36]uint8
	for i := lo; i < hi; {
		rowStart := i - i%n2
		x := l.foldedBoard(i)
		g0, g1 := x.group(l.grp[0]), x.group(l.grp[1])
		nf := 0
		for f := mask36 &^ (g0 | g1); f != 0; f &= f - 1 {
			freeSq[nf] = uint8(bits.TrailingZeros64(f))
			nf++
		}
		// the compact mask of the last group at index i
		var cm uint64
		for g := x.group(l.grp[2]); g != 0; g &= g - 1 {
			sq := bits.TrailingZeros64(g)
			cm |= 1 << uint(sq-bits.OnesCount64((g0|g1)&(1<<uint(sq)-1)))
		}
		end := min(rowStart+n2, hi)
		for ; i < end; i++ {
			var g2 uint64
			for m := cm; m != 0; m &= m - 1 {
				g2 |= 1 << freeSq[bits.TrailingZeros64(m)]
			}
			x.setGroup(l.grp[2], g2)
			v, d := b.initEntry(s, &x)
			st[i] = v
			if d > md {
				md = d
			}
			// Gosper: the next k2-subset in colex order.
			if k2 > 0 {
				c := cm & -cm
				r := cm + c
				cm = (r^cm)>>uint(bits.TrailingZeros64(c)+2) | r
			}
		}
	}
	return md
}

// frontier buckets: per worker, per target side, per target chunk, the
// indices of frontier positions less the first index the round scanned of
// their side (a round scans fewer than 2^30 entries, so classes of any
// size fit), with the top bit set when the targets lose (their counters
// drop) rather than win, and the next when the un-moves are those of the
// position's mirror image.
const (
	decBit = 1 << 31
	mirBit = 1 << 30
)

type buckets [2][][]uint32

// levelPass processes the positions decided at distance n.
func (b *retro) levelPass(n int) error {
	if b.bk == nil {
		b.bk = make([]buckets, b.workers)
		for w := range b.bk {
			for s := 0; s < 2; s++ {
				b.bk[w][s] = make([][]uint32, b.nChunks[s])
			}
		}
	}
	bk := b.bk
	// Collect: scan both arrays for entries at distance n, in rounds of
	// at most frontierBudget positions (the buckets' memory), each
	// followed by its apply. Rounds of one level commute: apply writes
	// only distances above n, which collect at level n does not take, and
	// never changes an entry at distance n.
	scanChunk, maxRoundTasks := b.scanChunk, b.roundTasks
	nScan := [2]int{}
	for s := 0; s < 2; s++ {
		nScan[s] = int((b.lay[s].foldSize + scanChunk - 1) / scanChunk)
	}
	budget := b.frontierBudget()
	var levelFound uint64
	for next := 0; next < nScan[0]+nScan[1]; {
		for w := range bk {
			for s := 0; s < 2; s++ {
				for c := range bk[w][s] {
					bk[w][s][c] = bk[w][s][c][:0]
				}
			}
		}
		var found atomic.Uint64
		var take atomic.Int64
		take.Store(int64(next))
		total := nScan[0] + nScan[1]
		end := min(total, next+maxRoundTasks)
		// the first index of each side this round scans
		var base [2]uint64
		if next < nScan[0] {
			base[sideP] = uint64(next) * scanChunk
		} else {
			base[sideO] = uint64(next-nScan[0]) * scanChunk
		}
		var wg sync.WaitGroup
		for w := 0; w < b.workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for found.Load() < budget {
					task := int(take.Add(1) - 1)
					if task >= end {
						return
					}
					s := sideP
					if task >= nScan[0] {
						s, task = sideO, task-nScan[0]
					}
					lo := uint64(task) * scanChunk
					hi := min(lo+scanChunk, b.lay[s].foldSize)
					found.Add(b.collect(s, lo, hi, base[s], uint8(n), &bk[w]))
				}
			}(w)
		}
		wg.Wait()
		next = min(int(take.Load()), end)
		levelFound += found.Load()
		// Apply: chunks of both target arrays.
		tasks := b.nChunks[sideP] + b.nChunks[sideO]
		err := b.parallel(tasks, func(w, task int) error {
			if err := b.ctx.Err(); err != nil {
				return err
			}
			t := sideP
			if task >= b.nChunks[sideP] {
				t, task = sideO, task-b.nChunks[sideP]
			}
			md, done, err := b.apply(t, task, n, base[1-t], bk)
			if err != nil {
				return err
			}
			b.noteDist(md)
			if b.progress != nil && done > 0 {
				b.progress(done)
			}
			return nil
		})
		if err != nil {
			return err
		}
		// Rounds fill the buckets unevenly: a bucket much larger than its
		// share of the budget goes, so that the buckets' capacity stays
		// near one round's budget rather than the sum of their maxima.
		share := 2 * budget / uint64(len(bk)*(b.nChunks[0]+b.nChunks[1]))
		for w := range bk {
			for s := 0; s < 2; s++ {
				for c := range bk[w][s] {
					if uint64(cap(bk[w][s][c])) > max(share, 1024) {
						bk[w][s][c] = nil
					}
				}
			}
		}
	}
	b.maxFrontier = max(b.maxFrontier, levelFound)
	return nil
}

// frontierBudget is the most frontier positions one round of a level
// collects: a thirty-second of the class (at least 2^18), so that the
// buckets (four bytes an entry, up to twice that with the slack of
// growing slices) stay near a quarter of a byte a position; see
// buildBytesPerEntry.
func (b *retro) frontierBudget() uint64 {
	return max(1<<18, (b.lay[sideP].foldSize+b.lay[sideO].foldSize)/32)
}

// u64s views a []uint16 of length divisible by 4 as []uint64.
func u64s(s []uint16) []uint64 {
	if len(s) == 0 {
		return nil
	}
	return unsafe.Slice((*uint64)(unsafe.Pointer(&s[0])), len(s)/4)
}

// collect finds the entries of side s in [lo, hi) with distance n and
// files them by the chunk of their predecessors (those of the entry's
// mirror image, marked mirBit, where the image's are the stored ones).
func (b *retro) collect(s int, lo, hi, base uint64, n uint8, bk *buckets) uint64 {
	st := b.st[s]
	ls := b.lay[s]
	u := unranker{l: ls, stored: true}
	t := 1 - s
	lt := b.lay[t]
	rowDiv := newDivider(b.rowsPer[t])
	var found uint64
	// file files the un-moves of y (pieces b, r, o; the stored row of the
	// target layout's top group is f) under index e.
	file := func(f int32, bl, rd, o uint64, e uint32) {
		var row uint64
		if t == sideO {
			// target layout B, R, O: the prover's pieces stay, row f*n1 + rR
			row = uint64(f)*lt.n[1] + rankGroup(rd, bl)
		} else {
			// target layout O, B, R: the opponent's pieces stay, row f
			row = uint64(f)
		}
		c := row
		if rowDiv.n > 1 {
			c, _ = rowDiv.divmod(row)
		}
		bk[t][c] = append(bk[t][c], e)
	}
	visit := func(i uint64) {
		v := uint8(st[i])
		if v == 0 || v&maxDist != n {
			return
		}
		found++
		g0, g1, g2 := u.groups(i)
		var bl, rd, o uint64
		if s == sideP {
			o, bl, rd = g0, g1, g2 // layout O, B, R
		} else {
			bl, rd, o = g0, g1, g2 // layout B, R, O
		}
		top := o // the target layout's top group: it stays
		if t == sideO {
			top = bl
		}
		e := uint32(i - base)
		if v&lossBit == goodBit[s] {
			// y wins for its side to move: its predecessors lose a move
			e |= decBit
		}
		f := lt.fold[rankMask(top)]
		if f >= 0 {
			file(f, bl, rd, o, e)
		}
		if f >= 0 && !lt.symTop[f] || ls.symTop[u.top()] {
			// The image's un-moves are not stored, or the image is a
			// stored frontier position of its own.
			return
		}
		mb, mr, mo := mirror36(bl), mirror36(rd), mirror36(o)
		mt := mo
		if t == sideO {
			mt = mb
		}
		file(lt.fold[rankMask(mt)], mb, mr, mo, e|mirBit)
	}
	// Word-wise: four entries a word; lanes whose low 7 bits equal n.
	const ones = 0x0001000100010001
	pat := uint64(n) * ones
	i := lo
	for ; i < hi && i%4 != 0; i++ {
		visit(i)
	}
	end := hi - hi%4
	if i < end {
		words := u64s(st[i:end])
		for j, wd := range words {
			y := wd&(0x7f*ones) ^ pat
			if (y-ones)&^y&(0x8000*ones) != 0 {
				base := i + uint64(j)*4
				for k := uint64(0); k < 4; k++ {
					visit(base + k)
				}
			}
		}
		i = end
	}
	for ; i < hi; i++ {
		visit(i)
	}
	return found
}

// apply updates chunk c of target side t from the frontier filed for it.
// The predecessors of a frontier position y differ from it by one piece of
// the side that moved; their indices are y's ranks with that one piece
// moved (movedRank), so each un-move costs a few table lookups. The indices
// of one y are computed first and then updated in a tight loop, so that
// the memory accesses overlap.
func (b *retro) apply(t, c, n int, base uint64, bk []buckets) (md int, done uint64, err error) {
	s := 1 - t
	lt := b.lay[t]
	u := unranker{l: b.lay[s], stored: true}
	st := b.st[t]
	good := uint16(uint8(n+1) | goodBit[t])
	badBits := goodBit[t] ^ lossBit
	var ga, gb movedRank
	var tg [4 * 8]uint64
	var mv [4 * 8]uint32 // group<<16 | to<<8 | from
	// opponent un-moves: the prover's pieces of the last y and the first
	// index of their row in the target layout
	lastB, lastR, rowBase := ^uint64(0), ^uint64(0), uint64(0)
	var cpos [64]uint8 // opponent un-moves: squares' places among those the prover leaves
	// A chunk of one row of the opponent-to-move array (the classes of 7
	// pieces and more) holds the prover's pieces of all its frontier:
	// only the opponent's pieces are decoded, from the top of the index.
	oneRow := t == sideO && b.rowsPer[t] == 1
	var rowB, rowR uint64
	var topDiv divider
	if oneRow {
		rowB, rowR, _ = (&unranker{l: lt, stored: true}).groups(uint64(c) * lt.n[2])
		topDiv = newDivider(b.lay[s].row)
	}
	for w := range bk {
		for _, e := range bk[w][t][c] {
			done++
			var g0, g1, g2 uint64
			if oneRow {
				// the chunk's row is the prover's pieces of y or of its
				// image, whichever e names
				f, _ := topDiv.divmod(base + uint64(e&^(decBit|mirBit)))
				g0, g1, g2 = unrankGroup(uint64(b.lay[s].unfold[f]), b.lay[s].k[0], 0), rowB, rowR
				if e&mirBit != 0 {
					g0 = mirror36(g0)
				}
			} else {
				g0, g1, g2 = u.groups(base + uint64(e&^(decBit|mirBit)))
				if e&mirBit != 0 {
					g0, g1, g2 = mirror36(g0), mirror36(g1), mirror36(g2)
				}
			}
			empty := mask36 &^ (g0 | g1 | g2)
			var y board
			k := 0
			// The un-moved group's rank with one piece moved comes from
			// prefix sums over its pieces (movedRank), a few lookups
			// whichever pieces the move passes.
			if t == sideO {
				// opponent un-moves of y (layout O, B, R); the target row
				// holds the prover's pieces, which stay.
				y = board{b: g1, r: g2, o: g0}
				pr := g1 | g2
				if g1 != lastB || g2 != lastR {
					lastB, lastR = g1, g2
					rowBase = (uint64(lt.fold[rankMask(g1)])*lt.n[1] + rankGroup(g2, g1)) * lt.n[2]
					if oneRow { // once a chunk
						for sq := range 36 {
							cpos[sq] = uint8(compactSq(sq, pr))
						}
					}
				}
				var cm uint64
				if oneRow {
					for og := g0; og != 0; og &= og - 1 {
						cm |= 1 << cpos[bits.TrailingZeros64(og)&63]
					}
				} else {
					cm = compress(g0, pr)
				}
				ga.init(cm)
				j := 0
				for og := g0; og != 0; og &= og - 1 {
					to := bits.TrailingZeros64(og)
					for src := nbr[to&63] & empty; src != 0; src &= src - 1 {
						from := bits.TrailingZeros64(src)
						cf := uint(cpos[from&63])
						if !oneRow {
							cf = compactSq(from, pr)
						}
						tg[k&31] = rowBase + ga.moved(j, cf)
						mv[k&31] = grpO<<16 | uint32(to)<<8 | uint32(from)
						k++
					}
					j++
				}
			} else {
				// prover un-moves of y (layout B, R, O); the target row holds
				// the opponent's pieces, which stay.
				y = board{b: g0, r: g1, o: g2}
				o := g2
				tbase := uint64(lt.fold[rankMask(o)]) * lt.row
				n2 := lt.n[2]
				exR := o | g0
				ga.init(compress(g0, o))
				gb.init(compress(g1, exR))
				rB := ga.rank * n2
				j := 0
				for bg := g0; bg != 0; bg &= bg - 1 {
					to := bits.TrailingZeros64(bg)
					for src := nbr[to&63] & empty; src != 0; src &= src - 1 {
						from := bits.TrailingZeros64(src)
						rr := gb.rank
						if lo, hi := min(from, to), max(from, to); hi-lo > 1 && g1&(1<<uint(hi)-1)&^(2<<uint(lo)-1) != 0 {
							// a vertical step past a red: the reds' free squares shift
							rr = rankGroup(g1, exR^(1<<uint(to)|1<<uint(from)))
						}
						tg[k&31] = tbase + ga.moved(j, compactSq(from, o))*n2 + rr
						mv[k&31] = grpB<<16 | uint32(to)<<8 | uint32(from)
						k++
					}
					j++
				}
				j = 0
				for rg := g1; rg != 0; rg &= rg - 1 {
					to := bits.TrailingZeros64(rg)
					for src := nbr[to&63] & empty; src != 0; src &= src - 1 {
						from := bits.TrailingZeros64(src)
						tg[k&31] = tbase + rB + gb.moved(j, compactSq(from, exR))
						mv[k&31] = grpR<<16 | uint32(to)<<8 | uint32(from)
						k++
					}
					j++
				}
			}
			if e&decBit == 0 {
				// y loses for its side to move: its predecessors win at n+1.
				for i := 0; i < k; i++ {
					p := &st[tg[i&31]]
					v := uint8(*p)
					if v == 0 || v&lossBit == goodBit[t] && int(v&maxDist) > n+1 {
						*p = *p&0xff00 | good
						md = n + 1
					} else if v&lossBit != goodBit[t] {
						b.internal.Add(1) // a lost position with a winning move
					}
				}
				continue
			}
			// y wins for its side to move: its predecessors lose a move.
			for i := 0; i < k; i++ {
				p := &st[tg[i&31]]
				v := *p
				if uint8(v) != 0 {
					if uint8(v)&lossBit != goodBit[t] {
						b.internal.Add(1) // a counter below zero
					}
					continue
				}
				cnt := v >> 8
				if cnt > 1 {
					*p = v - 1<<8
					continue
				}
				if cnt == 0 {
					b.internal.Add(1)
					continue
				}
				// Every move loses: the side to move delays.
				x := y
				g := uint8(mv[i&31] >> 16)
				x.setGroup(g, x.group(g)^(1<<(mv[i&31]>>8&63)|1<<(mv[i&31]&63)))
				_, maxBad, _ := b.captures(t, &x)
				d := max(n, maxBad) + 1
				if d > maxDist {
					return md, done, errTooDeep
				}
				*p = uint16(uint8(d) | badBits)
				md = max(md, d)
			}
		}
	}
	return md, done, nil
}

// adjacent returns the squares next to a square of s.
func adjacent(s uint64) uint64 {
	return s>>6 | s<<6&mask36 | (s&^fileA)>>1 | (s&^fileF)<<1
}

// movedRank ranks a group with one piece moved. Pieces are in compact
// positions (the c-th square not taken by the groups the group is ranked
// among) c_0 < c_1 < ..., piece l adding C(c_l, l+1) to the colex rank.
// When piece j moves to cf, the pieces it passes shift one place in the
// order: down (index l) when it moves up, up (l+2) when it moves down.
// The prefix sums of those changes make the new rank a few lookups.
type movedRank struct {
	cm   uint64
	rank uint64
	c    [maxGroupK]uint8
	term [maxGroupK]uint64
	dn   [16]uint64 // dn[l]: sum over l' < l of C(c_l', l') - C(c_l', l'+1)
	up   [16]uint64 // up[l]: sum over l' < l of C(c_l', l'+2) - C(c_l', l'+1)
}

// init sets the group from its compact mask cm.
func (g *movedRank) init(cm uint64) {
	g.cm = cm
	var r, dn, up uint64
	l := 0
	for m := cm; m != 0; m &= m - 1 {
		c := bits.TrailingZeros64(m) & 63
		t := binomT[(l+1)&15][c]
		r += t
		g.c[l&7] = uint8(c)
		g.term[l&7] = t
		dn += binomT[l&15][c] - t
		up += binomT[(l+2)&15][c] - t
		l++
		g.dn[l&15] = dn
		g.up[l&15] = up
	}
	g.rank = r
}

// moved returns the rank with piece j (in order) moved to compact
// position cf, which no piece of the group holds. The sums wrap around
// in uint64; the result is exact.
func (g *movedRank) moved(j int, cf uint) uint64 {
	// q: the other pieces below cf; the moved piece becomes the (q+1)-th.
	q := bits.OnesCount64(g.cm &^ (1 << g.c[j&7]) & (1<<cf - 1))
	// both, then a conditional move: the direction is a coin toss
	sh := g.dn[(q+1)&15] - g.dn[(j+1)&15]
	if up := g.up[j&15] - g.up[q&15]; q < j {
		sh = up
	}
	return g.rank - g.term[j&7] + sh + binomT[(q+1)&15][cf&63]
}

// compactSq returns the position of square sq among the squares not in
// excl (sq not in excl).
func compactSq(sq int, excl uint64) uint {
	return uint(sq - bits.OnesCount64(excl&(1<<uint(sq)-1)))
}

// nbr[s] is the set of squares next to s.
var nbr = func() (t [64]uint64) {
	for s := 0; s < 36; s++ {
		b := uint64(1) << uint(s)
		t[s] = step(0, b) | step(1, b) | step(2, b) | step(3, b)
	}
	return
}()

// grpRank is a group's squares in order with their compact positions
// among the squares not in excl, and its colex rank (the verifier's
// Bellman check ranks its moves with it; the builder uses movedRank).
type grpRank struct {
	n    int
	bb   uint64
	sq   [maxGroupK]int8
	c    [maxGroupK]int8
	rank uint64
}

func (g *grpRank) init(grp, excl uint64) {
	g.n = 0
	g.rank = 0
	g.bb = grp
	for ; grp != 0; grp &= grp - 1 {
		s := bits.TrailingZeros64(grp)
		c := s - bits.OnesCount64(excl&(1<<uint(s)-1))
		g.sq[g.n&7] = int8(s)
		g.c[g.n&7] = int8(c)
		g.n++
		g.rank += binomT[g.n&15][c&63]
	}
}

// moved returns the rank of the group with piece j moved to the empty
// square dst (not in excl) next to it.
func (g *grpRank) moved(j, dst int, excl uint64) uint64 {
	src := int(g.sq[j&7])
	cj := int(g.c[j&7])
	i := (j + 1) & 15
	if dst == src+1 || dst == src-1 {
		// A sideways step passes no square: same order, compact position ±1.
		return g.rank - binomT[i][cj&63] + binomT[i][(cj+dst-src)&63]
	}
	cf := dst - bits.OnesCount64(excl&(1<<uint(dst)-1))
	lo, hi := min(src, dst), max(src, dst)
	if g.bb&(1<<uint(hi)-1)&^(2<<uint(lo)-1) == 0 {
		// No piece of the group in between: same order.
		return g.rank - binomT[i][cj&63] + binomT[i][cf&63]
	}
	var r uint64
	k := 1
	ins := false
	for l := 0; l < g.n; l++ {
		if l == j {
			continue
		}
		cl := int(g.c[l&7])
		if !ins && cf < cl {
			r += binomT[k&15][cf&63]
			k++
			ins = true
		}
		r += binomT[k&15][cl&63]
		k++
	}
	if !ins {
		r += binomT[k&15][cf&63]
	}
	return r
}

// foldValues returns the stored (folded) values of side s.
func (b *retro) foldValues(s int) []byte {
	out := make([]byte, len(b.st[s]))
	for i, e := range b.st[s] {
		out[i] = uint8(e)
	}
	return out
}

package tablebase

// The builder's levels: the positions decided at one distance (the
// frontier) collected into buckets by the chunk of their predecessors,
// then their un-moves applied to the predecessors' counters and values
// (retro.go).

import (
	"math/bits"
	"sync"
	"sync/atomic"
	"unsafe"
)

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

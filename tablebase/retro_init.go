package tablebase

// The builder's init pass: every position's own moves, its captures and
// escapes looked up in the classes they lead into, give its start state
// (retro.go).

import (
	"fmt"
	"math/bits"

	"github.com/geister-solver/geister/purple"
)

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

// captures evaluates the captures and escapes of x (side to move s): the
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

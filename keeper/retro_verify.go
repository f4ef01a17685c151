package keeper

// The check of a class solved by retrograde analysis against its
// successors, forward, without the backward pass.

import (
	"context"
	"fmt"
	"runtime"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/pool"
	"github.com/geister-solver/geister/purple"
)

// Verify checks every state of the solved class c against its successors
// (Bellman consistency): N to move wins at one more than its fastest
// winning move, K to move at one more than the slowest of the algorithm's
// choices when all of them win, and neither otherwise. It uses only the
// forward moves and Choices, not the backward pass that solved the class.
// Consistent exact distances prove the class correct given correct
// smaller classes: by induction on the distance every stored win is a win
// of that distance, and every win is stored. It returns the states
// checked and those that disagree, with the first such state described.
func (s *Solved) Verify(ctx context.Context, c purple.Class) (checked, bad uint64, first string, err error) {
	t := s.tabs[c]
	if t == nil {
		return 0, 0, "", errorf("class %s is not solved", c)
	}
	x := &retro{s: s, t: t}
	// each worker's counts and first disagreement, merged at the end
	type part struct {
		checked, bad uint64
		first        string
		buf          []Choice
	}
	workers := runtime.GOMAXPROCS(0)
	parts := make([]part, workers)
	err = pool.Range(ctx, workers, t.nK, func(w int, kI uint64) error {
		p := &parts[w]
		var n, nbad uint64
		var msg string
		var err error
		p.buf, n, nbad, msg, err = x.verifyK(kI, p.buf)
		p.checked += n
		p.bad += nbad
		if p.first == "" {
			p.first = msg
		}
		return err
	})
	for _, p := range parts {
		checked += p.checked
		bad += p.bad
		if first == "" {
			first = p.first
		}
	}
	return checked, bad, first, err
}

// verifyK checks the states with K's placement number kI.
func (x *retro) verifyK(kI uint64, buf []Choice) ([]Choice, uint64, uint64, string, error) {
	t := x.t
	c := t.c
	var n, bad uint64
	var msg string
	var st state
	err := t.placements(kI, &st, func(base uint64, f *frames) error {
		nPieces := st.b | st.r
		for side := 0; side < 2; side++ {
			for slot := uint64(0); slot < t.marks; slot++ {
				st.side, st.slot = side, slot
				i := base + uint64(side)*t.marks + slot
				marked := markOf(nPieces, slot)
				var want int
				if side == 0 {
					var err error
					if want, err = x.nValue(&st, f, true, marked); err != nil {
						return err
					}
				} else {
					b := Board{K: f.k, N: f.n, Side: engine.Second, NReds: c.Reds}
					buf = Choices(&b, frameSq(marked), x.s.reading, buf[:0])
					want = x.verifyK1(&st, buf, marked)
				}
				n++
				if int(t.val[i]) != want {
					bad++
					if msg == "" {
						p := build(st.k, st.b, st.r, c, engine.Player(side))
						v := "no value held"
						if marked != 0 {
							v = "value 1 on " + frameSq(marked).String()
						}
						msg = fmt.Sprintf("%s (%s): stored %d, successors say %d", p.String(), v, t.val[i], want)
					}
				}
			}
		}
		return nil
	})
	return buf, n, bad, msg, err
}

// verifyK1 returns the value a K-to-move state with choices cs must have.
func (x *retro) verifyK1(st *state, cs []Choice, marked uint64) int {
	t := x.t
	worst := 0
	for _, ch := range cs {
		from, to := cbit[ch.Move.From()], cbit[ch.Move.To()]
		var v int
		if (st.b|st.r)&to != 0 {
			v = x.afterKCapture(st, ch, frameSq(marked))
			if v < 0 {
				return 0
			}
		} else {
			m := marked
			if ch.Mark != engine.NoSquare {
				m = cbit[ch.Mark]
			}
			ns := state{k: st.k&^from | to, b: st.b, r: st.r, side: 0, slot: slotOf(st.b|st.r, m)}
			v = int(t.val[t.index(&ns)])
			if v == 0 {
				return 0
			}
		}
		worst = max(worst, v)
	}
	return worst + 1
}

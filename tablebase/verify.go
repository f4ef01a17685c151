package tablebase

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/geister-solver/geister/pool"
	"github.com/geister-solver/geister/purple"
)

// Disagreement is a stored value that its children contradict.
type Disagreement struct {
	Class    string `json:"class"`
	Position string `json:"position"` // prover as first player
	Stored   Entry  `json:"stored"`
	Expected Entry  `json:"expected"` // from the stored values of its children, one step back
}

// ClassVerify is the verification of one class.
type ClassVerify struct {
	Class         string   `json:"class"`
	Checked       uint64   `json:"checked"` // stored entries checked
	Blocks        int      `json:"blocks"`
	BadBlocks     int      `json:"bad_blocks"`
	Disagreements uint64   `json:"disagreements"`
	Problems      []string `json:"problems,omitempty"` // corrupt blocks, manifest mismatches
}

// VerifyReport is the result of Verify.
type VerifyReport struct {
	Classes       []ClassVerify  `json:"classes"`
	Disagreements uint64         `json:"disagreements"`
	BadBlocks     int            `json:"bad_blocks"`
	Samples       []Disagreement `json:"samples,omitempty"` // the first maxSamples disagreements
	Elapsed       time.Duration  `json:"elapsed_ns"`
}

// OK reports whether nothing was found wrong.
func (r VerifyReport) OK() bool {
	if r.Disagreements != 0 || r.BadBlocks != 0 {
		return false
	}
	for _, c := range r.Classes {
		if len(c.Problems) != 0 {
			return false
		}
	}
	return true
}

const maxSamples = 100

// Verify checks the named classes (all complete classes when none are
// named): every block against its checksum, the manifest's counts, and
// every stored entry against its children (Bellman consistency): the side
// to move wins at 1 + the shortest win among its moves, else loses at
// 1 + the longest loss when every move loses, else neither. Children in
// smaller classes are read from the store. Consistency with exact
// distances proves a class correct given correct smaller classes: the
// wins at distance 1 are forced by the rules, and by induction on the
// distance every stored win is a true win of that distance and every true
// win is stored. progress may be nil.
func Verify(ctx context.Context, db *DB, classes []purple.Class, progress func(Progress)) (VerifyReport, error) {
	start := time.Now()
	var rep VerifyReport
	if len(classes) == 0 {
		for _, m := range db.Classes() {
			c, err := m.PurpleClass()
			if err == nil && db.Has(c) {
				classes = append(classes, c)
			}
		}
	}
	var total uint64
	for _, c := range classes {
		if !db.Has(c) {
			return rep, fmt.Errorf("%w: class %s", ErrNotInTable, c)
		}
		ci := db.info(c)
		total += ci.lay[0].foldSize + ci.lay[1].foldSize
	}
	var done atomic.Uint64
	loaded := map[purple.Class]*table{}
	lastUse := map[purple.Class]int{}
	for i, c := range classes {
		lastUse[c] = i
		for _, d := range c.Captures() {
			lastUse[d] = i
		}
	}
	for i, c := range classes {
		if err := ctx.Err(); err != nil {
			return rep, err
		}
		cv := ClassVerify{Class: c.String()}
		ci := db.info(c)
		cv.Blocks = int(ci.blocks(0) + ci.blocks(1))
		t, err := db.loadTable(c, func(e error) {
			cv.BadBlocks++
			cv.Problems = append(cv.Problems, e.Error())
		})
		if err != nil {
			return rep, err
		}
		loaded[c] = t
		depTabs := map[purple.Class]*table{}
		for _, d := range c.Captures() {
			if dt := loaded[d]; dt != nil {
				depTabs[d] = dt
				continue
			}
			dt, err := db.loadTable(d, func(error) {}) // reported when d itself is verified
			if err != nil {
				return rep, fmt.Errorf("tablebase: verifying %s: %w", c, err)
			}
			loaded[d], depTabs[d] = dt, dt
		}
		ct, err := newCapTables(c, depTabs)
		if err != nil {
			return rep, err
		}
		report := func() {
			if progress != nil {
				progress(Progress{Class: c, Phase: "verify", ClassIndex: i + 1, Classes: len(classes), Done: done.Load(), Total: total, Elapsed: time.Since(start)})
			}
		}
		stats, samples, err := verifyClass(ctx, t, &ct, &done, report)
		if err != nil {
			return rep, err
		}
		cv.Checked = stats.checked
		cv.Disagreements = stats.disagree
		if m, ok := db.Manifest(c); ok {
			cv.Problems = append(cv.Problems, checkManifest(m, t, stats)...)
		}
		for _, s := range samples {
			if len(rep.Samples) < maxSamples {
				rep.Samples = append(rep.Samples, s)
			}
		}
		rep.Classes = append(rep.Classes, cv)
		rep.Disagreements += cv.Disagreements
		rep.BadBlocks += cv.BadBlocks
		report()
		for d := range loaded {
			if lastUse[d] <= i {
				delete(loaded, d)
			}
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

type verifyStats struct {
	checked, disagree  uint64
	positions          [2]uint64 // unfolded
	wins, losses       [2]uint64
	maxDTW, maxDTL     int
	corruptValues      uint64
	firstCorruptValues string
}

func checkManifest(m Manifest, t *table, st verifyStats) []string {
	var p []string
	for s := 0; s < 2; s++ {
		if m.Stored[s] != t.lay[s].foldSize || m.Positions[s] != st.positions[s] {
			p = append(p, fmt.Sprintf("manifest: %s to move: %d positions (%d stored), the table has %d (%d)", sideName(s), m.Positions[s], m.Stored[s], st.positions[s], t.lay[s].foldSize))
		}
		if m.Wins[s] != st.wins[s] || m.Losses[s] != st.losses[s] {
			p = append(p, fmt.Sprintf("manifest: %s to move: %d wins %d losses, the table has %d and %d", sideName(s), m.Wins[s], m.Losses[s], st.wins[s], st.losses[s]))
		}
	}
	if m.MaxDTW != st.maxDTW || m.MaxDTL != st.maxDTL {
		p = append(p, fmt.Sprintf("manifest: longest DTW %d DTL %d, the table has %d and %d", m.MaxDTW, m.MaxDTL, st.maxDTW, st.maxDTL))
	}
	if st.corruptValues != 0 {
		p = append(p, fmt.Sprintf("%d invalid value bytes, e.g. %s", st.corruptValues, st.firstCorruptValues))
	}
	return p
}

// bellman folds the values of a position's children into its own (s to
// move): the shortest win through a child lost for the mover's opponent,
// else, when every child is a win for the opponent, a loss one ply
// longer than the longest; else undecided (0).
type bellman struct {
	s                    int
	good, maxBad, notBad int
}

func newBellman(ct *capTables, s int, x *board) bellman {
	good, maxBad, notBad := ct.captures(s, x)
	return bellman{s: s, good: good, maxBad: maxBad, notBad: notBad}
}

func (bm *bellman) add(v uint8) {
	switch {
	case v == 0:
		bm.notBad++
	case v&lossBit == goodBit[bm.s]: // the child's value is a win for s
		bm.notBad++
		if dd := int(v & maxDist); bm.good < 0 || dd < bm.good {
			bm.good = dd
		}
	default:
		bm.maxBad = max(bm.maxBad, int(v&maxDist))
	}
}

func (bm *bellman) value() uint8 {
	switch {
	case bm.good >= 0:
		return uint8(bm.good+1) | goodBit[bm.s]
	case bm.notBad == 0:
		return uint8(bm.maxBad+1) | goodBit[bm.s] ^ lossBit
	}
	return 0
}

// unfoldTable returns the values of t in the full layouts: rows that are
// not stored are filled from their mirror images.
func unfoldTable(ctx context.Context, t *table, workers int) ([2][]byte, error) {
	var full [2][]byte
	for s := 0; s < 2; s++ {
		l := t.lay[s]
		full[s] = make([]byte, l.size)
		err := pool.Range(ctx, workers, l.n[0], func(_ int, r0 uint64) error {
			dst := full[s][r0*l.row : (r0+1)*l.row]
			if f := l.fold[r0]; f >= 0 {
				copy(dst, t.vals[s][uint64(f)*l.row:])
				return nil
			}
			// The mirror image of the row is a stored row: for each
			// configuration of the middle group, mirror the last.
			g0 := unrankGroup(r0, l.k[0], 0)
			m0 := mirror36(g0)
			src := t.vals[s][uint64(l.fold[rankGroup(m0, 0)])*l.row:]
			for r1 := uint64(0); r1 < l.n[1]; r1++ {
				g1 := unrankGroup(r1, l.k[1], g0)
				m1 := mirror36(g1)
				base := rankGroup(m1, m0) * l.n[2]
				excl, mexcl := g0|g1, m0|m1
				row := dst[r1*l.n[2] : (r1+1)*l.n[2]]
				for r2 := range row {
					g2 := unrankGroup(uint64(r2), l.k[2], excl)
					row[r2] = src[base+rankGroup(mirror36(g2), mexcl)]
				}
			}
			return nil
		})
		if err != nil {
			return full, err
		}
	}
	return full, nil
}

// childIndexer computes the full indices of the quiet children of one
// position: the position's ranks in the children's layout, then each move
// changes one piece (grpRank.moved), like the builder's un-moves.
type childIndexer struct {
	lc  *layout    // the children's layout (the other side to move)
	gr  [2]grpRank // the moving groups' ranks
	out [maxChildren]uint64
}

// maxChildren bounds the quiet moves of a side: eight pieces, four steps.
const maxChildren = 32

// children returns the full indices (in the other side's layout) of the
// quiet children of x, side s to move, in ci's buffer (valid until the
// next call).
func (ci *childIndexer) children(s int, x *board) []uint64 {
	l := ci.lc
	empty := mask36 &^ (x.b | x.r | x.o)
	// The groups in the children's layout and how many of the first move:
	// the opponent's (children: prover to move, layout [O, B, R]) or the
	// prover's blues and reds (children: opponent to move, [B, R, O]).
	g0, g1, g2, movers := x.o, x.b, x.r, 1
	if s == sideP {
		g0, g1, g2, movers = x.b, x.r, x.o, 2
	}
	// the later groups' ranks, and the index of x itself
	r1, r2 := rankGroup(g1, g0), rankGroup(g2, g0|g1)
	n2 := l.n[2]
	n := 0
	for m := 0; m < movers; m++ {
		// the moving group, the groups before it, its weight in the
		// index, and the middle group when it comes after
		gm, excl, wm, later1 := g0, uint64(0), l.row, g1
		if m == 1 {
			gm, excl, wm, later1 = g1, g0, n2, 0
		}
		gr := &ci.gr[m]
		gr.init(gm, excl)
		var base uint64 // the index of x less the moving group's part
		if m == 0 {
			base = r1*n2 + r2
		} else {
			base = ci.gr[0].rank*l.row + r2
		}
		for j := 0; j < gr.n; j++ {
			src := int(gr.sq[j&7])
			for d := nbr[src&63] & empty; d != 0; d &= d - 1 {
				dst := bits.TrailingZeros64(d)
				idx := base + gr.moved(j, dst, excl)*wm
				if dst != src+1 && dst != src-1 {
					// A vertical step passes the five squares between:
					// the later groups' pieces there change their ranks
					// (differences modulo 2^64).
					lo, hi := min(src, dst), max(src, dst)
					btw := (uint64(1)<<uint(hi) - 1) &^ (2<<uint(lo) - 1)
					before := excl | (gm ^ (1<<uint(src) | 1<<uint(dst)))
					if later1&btw != 0 {
						idx += (rankGroup(later1, before) - r1) * n2
					}
					before |= later1
					if g2&btw != 0 {
						idx += rankGroup(g2, before) - r2
					}
				}
				ci.out[n&(maxChildren-1)] = idx
				n++
			}
		}
	}
	return ci.out[:n]
}

// expected returns the value of x (side s to move) computed from its
// children, as Bellman consistency asks: captures via ct, quiet moves
// read in full (the class's values in the full layouts, see unfoldTable)
// at the indices ci gives.
func expected(full *[2][]byte, ct *capTables, ci *childIndexer, s int, x *board) uint8 {
	bm := newBellman(ct, s, x)
	if bm.good == 0 {
		return 1 | goodBit[s]
	}
	vals := full[1-s]
	for _, i := range ci.children(s, x) {
		bm.add(vals[i])
	}
	return bm.value()
}

func verifyClass(ctx context.Context, t *table, ct *capTables, done *atomic.Uint64, report func()) (verifyStats, []Disagreement, error) {
	const chunk = 1 << 16
	type task struct {
		s      int
		lo, hi uint64
	}
	var tasks []task
	for s := 0; s < 2; s++ {
		for lo := uint64(0); lo < t.lay[s].foldSize; lo += chunk {
			tasks = append(tasks, task{s, lo, min(lo+chunk, t.lay[s].foldSize)})
		}
	}
	workers := runtime.GOMAXPROCS(0)
	full, err := unfoldTable(ctx, t, workers)
	if err != nil {
		return verifyStats{}, nil, err
	}
	stop := make(chan struct{})
	go func() {
		tk := time.NewTicker(250 * time.Millisecond)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
				report()
			}
		}
	}()
	// each worker's counts and samples, merged at the end
	type part struct {
		st      verifyStats
		samples []Disagreement
	}
	parts := make([]part, workers)
	err = pool.Range(ctx, workers, uint64(len(tasks)), func(w int, i uint64) error {
		// counted on this goroutine's stack, kept when the chunk is done
		st, mine := parts[w].st, parts[w].samples
		tk := tasks[i]
		l := t.lay[tk.s]
		u := unranker{l: l}
		chi := childIndexer{lc: t.lay[1-tk.s]}
		for idx := tk.lo; idx < tk.hi; idx++ {
			f := idx / l.row
			x := u.board(uint64(l.unfold[f])*l.row + idx%l.row)
			got := t.vals[tk.s][idx]
			weight := uint64(2)
			if l.symTop[f] {
				weight = 1
			}
			st.checked++
			st.positions[tk.s] += weight
			if _, ok := decodeEntry(got); !ok {
				st.corruptValues++
				if st.firstCorruptValues == "" {
					p := position(t.c, x, tk.s)
					st.firstCorruptValues = fmt.Sprintf("%#x at %s", got, p.String())
				}
			}
			switch {
			case got == 0:
			case got&lossBit == 0:
				st.wins[tk.s] += weight
				st.maxDTW = max(st.maxDTW, int(got))
			default:
				st.losses[tk.s] += weight
				st.maxDTL = max(st.maxDTL, int(got&maxDist))
			}
			if want := expected(&full, ct, &chi, tk.s, &x); want != got {
				st.disagree++
				if len(mine) < maxSamples {
					sv, _ := decodeEntry(got)
					ev, _ := decodeEntry(want)
					p := position(t.c, x, tk.s)
					mine = append(mine, Disagreement{Class: t.c.String(), Position: p.String(), Stored: sv, Expected: ev})
				}
			}
		}
		parts[w].st, parts[w].samples = st, mine
		done.Add(tk.hi - tk.lo)
		return nil
	})
	close(stop)
	var total verifyStats
	var samples []Disagreement
	for _, p := range parts {
		st := p.st
		total.checked += st.checked
		total.disagree += st.disagree
		total.corruptValues += st.corruptValues
		if total.firstCorruptValues == "" {
			total.firstCorruptValues = st.firstCorruptValues
		}
		for s := 0; s < 2; s++ {
			total.positions[s] += st.positions[s]
			total.wins[s] += st.wins[s]
			total.losses[s] += st.losses[s]
		}
		total.maxDTW = max(total.maxDTW, st.maxDTW)
		total.maxDTL = max(total.maxDTL, st.maxDTL)
		samples = append(samples, p.samples...)
	}
	if err != nil {
		return total, nil, err
	}
	return total, samples, nil
}

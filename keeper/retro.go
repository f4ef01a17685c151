package keeper

import (
	"bytes"
	"context"
	"fmt"
	"iter"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/pool"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// The keeper game solved class by class by retrograde analysis.
//
// A class fixes N's blues and reds (N the prover, first player, colours
// shown) and K's pieces and reds (second player, hidden). Its states are
// every placement of the pieces, either side to move, and — where the
// algorithm can hold one — which of N's pieces has the value 1. A value can
// only be given in step 8(b), which needs K with two pieces and N with one
// red; K's pieces and N's reds never increase, and K never drops below two
// pieces with the game on (N's captures take K's reds first, purple rule),
// so only classes with K = 2 pieces and N = 1 red carry the value's
// dimension (1 + N's pieces: none, or the i-th of N's pieces by square).
//
// Values: for each state, 0 when N has no sure win against the algorithm,
// else the distance: N hastens, the algorithm's choices delay. The
// analysis counts, at each K-to-move state, the algorithm's choices whose
// outcome is not yet a known N win, and settles distances level by level
// (the attractor of N's wins), with N's captures and K's captures leading
// into smaller classes solved first.

const full36 = uint64(1)<<36 - 1

// cbit[s] is the compact (36-bit) bit of frame square s.
var cbit = func() (t [64]uint64) {
	for _, s := range engine.BoardSquares {
		t[s] = 1 << ((s.Rank()-1)*6 + s.File())
	}
	return t
}()

type classTab struct {
	c                 purple.Class
	nK, nB, nR, marks uint64
	val               []uint8
	wins              uint64
}

func newClassTab(c purple.Class) *classTab {
	k := c.OppPieces
	t := &classTab{c: c, nK: tablebase.Binomial(36, k), nB: tablebase.Binomial(36-k, c.Blues), nR: tablebase.Binomial(36-k-c.Blues, c.Reds), marks: 1}
	if hasMarks(c) {
		t.marks = uint64(1 + c.Blues + c.Reds)
	}
	return t
}

func hasMarks(c purple.Class) bool { return c.OppPieces == 2 && c.Reds == 1 }

func (t *classTab) size() uint64 { return t.nK * t.nB * t.nR * 2 * t.marks }

// half maps the index of a K-to-move state into the K-to-move half.
func (t *classTab) half(i uint64) uint64 {
	if t.marks == 1 {
		return i >> 1
	}
	return i/(2*t.marks)*t.marks + i%t.marks
}

// state is a decoded state: compact bitboards of K, N's blues, N's reds,
// the side to move (0: N, 1: K) and the mark slot.
type state struct {
	k, b, r uint64
	side    int
	slot    uint64
}

// withNMoved returns st after N's quiet step from from to to (compact
// bits; the value 1, on marked, moves with its piece), side to move.
func (st *state) withNMoved(from, to, marked uint64, side int) state {
	ns := state{k: st.k, b: st.b, r: st.r, side: side}
	if st.b&from != 0 {
		ns.b = ns.b&^from | to
	} else {
		ns.r = ns.r&^from | to
	}
	if marked == from {
		marked = to
	}
	ns.slot = slotOf(ns.b|ns.r, marked)
	return ns
}

func (t *classTab) index(s *state) uint64 {
	return t.indexWithK(tablebase.RankSquares(s.k, full36), s)
}

// at returns the index of the state with placement number pre (see
// placement), side to move side and mark slot slot; halfAt the half index
// of its K-to-move state.
func (t *classTab) at(pre uint64, side int, slot uint64) uint64 {
	return (pre*2+uint64(side))*t.marks + slot
}

func (t *classTab) halfAt(pre, slot uint64) uint64 { return pre*t.marks + slot }

// placement returns the number of s's placement of pieces, side and slot
// aside (at and halfAt make the indexes from it).
func (t *classTab) placement(s *state) uint64 {
	return t.placementWithK(tablebase.RankSquares(s.k, full36), s)
}

// placementWithK is placement for a state whose K placement number is kI.
func (t *classTab) placementWithK(kI uint64, s *state) uint64 {
	free := full36 &^ s.k
	i := kI*t.nB + tablebase.RankSquares(s.b, free)
	return i*t.nR + tablebase.RankSquares(s.r, free&^s.b)
}

// indexWithK is index for a state whose K placement number is kI (known
// to a caller that moved only N's pieces: the retrograde pass's hot path).
func (t *classTab) indexWithK(kI uint64, s *state) uint64 {
	return t.at(t.placementWithK(kI, s), s.side, s.slot)
}

// decode sets s to the state of index i and returns K's placement number.
func (t *classTab) decode(i uint64, s *state) uint64 {
	s.slot = i % t.marks
	i /= t.marks
	s.side = int(i % 2)
	i /= 2
	rI := i % t.nR
	i /= t.nR
	bI := i % t.nB
	kI := i / t.nB
	s.k = tablebase.UnrankSquares(kI, t.c.OppPieces, full36)
	free := full36 &^ s.k
	s.b = tablebase.UnrankSquares(bI, t.c.Blues, free)
	s.r = tablebase.UnrankSquares(rI, t.c.Reds, free&^s.b)
	return kI
}

// slotOf returns the mark slot of the compact square bit m among N's
// pieces (0 for m == 0).
func slotOf(n, m uint64) uint64 {
	if m == 0 {
		return 0
	}
	return 1 + uint64(bits.OnesCount64(n&(m-1)))
}

// markOf returns the compact bit of slot's piece (0 for slot 0): the
// slot-th lowest bit of n.
func markOf(n, slot uint64) uint64 {
	if slot == 0 {
		return 0
	}
	for ; slot > 1; slot-- {
		n &= n - 1
	}
	return n & -n
}

func frameSq(c uint64) engine.Square {
	if c == 0 {
		return engine.NoSquare
	}
	return engine.BoardSquares[bits.TrailingZeros64(c)]
}

// Solved holds exact keeper-game values of whole classes.
type Solved struct {
	reading Reading
	tabs    map[purple.Class]*classTab
}

// Reading returns the reading of Algorithm 1 the values are for.
func (s *Solved) Reading() Reading { return s.reading }

// Has reports whether class c is solved.
func (s *Solved) Has(c purple.Class) bool { _, ok := s.tabs[c]; return ok }

// Stats returns the states of a solved class and those N wins.
func (s *Solved) Stats(c purple.Class) (states, wins uint64, ok bool) {
	t, ok := s.tabs[c]
	if !ok {
		return 0, 0, false
	}
	return t.size(), t.wins, true
}

// Value returns the keeper-game value of p for the prover n (K = the other
// side, all its pieces hidden, playing Algorithm 1), with N's piece on
// marked holding the value 1 (engine.NoSquare: none); false when p's class
// is not solved, or p is no state of the game (K shows a colour, the game
// is over, a value on a square that holds no piece of N's, or a value
// where the algorithm can hold none).
func (s *Solved) Value(p *engine.Position, n engine.Player, marked engine.Square) (NWin, bool) {
	q := *p
	if n == engine.Second {
		q = p.Swapped()
		if marked != engine.NoSquare {
			marked = marked.Flip()
		}
	}
	c, ok := purple.ClassOf(&q, engine.First)
	if !ok || q.Outcome() != engine.Ongoing {
		return NWin{}, false
	}
	t := s.tabs[c]
	if t == nil {
		return NWin{}, false
	}
	st := state{
		k: engine.Compact(q.Occupied(engine.Second)),
		b: engine.Compact(q.Pieces(engine.First, engine.Blue)),
		r: engine.Compact(q.Pieces(engine.First, engine.Red)),
	}
	if q.Turn() == engine.Second {
		st.side = 1
	}
	if marked != engine.NoSquare {
		m := cbit[marked]
		if m&(st.b|st.r) == 0 || t.marks == 1 {
			return NWin{}, false
		}
		st.slot = slotOf(st.b|st.r, m)
	}
	v := t.val[t.index(&st)]
	return NWin{Win: v != 0, Plies: int(v)}, true
}

// Progress reports a running SolveClasses.
type Progress struct {
	Class   purple.Class
	Phase   string // "init" or "retro"
	Level   int
	Done    uint64 // states of the class done in the phase
	Total   uint64
	Elapsed time.Duration
}

// Plan returns the valid ones of classes with every class they depend on
// (captures lead into smaller classes), smallest first (purple.Closure).
func Plan(classes []purple.Class) []purple.Class {
	var valid []purple.Class
	for _, c := range classes {
		if c.Valid() {
			valid = append(valid, c)
		}
	}
	return purple.Closure(valid)
}

// States returns the number of states of class c in the keeper game.
func States(c purple.Class) uint64 { return newClassTab(c).size() }

// SolveClasses solves the keeper game for classes and their dependencies
// (see Plan) in reading r. progress may be nil.
func SolveClasses(ctx context.Context, classes []purple.Class, r Reading, progress func(Progress)) (*Solved, error) {
	s := &Solved{reading: r, tabs: map[purple.Class]*classTab{}}
	return s, s.Add(ctx, classes, progress)
}

// Add solves classes and their dependencies not yet solved.
func (s *Solved) Add(ctx context.Context, classes []purple.Class, progress func(Progress)) error {
	for _, c := range classes {
		if !c.Valid() {
			return errorf("class %s has no positions with the game on", c)
		}
		if c.OppPieces < 2 {
			return errorf("class %s: the keeper needs at least 2 pieces", c)
		}
	}
	for _, c := range Plan(classes) {
		if s.Has(c) {
			continue
		}
		t := newClassTab(c)
		if t.size() >= 1<<32 {
			return errorf("class %s has %d states, too many for this solver", c, t.size())
		}
		if err := s.solve(ctx, t, progress); err != nil {
			return err
		}
		s.tabs[c] = t
	}
	return nil
}

const dead = 255

// useChoiceMasks lets tests check the choice masks against listing the
// choices again.
var useChoiceMasks = true

// retro is the working state of one class's analysis.
type retro struct {
	s        *Solved
	t        *classTab
	cnt, ext []uint8
	// mask, for classes where K has two pieces, holds each K-to-move
	// state's in-class choices as bits (see choiceBit), so that the
	// backward pass need not list them again.
	mask []uint16
	// top is the highest distance stored so far: the levels are found
	// by scanning val for each distance up to it (no lists of states,
	// so that a class of 1.2 G states fits in about 3.5 GB).
	top int
}

// set stores the distance level for state i.
func (x *retro) set(i uint64, level int) {
	x.t.val[i] = uint8(level)
	x.top = max(x.top, level)
}

func (s *Solved) solve(ctx context.Context, t *classTab, progress func(Progress)) error {
	start := time.Now()
	n := t.size()
	t.val = make([]uint8, n)
	// cnt, ext and mask are kept for the K-to-move half of the states.
	x := &retro{s: s, t: t, cnt: make([]uint8, n/2), ext: make([]uint8, n/2)}
	if t.c.OppPieces == 2 && useChoiceMasks {
		x.mask = make([]uint16, n/2)
	}
	// Init: in parallel over K's placements, each worker with its own
	// highest distance and buffer.
	workers := runtime.GOMAXPROCS(0)
	per := t.nB * t.nR * 2 * t.marks
	tops, bufs := make([]int, workers), make([][]Choice, workers)
	var done atomic.Uint64
	var mu sync.Mutex // progress is called from one goroutine at a time
	err := pool.Range(ctx, workers, t.nK, func(w int, kI uint64) error {
		if progress != nil && kI%64 == 0 {
			mu.Lock()
			progress(Progress{Class: t.c, Phase: "init", Done: done.Load(), Total: n, Elapsed: time.Since(start)})
			mu.Unlock()
		}
		var err error
		tops[w], bufs[w], err = x.initK(kI, tops[w], bufs[w])
		done.Add(per)
		return err
	})
	if err != nil {
		return err
	}
	x.top = slices.Max(tops)
	// Levels.
	var buf []Choice
	var processed uint64
	for level := 1; level <= x.top; level++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if level >= dead-1 {
			return errorf("class %s: a distance beyond %d plies", t.c, dead-2)
		}
		// Every state of distance level is final when the level is
		// reached: predecessors get level+1 or more.
		for i := 0; ; i++ {
			j := bytes.IndexByte(t.val[i:], uint8(level))
			if j < 0 {
				break
			}
			i += j
			buf = x.predecessors(uint64(i), level, buf)
			processed++
		}
		if progress != nil {
			progress(Progress{Class: t.c, Phase: "retro", Level: level, Done: processed, Total: n, Elapsed: time.Since(start)})
		}
	}
	for _, v := range t.val {
		if v != 0 {
			t.wins++
		}
	}
	return nil
}

// frames holds a state's pieces on the frame: K's, N's blues and N's
// pieces.
type frames struct{ k, b, n uint64 }

// placements calls fn for every placement of N's blues and reds beside
// K's placement number kI, with st holding the three (side and slot left
// to fn), f the same on the frame, and base the index of the
// placement's first state (N to move, slot 0; K to move follows at
// base+marks). fn's error stops it.
func (t *classTab) placements(kI uint64, st *state, fn func(base uint64, f *frames) error) error {
	c := t.c
	var f frames
	st.k = tablebase.UnrankSquares(kI, c.OppPieces, full36)
	f.k = engine.Expand(st.k)
	free := full36 &^ st.k
	for bI := uint64(0); bI < t.nB; bI++ {
		st.b = tablebase.UnrankSquares(bI, c.Blues, free)
		f.b = engine.Expand(st.b)
		for rI := uint64(0); rI < t.nR; rI++ {
			st.r = tablebase.UnrankSquares(rI, c.Reds, free&^st.b)
			f.n = f.b | engine.Expand(st.r)
			if err := fn(((kI*t.nB+bI)*t.nR+rI)*2*t.marks, &f); err != nil {
				return err
			}
		}
	}
	return nil
}

// initK initialises the states with K's placement number kI; top is the
// highest distance stored by the caller's worker so far.
func (x *retro) initK(kI uint64, top int, buf []Choice) (int, []Choice, error) {
	t := x.t
	c := t.c
	var st state
	err := t.placements(kI, &st, func(base uint64, f *frames) error {
		// N to move: an escape wins in 1; captures (purple: K's red)
		// lead to the class with one K red less; quiet steps are
		// settled by the backward pass.
		for slot := uint64(0); slot < t.marks; slot++ {
			st.side, st.slot = 0, slot
			v, err := x.nValue(&st, f, false, 0)
			if err != nil {
				return err
			}
			if v != 0 {
				t.val[base+slot] = uint8(v)
				top = max(top, v)
			}
		}
		// K to move: the algorithm's choices.
		b := Board{K: f.k, N: f.n, Side: engine.Second, NReds: c.Reds}
		for slot := uint64(0); slot < t.marks; slot++ {
			i := base + t.marks + slot
			st.side, st.slot = 1, slot
			marked := frameSq(markOf(st.b|st.r, slot))
			buf = Choices(&b, marked, x.s.reading, buf[:0])
			if len(buf) == 0 {
				return errorf("class %s: no keeper move in a position", c)
			}
			cnt, ext := 0, 0
			for _, ch := range buf {
				to := ch.Move.To()
				if b.N&to.Bit() == 0 {
					cnt++
					if x.mask != nil {
						x.mask[t.half(i)] |= choiceBit(f.k, ch)
					}
					continue
				}
				v := x.afterKCapture(&st, ch, marked)
				if v < 0 {
					cnt = dead
					break
				}
				ext = max(ext, v)
			}
			switch {
			case cnt == dead:
				x.cnt[t.half(i)] = dead
			case cnt == 0:
				t.val[i] = uint8(ext + 1)
				top = max(top, ext+1)
			default:
				x.cnt[t.half(i)], x.ext[t.half(i)] = uint8(cnt), uint8(ext)
			}
		}
		return nil
	})
	return top, buf, err
}

// nValue returns the value (0: no N win) the N-to-move state st must have
// from its successors: 1 when a blue stands on an exit (it escapes), else
// one more than the fastest win among N's captures (purple: K's red, into
// the class with one K red less; taking K's last red loses) and, with
// quiet, its quiet steps, read in the class's own values (marked: the
// compact bit of N's piece holding the value 1, 0 for none). f holds st
// on the frame.
func (x *retro) nValue(st *state, f *frames, quiet bool, marked uint64) (int, error) {
	t := x.t
	if f.b&engine.Exits(engine.First) != 0 {
		return 1, nil
	}
	var targets uint64
	if t.c.OppReds >= 2 {
		targets = f.k
	}
	if quiet {
		targets |= engine.BoardMask &^ (f.n | f.k)
	}
	best := 0
	for y := f.n; y != 0 && targets != 0; y &= y - 1 {
		fromSq := sq(y)
		for z := engine.Neighbours(fromSq.Bit()) & targets; z != 0; z &= z - 1 {
			toSq := sq(z)
			var v int
			if f.k&z&-z != 0 {
				var err error
				if v, err = x.afterNCapture(st, fromSq, toSq); err != nil {
					return 0, err
				}
			} else {
				ns := st.withNMoved(cbit[fromSq], cbit[toSq], marked, 1)
				v = int(t.val[t.index(&ns)])
			}
			if v != 0 && (best == 0 || v < best) {
				best = v
			}
		}
	}
	if best == 0 {
		return 0, nil
	}
	return best + 1, nil
}

// afterNCapture returns the value (0: no N win) of the state after N's
// piece on from takes K's piece on to, resolved as red (purple rule):
// class with one K piece and one K red less, K to move.
func (x *retro) afterNCapture(st *state, from, to engine.Square) (int, error) {
	c := x.t.c
	d := purple.Class{Blues: c.Blues, Reds: c.Reds, OppPieces: c.OppPieces - 1, OppReds: c.OppReds - 1}
	dt := x.s.tabs[d]
	if dt == nil {
		return 0, errorf("class %s needs %s solved first", c, d)
	}
	f, tt := cbit[from], cbit[to]
	ns := state{k: st.k &^ tt, b: st.b, r: st.r, side: 1}
	if ns.b&f != 0 {
		ns.b = ns.b&^f | tt
	} else {
		ns.r = ns.r&^f | tt
	}
	if m := markOf(st.b|st.r, st.slot); m != 0 {
		if m == f {
			m = tt
		}
		if dt.marks == 1 {
			return 0, errorf("class %s: a value 1 in %s", c, d)
		}
		ns.slot = slotOf(ns.b|ns.r, m)
	}
	return int(dt.val[dt.index(&ns)]), nil
}

// afterKCapture returns the value of the state after the keeper capture
// ch: 0 for a terminal N win, the distance for an N win, -1 when N does
// not win (K took N's last blue, or the smaller class is no N win).
func (x *retro) afterKCapture(st *state, ch Choice, marked engine.Square) int {
	c := x.t.c
	from, to := cbit[ch.Move.From()], cbit[ch.Move.To()]
	ns := state{k: st.k&^from | to, b: st.b, r: st.r, side: 0}
	d := c
	if st.b&to != 0 {
		if c.Blues == 1 {
			return -1
		}
		d.Blues--
		ns.b &^= to
	} else {
		if c.Reds == 1 {
			return 0
		}
		d.Reds--
		ns.r &^= to
	}
	m := marked
	if ch.Mark != engine.NoSquare {
		m = ch.Mark
	}
	mb := uint64(0)
	if m != engine.NoSquare && cbit[m] != to {
		mb = cbit[m]
	}
	dt := x.s.tabs[d]
	if dt == nil {
		panic(fmt.Sprintf("keeper: class %s solved before %s", c, d))
	}
	if mb != 0 {
		ns.slot = slotOf(ns.b|ns.r, mb)
	}
	v := int(dt.val[dt.index(&ns)])
	if v == 0 {
		return -1
	}
	return v
}

// stepsBack yields the quiet steps that could have brought each piece of
// pieces (compact bits) where it stands: the piece's compact bit and each
// square next to it that is empty (not in occ, compact bits), on the frame.
func stepsBack(pieces, occ uint64) iter.Seq2[uint64, engine.Square] {
	return func(yield func(uint64, engine.Square) bool) {
		for y := pieces; y != 0; y &= y - 1 {
			to := y & -y
			for z := engine.Neighbours(frameSq(to).Bit()); z != 0; z &= z - 1 {
				from := sq(z)
				if occ&cbit[from] == 0 && !yield(to, from) {
					return
				}
			}
		}
	}
}

// predecessors settles what the N win of state i (at level) implies for
// the states one move before it in the class.
func (x *retro) predecessors(i uint64, level int, buf []Choice) []Choice {
	t := x.t
	var st state
	kI := t.decode(i, &st)
	occ := st.k | st.b | st.r
	nPieces := st.b | st.r
	marked := markOf(nPieces, st.slot)
	if st.side == 1 {
		// K to move: N made the last move, a quiet step.
		for to, from := range stepsBack(nPieces, occ) {
			ps := st.withNMoved(to, cbit[from], marked, 0) // the step taken back
			j := t.indexWithK(kI, &ps)
			if v := t.val[j]; v == 0 || int(v) > level+1 {
				x.set(j, level+1)
			}
		}
		return buf
	}
	// N to move: K made the last move, a quiet step chosen by the
	// algorithm (possibly giving a value just before it).
	nFrame, kFrame := engine.Expand(nPieces), engine.Expand(st.k)
	for to, fromSq := range stepsBack(st.k, occ) {
		toSq, from := frameSq(to), cbit[fromSq]
		ps := state{k: st.k&^to | from, b: st.b, r: st.r, side: 1}
		pre := t.placement(&ps)
		b := Board{K: kFrame&^toSq.Bit() | fromSq.Bit(), N: nFrame, Side: engine.Second, NReds: t.c.Reds}
		mv := engine.NewMove(fromSq, toSq)
		for variant := 0; variant < 2; variant++ {
			var predMark uint64
			want := Choice{Move: mv, Mark: engine.NoSquare}
			if variant == 0 {
				predMark = marked
			} else {
				// The value was given by this move: only ever to N's
				// piece on the free exit (step 8(b)).
				if marked == 0 || frameSq(marked) != b.FreeExit() {
					break
				}
				want.Mark = frameSq(marked)
			}
			slot := slotOf(nPieces, predMark)
			j, h := t.at(pre, 1, slot), t.halfAt(pre, slot)
			if t.val[j] != 0 || x.cnt[h] == dead || x.cnt[h] == 0 {
				continue
			}
			if x.mask != nil {
				if x.mask[h]&choiceBit(b.K, want) == 0 {
					continue
				}
			} else {
				var ok bool
				if ok, buf = IsChoice(&b, frameSq(predMark), x.s.reading, want, buf); !ok {
					continue
				}
			}
			x.cnt[h]--
			if x.cnt[h] == 0 {
				x.set(j, max(level, int(x.ext[h]))+1)
			}
		}
	}
	return buf
}

// choiceBit returns the bit of a quiet choice of K (with two pieces on
// the frame squares k): the moving piece (0: the lower square), the
// direction, and whether it gives a value.
func choiceBit(k uint64, c Choice) uint16 {
	from, to := c.Move.From(), c.Move.To()
	piece := 0
	if k&(from.Bit()-1) != 0 {
		piece = 1
	}
	var dir int
	switch int(to) - int(from) {
	case 8:
		dir = 0
	case -8:
		dir = 1
	case 1:
		dir = 2
	default:
		dir = 3
	}
	bit := (piece*4 + dir) * 2
	if c.Mark != engine.NoSquare {
		bit++
	}
	return 1 << bit
}

package solver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// ClassScanner is what enumerations need of endgame tables: a complete
// class streamed position by position with its values (the prover as the
// first player, either side to move, of each position and its left-right
// mirror image only one), each value offered to keep before its position
// is made and fn given the positions keep accepts (nil keep: all), and
// single probes for the children of a position. *tablebase.DB implements
// it.
type ClassScanner interface {
	purple.Tables
	ScanValuesWhere(ctx context.Context, c purple.Class, keep func(proverToMove bool, v purple.Value, plies int) bool, fn func(p engine.Position, v purple.Value, plies int) error) error
}

// Filter selects sure-win positions of a class.
type Filter struct {
	DTW    int // exactly this distance to win (0: any)
	MinDTW int // at least this distance (0: any)
	// Side to move: -1 either, 0 the prover (first player in the
	// canonical form), 1 the opponent.
	Side int
	// Unique keeps positions, the prover to move, in which exactly one
	// move keeps a sure win (of any length): puzzles with one solution.
	Unique bool
}

// Check reports a filter that selects nothing by construction.
func (f Filter) Check() error {
	switch {
	case f.DTW < 0 || f.MinDTW < 0:
		return errors.New("solver: distances must not be negative")
	case f.DTW > 0 && f.MinDTW > 0:
		return errors.New("solver: give an exact distance or a least one, not both")
	case f.Side < -1 || f.Side > 1:
		return fmt.Errorf("solver: side %d: want -1, 0 or 1", f.Side)
	case f.Unique && f.Side == 1:
		return errors.New("solver: unique first moves need the prover to move")
	}
	return nil
}

func (f Filter) keepDTW(d int) bool {
	return (f.DTW == 0 || d == f.DTW) && d >= f.MinDTW
}

// Enumerated is a sure-win position found by Enumerate.
type Enumerated struct {
	Pos   engine.Position // canonical form: the prover is the first player
	Plies int             // exact DTW
	// Mirrors is 2 when the left-right mirror image is another position
	// with the same value (not listed), 1 when the position is its own.
	Mirrors int
	// Move is the only winning move (Filter.Unique), else NoMove.
	Move engine.Move
}

// DTWCount is the number of positions at one distance.
type DTWCount struct {
	Plies int `json:"plies"`
	// Positions counts each mirror pair once; WithMirrors counts both.
	Positions   uint64 `json:"positions"`
	WithMirrors uint64 `json:"with_mirrors"`
}

// EnumCounts summarises an enumeration.
type EnumCounts struct {
	Scanned     uint64     `json:"scanned"` // positions read (mirror pairs once)
	Matched     uint64     `json:"matched"`
	WithMirrors uint64     `json:"matched_with_mirrors"`
	ByDTW       []DTWCount `json:"by_dtw"`
	// Stopped is set when fn ended the enumeration early (a limit): the
	// counts then cover the positions scanned so far.
	Stopped bool `json:"stopped_early"`
}

func (c *EnumCounts) add(d, mirrors int) {
	c.Matched++
	c.WithMirrors += uint64(mirrors)
	for len(c.ByDTW) <= d {
		c.ByDTW = append(c.ByDTW, DTWCount{Plies: len(c.ByDTW)})
	}
	c.ByDTW[d].Positions++
	c.ByDTW[d].WithMirrors += uint64(mirrors)
}

// compact drops distances without positions.
func (c *EnumCounts) compact() {
	out := c.ByDTW[:0]
	for _, d := range c.ByDTW {
		if d.Positions > 0 {
			out = append(out, d)
		}
	}
	c.ByDTW = out
}

// ErrStop, returned by an enumeration's callback, ends it early without
// an error.
var ErrStop = errors.New("solver: stop the enumeration")

// Enumerate streams the sure-win positions of class c that pass f from the
// tables, calling fn for each in the tables' order; fn may return ErrStop
// to end early. progress, if not nil, is called about every second with
// the positions scanned so far. The class is read once, block by block.
func Enumerate(ctx context.Context, t ClassScanner, c purple.Class, f Filter, fn func(Enumerated) error, progress func(scanned uint64)) (EnumCounts, error) {
	var counts EnumCounts
	if err := f.Check(); err != nil {
		return counts, err
	}
	if !t.Has(c) {
		return counts, fmt.Errorf("solver: class %s is not complete in the tables", c)
	}
	last := time.Now()
	// Every entry is counted and filtered by its value and side before
	// the scan makes its position (most of a scan's work).
	keep := func(proverToMove bool, v purple.Value, plies int) bool {
		counts.Scanned++
		if progress != nil && counts.Scanned&0xffff == 0 && time.Since(last) > time.Second {
			last = time.Now()
			progress(counts.Scanned)
		}
		if v != purple.Win || !f.keepDTW(plies) {
			return false
		}
		side := 0
		if !proverToMove {
			side = 1
		}
		return f.Side < 0 || side == f.Side
	}
	err := t.ScanValuesWhere(ctx, c, keep, func(p engine.Position, v purple.Value, plies int) error {
		e := Enumerated{Pos: p, Plies: plies, Mirrors: mirrors(&p)}
		if f.Unique {
			if p.Turn() != engine.First {
				return nil
			}
			m, n, err := WinningMoves(t, &p, engine.First)
			if err != nil {
				return err
			}
			if n != 1 {
				return nil
			}
			e.Move = m
		}
		counts.add(plies, e.Mirrors)
		return fn(e)
	})
	counts.compact()
	if errors.Is(err, ErrStop) {
		counts.Stopped = true
		err = nil
	}
	return counts, err
}

// mirrors returns 1 when p is its own left-right mirror image, else 2.
func mirrors(p *engine.Position) int {
	m := p.Mirrored()
	for pl := engine.First; pl <= engine.Second; pl++ {
		for k := engine.Blue; k < engine.NumKinds; k++ {
			if m.Pieces(pl, k) != p.Pieces(pl, k) {
				return 2
			}
		}
	}
	return 1
}

// WinningMoves counts the prover's moves in p (the prover to move) after
// which it still surely wins, by probing each child in the tables (every
// child's class must be complete: captures lead into smaller classes), and
// returns one of them.
func WinningMoves(t purple.Tables, p *engine.Position, prover engine.Player) (engine.Move, int, error) {
	if p.Turn() != prover {
		return engine.NoMove, 0, errors.New("solver: winning moves need the prover to move")
	}
	var ml engine.MoveList
	ml.Generate(p)
	var best engine.Move
	n := 0
	for _, m := range ml.Slice() {
		m = purple.ProverMove(p, prover, m)
		q := *p
		q.Make(m)
		win := false
		switch o := q.Outcome(); {
		case o == engine.WinFor(prover):
			win = true
		case o != engine.Ongoing:
		default:
			v, _, err := t.ProbeValue(&q, prover)
			if err != nil {
				return engine.NoMove, 0, err
			}
			win = v == purple.Win
		}
		if win {
			if n == 0 {
				best = m
			}
			n++
		}
	}
	return best, n, nil
}

// RandomPosition returns a position of class c drawn uniformly among its
// placements (the prover, with its colours shown, as the first player; the
// opponent's pieces hidden), with toMove to move.
func RandomPosition(r *engine.Rand, c purple.Class, toMove engine.Player) (engine.Position, error) {
	if !c.Valid() {
		return engine.Position{}, fmt.Errorf("solver: class %s has no positions with the game on", c)
	}
	p := c.Random(r, toMove)
	return p, p.Validate()
}

// Sampled is one position of a Sample with its answer.
type Sampled struct {
	Pos    engine.Position
	Answer Answer
	Err    error
}

// Sample draws n random positions of class c (see RandomPosition; side -1
// draws the side to move too) from seed and solves each with opts on
// threads goroutines, each position under timeout (0: none) and opts'
// node budget; emit receives them in drawing order.
func Sample(ctx context.Context, c purple.Class, n int, seed uint64, side int, opts Options, threads int, timeout time.Duration, emit func(Sampled)) error {
	if !c.Valid() {
		return fmt.Errorf("solver: class %s has no positions with the game on", c)
	}
	if side < -1 || side > 1 {
		return fmt.Errorf("solver: side %d: want -1, 0 or 1", side)
	}
	r := engine.NewRand(seed)
	jobs := make(chan Job)
	pos := make([]engine.Position, 0, n)
	for i := 0; i < n; i++ {
		s := side
		if s < 0 {
			s = r.Intn(2)
		}
		p, err := RandomPosition(r, c, engine.Player(s))
		if err != nil {
			return err
		}
		pos = append(pos, p)
	}
	go func() {
		defer close(jobs)
		for i, p := range pos {
			select {
			case jobs <- Job{Index: i, Text: p.String(), Pos: p, Prover: engine.First}:
			case <-ctx.Done():
				return
			}
		}
	}()
	Batch(ctx, opts, threads, timeout, jobs, func(j Job, a Answer, err error) {
		emit(Sampled{Pos: j.Pos, Answer: a, Err: err})
	})
	return ctx.Err()
}

// Package puzzles makes Geister endgame puzzles of the kind published in
// Geister puzzle collections: positions of a chosen material class where
// the side whose colours all show (the prover, first player, to move) has
// a sure win (SPEC §4) of at least a given length, optionally with exactly
// one winning first move, sorted by how the win ends and by its length.
//
//	ps, err := puzzles.Make(ctx, puzzles.Options{Class: &c, MinPlies: 15, Unique: true, Count: 10, Seed: 1})
//	for _, p := range ps { fmt.Println(p.Kind, p.Plies, p.Position, p.Move) }
//
// Positions are drawn uniformly from the class's placements with a seeded
// generator, so a seed and options give the same puzzles. Every verdict
// comes from package solver (the endgame tables where they hold the
// class, df-pn otherwise) and is exact: the length is the exact distance
// to win, and "unique" means that after every other first move the prover
// has no sure win at all.
package puzzles

import (
	"context"
	"fmt"
	"sort"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

// Kind is how a puzzle's win ends: how its principal line (the prover's
// fastest win against the longest resistance) finishes.
type Kind int8

const (
	Escape  Kind = iota // a blue of the prover escapes: an escape race
	Reds                // the opponent is forced to take the prover's last red
	Capture             // the prover takes the opponent's last blue
)

func (k Kind) String() string { return [...]string{"escape", "reds", "capture"}[k] }

// Options say which puzzles to make.
type Options struct {
	// Class is the material; nil draws each position's class at random
	// among the valid classes of 4 to MaxPieces pieces.
	Class     *purple.Class
	MaxPieces int // for a random class (default 7, at most 16)
	// MinPlies: the exact distance to win is at least this (default 9).
	MinPlies int
	// Unique keeps only positions with exactly one winning first move.
	Unique bool
	Count  int    // puzzles wanted (default 10)
	Seed   uint64 // seed of the draws
	// MaxDraws stops after this many positions drawn (default 1,000,000).
	MaxDraws int
	// Nodes caps each search (default 2,000,000); a position a search
	// cannot settle within it is passed over.
	Nodes uint64
	// Tables answers the classes it holds exactly (optional).
	Tables purple.Tables
	// BuildPieces: when Class is set, has at most this many pieces and
	// Tables does not hold it, its table (and those of the classes it
	// reads) is built first in a temporary directory, removed at the end,
	// and answers every draw (0: never; 5 builds in about a second).
	BuildPieces int
	// TTMegabytes sizes the searches' table (default 64).
	TTMegabytes int
	// Progress, when set, is called after every 1,000 draws and at each
	// puzzle found (and once before a table is built, with Building set).
	Progress func(Progress)
}

// Progress counts the work so far.
type Progress struct {
	Draws, Wins, Found int
	// Building names the class whose table is being built
	// (Options.BuildPieces) before the draws start.
	Building string
}

// Puzzle is one puzzle.
type Puzzle struct {
	Position string   `json:"position"` // the prover (first player) to move
	Class    string   `json:"class"`
	Plies    int      `json:"plies"` // the exact distance to win
	Move     string   `json:"move"`  // the winning first move (of the line)
	PV       []string `json:"pv"`
	Kind     Kind     `json:"-"`
	KindName string   `json:"kind"`
	// Unique: no other first move keeps a sure win (checked only with
	// Options.Unique; WinningMoves counts them then).
	Unique       bool   `json:"unique"`
	WinningMoves int    `json:"winning_moves,omitempty"`
	Draw         int    `json:"draw"`   // the draw's index, for reproduction
	Source       string `json:"source"` // "table" or "dfpn"
	pos          engine.Position
}

// Pos returns the puzzle's position.
func (p *Puzzle) Pos() engine.Position { return p.pos }

// Make draws positions until it has opts.Count puzzles (or MaxDraws
// draws, or ctx ends: it then returns what it has and ctx's error) and
// returns them sorted by kind, then length (longest first), then draw.
func Make(ctx context.Context, opts Options) ([]Puzzle, error) {
	if err := fill(&opts); err != nil {
		return nil, err
	}
	var classes []purple.Class
	if opts.Class == nil {
		classes = purple.Classes(opts.MaxPieces)
	}
	if c := opts.Class; c != nil && c.Pieces() <= opts.BuildPieces && (opts.Tables == nil || !opts.Tables.Has(*c)) {
		if opts.Progress != nil {
			opts.Progress(Progress{Building: c.String()})
		}
		db, done, err := tempTables(ctx, *c)
		if err != nil {
			return nil, err
		}
		defer done()
		opts.Tables = db
	}
	r := engine.NewRand(opts.Seed)
	m := newMaker(opts)
	var out []Puzzle
	var pr Progress
	var err error
	for draw := 0; draw < opts.MaxDraws && len(out) < opts.Count; draw++ {
		if err = ctx.Err(); err != nil {
			break
		}
		c := opts.Class
		if c == nil {
			c = &classes[r.Intn(len(classes))]
		}
		p := c.Random(r, engine.First)
		pr.Draws++
		pz, ok, perr := m.try(ctx, p, *c, draw, &pr)
		if perr != nil {
			err = perr
			break
		}
		if ok {
			out = append(out, pz)
			pr.Found++
			if opts.Progress != nil {
				opts.Progress(pr)
			}
		} else if opts.Progress != nil && pr.Draws%1000 == 0 {
			opts.Progress(pr)
		}
	}
	Sort(out)
	return out, err
}

// Sort orders puzzles by kind, then length (longest first), then draw.
func Sort(ps []Puzzle) {
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := &ps[i], &ps[j]
		if a.Kind != b.Kind {
			return a.Kind < b.Kind
		}
		if a.Plies != b.Plies {
			return a.Plies > b.Plies
		}
		return a.Draw < b.Draw
	})
}

func fill(o *Options) error {
	if o.MaxPieces == 0 {
		o.MaxPieces = 7
	}
	if o.MinPlies == 0 {
		o.MinPlies = 9
	}
	if o.Count == 0 {
		o.Count = 10
	}
	if o.MaxDraws == 0 {
		o.MaxDraws = 1_000_000
	}
	if o.Nodes == 0 {
		o.Nodes = 2_000_000
	}
	if o.TTMegabytes <= 0 {
		o.TTMegabytes = 64
	}
	switch {
	case o.Class != nil && !o.Class.Valid():
		return fmt.Errorf("puzzles: class %s has no positions (each side needs 1-4 blues and 1-4 reds)", o.Class)
	case o.Class == nil && (o.MaxPieces < 4 || o.MaxPieces > 16):
		return fmt.Errorf("puzzles: at most %d pieces: want 4 to 16", o.MaxPieces)
	case o.MinPlies < 1:
		return fmt.Errorf("puzzles: at least %d plies: want 1 or more", o.MinPlies)
	case o.Count < 1:
		return fmt.Errorf("puzzles: %d puzzles: want 1 or more", o.Count)
	}
	return nil
}

// maker holds the solvers of a run (their tables are reused).
type maker struct {
	opts  Options
	short *solver.Solver // "a win within MinPlies-1?": too short
	any   *solver.Solver // a win at all?
	exact *solver.Solver // the exact distance
}

func newMaker(o Options) *maker {
	base := solver.Options{TTMegabytes: o.TTMegabytes, MaxNodes: o.Nodes, Tables: o.Tables}
	m := &maker{opts: o, any: solver.New(base)}
	if o.MinPlies > 1 {
		so := base
		so.MaxPlies = o.MinPlies - 1
		m.short = solver.New(so)
	}
	eo := base
	eo.Shortest = true
	m.exact = solver.New(eo)
	return m
}

// try makes a puzzle of p, if it is one.
func (m *maker) try(ctx context.Context, p engine.Position, c purple.Class, draw int, pr *Progress) (Puzzle, bool, error) {
	if p.Outcome() != engine.Ongoing {
		return Puzzle{}, false, nil
	}
	// Cheap filters first: a win too short, then no win at all.
	if m.short != nil {
		a, err := m.short.Solve(ctx, p, engine.First)
		if err != nil || a.Result != solver.NoWin {
			return Puzzle{}, false, err
		}
	}
	a, err := m.any.Solve(ctx, p, engine.First)
	if err != nil || a.Result != solver.Win {
		return Puzzle{}, false, err
	}
	pr.Wins++
	if !a.Exact {
		bound := a.Plies // the proof's length bounds the DTW
		a, err = m.exact.Solve(ctx, p, engine.First)
		if err != nil || a.Result != solver.Win || !a.Exact || a.Plies > bound {
			return Puzzle{}, false, err
		}
	}
	if a.Plies < m.opts.MinPlies || len(a.PV) == 0 || a.Move == engine.NoMove {
		return Puzzle{}, false, nil
	}
	pz := Puzzle{Position: p.String(), Class: c.String(), Plies: a.Plies, Move: a.Move.String(), Draw: draw, Source: a.Source, pos: p}
	for _, mv := range a.PV {
		pz.PV = append(pz.PV, mv.String())
	}
	kind, ok := KindOf(p, a.PV)
	if !ok {
		return Puzzle{}, false, fmt.Errorf("puzzles: the line of %s does not end in the prover's win", p.String())
	}
	pz.Kind, pz.KindName = kind, kind.String()
	if m.opts.Unique {
		n, err := m.winningMoves(ctx, p, 2)
		if err != nil || n != 1 {
			return Puzzle{}, false, err
		}
		pz.Unique, pz.WinningMoves = true, n
	}
	return pz, true, nil
}

// winningMoves counts the prover's first moves after which it still
// surely wins, stopping at limit; a move the budget cannot settle counts
// as winning (so the position is not called unique on a guess).
func (m *maker) winningMoves(ctx context.Context, p engine.Position, limit int) (int, error) {
	var ml engine.MoveList
	ml.Generate(&p)
	moves := ml.Slice()
	purple.FlagProverMoves(moves)
	n := 0
	for _, mv := range moves {
		q := p
		q.Make(mv)
		a, err := m.any.Solve(ctx, q, engine.First)
		if err != nil {
			return 0, err
		}
		if a.Result != solver.NoWin {
			n++
			if n >= limit {
				break
			}
		}
	}
	return n, nil
}

// KindOf plays line from p and says how it ends: the prover's (first
// player's) escape, the opponent's taking of its last red, or its taking
// of the opponent's last blue; false when the line is illegal or does not
// end in the first player's win.
func KindOf(p engine.Position, line []engine.Move) (Kind, bool) {
	if len(line) == 0 {
		return 0, false
	}
	for i, mv := range line {
		if !p.IsLegal(mv.Plain()) && !p.IsLegal(mv) {
			return 0, false
		}
		if p.Turn() == engine.First {
			mv = mv.RevealRed()
		}
		last := i == len(line)-1
		if last {
			mover := p.Turn()
			redsBefore := p.Reds(engine.First)
			p.Make(mv)
			if p.Outcome() != engine.WinFor(engine.First) {
				return 0, false
			}
			switch {
			case mv.IsEscape():
				return Escape, mover == engine.First
			case mover == engine.Second && p.Reds(engine.First) < redsBefore:
				return Reds, true
			case mover == engine.First:
				return Capture, true
			}
			return 0, false
		}
		p.Make(mv)
		if p.Outcome() != engine.Ongoing {
			return 0, false
		}
	}
	return 0, false
}

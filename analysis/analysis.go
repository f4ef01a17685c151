// Package analysis looks at a played game through the solver: at every ply
// of a game record it asks, for each side, "does this side surely win
// from here?" (SPEC §4: the side's own colours shown, the opponent's
// hidden, against every colour the opponent's pieces may have), within a
// budget, from the endgame tables, the proof store or df-pn. From those
// verdicts it marks the moves that missed a sure win, the move that threw
// one away for good, moves that handed the opponent a sure win, and the
// first ply from which the result was forced.
//
//	recs, err := analysis.ReadGames(file)        // our records or a GAT log
//	rep, err := analysis.Analyze(ctx, recs[0], analysis.DefaultOptions())
//	for _, p := range rep.Plies { fmt.Println(p.Ply, p.Move, p.First.Result, p.Marks) }
//	fmt.Println(rep.ForcedFrom)
//
// Verdicts are only as good as the budget: "unknown" means it ran out, and
// marks are given only on proven verdicts (a win on one side of a move and
// a proven no-win on the other), never on an unknown.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/purple"
	"sync"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/solver"
)

// Options set the budget and the sources of the verdicts.
type Options struct {
	// Nodes and Time bound each question (one side, one ply); 0 means no
	// bound of that kind (one of them should be set).
	Nodes uint64
	Time  time.Duration
	// TTMegabytes sizes each side's transposition table.
	TTMegabytes int
	// Tables and Store, when set, answer what they hold before df-pn
	// searches (as in package solver).
	Tables purple.Tables
	Store  solver.ProofStore
	// Progress, when set, is called after each position with the number
	// of positions done and their total.
	Progress func(done, total int)
}

// DefaultOptions returns the default budget: 25,000 nodes and at most a
// second a question, 32 MiB tables, no endgame tables or store.
func DefaultOptions() Options {
	return Options{Nodes: 25_000, Time: time.Second, TTMegabytes: 32}
}

// Verdict is the solver's answer for one side at one ply.
type Verdict struct {
	Result string `json:"result"` // win, no-win or unknown
	// Plies to the win (exact when Exact: from a table, or a won game);
	// Move a winning move when the side is to move.
	Plies  int    `json:"plies,omitempty"`
	Exact  bool   `json:"exact,omitempty"`
	Move   string `json:"move,omitempty"`
	Source string `json:"source,omitempty"` // table, store, dfpn or game (the game is over)
	Nodes  uint64 `json:"nodes"`
}

func (v Verdict) win() bool   { return v.Result == "win" }
func (v Verdict) noWin() bool { return v.Result == "no-win" }

// Marks on a ply (on the move played from that ply's position).
const (
	// MarkMissed: the side to move surely won, and the move played kept
	// no sure win (after it the side's verdict is a proven no-win).
	MarkMissed = "missed-win"
	// MarkThrew: the last missed sure win of a side that did not win the
	// game: the move that threw the sure win away for good.
	MarkThrew = "threw-win"
	// MarkGave: before the move the opponent had no sure win (proven),
	// after it the opponent surely wins.
	MarkGave = "gave-win"
	// MarkForced: from this ply on the game's winner surely won at every
	// ply (Report.ForcedFrom).
	MarkForced = "forced"
)

// Ply is one position of the game and the move played from it.
type Ply struct {
	Ply      int    `json:"ply"`      // plies played before this position
	Position string `json:"position"` // every colour shown
	ToMove   string `json:"to_move"`  // f or s
	Move     string `json:"move,omitempty"`
	// First and Second: does that side surely win from here, as it sees
	// the board (its own colours, the opponent's hidden)?
	First  Verdict  `json:"first"`
	Second Verdict  `json:"second"`
	Marks  []string `json:"marks,omitempty"`
	// Note says in words what the marks mean here.
	Note string `json:"note,omitempty"`
}

// Report is the analysis of one game.
type Report struct {
	Game     int    `json:"game"`
	First    string `json:"first"`
	Second   string `json:"second"`
	Result   string `json:"result"` // first, second or draw
	Reason   string `json:"reason"`
	PlyLimit int    `json:"ply_limit,omitempty"`
	Plies    []Ply  `json:"plies"`
	// ForcedFrom, Missed, Threw and Gave are indices into Plies (the
	// position before the move; in a record, the plies played).
	ForcedFrom int    `json:"forced_from"` // -1: never (a draw, or not proven)
	Missed     []int  `json:"missed"`      // marked missed-win
	Threw      []int  `json:"threw"`       // marked threw-win
	Gave       []int  `json:"gave"`        // marked gave-win
	Unknown    int    `json:"unknown"`     // questions the budget left open
	Nodes      uint64 `json:"nodes"`
	ElapsedMS  int64  `json:"elapsed_ms"`
}

// ErrBadRecord wraps a record that cannot be replayed.
var ErrBadRecord = errors.New("analysis: the record cannot be replayed")

// Analyze replays rec and asks both sides' question at every position,
// one goroutine per side. It fails on a record that cannot be replayed,
// and returns ctx's error if ctx ends first.
func Analyze(ctx context.Context, rec match.Record, o Options) (*Report, error) {
	positions, moves, err := rec.Replay()
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadRecord, err)
	}
	rep := &Report{Game: rec.Game, First: rec.First, Second: rec.Second, Result: rec.Result,
		Reason: rec.Reason, PlyLimit: rec.PlyLimit}
	return analyze(ctx, rep, positions, moves, o)
}

// AnalyzeLine analyses the moves played from start, a position that shows
// every colour (a game set up by hand, or the end of one). The result is
// the game's if the moves end it, else "unfinished". plyLimit is the
// game's draw limit (0: none).
func AnalyzeLine(ctx context.Context, start engine.Position, moves []engine.Move, plyLimit int, o Options) (*Report, error) {
	if !start.AllShown(engine.First) || !start.AllShown(engine.Second) {
		return nil, fmt.Errorf("analysis: the start %s must show every colour", start.String())
	}
	positions := []engine.Position{start}
	p := start
	err := p.PlayLine(moves, func(p *engine.Position, m engine.Move) { p.Make(m.Plain()) }, func(int, engine.Move) error {
		positions = append(positions, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("analysis: %w", err)
	}
	rep := &Report{First: "-", Second: "-", Result: "unfinished", PlyLimit: plyLimit}
	switch o := p.OutcomeWithLimit(plyLimit); o {
	case engine.FirstWins, engine.SecondWins:
		w, _ := o.Winner()
		rep.Result = sideName(w)
	case engine.Draw:
		rep.Result, rep.Reason = "draw", "ply limit"
	}
	return analyze(ctx, rep, positions, moves, o)
}

func analyze(ctx context.Context, rep *Report, positions []engine.Position, moves []engine.Move, o Options) (*Report, error) {
	start := time.Now()
	rep.ForcedFrom = -1
	rep.Missed, rep.Threw, rep.Gave = []int{}, []int{}, []int{}
	plyLimit := rep.PlyLimit
	rep.Plies = make([]Ply, len(positions))
	for i := range positions {
		p := &positions[i]
		rep.Plies[i] = Ply{Ply: p.Ply(), Position: p.String(), ToMove: p.Turn().String()}
		if i < len(moves) {
			rep.Plies[i].Move = moves[i].Plain().String()
		}
	}
	if o.TTMegabytes <= 0 {
		o.TTMegabytes = DefaultOptions().TTMegabytes
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	errs := make([]error, 2)
	for side := engine.First; side <= engine.Second; side++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := solver.New(solver.Options{MaxNodes: o.Nodes, TTMegabytes: o.TTMegabytes,
				Tables: o.Tables, Store: o.Store, PlyLimit: plyLimit})
			for i := range positions {
				if err := ctx.Err(); err != nil {
					errs[side] = err
					return
				}
				v, err := verdict(ctx, s, positions[i], side, o.Time)
				if err != nil {
					errs[side] = fmt.Errorf("analysis: ply %d, %s player's question: %w", i, sideName(side), err)
					return
				}
				mu.Lock()
				if side == engine.First {
					rep.Plies[i].First = v
				} else {
					rep.Plies[i].Second = v
				}
				rep.Nodes += v.Nodes
				done++
				if o.Progress != nil {
					o.Progress(done, 2*len(positions))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	mark(rep)
	rep.ElapsedMS = time.Since(start).Milliseconds()
	return rep, nil
}

func sideName(pl engine.Player) string {
	if pl == engine.First {
		return "first"
	}
	return "second"
}

// verdict asks whether side surely wins p, as side sees it.
func verdict(ctx context.Context, s *solver.Solver, p engine.Position, side engine.Player, limit time.Duration) (Verdict, error) {
	if o := p.Outcome(); o != engine.Ongoing {
		if w, ok := o.Winner(); ok && w == side {
			return Verdict{Result: "win", Exact: true, Source: "game"}, nil
		}
		return Verdict{Result: "no-win", Source: "game"}, nil
	}
	if limit := s.Options().PlyLimit; limit > 0 && p.Ply() >= limit {
		return Verdict{Result: "no-win", Source: "game"}, nil
	}
	q := p
	q.Hide(side.Other())
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	a, err := s.Solve(ctx, q, side)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Result: a.Result.String(), Source: a.Source, Nodes: a.Nodes}
	if a.Result == solver.Win {
		v.Plies, v.Exact = a.Plies, a.Exact
		if a.Move != engine.NoMove {
			v.Move = a.Move.String()
		}
	}
	return v, nil
}

func (p *Ply) side(pl engine.Player) Verdict {
	if pl == engine.First {
		return p.First
	}
	return p.Second
}

// mark sets the marks from the verdicts (see the Mark constants).
func mark(rep *Report) {
	n := len(rep.Plies)
	lastMissed := [2]int{-1, -1}
	for i := 0; i+1 < n; i++ {
		p, next := &rep.Plies[i], &rep.Plies[i+1]
		if p.Move == "" {
			continue
		}
		us := engine.First
		if p.ToMove == "s" {
			us = engine.Second
		}
		them := us.Other()
		if p.side(us).win() && next.side(us).noWin() {
			p.Marks = append(p.Marks, MarkMissed)
			rep.Missed = append(rep.Missed, i)
			lastMissed[us] = i
			w := p.side(us)
			p.Note = fmt.Sprintf("%s surely won (in %s, with %s) but %s keeps no sure win", sideName(us), words.Count(w.Plies, "ply"), w.Move, p.Move)
		}
		if p.side(them).noWin() && next.side(them).win() {
			p.Marks = append(p.Marks, MarkGave)
			rep.Gave = append(rep.Gave, i)
			note := fmt.Sprintf("%s gives %s a sure win (in %s)", p.Move, sideName(them), words.Count(next.side(them).Plies, "ply"))
			if p.Note != "" {
				p.Note += "; " + note
			} else {
				p.Note = note
			}
		}
	}
	for pl := engine.First; pl <= engine.Second; pl++ {
		if i := lastMissed[pl]; i >= 0 && rep.Result != sideName(pl) && rep.Result != "unfinished" {
			rep.Plies[i].Marks = append(rep.Plies[i].Marks, MarkThrew)
			rep.Threw = append(rep.Threw, i)
			rep.Plies[i].Note += fmt.Sprintf("; %s never surely won again and did not win the game", sideName(pl))
		}
	}
	if rep.Result == "first" || rep.Result == "second" {
		w := engine.First
		if rep.Result == "second" {
			w = engine.Second
		}
		// The finished game's own position is won by the rules, not
		// forced: a result is forced from a ply before the end.
		end := n
		if end > 0 && rep.Plies[end-1].side(w).Source == "game" {
			end--
		}
		k := end
		for k > 0 && rep.Plies[k-1].side(w).win() {
			k--
		}
		if k < end {
			rep.ForcedFrom = k
			rep.Plies[k].Marks = append(rep.Plies[k].Marks, MarkForced)
			note := fmt.Sprintf("from here %s surely wins at every ply", sideName(w))
			if rep.Plies[k].Note != "" {
				rep.Plies[k].Note += "; " + note
			} else {
				rep.Plies[k].Note = note
			}
		}
	}
	for i := range rep.Plies {
		for _, v := range []Verdict{rep.Plies[i].First, rep.Plies[i].Second} {
			if v.Result == "unknown" {
				rep.Unknown++
			}
		}
	}
}

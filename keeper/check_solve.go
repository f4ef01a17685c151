package keeper

// How Check answers the enumerated positions: from the tables, the purple
// game's df-pn, the keeper game solved by retrograde analysis, or the
// keeper game's df-pn; and the batches that run them on several threads.

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/pool"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

func (k *checkRun) solveTable(items []checkItem, _ *checkWorker) error {
	for i := range items {
		it := &items[i]
		v, err := k.Tables.Probe(&it.pos, engine.First)
		if err != nil {
			return err
		}
		it.known = true
		if v.Result == purple.Win {
			it.win, it.plies = true, v.Plies
		}
	}
	return nil
}

func (k *checkRun) solvePurpleDfpn(items []checkItem, w *checkWorker) error {
	if w.sv == nil {
		w.sv = solver.New(solver.Options{Shortest: true, MaxNodes: k.Nodes, MaxPlies: k.WithinPlies, TTMegabytes: 128, Tables: k.prober, Store: k.Store})
	}
	for i := range items {
		it := &items[i]
		ctx, cancel := k.withTime()
		a, err := w.sv.Solve(ctx, it.pos, engine.First)
		cancel()
		if err != nil {
			return err
		}
		if err := k.ctx.Err(); err != nil {
			return err
		}
		switch a.Result {
		case solver.Win:
			it.known, it.win, it.plies = true, true, a.Plies
		case solver.NoWin:
			it.known = true
		}
	}
	return nil
}

func (k *checkRun) solveRetro(items []checkItem, w *checkWorker) error {
	for i := range items {
		it := &items[i]
		it.known = true
		v, ok := k.solved.Value(&it.pos, engine.First, engine.NoSquare)
		if !ok {
			return fmt.Errorf("keeper game: no value for %s", it.pos.String())
		}
		it.win, it.plies, it.mark = v.Win, v.Plies, engine.NoSquare
		if k.Hidden && it.win {
			if w.hidden == nil {
				w.hidden = NewHidden(k.Reading, k.solved)
			}
			it.hidden, it.hiddenPlies = w.hidden.Win(it.pos, BeliefOf(engine.NoSquare), it.plies+k.HiddenSlack, k.Nodes)
			if err := k.ctx.Err(); err != nil {
				return err
			}
		}
		if it.pos.Reds(engine.First) != 1 || it.pos.Count(engine.Second) != 2 {
			continue // the algorithm holds no value here (step 8(b))
		}
		for x := it.pos.Occupied(engine.First); x != 0; x &= x - 1 {
			s := engine.Square(bits.TrailingZeros64(x))
			v, ok := k.solved.Value(&it.pos, engine.First, s)
			if !ok || !v.Win {
				continue
			}
			if it.pos.Pieces(engine.First, engine.Blue)&s.Bit() != 0 {
				it.anyBlue = true
			} else {
				it.anyRed = true
			}
			if it.valMark == engine.NoSquare || v.Plies < it.valPlies {
				it.valMark, it.valPlies = s, v.Plies
			}
		}
	}
	return nil
}

func (k *checkRun) solveKeeperDfpn(items []checkItem, w *checkWorker) error {
	if w.tt == nil {
		w.tt = dfpn.NewTable(128)
	}
	var oracle Oracle
	if k.solved != nil {
		oracle = k.solved
	}
	var tables purple.Tables
	if k.prober != nil {
		tables = k.prober
	}
	for i := range items {
		it := &items[i]
		g, err := NewGame(it.pos, engine.First, engine.NoSquare, k.Reading, oracle, tables)
		if err != nil {
			return err
		}
		ctx, cancel := k.withTime()
		res := Solve(ctx, g, w.tt, Options{MaxNodes: k.Nodes, MaxDepth: k.WithinPlies})
		cancel()
		if err := k.ctx.Err(); err != nil {
			return err
		}
		switch res.Status {
		case dfpn.Proven:
			it.known, it.win, it.plies = true, true, res.Plies
		case dfpn.Disproven:
			it.known = true
		}
	}
	return nil
}

// runBatches runs gen's items through solve on threads workers in
// batches of size (pool.Ordered) and hands them to collect in generation order.
// On an error it stops, after collecting every batch finished before the
// first failed one.
func runBatches(ctx context.Context, threads, size int, gen func(emit func(checkItem) error) error,
	solve func([]checkItem, *checkWorker) error, collect func(*checkItem)) error {
	var genErr error
	batches := func(yield func([]checkItem) bool) {
		var cur []checkItem
		genErr = gen(func(it checkItem) error {
			if cur = append(cur, it); len(cur) == size {
				if !yield(cur) {
					return errStopped
				}
				cur = nil
			}
			return ctx.Err()
		})
		if genErr == nil && len(cur) > 0 {
			yield(cur)
		}
	}
	err := pool.Ordered(threads, batches, func(int) func([]checkItem) ([]checkItem, error) {
		w := &checkWorker{}
		return func(b []checkItem) ([]checkItem, error) { return b, solve(b, w) }
	}, func(b, _ []checkItem) error {
		for i := range b {
			collect(&b[i])
		}
		return nil
	})
	switch {
	case err != nil:
		return err
	case genErr != nil && genErr != errStopped:
		return genErr
	}
	return ctx.Err()
}

// errStopped ends a generation the pool no longer reads.
var errStopped = errors.New("keeper: stopped")

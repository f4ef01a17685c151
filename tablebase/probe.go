package tablebase

import (
	"context"
	"errors"
	"fmt"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// ErrGameOver means the probed position's game has already ended; tables
// hold positions with the game on.
var ErrGameOver = errors.New("tablebase: the game is over in this position")

// Probe returns the exact value of p for prover: a sure win with its DTW,
// a forced loss in the purple game with its DTL, or neither. Any side may
// be to move and the prover may be either player (SPEC §6: the second
// player's positions are looked up upside down, mirror images once). The
// class of p must be complete in the store, else the error wraps
// ErrNotInTable and names the class; corrupt data gives an error wrapping
// ErrCorrupt, never a value.
func (db *DB) Probe(p *engine.Position, prover engine.Player) (Entry, error) {
	ci, err := db.classOf(p, prover)
	if err != nil {
		return Entry{}, err
	}
	x, s := fromPosition(p, prover)
	return db.probeBoard(ci, s, &x)
}

// ProbeValue is Probe for purple.Tables: the result and its distance.
func (db *DB) ProbeValue(p *engine.Position, prover engine.Player) (purple.Value, int, error) {
	v, err := db.Probe(p, prover)
	if err != nil {
		return purple.Ongoing, 0, err
	}
	return v.Result, v.Plies, nil
}

// ScanValuesWhere streams the positions of complete class c that keep
// accepts (nil: all), with their values: ScanWhere's, keep asked before
// each position is made, as solver.ClassScanner wants them.
func (db *DB) ScanValuesWhere(ctx context.Context, c purple.Class, keep func(proverToMove bool, v purple.Value, plies int) bool, fn func(p engine.Position, v purple.Value, plies int) error) error {
	var k func(bool, Entry) bool
	if keep != nil {
		k = func(proverToMove bool, v Entry) bool { return keep(proverToMove, v.Result, v.Plies) }
	}
	return db.ScanWhere(ctx, c, k, func(p engine.Position, v Entry) error {
		return fn(p, v.Result, v.Plies)
	})
}

var _ purple.Tables = (*DB)(nil)

func (db *DB) classOf(p *engine.Position, prover engine.Player) (*classInfo, error) {
	if p.Outcome() != engine.Ongoing {
		return nil, ErrGameOver
	}
	c, ok := purple.ClassOf(p, prover)
	if !ok {
		if !p.AllShown(prover) {
			return nil, fmt.Errorf("%w: the prover (%s) hides colours", ErrNotInTable, prover)
		}
		return nil, fmt.Errorf("%w: the opponent shows colours; tables hold hidden opponents only", ErrNotInTable)
	}
	ci := db.info(c)
	if ci == nil || !ci.complete.Load() {
		return nil, fmt.Errorf("%w: class %s", ErrNotInTable, c)
	}
	return ci, nil
}

func (db *DB) probeBoard(ci *classInfo, s int, x *board) (Entry, error) {
	idx := ci.lay[s].folded(x)
	b, err := db.entry(ci, s, idx)
	if err != nil {
		return Entry{}, err
	}
	v, ok := decodeEntry(b)
	if !ok {
		return Entry{}, fmt.Errorf("%w: class %s: invalid value %#x", ErrCorrupt, ci.c, b)
	}
	return v, nil
}

// childEntry returns the value of the position after move m (already
// made in q), a terminal one included: a prover win or loss at distance 0.
func (db *DB) childEntry(q *engine.Position, prover engine.Player) (Entry, error) {
	switch purple.ValueOf(q, prover) {
	case purple.Win:
		return Entry{Result: purple.Win}, nil
	case purple.Loss:
		return Entry{Result: purple.Loss}, nil
	}
	return db.Probe(q, prover)
}

// BestMove returns a move of the side to move in p that keeps the stored
// value: for a win of the side to move the shortest, for a loss the
// longest resistance, otherwise a move that keeps neither side winning.
// Prover moves carry the reveal-red flag of the purple game
// (purple.ProverMove), which does not change their text. It returns the
// value of p as Probe does; its errors are Probe's, for p or its children.
func (db *DB) BestMove(p *engine.Position, prover engine.Player) (engine.Move, Entry, error) {
	v, err := db.Probe(p, prover)
	if err != nil {
		return engine.NoMove, v, err
	}
	var ml engine.MoveList
	ml.Generate(p)
	for _, m := range ml.Slice() {
		m = purple.ProverMove(p, prover, m)
		q := *p
		q.Make(m)
		cv, err := db.childEntry(&q, prover)
		if err != nil {
			return engine.NoMove, v, err
		}
		if cv.Result == v.Result && (v.Result == purple.Ongoing || cv.Plies == v.Plies-1) {
			return m, v, nil
		}
	}
	c, _ := purple.ClassOf(p, prover)
	return engine.NoMove, v, fmt.Errorf("%w: class %s: no move of %s keeps its value %s", ErrCorrupt, c, p.String(), v)
}

// Line returns a principal line from p: BestMove repeated until the game
// ends, at most maxPlies moves (for a win, DTW moves end it).
func (db *DB) Line(p *engine.Position, prover engine.Player, maxPlies int) ([]engine.Move, error) {
	q := *p
	var line []engine.Move
	for len(line) < maxPlies && q.Outcome() == engine.Ongoing {
		m, _, err := db.BestMove(&q, prover)
		if err != nil {
			return line, err
		}
		line = append(line, m)
		q.Make(m)
	}
	return line, nil
}

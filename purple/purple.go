// Package purple is the prover's worst-case game of SPEC §4 over engine
// positions: the opponent's hidden pieces are purple (紫駒), red when the
// prover captures one while a hidden red remains and blue otherwise, and
// able to escape from the opponent's exits while a hidden blue remains.
// Shown colours keep their colours. The prover surely wins a position if
// and only if it wins this perfect-information game.
//
// The engine already resolves hidden captures by the counts and lets a
// hidden piece escape while its owner has a hidden blue; the purple game
// adds the worst case for the prover: every prover capture carries the
// reveal-red flag. Typical use:
//
//	prover, err := purple.DefaultProver(&pos)
//	g, err := purple.New(pos, prover)
//	var ml engine.MoveList
//	g.Moves(&ml)
//	u := g.Make(ml.Moves[0])
//	if g.Value() == purple.Win { ... }
//	g.Unmake(u)
//
// The package also gives the canonical form (prover as first player, left-
// right mirror folded) with its Key, and material classes for tables with
// the order they are solved in (Closure: a class after every class its
// captures lead into).
package purple

import (
	"errors"
	"fmt"

	"github.com/geister-solver/geister/engine"
)

// Value is a decided or undecided game from the prover's side.
type Value int8

const (
	Ongoing Value = iota
	Win           // the prover has won
	Loss          // the opponent has won
	Draw          // the ply limit was reached (only with a limit)
)

func (v Value) String() string {
	return [...]string{"ongoing", "win", "loss", "draw"}[v]
}

// ErrNoProver means that neither side shows all its colours, so there is
// no side whose sure win can be asked.
var ErrNoProver = errors.New("purple: no side shows all its colours, so no side can be the prover")

// DefaultProver returns the prover SPEC §4 picks: the side whose pieces
// all show their colours; if both do, the side to move.
func DefaultProver(p *engine.Position) (engine.Player, error) {
	f, s := p.AllShown(engine.First), p.AllShown(engine.Second)
	switch {
	case f && s:
		return p.Turn(), nil
	case f:
		return engine.First, nil
	case s:
		return engine.Second, nil
	}
	return engine.First, ErrNoProver
}

// CheckProver returns an error unless every piece of prover shows its
// colour.
func CheckProver(p *engine.Position, prover engine.Player) error {
	if !p.AllShown(prover) {
		return fmt.Errorf("purple: the prover (%s player) must show every colour, but %s hides some", name(prover), p.String())
	}
	return nil
}

func name(pl engine.Player) string {
	if pl == engine.First {
		return "first"
	}
	return "second"
}

// ValueOf returns the outcome of p from prover's side.
func ValueOf(p *engine.Position, prover engine.Player) Value {
	switch p.Outcome() {
	case engine.Ongoing:
		return Ongoing
	case engine.Draw:
		return Draw
	case engine.WinFor(prover):
		return Win
	}
	return Loss
}

// Game is a position of the purple game with its prover.
type Game struct {
	Pos    engine.Position
	Prover engine.Player
}

// New returns the purple game of p for prover, whose colours must all be
// shown.
func New(p engine.Position, prover engine.Player) (*Game, error) {
	if err := CheckProver(&p, prover); err != nil {
		return nil, err
	}
	return &Game{Pos: p, Prover: prover}, nil
}

// Moves fills ml with the legal moves of the side to move; the prover's
// carry the reveal-red flag, so that a capture of a hidden piece is red
// while a hidden red remains.
func (g *Game) Moves(ml *engine.MoveList) {
	ml.Generate(&g.Pos)
	if g.Pos.Turn() == g.Prover {
		FlagProverMoves(ml.Slice())
	}
}

// FlagProverMoves sets the reveal-red flag on moves of the prover.
func FlagProverMoves(moves []engine.Move) {
	for i := range moves {
		moves[i] = moves[i].RevealRed()
	}
}

// Make plays m (from Moves; a prover move without the flag is flagged
// here) and returns the undo value.
func (g *Game) Make(m engine.Move) engine.Undo {
	if g.Pos.Turn() == g.Prover {
		m = m.RevealRed()
	}
	return g.Pos.Make(m)
}

// Unmake takes back the move u was returned for.
func (g *Game) Unmake(u engine.Undo) { g.Pos.Unmake(u) }

// Value returns the game's outcome from the prover's side.
func (g *Game) Value() Value { return ValueOf(&g.Pos, g.Prover) }

// ProverMove returns m as the purple game plays it in p for prover: with
// the reveal-red flag when prover is to move.
func ProverMove(p *engine.Position, prover engine.Player, m engine.Move) engine.Move {
	if p.Turn() == prover {
		return m.RevealRed()
	}
	return m.Plain()
}

package player

import (
	"context"

	"github.com/geister-solver/geister/engine"
)

// keeper is paper 002's keeper algorithm (Algorithm 1), step by step:
//
//  1. Placement: a blue and a red on the two home squares nearest the
//     opponent's exits (E and H), which one where at random and
//     independently of the other pieces (here: the other six at random).
//  2. Every opponent piece has the value 0; p (option p) is the
//     probability of giving the value 1 ("regarded as red").
//  3. On the first turn and the next, the piece nearest each opponent exit
//     moves onto it (the exit on the player's own left first).
//  4. Then, with 3 or more pieces left: step 5; with 2: step 6.
//  5. Move a piece that is not on an opponent exit, to a square without an
//     opponent piece when it can (at random among such moves; else a
//     random capture; a random legal move when no such piece can move).
//  6. With 2 pieces: both on the exits: 7; one: 8; none: 9.
//  7. Pick a movable piece at random; move it to a square without an
//     opponent piece if it can, else capture a piece of value 0, else
//     play a random move of a random piece.
//  8. (a) If the free exit holds no opponent piece, or the opponent has 2
//     or more reds left, move the other piece onto (towards) the free
//     exit. (b) Otherwise (one red left, an opponent piece on the free
//     exit): if no other piece has the value 1, give it the value 1 with
//     probability p; if its value is 0, take it (moving onto the exit);
//     if 1, move as in step 7.
//  9. (a) If a piece is not next to an exit, a random legal move of a
//     random piece. (b) Both next to exits: move onto an exit without an
//     opponent piece, else take the piece of value 0 on an exit.
//
// Opponent pieces are followed through the moves played, so a value stays
// with its piece. The algorithm never looks at its own colours after the
// placement; where the paper leaves a choice open (the order of the keeper
// moves, how a piece not yet next to the free exit approaches it) this
// code says what it does.
type keeper struct {
	placer
	p      float64
	rng    *engine.Rand
	me     engine.Player
	marked engine.Square // the opponent piece of value 1, or NoSquare
	seen   int           // moves of the game already followed
}

func newKeeper(o *options, env Env) (Agent, error) {
	a := &keeper{placer: newPlacer(o), p: o.float("p")}
	if a.hasFixed && (a.fixed>>4&1)+(a.fixed>>7&1) != 1 {
		return nil, errorf("reds=%s: the keepers E and H must be one red and one blue (paper 002 Algorithm 1 step 1)", a.fixed)
	}
	return a, nil
}

func (a *keeper) NewGame(side engine.Player, seed uint64) engine.Placement {
	a.rng = a.rand(seed)
	a.me, a.marked, a.seen = side, engine.NoSquare, 0
	return a.place(a.rng, keeperPlacement)
}

// follow updates the marked piece's square from the moves played since
// the last call.
func (a *keeper) follow(v *View) {
	for ; a.seen < v.NumMoves(); a.seen++ {
		m := v.MoveAt(a.seen)
		mover := engine.First
		if a.seen%2 == 1 {
			mover = engine.Second
		}
		switch {
		case a.marked == engine.NoSquare:
		case mover != a.me && m.From() == a.marked:
			a.marked = m.To()
		case mover == a.me && m.To() == a.marked:
			a.marked = engine.NoSquare
		}
	}
}

func (a *keeper) Move(ctx context.Context, v *View) (engine.Move, error) {
	if a.rng == nil {
		a.NewGame(v.Me(), 0)
	}
	a.follow(v)
	p := &v.pos
	me := p.Turn()
	exits := opponentExits(me)
	// Step 3: the first two turns.
	if turn := v.NumMoves() / 2; turn < 2 {
		if m, ok := a.approach(p, exits[turn], true); ok {
			return m, nil
		}
	}
	own := p.Occupied(me)
	if popcount(own) >= 3 {
		return a.step5(p), nil
	}
	onExit := own & (exits[0].Bit() | exits[1].Bit())
	switch popcount(onExit) {
	case 2:
		return a.step7(p), nil
	case 1:
		return a.step8(p, exits), nil
	}
	return a.step9(p, exits), nil
}

// approach returns the move of the own piece nearest the exit x onto it
// (or one step towards it), or false when an own piece is already there.
func (a *keeper) approach(p *engine.Position, x engine.Square, nearest bool) (engine.Move, bool) {
	me := p.Turn()
	own := p.Occupied(me)
	if own&x.Bit() != 0 {
		return engine.NoMove, false
	}
	bestD := 99
	var from [8]engine.Square
	n := 0
	for b := own; b != 0; b &= b - 1 {
		s := engine.Square(trailing(b))
		if !nearest && opponentExitBit(me)&s.Bit() != 0 {
			continue
		}
		d := s.Distance(x)
		if d < bestD {
			bestD, n = d, 0
		}
		if d == bestD {
			from[n] = s
			n++
		}
	}
	if n == 0 {
		return engine.NoMove, false
	}
	return a.towards(p, from[a.rng.Intn(n)], x)
}

// towards returns a step of the piece on s that brings it nearer x,
// preferring squares without an opponent piece, at random among equals.
func (a *keeper) towards(p *engine.Position, s, x engine.Square) (engine.Move, bool) {
	me := p.Turn()
	var quiet, capt [4]engine.Move
	nq, nc := 0, 0
	for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		t, ok := step(s, d[0], d[1])
		if !ok || p.Occupied(me)&t.Bit() != 0 || t.Distance(x) >= s.Distance(x) {
			continue
		}
		if p.Occupied(me.Other())&t.Bit() != 0 {
			capt[nc] = engine.NewMove(s, t)
			nc++
		} else {
			quiet[nq] = engine.NewMove(s, t)
			nq++
		}
	}
	switch {
	case nq > 0:
		return quiet[a.rng.Intn(nq)], true
	case nc > 0:
		return capt[a.rng.Intn(nc)], true
	}
	return engine.NoMove, false
}

func opponentExitBit(me engine.Player) uint64 { return engine.Exits(me.Other()) }

// movesOf returns the legal moves from the squares in from, split into
// moves to squares without an opponent piece and captures.
func movesOf(p *engine.Position, from uint64) (quiet, capt []engine.Move) {
	var ml engine.MoveList
	ml.Generate(p)
	opp := p.Occupied(p.Turn().Other())
	for _, m := range ml.Slice() {
		if from&m.From().Bit() == 0 {
			continue
		}
		if !m.IsEscape() && opp&m.To().Bit() != 0 {
			capt = append(capt, m)
		} else {
			quiet = append(quiet, m)
		}
	}
	return quiet, capt
}

// movablePieces returns the squares of the side to move's pieces that
// have a legal move on the board, and how many there are.
func movablePieces(p *engine.Position) (movable [8]engine.Square, n int) {
	for b := p.Occupied(p.Turn()); b != 0; b &= b - 1 {
		s := engine.Square(trailing(b))
		if q, c := movesOf(p, s.Bit()); len(q)+len(c) > 0 {
			movable[n] = s
			n++
		}
	}
	return movable, n
}

func (a *keeper) pick(ms []engine.Move) engine.Move { return ms[a.rng.Intn(len(ms))] }

// randomMove is a random legal move of a random movable piece.
func (a *keeper) randomMove(p *engine.Position) engine.Move {
	movable, n := movablePieces(p)
	q, c := movesOf(p, movable[a.rng.Intn(n)].Bit())
	return a.pick(append(q, c...))
}

func (a *keeper) step5(p *engine.Position) engine.Move {
	me := p.Turn()
	free := p.Occupied(me) &^ opponentExitBit(me)
	q, c := movesOf(p, free)
	switch {
	case len(q) > 0:
		return a.pick(q)
	case len(c) > 0:
		return a.pick(c)
	}
	return a.randomMove(p)
}

func (a *keeper) step7(p *engine.Position) engine.Move {
	movable, n := movablePieces(p)
	s := movable[a.rng.Intn(n)]
	q, c := movesOf(p, s.Bit())
	if len(q) > 0 {
		return a.pick(q)
	}
	var zero []engine.Move
	for _, m := range c {
		if m.To() != a.marked {
			zero = append(zero, m)
		}
	}
	if len(zero) > 0 {
		return a.pick(zero)
	}
	return a.randomMove(p)
}

func (a *keeper) step8(p *engine.Position, exits [2]engine.Square) engine.Move {
	me := p.Turn()
	opp := me.Other()
	freeExit := exits[0]
	if p.Occupied(me)&freeExit.Bit() != 0 {
		freeExit = exits[1]
	}
	other := p.Occupied(me) &^ opponentExitBit(me)
	s := engine.Square(trailing(other))
	oppOnExit := p.Occupied(opp)&freeExit.Bit() != 0
	if !oppOnExit || p.Reds(opp) >= 2 {
		// (a) Move the other piece onto the free exit.
		if m, ok := a.towards(p, s, freeExit); ok {
			return m
		}
		return a.step7(p)
	}
	// (b) One red left and an opponent piece on the free exit.
	if a.marked == engine.NoSquare && unitFloat(a.rng) < a.p {
		a.marked = freeExit
	}
	if a.marked != freeExit {
		if m, ok := a.towards(p, s, freeExit); ok {
			return m
		}
	}
	return a.step7(p)
}

func (a *keeper) step9(p *engine.Position, exits [2]engine.Square) engine.Move {
	me := p.Turn()
	own := p.Occupied(me)
	exitBits := exits[0].Bit() | exits[1].Bit()
	var pieces [2]engine.Square
	n := 0
	allNext := true
	for b := own; b != 0 && n < 2; b &= b - 1 {
		pieces[n] = engine.Square(trailing(b))
		if engine.Neighbours(pieces[n].Bit())&exitBits == 0 {
			allNext = false
		}
		n++
	}
	if !allNext {
		return a.randomMove(p) // (a)
	}
	// (b) In random order: onto an exit without an opponent piece, else
	// take a piece of value 0 on an exit.
	first := a.rng.Intn(2)
	for _, wantEmpty := range []bool{true, false} {
		for i := 0; i < 2; i++ {
			s := pieces[(first+i)%2]
			for x := engine.Neighbours(s.Bit()) & exitBits; x != 0; x &= x - 1 {
				t := engine.Square(trailing(x))
				occupied := p.Occupied(me.Other())&t.Bit() != 0
				if own&t.Bit() != 0 {
					continue
				}
				if wantEmpty && !occupied || !wantEmpty && occupied && t != a.marked {
					return engine.NewMove(s, t)
				}
			}
		}
	}
	return a.randomMove(p)
}

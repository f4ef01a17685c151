package keeper

import (
	"context"
	"math/bits"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// NWin is a solved keeper-game position: whether N surely wins against
// Algorithm 1, and in how many plies at most when it does (N hastens, the
// algorithm's choices delay).
type NWin struct {
	Win   bool
	Plies int
}

// Oracle gives exact keeper-game values of positions it knows (a
// *Solved does): p with the prover n, K's piece of value 1 on marked.
type Oracle interface {
	Value(p *engine.Position, n engine.Player, marked engine.Square) (NWin, bool)
}

// markFlag marks a keeper move encoded for dfpn that gives the exit piece
// the value 1 (step 8(b)); bits 0–12 hold the engine move.
const markFlag = 1 << 15

// Game is the keeper game as a dfpn.Game: the OR side is N, the prover,
// whose colours are shown and whose moves are all legal moves (captures of
// K's hidden pieces resolve as purple pieces, SPEC §4: red while K has a
// hidden red); the AND side is K, whose moves are Algorithm 1's choices
// (Choices). The state is the position and the opponent piece of value 1.
type Game struct {
	pos     engine.Position
	n, k    engine.Player
	marked  engine.Square
	reading Reading
	oracle  Oracle
	tables  purple.Tables
	stack   []frame
	buf     []Choice
	// TableHits counts nodes answered by the oracle or the tables.
	TableHits uint64
}

type frame struct {
	u      engine.Undo
	marked engine.Square
}

// NewGame returns the keeper game of p with prover n (whose colours must
// all be shown); the other side plays Algorithm 1 in the given reading,
// with the opponent piece on marked holding the value 1 (engine.NoSquare:
// none). oracle and tables may be nil.
func NewGame(p engine.Position, n engine.Player, marked engine.Square, r Reading, oracle Oracle, tables purple.Tables) (*Game, error) {
	if err := purple.CheckProver(&p, n); err != nil {
		return nil, err
	}
	if marked != engine.NoSquare {
		if pl, _, ok := p.At(marked); !ok || pl != n {
			return nil, errorf("the piece of value 1 must be one of %s's pieces, %s is not", n, marked)
		}
	}
	return &Game{pos: p, n: n, k: n.Other(), marked: marked, reading: r, oracle: oracle, tables: tables}, nil
}

// Position returns the current position.
func (g *Game) Position() engine.Position { return g.pos }

var markKeys = func() (k [64]uint64) {
	r := engine.NewRand(0x6b656570)
	for i := 1; i < 64; i++ {
		k[i] = r.Uint64()
	}
	return k
}()

func (g *Game) Hash() uint64  { return g.pos.Hash() ^ markKeys[g.marked] ^ 0x4b65657065724761 }
func (g *Game) OrNode() bool  { return g.pos.Turn() == g.n }
func (g *Game) Material() int { return g.pos.Count(engine.First) + g.pos.Count(engine.Second) }

// KeeperChoices returns Algorithm 1's choices in the current position,
// which must have K to move.
func (g *Game) KeeperChoices(dst []Choice) []Choice {
	b := BoardOf(&g.pos)
	return Choices(&b, g.marked, g.reading, dst)
}

func (g *Game) Moves(buf []dfpn.Move) []dfpn.Move {
	if g.pos.Turn() == g.k {
		g.buf = g.KeeperChoices(g.buf[:0])
		for _, c := range g.buf {
			m := dfpn.Move(c.Move.Plain())
			if c.Mark != engine.NoSquare {
				m |= markFlag
			}
			buf = append(buf, m)
		}
		return buf
	}
	var ml engine.MoveList
	ml.Generate(&g.pos)
	them := g.pos.Occupied(g.k)
	flag := engine.NoMove.RevealRed()
	// Escapes first, then quiet moves, then captures (with K's last red
	// hidden, every capture loses).
	kind := func(m engine.Move) int {
		switch {
		case m.IsEscape():
			return 0
		case them&m.To().Bit() == 0:
			return 1
		}
		return 2
	}
	for pass := 0; pass < 3; pass++ {
		for _, m := range ml.Slice() {
			if kind(m) == pass {
				buf = append(buf, dfpn.Move(m|flag))
			}
		}
	}
	return buf
}

// Play makes a move from Moves.
func (g *Game) Play(dm dfpn.Move) {
	m := engine.Move(dm &^ markFlag)
	mark := engine.NoSquare
	if dm&markFlag != 0 {
		b := BoardOf(&g.pos)
		mark = b.FreeExit()
	}
	next := NextMark(&g.pos, g.k, g.marked, m, mark)
	g.stack = append(g.stack, frame{g.pos.Make(m), g.marked})
	g.marked = next
}

func (g *Game) Undo() {
	f := g.stack[len(g.stack)-1]
	g.stack = g.stack[:len(g.stack)-1]
	g.pos.Unmake(f.u)
	g.marked = f.marked
}

// Evaluate: terminal positions; N to move with a blue on its exit wins in
// one; positions the oracle knows exactly; purple table wins (proofs, with
// an upper bound on the distance).
func (g *Game) Evaluate() dfpn.Eval {
	p := &g.pos
	switch o := p.Outcome(); o {
	case engine.Ongoing:
	case engine.WinFor(g.n):
		return dfpn.Eval{WinIn: 0}
	default:
		return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}
	}
	if g.oracle != nil {
		if v, ok := g.oracle.Value(p, g.n, g.marked); ok {
			g.TableHits++
			if v.Win {
				return dfpn.Eval{WinIn: uint16(v.Plies), NoWin: uint16(v.Plies - 1)}
			}
			return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}
		}
	}
	if p.Turn() == g.n && p.Pieces(g.n, engine.Blue)&engine.Exits(g.n) != 0 {
		return dfpn.Eval{WinIn: 1}
	}
	if g.tables != nil {
		if c, ok := purple.ClassOf(p, g.n); ok && g.tables.Has(c) {
			if v, d, err := g.tables.ProbeValue(p, g.n); err == nil && v == purple.Win {
				g.TableHits++
				return dfpn.Eval{WinIn: uint16(d)}
			}
		}
	}
	return dfpn.NothingKnown()
}

// Estimate: at N's nodes the proof number grows with the distance of N's
// nearest blue to an exit, the disproof number with N's mobility; at K's
// nodes the proof number is the number of the algorithm's choices.
func (g *Game) Estimate() (pn, dn uint32) {
	p := &g.pos
	if p.Turn() == g.k {
		b := BoardOf(p)
		g.buf = Choices(&b, g.marked, g.reading, g.buf[:0])
		return uint32(max(len(g.buf), 1)), 1
	}
	best := 99
	for x := p.Pieces(g.n, engine.Blue); x != 0; x &= x - 1 {
		s := engine.Square(bits.TrailingZeros64(x))
		f := min(s.File(), 5-s.File())
		r := s.Rank() - 1
		if g.n == engine.Second {
			r = 6 - s.Rank()
		}
		best = min(best, f+r+1)
	}
	return uint32(max((best+1)/2, 1)), uint32(max(p.CountMoves(), 1))
}

// Answer is a df-pn answer in the keeper game.
type Answer struct {
	Status dfpn.Status
	// Plies: when Proven, the length of the proof found (an upper bound
	// on the distance); exact with Options.Shortest.
	Plies int
	Exact bool
	Best  engine.Move // N's first move of the proof (N to move)
	Nodes uint64
}

// Options bound a df-pn search of the keeper game.
type Options struct {
	MaxNodes    uint64
	MaxDepth    int // a win within this many plies (0: any)
	Shortest    bool
	TTMegabytes int
}

// Solve answers by df-pn whether N surely wins g's current position
// against the algorithm. tt may be reused between calls on games of the
// same reading and oracle.
func Solve(ctx context.Context, g *Game, tt *dfpn.Table, o Options) Answer {
	if tt == nil {
		tt = dfpn.NewTable(max(o.TTMegabytes, 16))
	}
	s := dfpn.NewSearcher(tt)
	var res Answer
	budget := func() uint64 {
		if o.MaxNodes == 0 {
			return 0
		}
		if res.Nodes >= o.MaxNodes {
			return 1
		}
		return o.MaxNodes - res.Nodes
	}
	r := s.Search(ctx, g, dfpn.Options{MaxNodes: budget(), MaxDepth: o.MaxDepth})
	res.Nodes += r.Stats.Nodes
	res.Status = r.Status
	if r.Status != dfpn.Proven {
		return res
	}
	res.Plies, res.Best = r.WinIn, engine.Move(r.Best&^markFlag)
	if !o.Shortest {
		return res
	}
	for res.Plies > 1 {
		r := s.Search(ctx, g, dfpn.Options{MaxNodes: budget(), MaxDepth: res.Plies - 1})
		res.Nodes += r.Stats.Nodes
		switch r.Status {
		case dfpn.Proven:
			res.Plies, res.Best = r.WinIn, engine.Move(r.Best&^markFlag)
			continue
		case dfpn.Disproven:
			res.Exact = true
		}
		return res
	}
	res.Exact = true
	return res
}

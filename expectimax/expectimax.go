// Package expectimax is paper 003's expectimax search (§3: max, min and
// chance nodes; §4.1: the chance nodes between the players' choices)
// applied to Geister's hidden colours: the chance is a hidden piece's
// colour, resolved where it decides something.
//
//   - The root player capturing a colour-unknown piece is a chance node:
//     the piece is red with probability P(red), else blue.
//   - The opponent to move with a colour-unknown piece on its exit is a
//     chance node: with P(blue) the piece escapes and the opponent wins,
//     otherwise it is red and the opponent moves on.
//   - The root player to move while a colour-unknown opponent piece stands
//     on the opponent's exit with none of the root player's pieces next to
//     it is likewise a chance node (lost in two plies if blue).
//
// The root player's moves are max nodes, the opponent's min nodes (negamax
// with alpha-beta pruning; a chance node's children are searched with a
// full window). The probabilities come from a distribution over the
// colourings of the opponent's hidden pieces (Worlds): uniform over those
// the counts allow (CountWorlds), or weighted, e.g. by UPP's world values;
// a chance node conditions it on the colours revealed above it.
//
// Leaves are scored with the static evaluations of package alphabeta
// (Naotti1.1's b − 0.001·D by default) and with alphabeta's two exact
// facts (a side that can escape wins in one ply; a side facing an opponent
// blue on its exit with none of its pieces next to it loses in two), so
// that when every colour is shown the search is PurpleMax's minimax.
// Endgame tables are probed where they cover the material, for their
// wins only: a win in the purple game (SPEC §4) wins in every colouring,
// while its losses are the worst case, not the expectation.
package expectimax

import (
	"context"
	"math/bits"
	"time"

	"github.com/geister-solver/geister/alphabeta"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Win is the value of a won game at the root (a win d plies away: Win − d),
// as in package alphabeta.
const Win = float64(alphabeta.Win)

const inf = Win + 1

// World is one colouring of the opponent's hidden pieces at the root:
// bit j of Red set means the j-th hidden piece (in square order, lowest
// square first) is red; W is its weight.
type World struct {
	Red uint8
	W   float64
}

// CountWorlds returns every colouring of the hidden pieces of the player
// not to move in p that the counts allow, each of weight 1: the chance
// probabilities are then the counts' (hidden reds over hidden pieces).
func CountWorlds(p *engine.Position) []World {
	opp := p.Turn().Other()
	n := bits.OnesCount64(p.Pieces(opp, engine.Unknown))
	r := p.HiddenReds(opp)
	var out []World
	for m := 0; m < 1<<n; m++ {
		if bits.OnesCount(uint(m)) == r {
			out = append(out, World{Red: uint8(m), W: 1})
		}
	}
	return out
}

// Options configure a Searcher.
type Options struct {
	Eval     alphabeta.Eval // default BlueCount (0); PurpleMax's is BlueCountDistance
	PlyLimit int            // the game's draw limit (0: none); positions at it score 0
	Tables   purple.Tables
}

// Limits bound a search: the deepest iteration (plies, the root move
// counts), nodes and a deadline (zero: no bound; no depth bound means 64).
type Limits struct {
	Depth    int
	Nodes    uint64
	Deadline time.Time
}

// Report is what a search found.
type Report struct {
	Move     engine.Move
	Score    float64 // the expected value for the root player
	Depth    int     // deepest completed iteration
	Nodes    uint64
	Complete bool
}

// Searcher runs expectimax searches. Not safe for concurrent use.
type Searcher struct {
	opts     Options
	root     engine.Player
	worlds   []World
	ids      [64]int8 // index of the hidden opponent piece on a square, or -1
	redMask  uint8    // pieces revealed red on the current line
	blueMask uint8    // pieces revealed blue on the current line
	budget   alphabeta.Budget
	// noPrune turns alpha-beta pruning off (tests compare the two).
	noPrune bool
}

// New returns a Searcher.
func New(o Options) *Searcher { return &Searcher{opts: o} }

// Search runs iterative deepening from p for the side to move (the root
// player) with the chance probabilities of worlds (nil: CountWorlds).
func (s *Searcher) Search(ctx context.Context, pos *engine.Position, lim Limits, worlds []World) Report {
	if ctx == nil {
		ctx = context.Background()
	}
	p := *pos
	s.root = p.Turn()
	s.budget.Start(ctx, lim.Nodes, lim.Deadline)
	if worlds == nil {
		worlds = CountWorlds(&p)
	}
	s.worlds = worlds
	s.redMask, s.blueMask = 0, 0
	for i := range s.ids {
		s.ids[i] = -1
	}
	j := int8(0)
	for b := p.Pieces(s.root.Other(), engine.Unknown); b != 0; b &= b - 1 {
		s.ids[bits.TrailingZeros64(b)] = j
		j++
	}
	// A hidden opponent piece on its exit that the root player cannot
	// reach loses the game if blue, whatever the move: the moves are
	// compared in the worlds where it is red.
	opp := s.root.Other()
	for {
		sq, ok := hiddenOnExit(&p, opp, true)
		if !ok || p.HiddenReds(opp) == 0 {
			break
		}
		p.Remove(opp, engine.Unknown, sq)
		p.Put(opp, engine.Red, sq)
		s.redMask |= 1 << s.ids[sq]
	}
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > 64 {
		maxDepth = 64
	}
	var ml engine.MoveList
	ml.Generate(&p)
	res := Report{}
	if ml.N == 0 {
		return res
	}
	moves := ml.Slice()
	orderMoves(&p, moves)
	res.Move = moves[0]
	for depth := 1; depth <= maxDepth; depth++ {
		alpha := -inf
		best := -1
		for i, m := range moves {
			a := alpha
			if s.noPrune {
				a = -inf
			}
			v := s.afterMove(&p, m, depth, a, inf, 0)
			if s.budget.Stopped() {
				break
			}
			if v > alpha {
				alpha, best = v, i
			}
		}
		if s.budget.Stopped() {
			break
		}
		res.Move, res.Score, res.Depth = moves[best], alpha, depth
		// Best first for the next iteration.
		m := moves[best]
		copy(moves[1:best+1], moves[:best])
		moves[0] = m
		if alpha > float64(alphabeta.WinBound) {
			break
		}
	}
	res.Complete = !s.budget.Stopped()
	res.Nodes = s.budget.Nodes()
	return res
}

// orderMoves puts escapes first, then captures (a cheap, fixed order).
func orderMoves(p *engine.Position, moves []engine.Move) {
	them := p.Occupied(p.Turn().Other())
	k := 0
	for pass := 0; pass < 2; pass++ {
		for i := k; i < len(moves); i++ {
			m := moves[i]
			if pass == 0 && m.IsEscape() || pass == 1 && them&m.To().Bit() != 0 {
				moves[i], moves[k] = moves[k], moves[i]
				k++
			}
		}
	}
}

// probRed returns the probability that hidden piece j is red given the
// colours revealed on the current line.
func (s *Searcher) probRed(j int8) float64 {
	var tot, red float64
	for _, w := range s.worlds {
		if w.Red&s.redMask != s.redMask || w.Red&s.blueMask != 0 {
			continue
		}
		tot += w.W
		if w.Red>>j&1 != 0 {
			red += w.W
		}
	}
	if tot == 0 {
		// No world agrees (weights zero): fall back to the counts.
		return -1
	}
	return red / tot
}

// afterMove returns the value for the side to move in p of playing m,
// with depth plies in all (m counts), ply plies below the root; a capture
// of a hidden piece by the root player is a chance node.
func (s *Searcher) afterMove(p *engine.Position, m engine.Move, depth int, alpha, beta float64, ply int) float64 {
	to := m.To()
	us := p.Turn()
	if us == s.root && to.OnBoard() && p.Pieces(us.Other(), engine.Unknown)&to.Bit() != 0 {
		j := s.ids[to]
		pr := s.probRed(j)
		hr, hb := p.HiddenReds(us.Other()), p.HiddenBlues(us.Other())
		if pr < 0 {
			pr = float64(hr) / float64(hr+hb)
		}
		if hr == 0 {
			pr = 0
		}
		if hb == 0 {
			pr = 1
		}
		v := 0.0
		if pr > 0 {
			s.redMask |= 1 << j
			v += pr * s.child(p, m.RevealRed(), depth, -inf, inf, ply)
			s.redMask &^= 1 << j
		}
		if pr < 1 && !s.budget.Stopped() {
			s.blueMask |= 1 << j
			v += (1 - pr) * s.child(p, m.Plain(), depth, -inf, inf, ply)
			s.blueMask &^= 1 << j
		}
		return v
	}
	return s.child(p, m, depth, alpha, beta, ply)
}

// child plays m and returns its value for the mover.
func (s *Searcher) child(p *engine.Position, m engine.Move, depth int, alpha, beta float64, ply int) float64 {
	from, to := m.From(), m.To()
	oppMove := p.Turn() != s.root && to.OnBoard()
	var moved, under int8
	if oppMove {
		moved, under = s.ids[from], s.ids[to]
		s.ids[from], s.ids[to] = -1, moved
	}
	u := p.Make(m)
	v := -s.negamax(p, depth-1, -beta, -alpha, ply+1)
	p.Unmake(u)
	if oppMove {
		s.ids[to], s.ids[from] = under, moved
	}
	return v
}

// hiddenOnExit returns a colour-unknown piece of pl on pl's exit that can
// escape (pl still has a hidden blue); with free, only one with none of
// the other side's pieces next to it.
func hiddenOnExit(p *engine.Position, pl engine.Player, free bool) (engine.Square, bool) {
	for b := p.Escapers(pl) & p.Pieces(pl, engine.Unknown); b != 0; b &= b - 1 {
		x := b & -b
		if free && engine.Neighbours(x)&p.Occupied(pl.Other()) != 0 {
			continue
		}
		return engine.Square(bits.TrailingZeros64(x)), true
	}
	return engine.NoSquare, false
}

// escapeChance resolves the colour of hidden piece on sq of the player
// not the root: with its blue probability the game is decided (lost
// after plies for the root, i.e. won for the opponent), otherwise it is
// shown red and the node is searched again. The value is for the side to
// move.
func (s *Searcher) escapeChance(p *engine.Position, sq engine.Square, plies, depth int, alpha, beta float64, ply int) float64 {
	opp := s.root.Other()
	j := s.ids[sq]
	pr := s.probRed(j)
	if pr < 0 {
		pr = float64(p.HiddenReds(opp)) / float64(p.HiddenReds(opp)+p.HiddenBlues(opp))
	}
	if p.HiddenReds(opp) == 0 {
		pr = 0
	}
	lose := Win - float64(ply+plies) // for the opponent
	if p.Turn() == s.root {
		lose = -lose
	}
	v := (1 - pr) * lose
	if pr > 0 {
		p.Remove(opp, engine.Unknown, sq)
		p.Put(opp, engine.Red, sq)
		s.redMask |= 1 << j
		v += pr * s.negamax(p, depth, -inf, inf, ply)
		s.redMask &^= 1 << j
		p.Remove(opp, engine.Red, sq)
		p.Put(opp, engine.Unknown, sq)
	}
	return v
}

// negamax returns the value of p for the side to move.
func (s *Searcher) negamax(p *engine.Position, depth int, alpha, beta float64, ply int) float64 {
	if s.budget.Node() {
		return 0
	}
	if v, ok := alphabeta.Leaf(p, ply, s.opts.PlyLimit); ok {
		return float64(v)
	}
	stm := p.Turn()
	limit := s.opts.PlyLimit
	if s.opts.Tables != nil {
		if v, ok := s.probe(p, ply); ok {
			return v
		}
	}
	opp := s.root.Other()
	if stm == opp {
		if sq, ok := hiddenOnExit(p, opp, false); ok {
			if p.Pieces(opp, engine.Blue)&engine.Exits(opp) == 0 {
				return s.escapeChance(p, sq, 1, depth, alpha, beta, ply)
			}
		}
	}
	if canEscape(p, stm) {
		return Win - float64(ply+1)
	}
	if opponentEscapes(p) && (limit <= 0 || p.Ply()+2 <= limit) {
		return -(Win - float64(ply+2))
	}
	if stm == s.root && (limit <= 0 || p.Ply()+2 <= limit) {
		if sq, ok := hiddenOnExit(p, opp, true); ok {
			return s.escapeChance(p, sq, 2, depth, alpha, beta, ply)
		}
	}
	if depth <= 0 || ply >= 120 {
		v := float64(alphabeta.Evaluate(s.opts.Eval, p, s.root))
		if stm != s.root {
			return -v
		}
		return v
	}
	var ml engine.MoveList
	ml.Generate(p)
	moves := ml.Slice()
	orderMoves(p, moves)
	best := -inf
	for _, m := range moves {
		v := s.afterMove(p, m, depth, alpha, beta, ply)
		if s.budget.Stopped() {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha = v
				if v >= beta && !s.noPrune {
					break
				}
			}
		}
	}
	return best
}

// canEscape reports whether pl, to move, can escape with a piece known to
// be blue (hidden pieces on the exits are chance nodes).
func canEscape(p *engine.Position, pl engine.Player) bool {
	return p.Pieces(pl, engine.Blue)&engine.Exits(pl) != 0
}

// opponentEscapes reports whether the player not to move has a blue (shown)
// on its exit with none of the mover's pieces next to it.
func opponentEscapes(p *engine.Position) bool {
	stm := p.Turn()
	opp := stm.Other()
	mine := p.Occupied(stm)
	for esc := p.Pieces(opp, engine.Blue) & engine.Exits(opp); esc != 0; esc &= esc - 1 {
		if engine.Neighbours(esc&-esc)&mine == 0 {
			return true
		}
	}
	return false
}

// probe returns a table win for the root player (the tables' wins hold in
// every colouring; their losses are the purple game's worst case and are
// not used).
func (s *Searcher) probe(p *engine.Position, ply int) (float64, bool) {
	root, opp := s.root, s.root.Other()
	if p.Pieces(opp, engine.Red)|p.Pieces(opp, engine.Blue) != 0 || !p.AllShown(root) {
		return 0, false
	}
	c, ok := purple.ClassOf(p, root)
	if !ok || !s.opts.Tables.Has(c) {
		return 0, false
	}
	v, plies, err := s.opts.Tables.ProbeValue(p, root)
	if err != nil || v != purple.Win {
		return 0, false
	}
	if limit := s.opts.PlyLimit; limit > 0 && p.Ply()+plies > limit {
		return 0, false
	}
	w := Win - float64(ply+plies)
	if p.Turn() != root {
		w = -w
	}
	return w, true
}

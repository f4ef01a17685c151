package solver

import (
	"math/bits"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// game is the purple game of SPEC §4 as a dfpn.Game: the OR side is the
// prover (or, for a proven-loss question, the opponent); every prover
// move carries the reveal-red flag.
type game struct {
	pos    engine.Position
	prover engine.Player
	orSide engine.Player
	salt   uint64 // mixes prover and OR side into the hash
	undo   []engine.Undo
	tables purple.Tables
	// mutation: a wrong variant of a rule of knowledge.go, for tests
	mutation mutation
	// noStill: for tests, lowerBound without stillTargets
	noStill bool
	// noGuards: for tests, lowerBound without guardedEscape
	noGuards bool
	// farAlways: for tests, escapeMoves walking the far blues even where
	// a near one makes them count for nothing
	farAlways bool
	// andKept: the bounds' facts of the AND side's pieces (andFacts)
	andKept [1 << andBits]andSide
	// statistics
	andHits   uint64 // andFacts found in andKept
	tableHits uint64
	tableErr  error
	// A cache line of nothing at the end: the copies a search on two
	// goroutines makes (parallelSearch) are allocated one after the
	// other, and one's position, written at every move, shared a line
	// with the other's settings above, read at every evaluation; two
	// goroutines took up to half again one's CPU a node.
	_ [64]byte
}

var sideSalt = [2][2]uint64{
	{0x243f6a8885a308d3, 0x13198a2e03707344},
	{0xa4093822299f31d0, 0x082efa98ec4e6c89},
}

func newGame(p engine.Position, prover, orSide engine.Player, tables purple.Tables) *game {
	return &game{pos: p, prover: prover, orSide: orSide, salt: sideSalt[prover][orSide], tables: tables}
}

func (g *game) Hash() uint64  { return g.pos.Hash() ^ g.salt }
func (g *game) OrNode() bool  { return g.pos.Turn() == g.orSide }
func (g *game) Material() int { return g.pos.Count(engine.First) + g.pos.Count(engine.Second) }

// ChildHash is Hash after m, without playing it (dfpn.ChildHasher).
func (g *game) ChildHash(m dfpn.Move) uint64 { return g.pos.HashAfter(engine.Move(m)) ^ g.salt }

func (g *game) Play(m dfpn.Move) {
	g.undo = append(g.undo, g.pos.Make(engine.Move(m)))
}

func (g *game) Undo() {
	n := len(g.undo) - 1
	g.pos.Unmake(g.undo[n])
	g.undo = g.undo[:n]
}

// Moves lists the moves, escapes first, then captures, then the steps of
// pieces that may be blue towards an exit, then the rest; the prover's
// with the reveal-red flag. The order breaks df-pn's ties between
// children of equal numbers (the steps towards an exit before the rest
// save nodes of disproofs; figures in docs/solving.md).
func (g *game) Moves(buf []dfpn.Move) []dfpn.Move {
	var ml engine.MoveList
	pl := g.pos.Turn()
	ml.GenerateGrouped(&g.pos, g.pos.MayBeBlue(pl))
	flag := dfpn.Move(0)
	if pl == g.prover {
		flag = dfpn.Move(engine.NoMove.RevealRed())
	}
	for _, m := range ml.Slice() {
		buf = append(buf, dfpn.Move(m)|flag)
	}
	return buf
}

// Evaluate reports terminal nodes, table hits, and exact short cases:
// the OR side to move with an escape, or a capture of the AND side's last
// blue (takesLastBlue), wins in 1; the AND side to move with an escape,
// or a capture of the OR side's last blue, refutes for good; the AND side
// to move without an escape, facing a prover blue on its exit that no AND
// piece touches, loses in 2 (whatever it does, the blue escapes next:
// capturing another prover piece cannot take the prover's last blue, and
// taking its last red only wins sooner); the prover to move facing the
// opponent's fortress, or one the opponent completes with its reply
// (fortress.go), has lost for good. The tables not
// holding the node, a race to an exit that nothing can stop (races,
// knowledge.go) decides it: the OR side's, a win within the race's plies
// (not an exact distance: a shorter win may exist, which bounded searches
// still look for); the AND side's, a loss for good. Otherwise the lower
// bound gives "no win within lb-1".
func (g *game) Evaluate() dfpn.Eval {
	p := &g.pos
	switch o := p.Outcome(); o {
	case engine.Ongoing:
	case engine.WinFor(g.orSide):
		return dfpn.Eval{WinIn: 0}
	default:
		return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}
	}
	toMove := p.Turn()
	escapes := p.Escapers(toMove)
	if toMove == g.orSide {
		if escapes != 0 || g.takesLastBlue(toMove) {
			return dfpn.Eval{WinIn: 1}
		}
		// The AND side threatens to escape from where no OR piece can take
		// it: whatever OR does (it cannot win at once: no escape, and no
		// capture can take the AND side's last blue while that piece may
		// be blue), the escape comes next.
		and := toMove.Other()
		threats := p.Escapers(and)
		if threats&^engine.Neighbours(p.Occupied(toMove)) != 0 {
			return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}
		}
		// The opponent holds both exits and the prover may take none of
		// its pieces (fortress), or it will after its reply
		// (fortressNext). Looked for at the prover's turn only: at the
		// opponent's, its spare move leads to one, found a ply later
		// (fewer nodes in all: docs/solving.md).
		if g.fortress() || g.fortressNext() {
			return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}
		}
	} else {
		if escapes != 0 || g.takesLastBlue(toMove) {
			return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}
		}
		if g.orSide == g.prover {
			onExit := p.Pieces(g.prover, engine.Blue) & engine.Exits(g.prover)
			attacked := engine.Neighbours(p.Occupied(toMove))
			if onExit&^attacked != 0 {
				// Exact: the prover wins on its own moves only
				// (provesOnOwnPlies), so not within 1.
				return dfpn.Eval{WinIn: 2, NoWin: 1}
			}
		}
	}
	if g.tables != nil {
		if ev := g.probeTables(); ev != dfpn.NothingKnown() {
			return ev
		}
	}
	ev, raced := g.races()
	if raced && ev.WinIn == dfpn.InfLen {
		return ev // a loss for good: no bound needed
	}
	lb := g.lowerBound()
	if raced {
		ev.NoWin = min(lb-1, ev.WinIn-1)
		return ev
	}
	// Not a fact that decides the node, but one that prunes bounded
	// searches: no win within lb-1 plies.
	return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: lb - 1}
}

// lowerBound returns plies the OR side needs at least to win, counting
// the moves each of its three ways to win takes (SPEC §1): a blue's steps
// to an exit and the escape; the captures of the AND side's blues (see
// capturesToWin), each of which waits until an OR piece meets the piece
// it takes; the AND side's captures of every OR red, the first of which
// waits until an AND piece and an OR red meet (only when the OR side is
// the opponent: see provesOnOwnPlies). Pieces meet no sooner than
// their distance allows: one ply moves one piece one step, so the least
// distance between two sets of pieces falls by at most one a ply.
func (g *game) lowerBound() uint16 {
	p := &g.pos
	x := g.orSide
	orToMove := p.Turn() == x
	plain := plainEscapeMoves(p, x)
	lb := orPlies(orToMove, g.escapeMoves(orToMove, plain))
	lb, capAll := g.captureBound(lb, plain, p.Occupied(x), orToMove)
	// The guards' bound holds against one way of playing for the AND
	// side, so with the captures' bound that holds against all of them.
	if capAll > lb && !g.noGuards {
		need := lb/2 + 1 // the least OR moves of more than lb plies
		if orToMove {
			need = (lb+1)/2 + 1
		}
		if ge := orPlies(orToMove, g.guardedEscape(plain, need)); ge > lb {
			lb = min(ge, capAll)
		}
	}
	// The AND side's captures of OR reds, when the OR side is the
	// opponent (see provesOnOwnPlies: the prover never wins so).
	if r := p.Reds(x); r > 0 && !g.provesOnOwnPlies() {
		if d := gap(p.Occupied(x.Other()), p.MayBeRed(x), lb-2*(r-1)-1); d < 255 {
			lb = min(lb, firstPly(orToMove, d, false)+2*(r-1))
		}
	}
	return uint16(max(lb, 1))
}

// orPlies turns the OR side's moves into plies: it moves on the odd
// plies when it is to move, on the even ones when not.
func orPlies(orToMove bool, orMoves int) int {
	if orToMove {
		return 2*orMoves - 1
	}
	return 2 * orMoves
}

// firstPly is the least ply, at least d, on which the side (OR when or is
// set) moves: OR moves on odd plies when it is to move.
func firstPly(orToMove bool, d int, or bool) int {
	if d < 1 {
		d = 1
	}
	odd := or == orToMove // the side moves on plies 1, 3, 5, ...
	if (d%2 == 1) != odd {
		d++
	}
	return d
}

// captureBound returns lb (the bound of the other ways to win, plies)
// lowered to the OR side's least plies to win by captures where they may
// come sooner, and the captures' bound whatever the AND side does
// (capAll; 1<<10 where no capture win is open): the OR side's pieces on
// reach, its plain escape plain (plainEscapeMoves), the AND side as it
// stands. The result is never more than lb, and never less than the
// least of lb and the plies of the nearest piece that may be blue met on
// an OR ply and a capture every other ply after it.
func (g *game) captureBound(lb, plain int, reach uint64, orToMove bool) (int, int) {
	caps := g.capturesToWin()
	if caps >= 255 {
		return lb, 1 << 10
	}
	// The captures take pieces that may be blue (a shown red never
	// counts), caps of them, on OR moves, so on plies at least two
	// apart. A piece d steps from every OR piece is taken on ply d at
	// the soonest, so among the first k taken is one at least the k-th
	// least distance g(k) away: capture k comes on ply firstPly(g(k)) or
	// later, and the last 2*(caps-k) plies after it. The least distance
	// alone (k = 1) was the bound before. Against pieces that stand still
	// the OR side walks every step itself: capture k on its move g(k) or
	// later (still, in OR moves; see stillTargets).
	targets := g.captureTargets()
	capPly, still, k := 0, 0, 0
	for d := 1; d <= 10 && k < caps && capPly < lb && targets != 0; d++ {
		reach |= engine.Neighbours(reach)
		for met := reach & targets; met != 0 && k < caps; met &= met - 1 {
			k++
			capPly = max(capPly, firstPly(orToMove, d, true)+2*(caps-k))
			still = max(still, d+caps-k)
		}
		targets &^= reach
	}
	if k == caps && capPly < lb {
		top := min(orPlies(orToMove, plain), orPlies(orToMove, still))
		lb = max(capPly, g.stillTargets(caps, capPly, top, orToMove))
	}
	return lb, capPly
}

// captureTargets returns the AND side's pieces a capture win takes: those
// that may be blue (a shown red never counts).
func (g *game) captureTargets() uint64 {
	and := g.orSide.Other()
	if g.mutation == mutateCapturesHiddenOnly {
		return g.pos.Pieces(and, engine.Unknown)
	}
	return g.pos.MayBeBlue(and)
}

// NoWinAfter is dfpn.ChildBounder: after the prover's step m (no capture,
// no escape) at its own turn, as the OR side, Evaluate would give "no win
// within k" or more. The child's lower bound (lowerBound, the AND side to
// move) is at least captureBound's of the plain escape: in lowerBound
// escapeMoves raises the escape's plies (so captureBound's result too,
// the least of the two ways), guardedEscape raises the bound, and the
// reds' term is the opponent's alone (provesOnOwnPlies). Evaluate gives
// that bound less one, or less than the bound only where it knows more: a
// loss for good, a race (a win no sooner than the bound: both hold), the
// prover's blue on an exit (the plain escape's 2 plies less one), the
// tables' exact distance. A step takes nothing and escapes not, so the
// opponent's pieces, their colours and capturesToWin stay as they are;
// the moved piece is counted where it lands.
func (g *game) NoWinAfter(m dfpn.Move, k uint16) bool {
	p := &g.pos
	x := g.orSide
	if x != g.prover || p.Turn() != x {
		return false
	}
	switch g.mutation {
	case noMutation, mutateBoundEscapeOnly, mutateBoundShort:
	default:
		return false // (a wrong Evaluate of a test, which the bound must not hide)
	}
	mv := engine.Move(m).Plain()
	if mv.IsEscape() {
		return false
	}
	from, to := mv.From().Bit(), mv.To().Bit()
	if to&p.Occupied(x.Other()) != 0 {
		return false
	}
	need := int(k) + 1 // the child's lower bound must be at least this
	if g.mutation == mutateBoundShort {
		need--
	}
	blues := p.MayBeBlue(x)
	if blues&from != 0 {
		blues ^= from | to
	}
	plain := plainEscape(blues, x)
	lb := orPlies(false, plain)
	if lb < need {
		return false
	}
	if g.mutation == mutateBoundEscapeOnly {
		return true
	}
	lb, _ = g.captureBound(lb, plain, p.Occupied(x)^from^to, false)
	return lb >= need
}

// escapeMoves returns the OR side's moves at least to escape (255: no
// piece that may be blue): a blue's steps to an exit and the escape, at
// least plain (plainEscapeMoves), which it sharpens.
//
// When the OR side is the prover, the AND side's captures sharpen it. The
// bound holds against one way of playing for the AND side: take a blue
// that stands on an exit next to an AND piece; else move a piece that
// stands next to no exit to an empty square (a "spare" move, which keeps
// every guard in place). A capture of a prover's blue never loses for the
// AND side (see provesOnOwnPlies), so this play is always open where its
// conditions below hold, and the other terms of lowerBound hold whatever
// the AND side does. Under it, a blue needs a move more:
//   - one step from an exit held by another OR piece (it must leave
//     first);
//   - one step from an exit with an AND piece (a guard) next to it, when
//     the guard is still there at the AND side's reply to the step: with
//     the OR side to move, the step is the only move before it; with the
//     AND side to move, its first move is a spare one (when it has one),
//     or it takes a lone blue on an attacked exit with a piece next to
//     that exit, not next to the other, whose guards then count (not that
//     exit's: the taker stands on it);
//   - two steps from an exit, the OR side to move, with a guard next to the
//     exit that the first step cannot take, when the AND side has a spare
//     move to a square next to no exit (the first step fills a square
//     next to the exit, so that move is still open after it).
//
// At the AND side's turn a lone blue on an attacked exit is taken at once
// and does not count.
func (g *game) escapeMoves(orToMove bool, plain int) int {
	p := &g.pos
	x := g.orSide
	if plain > 3 || !g.provesOnOwnPlies() {
		return plain // no blue within two steps of an exit: nothing to sharpen
	}
	blues := p.MayBeBlue(x)
	and := p.Occupied(x.Other())
	exits := engine.Exits(x)
	empty := engine.BoardMask &^ (and | p.Occupied(x))
	away := awayFromExits[x&1]                   // squares next to no exit
	spare := engine.Neighbours(and&away) & empty // where a spare move may go
	held := p.Occupied(x)                        // the OR side's pieces when the blue steps
	guarded := exits                             // one step away: guards still there at the reply
	var farGuarded uint64                        // two steps away, at the OR side's turn
	switch on := blues & exits; {
	case orToMove:
		if spare&away != 0 {
			farGuarded = exits
		}
	case on != 0:
		if on&(on-1) != 0 || on&engine.Neighbours(and) == 0 {
			return 1 // on an exit, and not taken before it escapes
		}
		// The AND side takes it; the taker leaves that exit's side.
		blues &^= on
		held &^= on
		guarded = exits &^ on
	case spare == 0:
		guarded = 0 // no spare move: a guard may have to move first
	}
	// Blues more than two steps from every exit: their plain distance,
	// at least 4 moves, which counts only when no blue is nearer (the
	// one near blue, on an exit, taken first): a near blue needs at
	// most 4 (3 steps, sharpened by one, and the escape).
	esc := 255
	near := blues & exitZone[x&1]
	if near == 0 || g.farAlways {
		for b := blues &^ exitZone[x&1]; b != 0; b &= b - 1 {
			esc = min(esc, engine.Square(trailing(b)).ExitDistance(x)+1)
		}
	}
	for e := exits; e != 0; e &= e - 1 {
		ex := engine.Square(trailing(e))
		guards := squareNeighbours[ex&63]
		if g.mutation == mutateGuardTwoAway {
			guards |= engine.Neighbours(guards)
		}
		guards &= and
		oneMore := ex.Bit()&held != 0 || (ex.Bit()&guarded != 0 && guards != 0)
		farGuard := ex.Bit()&farGuarded != 0 && guards != 0
		for b := near; b != 0; b &= b - 1 {
			sq := engine.Square(trailing(b))
			d := sq.Distance(ex)
			switch {
			case d == 1 && oneMore:
				d = 2
			case d == 2 && farGuard && guards&^squareNeighbours[sq&63] != 0:
				d = 3
			}
			esc = min(esc, d+1)
		}
	}
	return esc
}

// exitZone holds, for each player, the squares at most two steps from
// its exits: where escapeMoves sharpens a blue's distance.
var exitZone = exitZones(2)

// awayFromExits holds, for each player, the squares (and the margin)
// next to none of its exits.
var awayFromExits = [2]uint64{^engine.Neighbours(engine.Exits(engine.First)), ^engine.Neighbours(engine.Exits(engine.Second))}

// squareNeighbours[s] is engine.Neighbours of the one square s: a load
// where the evaluation asks it of one square at a time.
var squareNeighbours = func() (t [64]uint64) {
	for _, s := range engine.BoardSquares {
		t[s] = engine.Neighbours(s.Bit())
	}
	return t
}()

// provesOnOwnPlies reports whether the OR side wins only on its own
// moves: when it is the prover. Its third way to win (SPEC §1), the
// opponent taking its last red, never comes, because the opponent never
// has to: the squares next to the opponent's pieces are at least two
// (the board's squares form a 2-connected grid, so no one square cuts
// the opponent's at most eight squares off from the rest), at most one
// of them holds the prover's last red, and a move onto any other (empty,
// or a prover's blue: the prover's colours all show) loses nothing at
// once; delaying the prover's win, the opponent takes that move. So the
// reds term of lowerBound does not apply, and every distance to win has
// the parity of the OR side's moves (odd with it to move, even with the
// opponent to move). For the opponent as the OR side it does not hold:
// the prover's captures of hidden pieces take reds while a hidden red is
// left, so with one red left every capture of a hidden piece is its last.
func (g *game) provesOnOwnPlies() bool {
	return g.orSide == g.prover || g.mutation == mutateRedsForOpponent
}

// gap returns the least distance in steps between a square of a and a
// square of b, if it is at most limit (255 otherwise, and when either is
// empty).
func gap(a, b uint64, limit int) int {
	if a == 0 || b == 0 {
		return 255
	}
	for d := 1; d <= min(limit, 10); d++ {
		a |= engine.Neighbours(a)
		if a&b != 0 {
			return d
		}
	}
	return 255
}

// capturesToWin returns the captures the OR side needs at least to win by
// taking every blue of the AND side (255: it cannot win that way). While
// the AND side has hidden reds, taking one of its hidden pieces takes a
// red (SPEC §4); so its hidden blues fall only after all its hidden reds,
// and taking its last red loses (SPEC §1): with hidden blues, the way is
// open only while it also has a red that shows, and costs the hidden reds
// too.
func (g *game) capturesToWin() int {
	p := &g.pos
	and := g.orSide.Other()
	caps := p.Blues(and)
	if hr := p.HiddenReds(and); hr > 0 && p.HiddenBlues(and) > 0 {
		if p.Reds(and) == hr {
			return 255
		}
		caps += hr
	}
	return caps
}

// probeTables returns the tables' exact value of the node, if any; the
// caller (Evaluate) calls it only when there are tables.
func (g *game) probeTables() dfpn.Eval {
	p := &g.pos
	if c, ok := purple.ClassOf(p, g.prover); ok && g.tables.Has(c) {
		v, n, err := g.tables.ProbeValue(p, g.prover)
		if err == nil {
			g.tableHits++
			return tableEval(v, n, g.orSide == g.prover)
		}
		g.tableErr = err
	}
	return dfpn.NothingKnown()
}

// tableEval turns a table value into dfpn facts for the OR side.
func tableEval(v purple.Value, plies int, proverIsOR bool) dfpn.Eval {
	want := purple.Win
	if !proverIsOR {
		want = purple.Loss
	}
	if v == want {
		return dfpn.Eval{WinIn: uint16(plies), NoWin: uint16(plies - 1)}
	}
	return dfpn.Eval{WinIn: dfpn.InfLen, NoWin: dfpn.InfLen}
}

// Estimate gives mobility-based initial numbers: an OR node (1, its
// moves), an AND node (its replies, 1); dfpn adds to an AND node's the
// distance Evaluate's lower bound gives (its "no win within"). Weighting
// the OR node's proof number by the blue's distance to an exit (df-pn+
// style) was measured and searched more nodes on every suite of the
// project (BenchmarkLongWins, BenchmarkShortest8v8, BenchmarkDfpnSuite),
// and so did the lower bound at both kinds of node (docs/solving.md).
func (g *game) Estimate() (pn, dn uint32) {
	n := uint32(g.pos.CountMoves())
	if n == 0 {
		n = 1
	}
	if g.pos.Turn() == g.orSide {
		return 1, n
	}
	return n, 1
}

func trailing(b uint64) int { return bits.TrailingZeros64(b) }

// stillTargets returns a second bound on the plies to the OR side's win
// (0: none), for the prover as the OR side when the captures' bound
// (capPly, which lets the AND side walk its pieces into the captures) is
// below the escape bound. It holds against one way of playing for the
// AND side, so the least win against it is no sooner than the prover's
// sure win: move only a shuttle, a piece that a capture win does not take
// (not in captureTargets), until the OR side takes it, then the next
// shuttle.
// A shuttle is one that stands in the 2-core of the squares that hold no
// other AND piece (every square of it has two neighbours in it: twoCore):
// it always has a move to one of them, onto an empty square or a capture,
// and never has to take the OR side's last red (one square of the two).
// The other AND pieces stand still, and the squares the shuttle may need
// only grow as pieces are taken. So, the moves of the shuttle not
// counting:
//   - a blue escapes after its steps, its distance to the exit (the
//     guards of escapeMoves are not used: they assume the AND side plays
//     another way);
//   - while a shuttle is left, the caps targets stand still: the OR side
//     needs the still moves of lowerBound (capture k on its move g(k) or
//     later, then one capture a move);
//
// top is the least of the first two, in plies.
//   - after it has taken all n shuttles, which it may only when it has
//     reds of the AND side to spare (taking the last red loses), the
//     caps captures and the n take a move each, and capPly holds.
//
// The prover as the OR side never wins on the AND side's moves
// (provesOnOwnPlies), so the shuttle's moves give it nothing. The
// shuttles are counted once for the AND side's pieces (andFacts).
func (g *game) stillTargets(caps, capPly, top int, orToMove bool) int {
	if !g.provesOnOwnPlies() || g.noStill || top <= capPly {
		return 0 // (or no sharper than capPly: no shuttle needed)
	}
	p := &g.pos
	lb := top
	and := g.orSide.Other()
	// The reds of the AND side the OR side may take: all but one, less
	// the hidden reds a capture win takes (capturesToWin).
	spare := p.Reds(and) - 1 - (caps - p.Blues(and))
	if g.mutation == mutateShuttlesKept {
		spare = 0
	}
	n := 9 // mutateStillWithoutShuttle: shuttles whatever the board, none of them to be taken
	if g.mutation != mutateStillWithoutShuttle {
		n = int(g.andFacts().stills)
	}
	if n == 0 {
		return 0
	}
	if n <= spare {
		lb = min(lb, max(capPly, orPlies(orToMove, caps+n)))
	}
	return lb
}

// inTwoCore reports whether the square b (one bit, in s) stands in the
// 2-core of s (twoCore). A square of a 2×2 block of s does (the block
// is a cycle, and a cycle stays in the 2-core); only where b stands in
// none is the 2-core computed.
func inTwoCore(s, b uint64) bool {
	pairs := s & (s >> 1)          // bit i: squares i and i+1 in s
	blocks := pairs & (pairs >> 8) // bit i: the block of i, i+1, i+8, i+9
	if blocks&(b|b>>1|b>>8|b>>9) != 0 {
		return true
	}
	return twoCore(s)&b != 0
}

// plainEscapeMoves returns x's moves at least to escape, whatever the
// other side does: the steps of its nearest piece that may be blue to an
// exit, and the escape (255: none).
func plainEscapeMoves(p *engine.Position, x engine.Player) int {
	return plainEscape(p.MayBeBlue(x), x)
}

// plainEscape returns x's moves at least to escape with its pieces that
// may be blue on blues: the nearest one's steps to an exit, and the
// escape (255: none).
func plainEscape(blues uint64, x engine.Player) int {
	esc := 255
	for b := blues; b != 0; b &= b - 1 {
		esc = min(esc, engine.Square(trailing(b)).ExitDistance(x)+1)
	}
	return esc
}

// twoCore returns the 2-core of the squares s: what is left after
// squares with fewer than two neighbours in s are taken out, again and
// again.
func twoCore(s uint64) uint64 {
	for {
		// The neighbours in s of each square, one direction each (the
		// board's margin keeps rows apart).
		a, b, c, d := s>>8, s<<8, s>>1, s<<1
		keep := s & ((a|b)&(c|d) | a&b | c&d)
		if keep == s {
			return s
		}
		s = keep
	}
}

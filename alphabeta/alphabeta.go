// Package alphabeta is the depth-bounded minimax search the players share:
// negamax with alpha-beta pruning over engine positions, scored from one
// root player's side with the evaluations of paper 000 §5, optionally in
// the purple-piece game of SPEC §4 (paper 000 §4.3: every capture the root
// player makes of a hidden piece is red while a hidden red remains), with
// iterative deepening under depth, node and time budgets, a transposition
// table, move ordering (table move, killers, history) and exact values from
// endgame tables where they cover the material.
//
// EACP (Naotti, paper 000 §4.1) runs it once per colour placement on
// positions with every colour shown; PurpleMax (§4.3) runs it once on the
// position its player sees:
//
//	s := alphabeta.New(alphabeta.Options{Eval: alphabeta.BlueCountDistance, Purple: true, TTBits: 20})
//	r := s.Search(ctx, &pos, alphabeta.Limits{Depth: 5})
//	fmt.Println(r.Move, r.Score, r.Nodes)
//
// Scores are integers from the side to move's point of view inside the
// search and from the root player's point of view outside it: one blue
// piece is worth Blue (1000), so Naotti1.1's b − 0.001·D is 1000·b − D; a
// won game is Win minus the plies to the win.
//
// Besides the game's own ends the search knows two exact facts at every
// node (paper 000 §8: "a blue moved onto the goal is judged a win as soon
// as no opponent piece is next to it"): a side that can escape now wins in
// one ply, and a side that cannot, facing an opponent blue on that
// opponent's exit with none of its pieces next to it, loses in two.
package alphabeta

import (
	"context"
	"math/bits"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Score units.
const (
	// Win is the score of a game won at the root; a win d plies away
	// scores Win − d.
	Win = 1 << 20
	// WinBound: scores above it (below −WinBound) are decided games.
	WinBound = Win - 4096
	// Blue is the worth of one blue piece in the evaluations (Naotti's b).
	Blue = 1000

	inf    = Win + 1
	maxPly = 128
)

// Eval selects the static evaluation, computed from the root player's side
// (paper 000 §5).
type Eval uint8

const (
	// BlueCount is Naotti1.0's evaluation: the difference of blue pieces
	// on the board, own minus opponent's (1000 per blue).
	BlueCount Eval = iota
	// BlueCountDistance is Naotti1.1's (and PurpleMax's): b − 0.001·D with
	// b the blue difference and D the sum over own pieces of the Manhattan
	// distance to the nearer own exit minus the same sum for the
	// opponent's pieces; in units, 1000·b − D.
	BlueCountDistance
)

func (e Eval) String() string {
	if e == BlueCount {
		return "blue-count"
	}
	return "blue-count-distance"
}

// Options configure a Searcher.
type Options struct {
	Eval Eval
	// Purple plays the root player's captures of hidden pieces as red
	// while a hidden red remains: the search is then the root player's
	// worst case of SPEC §4 (PurpleMax). Without it the positions searched
	// should show every colour (EACP), or hidden captures resolve as the
	// engine's counts say.
	Purple bool
	// TTBits is log2 of the transposition table's entries (16 bytes each);
	// 0 means no table.
	TTBits int
	// PlyLimit is the game's draw limit (plies counted from the start);
	// positions at it score 0. 0 means none.
	PlyLimit int
	// Tables, when not nil, are probed at every node whose material they
	// cover (purple searches only: the root player is the prover).
	Tables purple.Tables
}

// Limits bound one search. Zero fields mean no bound; a search with no
// depth bound stops at depth 64.
type Limits struct {
	Depth    int       // deepest iteration, in plies from the root (the root move counts)
	Nodes    uint64    // stop after about this many nodes
	Deadline time.Time // stop at this time
	// Exclude lists root moves not to consider (squares only).
	Exclude []engine.Move
	// Ties, when set, makes Search find every root move whose value at
	// the last completed depth equals the best one (Report.Ties).
	Ties bool
}

// Report is what Search found.
type Report struct {
	Move     engine.Move // best move (NoMove when the side to move has none)
	Score    int         // its value from the root player's side
	Depth    int         // deepest completed iteration
	Nodes    uint64
	Complete bool          // the last iteration asked for finished
	Ties     []engine.Move // with Limits.Ties: every move with the best value, Move among them
	Probes   uint64        // table probes that gave a value
}

type entry struct {
	key   uint64
	score int32
	move  engine.Move
	depth int8
	flag  uint8
}

const (
	flagExact = iota + 1
	flagLower
	flagUpper
)

type probeEntry struct {
	key   uint64
	v     purple.Value
	plies int16
	ok    bool
}

// Searcher runs searches. It is not safe for concurrent use: give each
// goroutine its own. It keeps its transposition table between searches
// while the root player stays the same.
type Searcher struct {
	opts   Options
	root   engine.Player
	rooted bool

	tt     []entry
	ttMask uint64

	killers [maxPly][2]engine.Move
	history [2][64][64]int32

	budget Budget

	covered    [5][5][9][5]bool
	hasCovered bool
	probes     []probeEntry
	probeHits  uint64

	// work is the position searched: a copy of the caller's, so that it
	// does not escape to the heap through the tables' interface.
	work engine.Position
}

// New returns a Searcher with opts.
func New(opts Options) *Searcher {
	s := &Searcher{opts: opts}
	if opts.TTBits > 0 {
		if opts.TTBits > 30 {
			opts.TTBits = 30
		}
		s.tt = make([]entry, 1<<opts.TTBits)
		s.ttMask = uint64(len(s.tt) - 1)
	}
	if opts.Tables != nil && opts.Purple {
		for b := 1; b <= 4; b++ {
			for r := 1; r <= 4; r++ {
				for n := 2; n <= 8; n++ {
					for or := 1; or <= 4 && or < n; or++ {
						c := purple.Class{Blues: b, Reds: r, OppPieces: n, OppReds: or}
						if c.Valid() && opts.Tables.Has(c) {
							s.covered[b][r][n][or] = true
							s.hasCovered = true
						}
					}
				}
			}
		}
		s.probes = make([]probeEntry, 1<<16)
	}
	return s
}

// Options returns the options the Searcher was made with.
func (s *Searcher) Options() Options { return s.opts }

// Clear empties the transposition table, the probe cache and the move
// ordering statistics.
func (s *Searcher) Clear() {
	clear(s.tt)
	clear(s.probes)
	s.killers = [maxPly][2]engine.Move{}
	s.history = [2][64][64]int32{}
}

// setRoot makes root the player scores are counted for, clearing what was
// learnt for the other one.
func (s *Searcher) setRoot(root engine.Player) {
	if !s.rooted || s.root != root {
		s.Clear()
		s.root, s.rooted = root, true
	}
}

func (s *Searcher) start(ctx context.Context, lim Limits) {
	s.budget.Start(ctx, lim.Nodes, lim.Deadline)
	s.probeHits = 0
}

// Budget counts the nodes of a search and says when to stop it: after a
// number of nodes, at a deadline or when a context ends, the clock and
// the context read every 1024 nodes. Searches of other packages
// (expectimax) keep theirs in one too.
type Budget struct {
	nodes, limit uint64
	deadline     time.Time
	ctx          context.Context
	stop         bool
}

// Start readies b for a new search of at most nodes nodes (0: no bound)
// until deadline (zero: none) or the end of ctx (nil: never).
func (b *Budget) Start(ctx context.Context, nodes uint64, deadline time.Time) {
	if ctx == nil {
		ctx = context.Background()
	}
	*b = Budget{limit: nodes, deadline: deadline, ctx: ctx}
}

// Node counts a node and reports whether the search must stop.
func (b *Budget) Node() bool {
	b.nodes++
	if b.nodes&1023 == 0 {
		b.check()
	}
	return b.stop
}

func (b *Budget) check() {
	if b.limit > 0 && b.nodes >= b.limit ||
		!b.deadline.IsZero() && time.Now().After(b.deadline) || b.ctx.Err() != nil {
		b.stop = true
	}
}

// Stopped reports whether the search must stop.
func (b *Budget) Stopped() bool { return b.stop }

// Nodes returns the nodes counted since Start.
func (b *Budget) Nodes() uint64 { return b.nodes }

// Leaf returns the value of p for the side to move, ply plies below the
// root, and true when a search cannot go on from it: the game is over
// (Win − ply for a win, so that sooner wins score higher; its negation
// for a loss), or plyLimit (0: none) is reached (0, a draw).
func Leaf(p *engine.Position, ply, plyLimit int) (int, bool) {
	if o := p.Outcome(); o != engine.Ongoing {
		if w, _ := o.Winner(); w == p.Turn() {
			return Win - ply, true
		}
		return -(Win - ply), true
	}
	if plyLimit > 0 && p.Ply() >= plyLimit {
		return 0, true
	}
	return 0, false
}

// play makes m, flagged as the purple game plays it.
func (s *Searcher) play(p *engine.Position, m engine.Move) engine.Undo {
	if s.opts.Purple && p.Turn() == s.root {
		m = m.RevealRed()
	}
	return p.Make(m)
}

// AfterMove returns the value, from the side to move's point of view, of
// playing m in p, searched to depth plies in all (m counts as the first),
// within the window (alpha, beta): exact when inside it, otherwise a bound
// on the same side (fail-soft). The side to move is the root player. It
// is the building block of EACP (paper 000 §4.1).
func (s *Searcher) AfterMove(ctx context.Context, p *engine.Position, m engine.Move, depth, alpha, beta int) int {
	s.setRoot(p.Turn())
	s.start(ctx, Limits{})
	s.work = *p
	s.play(&s.work, m)
	return -s.negamax(&s.work, depth-1, -beta, -alpha, 1)
}

// Nodes returns the nodes visited by the last search or AfterMove.
func (s *Searcher) Nodes() uint64 { return s.budget.Nodes() }

// Search runs iterative deepening from p for the side to move (the root
// player) and returns the best move found.
func (s *Searcher) Search(ctx context.Context, pos *engine.Position, lim Limits) Report {
	s.work = *pos
	p := &s.work
	s.setRoot(p.Turn())
	s.start(ctx, lim)
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > 64 {
		maxDepth = 64
	}
	var ml engine.MoveList
	ml.Generate(p)
	var moves [engine.MaxMoves]engine.Move
	n := 0
	for _, m := range ml.Slice() {
		if !m.In(lim.Exclude) {
			moves[n] = m
			n++
		}
	}
	res := Report{}
	if n == 0 {
		return res
	}
	var scores [engine.MaxMoves]int
	// Order the first iteration by the table's move and ordering stats.
	s.orderRoot(p, moves[:n])
	res.Move = moves[0]
	for depth := 1; depth <= maxDepth; depth++ {
		alpha := -inf
		best := -1
		for i := 0; i < n; i++ {
			u := s.play(p, moves[i])
			var v int
			if i == 0 {
				v = -s.negamax(p, depth-1, -inf, -alpha, 1)
			} else {
				v = -s.negamax(p, depth-1, -alpha-1, -alpha, 1)
				if v > alpha && !s.budget.Stopped() {
					v = -s.negamax(p, depth-1, -inf, -alpha, 1)
				}
			}
			p.Unmake(u)
			if s.budget.Stopped() {
				break
			}
			scores[i] = v
			if v > alpha {
				alpha, best = v, i
			}
		}
		if best >= 0 && (!s.budget.Stopped() || best > 0 || res.Depth == 0) {
			// A move that raised alpha was searched to the end, so even an
			// interrupted iteration's best (beyond the first) is sound.
			res.Move, res.Score = moves[best], alpha
		}
		if s.budget.Stopped() {
			break
		}
		res.Depth = depth
		// Best first, then by score (upper bounds for the rest).
		m, sc := moves[best], scores[best]
		copy(moves[1:best+1], moves[:best])
		copy(scores[1:best+1], scores[:best])
		moves[0], scores[0] = m, sc
		insertionSortDesc(moves[1:n], scores[1:n])
		if alpha > WinBound {
			break // a forced win: deeper iterations find no shorter one
		}
	}
	res.Complete = !s.budget.Stopped() && (res.Depth == maxDepth || res.Score > WinBound)
	if lim.Ties && res.Depth > 0 && !s.budget.Stopped() {
		res.Ties = append(res.Ties, res.Move)
		for i := 1; i < n; i++ {
			u := s.play(p, moves[i])
			v := -s.negamax(p, res.Depth-1, -res.Score, -res.Score+1, 1)
			p.Unmake(u)
			if s.budget.Stopped() {
				res.Ties = res.Ties[:1]
				break
			}
			if v >= res.Score {
				res.Ties = append(res.Ties, moves[i])
			}
		}
	}
	res.Nodes = s.budget.Nodes()
	res.Probes = s.probeHits
	return res
}

func insertionSortDesc(moves []engine.Move, scores []int) {
	for i := 1; i < len(moves); i++ {
		m, sc := moves[i], scores[i]
		j := i
		for j > 0 && scores[j-1] < sc {
			moves[j], scores[j] = moves[j-1], scores[j-1]
			j--
		}
		moves[j], scores[j] = m, sc
	}
}

func (s *Searcher) orderRoot(p *engine.Position, moves []engine.Move) {
	var keys [engine.MaxMoves]int
	var tm engine.Move
	if s.tt != nil {
		if e := &s.tt[p.Hash()&s.ttMask]; e.key == p.Hash() {
			tm = e.move
		}
	}
	for i, m := range moves {
		keys[i] = s.moveKey(p, m, tm, 0)
	}
	insertionSortDesc(moves, keys[:len(moves)])
}

// moveKey orders moves: the table's move, captures of blues, killers,
// then the history counts.
func (s *Searcher) moveKey(p *engine.Position, m, ttMove engine.Move, ply int) int {
	if m == ttMove {
		return 1 << 30
	}
	if m.IsEscape() {
		return 1 << 29
	}
	stm := p.Turn()
	to := m.To().Bit()
	k := int(s.history[stm][m.From()][m.To()])
	if p.Occupied(stm.Other())&to != 0 {
		if p.Pieces(stm.Other(), engine.Blue)&to != 0 {
			return 1<<28 + k
		}
	}
	if ply < maxPly {
		if s.killers[ply][0] == m {
			return 1<<27 + k
		}
		if s.killers[ply][1] == m {
			return 1<<26 + k
		}
	}
	return k
}

// negamax returns the value of p for the side to move, searched depth
// more plies, ply plies below the root.
func (s *Searcher) negamax(p *engine.Position, depth, alpha, beta, ply int) int {
	if s.budget.Node() {
		return 0
	}
	if v, ok := Leaf(p, ply, s.opts.PlyLimit); ok {
		return v
	}
	stm := p.Turn()
	limit := s.opts.PlyLimit
	if s.hasCovered {
		if v, ok := s.probe(p, ply); ok {
			return v
		}
	}
	if p.Escapers(stm) != 0 {
		return Win - (ply + 1)
	}
	if s.opponentEscapes(p) && (limit <= 0 || p.Ply()+2 <= limit) {
		return -(Win - (ply + 2))
	}
	if depth <= 0 || ply >= maxPly-1 {
		return s.evaluate(p)
	}
	var ml engine.MoveList
	ml.Generate(p)

	useTT := s.tt != nil && (limit <= 0 || p.Ply()+depth+2 < limit)
	var ttMove engine.Move
	var e *entry
	h := p.Hash()
	if useTT {
		e = &s.tt[h&s.ttMask]
		if e.key == h {
			ttMove = e.move
			if int(e.depth) == depth {
				v := scoreFromTT(int(e.score), ply)
				switch e.flag {
				case flagExact:
					return v
				case flagLower:
					if v >= beta {
						return v
					}
				case flagUpper:
					if v <= alpha {
						return v
					}
				}
			}
		}
	}

	var keys [engine.MaxMoves]int
	for i, m := range ml.Slice() {
		keys[i] = s.moveKey(p, m, ttMove, ply)
	}
	origAlpha := alpha
	best := -inf
	var bestMove engine.Move
	for i := 0; i < ml.N; i++ {
		// Selection: bring the best remaining move to i.
		bi := i
		for j := i + 1; j < ml.N; j++ {
			if keys[j] > keys[bi] {
				bi = j
			}
		}
		ml.Moves[i], ml.Moves[bi] = ml.Moves[bi], ml.Moves[i]
		keys[i], keys[bi] = keys[bi], keys[i]
		m := ml.Moves[i]

		u := s.play(p, m)
		var v int
		if i == 0 {
			v = -s.negamax(p, depth-1, -beta, -alpha, ply+1)
		} else {
			v = -s.negamax(p, depth-1, -alpha-1, -alpha, ply+1)
			if v > alpha && v < beta && !s.budget.Stopped() {
				v = -s.negamax(p, depth-1, -beta, -alpha, ply+1)
			}
		}
		p.Unmake(u)
		if s.budget.Stopped() {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha {
				alpha = v
				if v >= beta {
					if p.Occupied(stm.Other())&m.To().Bit() == 0 {
						if s.killers[ply][0] != m {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = m
						}
						s.history[stm][m.From()][m.To()] += int32(depth * depth)
					}
					break
				}
			}
		}
	}
	if useTT {
		flag := uint8(flagExact)
		switch {
		case best <= origAlpha:
			flag = flagUpper
		case best >= beta:
			flag = flagLower
		}
		*e = entry{key: h, score: int32(scoreToTT(best, ply)), move: bestMove, depth: int8(depth), flag: flag}
	}
	return best
}

func scoreToTT(v, ply int) int {
	switch {
	case v > WinBound:
		return v + ply
	case v < -WinBound:
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	switch {
	case v > WinBound:
		return v - ply
	case v < -WinBound:
		return v + ply
	}
	return v
}

// opponentEscapes reports whether the player not to move has a piece that
// may escape from its exit next turn with none of the mover's pieces next
// to it: the mover, unable to escape itself, then loses in two plies.
func (s *Searcher) opponentEscapes(p *engine.Position) bool {
	stm := p.Turn()
	opp := stm.Other()
	esc := p.Escapers(opp)
	if esc == 0 {
		return false
	}
	mine := p.Occupied(stm)
	for ; esc != 0; esc &= esc - 1 {
		b := esc & -esc
		if engine.Neighbours(b)&mine == 0 {
			return true
		}
	}
	return false
}

// DistanceSum returns the sum over pl's pieces of the Manhattan distance
// to pl's nearer exit (Naotti1.1's D is its difference between the sides).
func DistanceSum(p *engine.Position, pl engine.Player) int {
	sum := 0
	for b := p.Occupied(pl); b != 0; b &= b - 1 {
		sum += engine.Square(bits.TrailingZeros64(b)).ExitDistance(pl)
	}
	return sum
}

// Evaluate returns the static evaluation of p from root's side.
func Evaluate(e Eval, p *engine.Position, root engine.Player) int {
	opp := root.Other()
	v := Blue * (p.Blues(root) - p.Blues(opp))
	if e == BlueCountDistance {
		v -= DistanceSum(p, root) - DistanceSum(p, opp)
	}
	return v
}

func (s *Searcher) evaluate(p *engine.Position) int {
	v := Evaluate(s.opts.Eval, p, s.root)
	if p.Turn() != s.root {
		return -v
	}
	return v
}

// probe returns the exact value of p for the side to move when the
// tables cover it and someone forces a win.
func (s *Searcher) probe(p *engine.Position, ply int) (int, bool) {
	root, opp := s.root, s.root.Other()
	b, r := p.Blues(root), p.Reds(root)
	n, or := p.Count(opp), p.Reds(opp)
	if b < 1 || b > 4 || r < 1 || r > 4 || n > 8 || or > 4 || or >= n || !s.covered[b][r][n][or] {
		return 0, false
	}
	if !p.AllShown(root) || p.Pieces(opp, engine.Blue)|p.Pieces(opp, engine.Red) != 0 {
		return 0, false
	}
	h := p.Hash()
	pe := &s.probes[h&uint64(len(s.probes)-1)]
	if pe.key != h || !pe.ok {
		v, plies, err := s.opts.Tables.ProbeValue(p, root)
		if err != nil {
			return 0, false
		}
		*pe = probeEntry{key: h, v: v, plies: int16(plies), ok: true}
	}
	var v int
	switch pe.v {
	case purple.Win:
		v = Win - (ply + int(pe.plies))
	case purple.Loss:
		v = -(Win - (ply + int(pe.plies)))
	default:
		return 0, false
	}
	if limit := s.opts.PlyLimit; limit > 0 && p.Ply()+int(pe.plies) > limit {
		return 0, false // decided only after the draw limit: search it
	}
	s.probeHits++
	if p.Turn() != root {
		v = -v
	}
	return v, true
}

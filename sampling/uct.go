package sampling

import (
	"context"
	"errors"
	"math"
	"time"

	"github.com/geister-solver/geister/engine"
)

// PriorFunc fills out[i] with the probability of moves[i] in p (a world:
// every colour shown; p.Turn() is the side choosing), summing to 1. It is
// the hook for a learned policy in the tree (paper 004 §5.2's HAF).
type PriorFunc func(p *engine.Position, moves []engine.Move, out []float64)

// PlayoutFunc plays p (a world) to the end or to plyLimit plies (0: none)
// and returns the outcome (Draw at the limit). p may be changed.
type PlayoutFunc func(p *engine.Position, r *engine.Rand, plyLimit int) engine.Outcome

// UCTOptions configure a UCT search. The zero value of each field is
// paper 004 §5.1's plain UCT: UCB1 with c = √2, expansion after one visit
// to a random child, square-first random playouts (§5.3).
type UCTOptions struct {
	// Iterations bounds a search (0: no bound); Time bounds it too (0:
	// none). One of them must be set.
	Iterations int
	Time       time.Duration
	// C is UCB1's constant (default √2, formula (1)).
	C float64
	// Prior, when set, is used at the nodes less than PriorDepth plies
	// below the root (PriorDepth 0: every node; 1: the root only, paper
	// 004's method C): selection there uses formula (3),
	//
	//	w̄ + C(s)·P(s,a)·√N(s) / (1 + N(s,a)),
	//	C(s) = ln((N(s) + CBase + 1) / CBase) + CInit,
	//
	// and expansion moves to the child of greatest prior instead of a
	// random one.
	Prior      PriorFunc
	PriorDepth int
	CBase      float64 // default 19652
	CInit      float64 // default 1.25
	// Playout plays a leaf out (nil: square-first random moves on the
	// playout board, §5.3).
	Playout PlayoutFunc
	// MaxNodes bounds the tree (default 1<<22 nodes, about 80 MB): once
	// it is full, leaves are no longer expanded and iterations end in
	// playouts from them.
	MaxNodes int
	// FinalPrior, when > 0 and Prior is set, chooses the root move by
	// formula (4), w̄ + FinalPrior·π (paper 004: 0.1); otherwise the most
	// visited root move is played.
	FinalPrior float64
}

// node is a node of the UCT tree. wins counts half points (a draw 1, a win
// 2) for the player who made move; visits the iterations through it.
type node struct {
	move   engine.Move
	nkids  uint8
	first  int32 // first child, or -1 before expansion
	visits int32
	wins   int32
	prior  float32
}

// UCT is paper 004 §5.1's UCT over one world (the opponent's colours fixed
// before the search, §5.4). Its tree is reused between searches. Not safe
// for concurrent use.
type UCT struct {
	opts  UCTOptions
	nodes []node
	rng   *engine.Rand
	path  []int32
	pri   [engine.MaxMoves]float64
	// work and board are the position of an iteration and its playout
	// board, kept here so that handing them to the policies allocates
	// nothing.
	work  engine.Position
	board Board
	ml    engine.MoveList
}

// NewUCT returns a UCT searcher seeded with seed.
func NewUCT(o UCTOptions, seed uint64) *UCT {
	if o.C == 0 {
		o.C = math.Sqrt2
	}
	if o.CBase == 0 {
		o.CBase = 19652
	}
	if o.CInit == 0 {
		o.CInit = 1.25
	}
	if o.MaxNodes <= 0 {
		o.MaxNodes = 1 << 22
	}
	return &UCT{opts: o, rng: engine.NewRand(seed)}
}

// RootChild is a root move with its statistics after a search.
type RootChild struct {
	Move   engine.Move
	Visits int
	Mean   float64 // mean result for the side to move at the root
	Prior  float64
}

// UCTResult is what a search found.
type UCTResult struct {
	Move       engine.Move
	Iterations int
	Nodes      int
	Children   []RootChild
}

// Search runs UCT from world (every colour shown) for the side to move
// and returns the move it chooses.
func (u *UCT) Search(ctx context.Context, world *engine.Position, plyLimit int) (UCTResult, error) {
	var res UCTResult
	if u.opts.Iterations <= 0 && u.opts.Time <= 0 {
		return res, ErrNoBudget
	}
	for pl := engine.First; pl <= engine.Second; pl++ {
		if world.Pieces(pl, engine.Unknown) != 0 {
			return res, errors.New("sampling: UCT needs a world with every colour shown")
		}
	}
	if world.OutcomeWithLimit(plyLimit) != engine.Ongoing {
		return res, errors.New("sampling: the game is over")
	}
	var deadline time.Time
	if u.opts.Time > 0 {
		deadline = time.Now().Add(u.opts.Time)
	}
	u.nodes = append(u.nodes[:0], node{first: -1})
	it := 0
	for {
		if u.opts.Iterations > 0 && it >= u.opts.Iterations {
			break
		}
		if it&63 == 0 && it > 0 && (!deadline.IsZero() && time.Now().After(deadline) || ctx.Err() != nil) {
			break
		}
		u.iterate(world, plyLimit)
		it++
	}
	res.Iterations, res.Nodes = it, len(u.nodes)
	root := &u.nodes[0]
	if root.first < 0 {
		// One iteration: no children yet; expand to have moves.
		u.expand(0, world, 0)
	}
	res.Children, res.Move = u.chooseRoot(res.Children)
	return res, nil
}

// chooseRoot appends the root's children to dst and returns them with the
// move chosen: the most visited, or with a prior and FinalPrior > 0 the
// greatest w̄ + FinalPrior·π, paper 004 formula (4).
func (u *UCT) chooseRoot(dst []RootChild) ([]RootChild, engine.Move) {
	root := &u.nodes[0]
	best, bestScore := -1, math.Inf(-1)
	for i := 0; i < int(root.nkids); i++ {
		c := &u.nodes[int(root.first)+i]
		rc := RootChild{Move: c.move, Visits: int(c.visits), Prior: float64(c.prior)}
		if c.visits > 0 {
			rc.Mean = float64(c.wins) / float64(2*c.visits)
		}
		dst = append(dst, rc)
		score := float64(c.visits)
		if u.opts.Prior != nil && u.opts.FinalPrior > 0 {
			score = rc.Mean + u.opts.FinalPrior*rc.Prior
		}
		if score > bestScore {
			best, bestScore = i, score
		}
	}
	return dst, dst[len(dst)-int(root.nkids)+best].Move
}

// usePrior reports whether the prior applies at depth plies below the root.
func (u *UCT) usePrior(depth int) bool {
	return u.opts.Prior != nil && (u.opts.PriorDepth <= 0 || depth < u.opts.PriorDepth)
}

// iterate is one UCT iteration: selection, expansion, playout,
// backpropagation (paper 004 §5.1).
func (u *UCT) iterate(world *engine.Position, plyLimit int) {
	u.work = *world
	p := &u.work
	u.path = append(u.path[:0], 0)
	cur := int32(0)
	depth := 0
	for u.nodes[cur].first >= 0 && p.OutcomeWithLimit(plyLimit) == engine.Ongoing {
		cur = u.selectChild(cur, depth)
		p.Make(u.nodes[cur].move)
		u.path = append(u.path, cur)
		depth++
	}
	if u.nodes[cur].visits >= 1 && p.OutcomeWithLimit(plyLimit) == engine.Ongoing && len(u.nodes)+engine.MaxMoves <= u.opts.MaxNodes {
		u.expand(cur, p, depth)
		n := &u.nodes[cur]
		k := 0
		if u.usePrior(depth) {
			for i := 1; i < int(n.nkids); i++ {
				if u.nodes[int(n.first)+i].prior > u.nodes[int(n.first)+k].prior {
					k = i
				}
			}
		} else {
			k = u.rng.Intn(int(n.nkids))
		}
		cur = n.first + int32(k)
		p.Make(u.nodes[cur].move)
		u.path = append(u.path, cur)
	}
	var o engine.Outcome
	if o = p.OutcomeWithLimit(plyLimit); o == engine.Ongoing {
		if u.opts.Playout != nil {
			o = u.opts.Playout(p, u.rng, plyLimit)
		} else {
			u.board, _ = BoardOf(p)
			o = u.board.PlayoutSquareFirst(u.rng, plyLimit)
		}
	}
	// The player who made each node's move: the root's side for depth 1.
	mover := world.Turn().Other()
	for _, i := range u.path {
		n := &u.nodes[i]
		n.visits++
		n.wins += int32(2 * Result(o, mover))
		mover = mover.Other()
	}
}

// expand gives node i (position p, depth plies below the root) a child
// for every legal move.
func (u *UCT) expand(i int32, p *engine.Position, depth int) {
	ml := &u.ml
	ml.Generate(p)
	first := int32(len(u.nodes))
	prior := u.usePrior(depth)
	if prior {
		u.opts.Prior(p, ml.Slice(), u.pri[:ml.N])
	}
	for k, m := range ml.Slice() {
		c := node{move: m, first: -1}
		if prior {
			c.prior = float32(u.pri[k])
		}
		u.nodes = append(u.nodes, c)
	}
	u.nodes[i].first, u.nodes[i].nkids = first, uint8(ml.N)
}

// selectChild returns the child of node i (depth plies below the root)
// with the greatest UCB value: formula (1), or (3) where the prior applies.
// Unvisited children come first under (1).
func (u *UCT) selectChild(i int32, depth int) int32 {
	n := u.nodes[i]
	kids := u.nodes[n.first : n.first+int32(n.nkids)]
	best, bestV := 0, math.Inf(-1)
	N := float64(n.visits)
	if u.usePrior(depth) {
		cs := math.Log((N+u.opts.CBase+1)/u.opts.CBase) + u.opts.CInit
		sq := math.Sqrt(N)
		for k := range kids {
			c := &kids[k]
			w := 0.0
			if c.visits > 0 {
				w = float64(c.wins) / float64(2*c.visits)
			}
			v := w + cs*float64(c.prior)*sq/float64(1+c.visits)
			if v > bestV {
				best, bestV = k, v
			}
		}
		return n.first + int32(best)
	}
	lnN := math.Log(N)
	for k := range kids {
		c := &kids[k]
		if c.visits == 0 {
			return n.first + int32(k)
		}
		v := float64(c.wins)/float64(2*c.visits) + u.opts.C*math.Sqrt(lnN/float64(c.visits))
		if v > bestV {
			best, bestV = k, v
		}
	}
	return n.first + int32(best)
}

// Visits returns, for tests, every expanded node's visits and the sum of
// its children's visits.
func (u *UCT) forEachExpanded(f func(visits, childSum int)) {
	for _, n := range u.nodes {
		if n.first < 0 {
			continue
		}
		s := 0
		for k := 0; k < int(n.nkids); k++ {
			s += int(u.nodes[int(n.first)+k].visits)
		}
		f(int(n.visits), s)
	}
}

// UCTPlayer is the uct agent's decision: the opponent's colours drawn by
// red likelihood (paper 004 §5.4) before each search, then a UCT search.
type UCTPlayer struct {
	Tracker *Tracker
	UCT     *UCT
	rng     *engine.Rand
}

// NewUCTPlayer returns the uct decision maker for player me.
func NewUCTPlayer(me engine.Player, o UCTOptions, seed uint64) *UCTPlayer {
	return &UCTPlayer{Tracker: NewTracker(me), UCT: NewUCT(o, seed), rng: engine.NewRand(seed ^ 0x5bd1e995)}
}

// Decide returns the move for the side to move in p (the player's view)
// after moves (every move from the start).
func (a *UCTPlayer) Decide(ctx context.Context, p *engine.Position, moves []engine.Move, plyLimit int) (engine.Move, UCTResult, error) {
	if err := a.Tracker.Sync(p, moves); err != nil {
		return engine.NoMove, UCTResult{}, err
	}
	var ml engine.MoveList
	ml.Generate(p)
	if ml.N == 0 {
		return engine.NoMove, UCTResult{}, errors.New("sampling: no legal move")
	}
	for _, m := range ml.Slice() {
		if m.IsEscape() {
			return m, UCTResult{Move: m}, nil
		}
	}
	w := a.Tracker.World(p, a.Tracker.SampleLikely(a.rng))
	r, err := a.UCT.Search(ctx, &w, plyLimit)
	return r.Move, r, err
}

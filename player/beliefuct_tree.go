package player

import (
	"context"
	"math"
	"math/bits"
	"time"

	"github.com/geister-solver/geister/belief"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/sampling"
)

// isNode is a node of the information-set tree: the move that led to it,
// its children, visits and the points (a win 1, a draw the tree's draw
// value for the root player, one minus it for the opponent) of the player
// who made the move.
type isNode struct {
	move   engine.Move
	first  int32 // first child, or -1 before expansion
	nkids  uint8
	visits int32
	wins   float32
	prior  float32
	// For the opponent's moves: visits and points split by the
	// colour the moving piece has in the iteration's world (0 blue, 1
	// red). The opponent knows its colours: a charge is good for it with
	// a blue and not with a red, and its choice in a world is made on
	// the statistics of that colour, not on the average over worlds in
	// which it would choose differently.
	cvisits [2]int32
	cwins   [2]float32
}

// isTree is information-set UCT over the worlds of a belief: one tree of
// moves from the root (what the player sees), each iteration played in a
// world drawn from the belief. Apart from escapes, which moves are legal
// does not depend on the hidden colours (a piece may step onto any enemy
// piece), so the tree's moves are the same in every world; a side that
// can escape in the iteration's world does (every agent here does, and it
// wins at once), which makes that node a win for it in that world. The
// root's moves have the HAF prior (paper 004's formula (3)); below it,
// UCB1. Leaves are played out by square-first random moves or valued by
// the tables (exactKnowledge.playout).
type isTree struct {
	nodes     []isNode
	rng       *engine.Rand
	c         float64
	drawValue float64 // a draw's value for the root player
	cbase     float64
	cinit     float64
	maxNodes  int
	playout   sampling.PlayoutFunc
	path      []int32
	cols      []int8 // per path entry: the moving piece's colour at an opponent move, else -1
	// seen holds the keys (viewKey) of the positions the game has met
	// with the root player to move since the last capture, in an
	// open-addressing table (0: empty); nil: repetitions not looked for.
	seen   []uint64
	ml     engine.MoveList
	work   engine.Position
	cum    []float64
	worlds []engine.Position
	wlost  []uint64 // per world: the root moves (bit i: move i) after which the opponent surely wins in it
}

func newISTree(seed uint64, playout sampling.PlayoutFunc, draw float64) *isTree {
	return &isTree{rng: engine.NewRand(seed), c: math.Sqrt2, drawValue: draw, cbase: 19652, cinit: 1.25, maxNodes: 1 << 21, playout: playout}
}

// treeResult is what a search found at the root.
type treeResult struct {
	Iterations int
	Children   []sampling.RootChild
}

// search runs iterations (or until deadline or ctx ends, checked every 64
// iterations) from the root whose legal moves are ml: ws are the
// colourings of the root (the player's view) with their probabilities;
// lostIn, when not nil, gives for each world the root moves after which
// the opponent surely wins there (bit i: ml[i]), and an iteration that
// plays such a move in such a world is a loss without going further;
// prior, when not nil, gives the root moves' prior; skip[i] leaves root
// move ml[i] out of the search. With more, the tree of the last search
// (of the same root) is searched further.
func (t *isTree) search(ctx context.Context, ws []belief.World, lostIn []uint64, ml *engine.MoveList, prior []float64, skip []bool, limit, iterations int, deadline time.Time, more bool) treeResult {
	t.worlds, t.cum, t.wlost = t.worlds[:0], t.cum[:0], t.wlost[:0]
	total := 0.0
	for k, w := range ws {
		if w.P <= 0 {
			continue
		}
		total += w.P
		t.worlds = append(t.worlds, w.Pos)
		t.cum = append(t.cum, total)
		var l uint64
		if lostIn != nil {
			l = lostIn[k]
		}
		t.wlost = append(t.wlost, l)
	}
	for i, m := range ml.Slice() {
		if more {
			break
		}
		if i == 0 {
			t.nodes = append(t.nodes[:0], isNode{first: 1, nkids: uint8(ml.N)})
		}
		n := isNode{move: m, first: -1}
		if prior != nil {
			n.prior = float32(prior[i])
		}
		if skip[i] {
			n.visits = -1 // never selected
		}
		t.nodes = append(t.nodes, n)
	}
	it := 0
	for iterations <= 0 || it < iterations {
		if it&63 == 0 && it > 0 && (!deadline.IsZero() && time.Now().After(deadline) || ctx.Err() != nil) {
			break
		}
		k := t.draw(total)
		t.iterate(&t.worlds[k], t.wlost[k], limit, prior != nil)
		it++
	}
	res := treeResult{Iterations: it}
	for i := 0; i < ml.N; i++ {
		c := &t.nodes[1+i]
		rc := sampling.RootChild{Move: c.move, Prior: float64(c.prior)}
		if c.visits > 0 {
			rc.Visits = int(c.visits)
			rc.Mean = float64(c.wins) / float64(c.visits)
		}
		res.Children = append(res.Children, rc)
	}
	return res
}

// draw returns the index of a world drawn by the probabilities.
func (t *isTree) draw(total float64) int {
	x := float64(t.rng.Uint64()>>11) / (1 << 53) * total
	for i, c := range t.cum {
		if x < c {
			return i
		}
	}
	return len(t.worlds) - 1
}

// canEscape reports whether the side to move in world p has a blue on one
// of its exits.
func canEscape(p *engine.Position) bool {
	return p.Pieces(p.Turn(), engine.Blue)&engine.Exits(p.Turn()) != 0
}

// iterate is one iteration in world w, in which the root moves of lost
// (bit i: the root's child i) are proven losses.
func (t *isTree) iterate(w *engine.Position, lost uint64, limit int, rootPrior bool) {
	t.work = *w
	p := &t.work
	me := p.Turn()
	t.path = append(t.path[:0], 0)
	t.cols = append(t.cols[:0], -1)
	cur := int32(0)
	o := engine.Ongoing
	for {
		if o = p.OutcomeWithLimit(limit); o != engine.Ongoing {
			break
		}
		if len(t.path) == 2 && lost>>uint(t.path[1]-1)&1 != 0 {
			o = engine.WinFor(me.Other()) // the opponent surely wins in this world
			break
		}
		if len(t.path) > 1 && canEscape(p) {
			o = engine.WinFor(p.Turn())
			break
		}
		if len(t.path) > 1 && t.seen != nil && p.Turn() == me && t.repeats(viewKey(p, me)) {
			o = engine.Draw // a position the game has already met: the line goes round
			break
		}
		n := &t.nodes[cur]
		if n.first < 0 {
			if n.visits < 1 || len(t.nodes)+engine.MaxMoves > t.maxNodes || !t.expand(cur, p) {
				o = t.playout(p, t.rng, limit)
				break
			}
			n = &t.nodes[cur]
			cur = n.first + int32(t.rng.Intn(int(n.nkids)))
			t.descend(p, me, cur)
			continue
		}
		if p.Turn() != me {
			cur = t.selectOpponent(cur, p)
		} else {
			cur = t.selectChild(cur, rootPrior && cur == 0)
		}
		t.descend(p, me, cur)
	}
	mover := me.Other() // who made the root's move: nobody; its children's: me
	for k, i := range t.path {
		n := &t.nodes[i]
		r := float32(sampling.Result(o, mover))
		if o == engine.Draw {
			r = float32(t.drawValue)
			if mover != me {
				r = float32(1 - t.drawValue)
			}
		}
		n.visits++
		n.wins += r
		if c := t.cols[k]; c >= 0 {
			n.cvisits[c]++
			n.cwins[c] += r
		}
		mover = mover.Other()
	}
}

// viewKey is a key of position p as player me sees it with me to move:
// its own pieces by colour and the other side's squares (which of the
// opponent's pieces stands where, the key ignores). Two positions of one
// game with the same key and no capture between them are the same
// position to me.
func viewKey(p *engine.Position, me engine.Player) uint64 {
	h := p.Occupied(me.Other())*0x9E3779B97F4A7C15 ^ bits.RotateLeft64(p.Pieces(me, engine.Blue)*0xC2B2AE3D27D4EB4F, 21) ^
		bits.RotateLeft64(p.Pieces(me, engine.Red)*0x165667B19E3779F9, 42)
	return h | 1
}

// remember records key k as a position the game has met; reset first
// clears the table (after a capture no earlier position comes again).
func (t *isTree) remember(k uint64, reset bool) {
	if t.seen == nil {
		t.seen = make([]uint64, 1024)
	}
	if reset {
		clear(t.seen)
	}
	for i := k & 1023; ; i = (i + 1) & 1023 {
		if t.seen[i] == k {
			return
		}
		if t.seen[i] == 0 {
			t.seen[i] = k
			return
		}
	}
}

// repeats reports whether key k is one of the positions remembered.
func (t *isTree) repeats(k uint64) bool {
	for i := k & 1023; ; i = (i + 1) & 1023 {
		switch t.seen[i] {
		case k:
			return true
		case 0:
			return false
		}
	}
}

// descend plays child cur's move in p and puts it on the path, with the
// moving piece's colour when the opponent of me moves.
func (t *isTree) descend(p *engine.Position, me engine.Player, cur int32) {
	m := t.nodes[cur].move
	col := int8(-1)
	if p.Turn() != me {
		col = pieceColour(p, m)
	}
	p.Make(m)
	t.path = append(t.path, cur)
	t.cols = append(t.cols, col)
}

// pieceColour returns the colour of the piece m moves in world p: 0 blue,
// 1 red.
func pieceColour(p *engine.Position, m engine.Move) int8 {
	if p.Pieces(p.Turn(), engine.Blue)&m.From().Bit() != 0 {
		return 0
	}
	return 1
}

// expand gives node i (position p) a child for every legal move but the
// escapes; false when there is none.
func (t *isTree) expand(i int32, p *engine.Position) bool {
	t.ml.Generate(p)
	first := int32(len(t.nodes))
	k := 0
	for _, m := range t.ml.Slice() {
		if m.IsEscape() {
			continue
		}
		t.nodes = append(t.nodes, isNode{move: m, first: -1})
		k++
	}
	if k == 0 {
		return false
	}
	t.nodes[i].first, t.nodes[i].nkids = first, uint8(k)
	return true
}

// selectOpponent returns the child of node i (the opponent to move in
// world p) with the greatest UCB1 value on the statistics of the colour
// its moving piece has in p (unvisited first).
func (t *isTree) selectOpponent(i int32, p *engine.Position) int32 {
	n := t.nodes[i]
	kids := t.nodes[n.first : n.first+int32(n.nkids)]
	blue := p.Pieces(p.Turn(), engine.Blue)
	var cn [2]float64
	for k := range kids {
		c := &kids[k]
		cn[0] += float64(c.cvisits[0])
		cn[1] += float64(c.cvisits[1])
	}
	best, bestV := -1, math.Inf(-1)
	for k := range kids {
		c := &kids[k]
		col := 1
		if blue&c.move.From().Bit() != 0 {
			col = 0
		}
		v := c.cvisits[col]
		if v == 0 {
			return n.first + int32(k)
		}
		if u := float64(c.cwins[col])/float64(v) + t.c*math.Sqrt(math.Log(cn[col])/float64(v)); u > bestV {
			best, bestV = k, u
		}
	}
	return n.first + int32(best)
}

// selectChild returns the child of node i with the greatest UCB value:
// formula (3) with the prior at the root, else UCB1 (unvisited first).
// Root children with negative visits are left out.
func (t *isTree) selectChild(i int32, prior bool) int32 {
	n := t.nodes[i]
	kids := t.nodes[n.first : n.first+int32(n.nkids)]
	best, bestV := -1, math.Inf(-1)
	N := float64(n.visits)
	if prior {
		cs := math.Log((N+t.cbase+1)/t.cbase) + t.cinit
		sq := math.Sqrt(N)
		for k := range kids {
			c := &kids[k]
			if c.visits < 0 {
				continue
			}
			w := 0.0
			if c.visits > 0 {
				w = float64(c.wins) / float64(c.visits)
			}
			if v := w + cs*float64(c.prior)*sq/float64(1+c.visits); v > bestV {
				best, bestV = k, v
			}
		}
		return n.first + int32(best)
	}
	lnN := math.Log(N)
	for k := range kids {
		c := &kids[k]
		if c.visits < 0 {
			continue
		}
		if c.visits == 0 {
			return n.first + int32(k)
		}
		if v := float64(c.wins)/float64(c.visits) + t.c*math.Sqrt(lnN/float64(c.visits)); v > bestV {
			best, bestV = k, v
		}
	}
	return n.first + int32(best)
}

package player

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/geister-solver/geister/belief"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/sampling"
)

var beliefUCTOptions = []Option{
	{"time", "duration", "700ms", "time a move (wall clock; a critical move, whose two best moves the search cannot tell apart, takes up to twice as much, never over 8s in all); 0 = no time bound. Given iterations and no time, there is no time bound"},
	{"iterations", "int", "0", "UCT iterations a move over all its worlds (critical moves up to twice as many); 0 = bounded by time only"},
	{"worlds", "int", "0", "0 = one search tree for all worlds, each iteration in a world drawn from the belief (information-set UCT); N = N separate UCT searches, each in one world drawn from the belief, their root statistics summed"},
	{"belief", "model", belief.DefaultOptions().Model.String(), "the colour belief's opponent model (package belief): " + beliefModels},
	{"haf", "bool", "true", "the GAT2021 policy HAF as the prior at the root (paper 004's method C) and in the final choice (formula (4)); false: plain UCT, the most visited move"},
	{"weights", "weights", "900", "the policy's weights (as hayazashi)"},
	{"final", "float", "0.1", "c of formula (4): the root move maximising mean + c * policy probability"},
	{"draw", "float", "0.5", "what a draw is worth to the agent in its search, strictly between 0 (a loss) and 1 (a win), the opponent counting it 1 - draw; below 0.5 the agent takes risks to win rather than hold a draw"},
	{"repeat", "bool", "true", "a position the game has already met (with the agent to move, since the last capture) counts as a draw where the search meets it again, so that lines going round are worth a draw (see draw)"},
	{"dfpn", "int", "100000", "df-pn node budget of the root sure-win check (the proven-loss checks share as much); 0 = off (the tables still answer)"},
	{"tables", "bool", "true", "use the endgame tables (when present): sure wins and losses at the root, exact values at the search's leaves"},
}

// beliefModels names the models of package belief for the help text.
var beliefModels = func() string {
	var names []string
	for m := belief.Model(0); m < 16; m++ {
		if back, err := belief.ParseModel(m.String()); err == nil && back == m {
			names = append(names, m.String())
		}
	}
	return strings.Join(names, ", ") + "; uniform = no inference from the opponent's moves"
}()

// A move's bit in a world's mask of lost root moves (worldLosses, isTree)
// needs at most 64 moves.
const _ = uint64(63 - engine.MaxMoves)

// hardCap bounds a move in time mode, whatever the critical-move
// extension and the checks take (GAT allows 10 s).
const hardCap = 8 * time.Second

// lossCheckNodes and lossCheckPlies bound one df-pn question "does the
// opponent surely win in this world after this move?" beyond the tables.
const (
	lossCheckNodes = 300
	lossCheckPlies = 7
)

// beliefUCT is determinized UCT over a belief about the opponent's
// colours, with exact knowledge wherever it applies:
//
//   - a sure win (the tables, or df-pn over the purple game within a node
//     budget) is played at once; once proven, a win is re-proven every
//     move with a larger budget, so it is never thrown away;
//   - a move after which the opponent surely wins in every world the
//     belief gives weight to (its colours those of the world, ours hidden
//     from it: the tables, or a bounded df-pn) is never chosen while some
//     move is not proven lost; a move after which it surely wins in some
//     worlds is a loss in those worlds inside the search (worldLosses);
//   - otherwise several worlds are drawn from the belief, each searched
//     by UCT with the policy HAF as the root prior (paper 004's method C),
//     the tables' exact values replacing playouts at leaves in their
//     material; the root statistics of all worlds are summed and the move
//     maximising mean + c·π is played. When the two best moves are close,
//     the search goes on (up to twice the budget).
type beliefUCT struct {
	placer
	budget     time.Duration
	iterations int
	worlds     int
	model      belief.Model
	w          *haf.Weights
	final      float64
	draw       float64
	repeat     bool
	pieces     int // pieces on the board at the agent's last search (repeat)
	dfpn       uint64
	tables     purple.Tables

	side   engine.Player
	rng    *engine.Rand
	belief *belief.Belief
	uct    *sampling.UCT
	tree   *isTree
	// uctOpts and uctSeed make the game's UCT searcher at its first
	// search.
	uctOpts sampling.UCTOptions
	uctSeed uint64
	exact   *exactKnowledge
	limit   int
	proven  int // the plies of the sure win proven at the last move (0: none)
	// lossMass[i]: the belief's mass of the worlds in which the opponent
	// surely wins after root move i of the current move (worldLosses).
	lossMass []float64

	// Last says how the last move was found.
	Last BeliefUCTStats
}

// BeliefUCTStats say how a beliefuct move was found.
type BeliefUCTStats struct {
	Source     string // "escape", "only", "win" (a proven sure win), "search"
	Plies      int    // with Source "win": the length of the proven win
	Worlds     int    // worlds searched
	Iterations int    // UCT iterations in all
	Avoided    int    // moves proven lost, left out
	Probes     int    // table probes at the leaves
	Extended   bool   // a critical move: the search went on
	Children   []sampling.RootChild
}

func newBeliefUCT(o *options, env Env) (Agent, error) {
	a := &beliefUCT{placer: newPlacer(o), budget: o.duration("time"), iterations: o.int("iterations"),
		worlds: o.int("worlds"), dfpn: o.uint64("dfpn"), draw: o.float("draw"), repeat: o.bool("repeat")}
	m, err := belief.ParseModel(o.raw("belief"))
	if err != nil {
		return nil, err
	}
	a.model = m
	if _, hasTime := o.vals["time"]; a.iterations > 0 && !hasTime {
		a.budget = 0
	}
	if a.iterations == 0 && a.budget == 0 {
		return nil, errorf("iterations=0 needs a time budget (time=...)")
	}
	if a.worlds > 1000 {
		return nil, errorf("worlds=%d: want 0 to 1000", a.worlds)
	}
	if a.iterations > 0 && a.iterations < a.worlds {
		return nil, errorf("iterations=%d: want at least one a world (worlds=%d)", a.iterations, a.worlds)
	}
	if o.bool("haf") {
		w, err := haf.Load(o.raw("weights"))
		if err != nil {
			return nil, err
		}
		a.w, a.final = w, o.float("final")
	} else {
		for _, k := range []string{"weights", "final"} {
			if _, ok := o.vals[k]; ok {
				return nil, errorf("option %s applies only with haf=true", k)
			}
		}
	}
	if o.bool("tables") {
		a.tables = env.Tables
	}
	return a, nil
}

func (a *beliefUCT) NewGame(side engine.Player, seed uint64) engine.Placement {
	a.rng = a.rand(seed)
	a.side = side
	bo := belief.DefaultOptions()
	bo.Model = a.model
	if a.w != nil {
		bo.Weights = a.w
	}
	a.belief = belief.New(side, bo)
	a.exact = nil
	a.proven = 0
	uo := sampling.UCTOptions{Iterations: 1}
	if a.w != nil {
		uo, _ = sampling.HAFOptions(uo, sampling.MethodC, a.w, side, sampling.Negate, a.final)
	}
	a.uct = nil
	a.uctOpts = uo
	a.uctSeed = a.rng.Uint64()
	return a.place(a.rng, nil)
}

func (a *beliefUCT) Move(ctx context.Context, v *View) (engine.Move, error) {
	if a.rng == nil || a.side != v.Me() {
		a.NewGame(v.Me(), 0)
	}
	start := time.Now()
	a.Last = BeliefUCTStats{}
	p := v.Position()
	var ml engine.MoveList
	ml.Generate(&p)
	if ml.N == 0 {
		return engine.NoMove, errors.New("no legal move")
	}
	if err := a.belief.Sync(&p, v.history); err != nil {
		return engine.NoMove, err
	}
	if m, src, ok := forcedMove(&ml); ok {
		a.Last.Source = src
		return m, nil
	}
	if a.exact == nil || a.limit != v.PlyLimit() {
		a.limit = v.PlyLimit()
		a.exact = newExactKnowledge(a.side, a.tables, a.limit, 4)
		a.uct, a.tree = nil, nil
	}
	if a.budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, start.Add(hardCap))
		defer cancel()
	}
	if m, plies, ok := a.sureWin(ctx, &p, start); ok {
		a.proven = plies
		a.Last.Source, a.Last.Plies = "win", plies
		return m, nil
	}
	a.proven = 0
	lctx := ctx
	if a.budget > 0 {
		var cancel context.CancelFunc
		lctx, cancel = context.WithDeadline(ctx, start.Add(a.budget/2))
		defer cancel()
	}
	ws := a.belief.Worlds(&p)
	if len(ws) == 0 {
		return engine.NoMove, errors.New("no colouring of the opponent's pieces agrees with what was seen")
	}
	lost, lostIn := a.worldLosses(lctx, &p, &ml, ws)
	var m engine.Move
	var err error
	if a.worlds == 0 {
		m, err = a.searchTree(ctx, &p, &ml, ws, lost, lostIn, start)
	} else {
		m, err = a.search(ctx, &p, &ml, lost, start)
	}
	if err != nil {
		return engine.NoMove, err
	}
	if !p.IsLegal(m) {
		return engine.NoMove, fmt.Errorf("search returned %s, not legal in %s", m, p.String())
	}
	return m.Plain(), nil
}

// sureWin asks the tables and df-pn for a sure win: one of at most 9
// plies, then 13 (bounded searches prove those with far fewer nodes),
// each with a quarter of the budget, then one of any length with the
// other half. A win of n plies proven at the last move is re-proven as a
// win within n-2 plies (it is there whatever the opponent replied) with
// 16 times the budget, up to the hard cap, so that it is never thrown
// away.
func (a *beliefUCT) sureWin(ctx context.Context, p *engine.Position, start time.Time) (engine.Move, int, bool) {
	nodes := a.dfpn
	if nodes == 0 {
		if a.tables == nil || !tablesCover(a.tables, p, a.side) {
			return engine.NoMove, 0, false
		}
		return a.exact.sureWin(ctx, p, 1, 0) // the tables answer at the root
	}
	if a.proven > 0 {
		if m, plies, ok := a.exact.sureWin(ctx, p, 16*nodes, max(a.proven-2, 1)); ok {
			return m, plies, ok
		}
		return a.exact.sureWin(ctx, p, 16*nodes, 0)
	}
	if a.budget > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, start.Add(a.budget/2))
		defer cancel()
	}
	for _, d := range []int{9, 13} {
		if m, plies, ok := a.exact.sureWin(ctx, p, nodes/4, d); ok {
			return m, plies, ok
		}
	}
	return a.exact.sureWin(ctx, p, nodes/2, 0)
}

// worldLosses returns, for each legal move (by index in ml), whether the
// opponent surely wins after it in every world of ws the belief gives
// weight to (lost), and in which worlds it does (lostIn[k] has bit i when
// move i loses in world ws[k]). The worlds are asked in order of
// probability, the likeliest first, each about every move; the questions
// share a budget of dfpn nodes (lossCheckNodes each, wins of at most
// lossCheckPlies plies), and a question left open counts as not lost.
//
// A move lost in every world is left out of the search while another is
// not; a move lost in some worlds is a loss in those worlds inside the
// search (isTree), so that a move losing by force in 99% of the belief is
// worth at most 1%, which neither the "every world" rule nor the tree's
// own iterations, blind to a forced line of seven plies, would see.
func (a *beliefUCT) worldLosses(ctx context.Context, p *engine.Position, ml *engine.MoveList, ws []belief.World) (lost []bool, lostIn []uint64) {
	lost = make([]bool, ml.N)
	lostIn = make([]uint64, len(ws))
	a.lossMass = append(a.lossMass[:0], make([]float64, ml.N)...)
	order := make([]int, 0, len(ws))
	for k := range ws {
		if ws[k].P > 0 {
			order = append(order, k)
		}
	}
	sort.SliceStable(order, func(x, y int) bool { return ws[order[x]].P > ws[order[y]].P })
	budget := a.dfpn
	per := uint64(lossCheckNodes)
	if budget == 0 {
		per = 0
	}
	all := uint64(1)<<uint(ml.N) - 1 // ml.N ≤ engine.MaxMoves < 64
	every := all                     // moves lost in every world asked so far
	total := 0.0
	for _, k := range order {
		total += ws[k].P
	}
	for _, k := range order {
		for i, m := range ml.Slice() {
			q := ws[k].Pos
			q.Make(m)
			if o := q.OutcomeWithLimit(a.limit); o != engine.Ongoing {
				if w, ok := o.Winner(); ok && w != a.side {
					lostIn[k] |= 1 << uint(i)
				}
				continue
			}
			if per > 0 && budget < per {
				per = 0
			}
			ok, used := a.exact.oppWins(ctx, &q, per, lossCheckPlies)
			budget -= min(used, budget)
			if ok {
				lostIn[k] |= 1 << uint(i)
			}
		}
		every &= lostIn[k]
		for i := range ml.N {
			if lostIn[k]>>uint(i)&1 != 0 {
				a.lossMass[i] += ws[k].P / total
			}
		}
	}
	if len(order) == 0 || every == all {
		// Every move is proven lost in every world: keep them all, the
		// search picks the one that loses least often against a fallible
		// opponent.
		return lost, lostIn
	}
	n := 0
	for i := range lost {
		if every>>uint(i)&1 != 0 {
			lost[i] = true
			n++
		}
	}
	a.Last.Avoided = n
	return lost, lostIn
}

// search runs UCT on worlds drawn from the belief and returns the best
// move not proven lost.
func (a *beliefUCT) search(ctx context.Context, p *engine.Position, ml *engine.MoveList, lost []bool, start time.Time) (engine.Move, error) {
	if a.uct == nil {
		uo := a.uctOpts
		if a.exact.tables != nil {
			uo.Playout = a.exact.playout
		}
		uo.Iterations = a.perWorld()
		a.uct = sampling.NewUCT(uo, a.uctSeed)
	}
	type agg struct{ visits, wins, prior float64 }
	stats := make([]agg, ml.N)
	index := func(m engine.Move) int {
		for i, x := range ml.Slice() {
			if x.Plain() == m.Plain() {
				return i
			}
		}
		return -1
	}
	probes0 := a.exact.Probes
	round := func(worlds int, from, to time.Duration) error {
		for k := 0; k < worlds; k++ {
			wctx, cancel := ctx, context.CancelFunc(func() {})
			if a.budget > 0 {
				wctx, cancel = context.WithDeadline(ctx, start.Add(from+(to-from)*time.Duration(k+1)/time.Duration(worlds)))
			}
			w := a.sample(p)
			r, err := a.uct.Search(wctx, &w, a.limit)
			cancel()
			if err != nil {
				return err
			}
			a.Last.Worlds++
			a.Last.Iterations += r.Iterations
			for _, c := range r.Children {
				if i := index(c.Move); i >= 0 {
					stats[i].visits += float64(c.Visits)
					stats[i].wins += c.Mean * float64(c.Visits)
					stats[i].prior += c.Prior
				}
			}
			if ctx.Err() != nil {
				break
			}
		}
		return nil
	}
	choose := func() (best, second int, bestV, secondV float64) {
		best, second, bestV, secondV = -1, -1, math.Inf(-1), math.Inf(-1)
		for i, s := range stats {
			if lost[i] {
				continue
			}
			v := s.visits
			if a.w != nil {
				mean := 0.0
				if s.visits > 0 {
					mean = s.wins / s.visits
				}
				v = mean + a.final*s.prior/float64(a.Last.Worlds)
			}
			switch {
			case v > bestV:
				second, secondV = best, bestV
				best, bestV = i, v
			case v > secondV:
				second, secondV = i, v
			}
		}
		return
	}
	if err := round(a.worlds, 0, a.budget); err != nil {
		return engine.NoMove, err
	}
	best, second, bv, sv := choose()
	if second >= 0 && a.critical(stats[best].visits, stats[second].visits, bv, sv) && ctx.Err() == nil {
		a.Last.Extended = true
		if err := round(a.worlds, a.budget, 2*a.budget); err != nil {
			return engine.NoMove, err
		}
		best, _, _, _ = choose()
	}
	a.Last.Source = "search"
	a.Last.Probes = a.exact.Probes - probes0
	for i, s := range stats {
		rc := sampling.RootChild{Move: ml.Moves[i], Visits: int(s.visits)}
		if s.visits > 0 {
			rc.Mean = s.wins / s.visits
		}
		if a.Last.Worlds > 0 {
			rc.Prior = s.prior / float64(a.Last.Worlds)
		}
		a.Last.Children = append(a.Last.Children, rc)
	}
	if best < 0 {
		return engine.NoMove, errors.New("the search found no move")
	}
	return ml.Moves[best], nil
}

// critical reports whether the two best root moves are too close to tell
// apart: their scores differ by less than two standard errors of a mean
// over the fewer visits.
func (a *beliefUCT) critical(n1, n2, v1, v2 float64) bool {
	n := min(n1, n2)
	if n < 1 {
		return true
	}
	return v1-v2 < 2*0.5/math.Sqrt(n)
}

// searchTree runs information-set UCT (isTree) on the worlds of the
// belief and returns the best move not proven lost.
func (a *beliefUCT) searchTree(ctx context.Context, p *engine.Position, ml *engine.MoveList, ws []belief.World, lost []bool, lostIn []uint64, start time.Time) (engine.Move, error) {
	if a.tree == nil {
		pf := sampling.PlayoutFunc(squareFirst)
		if a.exact.tables != nil {
			pf = a.exact.playout
		}
		a.tree = newISTree(a.uctSeed, pf, a.draw)
		a.pieces = 0
	}
	if a.repeat {
		n := p.Count(engine.First) + p.Count(engine.Second)
		a.tree.remember(viewKey(p, a.side), n != a.pieces)
		a.pieces = n
	}
	var prior []float64
	if a.w != nil {
		prior = a.rootPrior(p, ml)
	}
	probes0 := a.exact.Probes
	var deadline time.Time
	if a.budget > 0 {
		deadline = start.Add(a.budget)
	}
	r := a.tree.search(ctx, ws, lostIn, ml, prior, lost, a.limit, a.iterations, deadline, false)
	a.Last.Worlds, a.Last.Iterations = len(ws), r.Iterations
	best, second := a.rankChildren(r.Children, lost)
	if second >= 0 && ctx.Err() == nil && a.critical(float64(r.Children[best].Visits), float64(r.Children[second].Visits), a.childScore(r.Children[best], best), a.childScore(r.Children[second], second)) {
		a.Last.Extended = true
		if a.budget > 0 {
			deadline = start.Add(2 * a.budget)
		}
		r = a.tree.search(ctx, ws, lostIn, ml, prior, lost, a.limit, a.iterations, deadline, true)
		a.Last.Iterations += r.Iterations
		best, _ = a.rankChildren(r.Children, lost)
	}
	a.Last.Source, a.Last.Children = "search", r.Children
	a.Last.Probes = a.exact.Probes - probes0
	if best < 0 {
		return engine.NoMove, errors.New("the search found no move")
	}
	return ml.Moves[best], nil
}

// priorMix is the uniform share of the root prior: the policy can be
// nearly sure of one move (0.94 of it on a quiet move, 0.0003 on taking
// a charging piece next to our exit, in a game lost to chototsu), and
// formula (3) then never tries the others.
const priorMix = 0.25

// rootPrior returns the root moves' prior: the HAF policy's probabilities
// as the player sees the position (the opponent's colours hidden, as the
// policy plays), mixed with the uniform choice.
func (a *beliefUCT) rootPrior(p *engine.Position, ml *engine.MoveList) []float64 {
	prior := make([]float64, ml.N)
	h := make([]float64, ml.N)
	if err := a.w.ScoreMoves(p, a.side, ml.Slice(), h); err != nil {
		for i := range prior {
			prior[i] = 1 / float64(ml.N)
		}
		return prior
	}
	haf.Softmax(prior, h)
	for i := range prior {
		prior[i] = (1-priorMix)*prior[i] + priorMix/float64(ml.N)
	}
	return prior
}

// childScore is the final choice's score of root move i: formula (4)'s
// mean + c·π with the policy, else the visits. The policy's bonus counts
// only in the worlds where the move is not proven lost (c·π·(1−L), L the
// belief's mass of the worlds where the opponent surely wins after it):
// in a position lost in nearly every world the policy's favourite, lost
// in all of them, would otherwise outscore the one move that survives in
// a few (a mean of 0 plus 0.1·0.76 against 0.025 plus 0.1·0.02, in a game
// lost to naotti11).
func (a *beliefUCT) childScore(c sampling.RootChild, i int) float64 {
	if a.w != nil {
		bonus := a.final * c.Prior
		if i < len(a.lossMass) {
			bonus *= 1 - a.lossMass[i]
		}
		return c.Mean + bonus
	}
	return float64(c.Visits)
}

// rankChildren returns the indices of the best and second-best root
// moves not proven lost (-1: none).
func (a *beliefUCT) rankChildren(cs []sampling.RootChild, lost []bool) (best, second int) {
	best, second = -1, -1
	for i, c := range cs {
		if lost[i] {
			continue
		}
		switch v := a.childScore(c, i); {
		case best < 0 || v > a.childScore(cs[best], best):
			best, second = i, best
		case second < 0 || v > a.childScore(cs[second], second):
			second = i
		}
	}
	return best, second
}

// perWorld returns the iterations of one world's search (unbounded in
// time mode: the deadline ends it).
func (a *beliefUCT) perWorld() int {
	if a.iterations > 0 {
		return a.iterations / a.worlds
	}
	return math.MaxInt32
}

// sample draws a world from the belief.
func (a *beliefUCT) sample(p *engine.Position) engine.Position {
	return a.belief.Sample(a.rng, p)
}

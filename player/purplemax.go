package player

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/geister-solver/geister/alphabeta"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/memlimit"
	"github.com/geister-solver/geister/purple"
)

// purpleMax is PurpleMax (paper 000 §4.3, §5): alpha-beta search of the
// position the player sees with the opponent's pieces purple (captured ones
// count red while a hidden red remains, hidden ones escape while a hidden
// blue remains) and Naotti1.1's evaluation b − 0.001·D, where captures
// counted red leave the opponent's blue count unchanged. Beyond the paper:
//
//   - iterative deepening under a depth and/or time budget, with a
//     transposition table and move ordering (alphabeta);
//   - endgame tables probed at every node whose material they cover, for
//     exact values;
//   - a df-pn check at the root: a proven sure win is played at once, and
//     a move after which the opponent is proven to force a win (in the
//     purple game) is avoided while another move is not proven lost;
//   - options (off by default, see docs/results.md): random choice among
//     the moves of equal best value (paper 000 §7 shows that a
//     deterministic PurpleMax gives its colours away), and a fallback that,
//     when the purple game proves every move lost, plays the move best on
//     average over the colour placements;
//   - on by default: when the purple game says every move loses, the
//     opponent's hidden pieces that stood on its exits through its last
//     turn without escaping are taken for red (a blue would have escaped
//     and won; every agent here escapes when it can), and the search is
//     run again on that position. Against red-chototsu, whose last red
//     parks on an exit, this ends the paralysis in which every capture
//     counts as the last red and every move "loses" to the parked piece.
//     The root df-pn checks stay in the pure purple game, so no proven
//     win is missed and no move proven lost is preferred.
//
// keeper-purplemax (paper 002 §4, SSM's keepers) moves, on its first two
// turns, the pieces next to the opponent's exits onto them, then never
// moves a piece off an opponent exit unless that wins by force or every
// other move loses by force.
type purpleMax struct {
	placer
	keepers bool
	depth   int
	budget  time.Duration
	random  bool
	dfpn    uint64
	ttBits  int
	tables  purple.Tables
	newProv func() Prover
	prover  Prover
	rng     *engine.Rand
	s       *alphabeta.Searcher
	side    engine.Player
	limit   int
	average bool
	infer   bool
	worlds  []engine.Position
	ws      *alphabeta.Searcher

	// Stats of the last move, for tests and verbose output.
	Last MoveStats
}

// MoveStats says how a PurpleMax move was found.
type MoveStats struct {
	Source string // "escape", "only", "keeper", "dfpn", "search"
	Score  int
	Depth  int
	Nodes  uint64
	Probes uint64
	Ties   int
	Avoid  int // moves dropped as proven losses
}

func newPurpleMax(keepers bool) func(o *options, env Env) (Agent, error) {
	return func(o *options, env Env) (Agent, error) {
		a := &purpleMax{placer: newPlacer(o), keepers: keepers, depth: o.int("depth"), budget: o.duration("time"),
			random: o.bool("random"), dfpn: o.uint64("dfpn"), average: o.bool("fallback"), infer: o.bool("infer")}
		if a.depth > 64 {
			return nil, errorf("depth=%d: want at most 64", a.depth)
		}
		if a.depth == 0 && a.budget == 0 {
			return nil, errorf("depth=0 needs a time budget (time=...)")
		}
		mb := o.int("tt")
		if mb < 1 || mb > 4096 {
			return nil, errorf("tt=%d: want 1 to 4096 (MiB)", mb)
		}
		if err := memlimit.Check("tt", mb); err != nil {
			return nil, errorf("%v", err)
		}
		for a.ttBits = 10; (16 << (a.ttBits + 1)) <= mb<<20; a.ttBits++ {
		}
		if o.bool("tables") {
			a.tables = env.Tables
		}
		a.newProv = env.NewProver
		return a, nil
	}
}

func (a *purpleMax) NewGame(side engine.Player, seed uint64) engine.Placement {
	a.rng = a.rand(seed)
	a.side = side
	if a.s != nil {
		a.s.Clear()
	}
	// A fresh df-pn prover each game (made at the first move that needs
	// it): a prover's table keeps what it proved, and a search within a
	// node budget finds more from a table warmed by earlier games, so a
	// kept one made a game depend on the games this agent played before
	// (and, in a match or tournament on several threads, on which thread
	// played it).
	a.prover = nil
	if !a.keepers {
		return a.place(a.rng, nil)
	}
	// One red and one blue keeper on E and H (paper 002 Algorithm 1 step
	// 1, and Table 9: one red keeper does best); the rest at random.
	return a.place(a.rng, keeperPlacement)
}

// keeperPlacement returns a random placement with exactly one of E, H red.
func keeperPlacement(r *engine.Rand) engine.Placement {
	for {
		pl := r.RandomPlacement()
		if (pl>>4&1)+(pl>>7&1) == 1 {
			return pl
		}
	}
}

func (a *purpleMax) searcher(limit int) *alphabeta.Searcher {
	if a.s == nil || a.limit != limit {
		a.s = alphabeta.New(alphabeta.Options{Eval: alphabeta.BlueCountDistance, Purple: true, TTBits: a.ttBits, PlyLimit: limit, Tables: a.tables})
		a.limit = limit
	}
	return a.s
}

func (a *purpleMax) Move(ctx context.Context, v *View) (engine.Move, error) {
	p := v.Position()
	me := p.Turn()
	a.Last = MoveStats{}
	var ml engine.MoveList
	ml.Generate(&p)
	if ml.N == 0 {
		return engine.NoMove, errors.New("no legal move")
	}
	if m, src, ok := forcedMove(&ml); ok {
		a.Last.Source = src
		return m, nil
	}
	var deadline time.Time
	if a.budget > 0 {
		deadline = time.Now().Add(a.budget)
	}
	if a.keepers {
		if m, ok := keeperOpening(&p, v.NumMoves()); ok {
			a.Last.Source = "keeper"
			return m, nil
		}
	}
	s := a.searcher(v.PlyLimit())
	inTables := a.tables != nil && tablesCover(a.tables, &p, me)
	if a.dfpn > 0 && a.newProv != nil && a.prover == nil {
		a.prover = a.newProv()
	}
	useProver := a.prover != nil && a.dfpn > 0 && !inTables
	if useProver {
		if m, _, ok := a.prover.SureWin(ctx, &p, v.PlyLimit(), a.dfpn); ok && p.IsLegal(m) {
			a.Last.Source = "dfpn"
			return m.Plain(), nil
		}
	}
	base := alphabeta.Limits{Depth: a.depth, Deadline: deadline, Ties: a.random}
	lim := base
	var held []engine.Move
	if a.keepers {
		held = keeperMoves(&p, &ml)
	}
	res := a.search(ctx, s, &p, lim, held)
	// Never walk into a proven loss while another move is not proven lost.
	if useProver && res.Score > -alphabeta.WinBound {
		lim.Exclude = append(lim.Exclude[:0:0], held...)
		first := res
		for tries := 0; tries < 4; tries++ {
			if !a.provenLoss(ctx, &p, res.Move) {
				break
			}
			a.Last.Avoid++
			lim.Exclude = append(lim.Exclude, res.Move)
			if len(lim.Exclude) >= ml.N {
				res = first
				break
			}
			next := s.Search(ctx, &p, lim)
			if next.Move == engine.NoMove {
				res = first
				break
			}
			res = next
			// Ties of the new best are proven-loss checked one at a time.
			res.Ties = nil
		}
	}
	if ctx.Err() != nil && res.Move == engine.NoMove {
		return engine.NoMove, ctx.Err()
	}
	m := a.choose(res, "search")
	inferred := false
	if a.infer && res.Score < -alphabeta.WinBound && !inTables {
		if q, n := inferReds(&p, v.LastMove()); n > 0 {
			nodes := a.Last.Nodes
			r := a.search(ctx, s, &q, base, held)
			a.Last.Nodes += nodes
			if r.Move != engine.NoMove && p.IsLegal(r.Move) {
				m, inferred = a.choose(r, "inferred"), true
			}
		}
	}
	if a.average && !inferred && res.Score < -alphabeta.WinBound && !inTables {
		if am, ok := a.averageMove(ctx, &p, &ml, held, deadline); ok {
			m = am
			a.Last.Source = "average"
		}
	}
	if !p.IsLegal(m) {
		return engine.NoMove, fmt.Errorf("search returned %s, not legal in %s", m, p.String())
	}
	return m.Plain(), nil
}

// choose returns r's move, or with random=true one of its equal best
// moves, and notes how it was found.
func (a *purpleMax) choose(r alphabeta.Report, source string) engine.Move {
	m := r.Move
	if a.random && len(r.Ties) > 1 {
		m = r.Ties[a.rng.Intn(len(r.Ties))]
	}
	a.Last.Source, a.Last.Score, a.Last.Depth, a.Last.Ties = source, r.Score, r.Depth, len(r.Ties)
	return m
}

// search runs the search, holding the keepers (moves in held) unless
// moving one wins by force or every other move loses by force.
func (a *purpleMax) search(ctx context.Context, s *alphabeta.Searcher, p *engine.Position, lim alphabeta.Limits, held []engine.Move) alphabeta.Report {
	if len(held) == 0 {
		r := s.Search(ctx, p, lim)
		a.Last.Nodes, a.Last.Probes = r.Nodes, r.Probes
		return r
	}
	all := s.Search(ctx, p, lim)
	a.Last.Nodes, a.Last.Probes = all.Nodes, all.Probes
	if all.Score > alphabeta.WinBound {
		return all
	}
	lim.Exclude = held
	r := s.Search(ctx, p, lim)
	a.Last.Nodes += r.Nodes
	if r.Move == engine.NoMove || r.Score < -alphabeta.WinBound {
		return all
	}
	return r
}

// averageMove is the fallback when the purple game says every move loses
// (typically: the opponent has one red left, so every capture counts as
// that red, and an approaching blue cannot be stopped). It scores each
// move by the average over the colour placements that agree with what is
// known of its perfect-information value (a win 1, a loss −1, else the
// evaluation scaled into (−½, ½)), and plays the best: the move least
// likely to lose rather than the worst case. It searches at most depth 4
// and returns false when there are too many placements or time is up.
func (a *purpleMax) averageMove(ctx context.Context, p *engine.Position, ml *engine.MoveList, held []engine.Move, deadline time.Time) (engine.Move, bool) {
	a.worlds = Worlds(p, a.worlds)
	if len(a.worlds) == 0 || len(a.worlds) > 20 {
		return engine.NoMove, false
	}
	if a.ws == nil {
		a.ws = alphabeta.New(alphabeta.Options{Eval: alphabeta.BlueCountDistance, TTBits: 14, PlyLimit: a.limit})
	}
	depth := min(max(a.depth, 2), 4)
	best, bestMove := -2.0, engine.NoMove
	for _, m := range ml.Slice() {
		if m.In(held) {
			continue
		}
		sum := 0.0
		for i := range a.worlds {
			v := a.ws.AfterMove(ctx, &a.worlds[i], m, depth, -inf, inf)
			switch {
			case v > alphabeta.WinBound:
				sum++
			case v < -alphabeta.WinBound:
				sum--
			default:
				sum += float64(v) / float64(4*alphabeta.Blue+abs(v))
			}
		}
		if ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline.Add(a.budget))) {
			return engine.NoMove, false
		}
		if avg := sum / float64(len(a.worlds)); avg > best {
			best, bestMove = avg, m
		}
	}
	return bestMove, bestMove != engine.NoMove
}

// inferReds returns p (the player to move's view) with the opponent's
// hidden pieces that stand on the opponent's exits and did not move there
// on its last move shown red: each stood on an exit through the opponent's
// turn, where a blue would have escaped and won. n is how many; 0 (and p
// unchanged) when there are none, when no last move is known (nothing is
// known of the opponent's turn), or when there are more than the
// opponent's hidden reds (then the opponent does not escape when it can,
// and nothing follows).
func inferReds(p *engine.Position, last engine.Move) (q engine.Position, n int) {
	if last == engine.NoMove {
		return *p, 0
	}
	q = *p
	opp := p.Turn().Other()
	cand := engine.Exits(opp) & p.Pieces(opp, engine.Unknown)
	if !last.IsEscape() {
		cand &^= last.To().Bit()
	}
	if cand == 0 || popcount(cand) > p.HiddenReds(opp) {
		return *p, 0
	}
	for ; cand != 0; cand &= cand - 1 {
		sq := engine.Square(trailing(cand))
		q.Remove(opp, engine.Unknown, sq)
		q.Put(opp, engine.Red, sq)
		n++
	}
	return q, n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (a *purpleMax) provenLoss(ctx context.Context, p *engine.Position, m engine.Move) bool {
	q := *p
	q.Make(m.RevealRed())
	if q.Outcome() != engine.Ongoing {
		w, _ := q.Outcome().Winner()
		return w != p.Turn()
	}
	return a.prover.SureLoss(ctx, &q, p.Turn(), a.limit, a.dfpn)
}

// tablesCover reports whether the tables hold p's material class for
// prover.
func tablesCover(t purple.Tables, p *engine.Position, prover engine.Player) bool {
	c, ok := classOf(p, prover)
	return ok && t.Has(c)
}

// keeperOpening returns, during the player's first two moves, the move of
// a piece next to an empty opponent exit onto it (paper 002 Algorithm 1
// step 3: "on the first turn and the next, move the piece nearest each
// exit onto the exit"), the left exit first.
func keeperOpening(p *engine.Position, movesPlayed int) (engine.Move, bool) {
	me := p.Turn()
	if movesPlayed >= 4 {
		return engine.NoMove, false
	}
	for _, x := range opponentExits(me) {
		if p.Occupied(me)&x.Bit() != 0 || p.Occupied(me.Other())&x.Bit() != 0 {
			continue
		}
		for b := engine.Neighbours(x.Bit()) & p.Occupied(me); b != 0; b &= b - 1 {
			return engine.NewMove(engine.Square(trailing(b)), x), true
		}
	}
	return engine.NoMove, false
}

// opponentExits returns the opponent's exits, the one on the player's own
// left first.
func opponentExits(me engine.Player) [2]engine.Square {
	if me == engine.First {
		return [2]engine.Square{engine.Sq(0, 6), engine.Sq(5, 6)}
	}
	return [2]engine.Square{engine.Sq(5, 1), engine.Sq(0, 1)}
}

// keeperMoves returns the legal moves of the player's pieces that stand
// on the opponent's exits.
func keeperMoves(p *engine.Position, ml *engine.MoveList) []engine.Move {
	me := p.Turn()
	keep := engine.Exits(me.Other()) & p.Occupied(me)
	var out []engine.Move
	for _, m := range ml.Slice() {
		if keep&m.From().Bit() != 0 {
			out = append(out, m)
		}
	}
	return out
}

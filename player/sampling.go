package player

import (
	"context"
	"errors"
	"github.com/geister-solver/geister/purple"
	"math/bits"
	"time"

	"github.com/geister-solver/geister/alphabeta"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/expectimax"
	"github.com/geister-solver/geister/sampling"
)

// samplingOptions are the options of mc and upp.
var samplingOptions = []Option{
	{"playouts", "int", "1800", "playouts per move (every legal move gets one per world drawn); 0 = no bound (needs time). 1800 is paper 001's 0.25 s at its 7,200 playouts/s"},
	{"time", "duration", "0", "time per move (e.g. 250ms); 0 = no time bound"},
	{"squarefirst", "bool", "false", "play the playouts with paper 004 §5.3's square-first random moves instead of uniformly random moves"},
}

var uppOptions = append(append([]Option(nil), samplingOptions...),
	Option{"c", "float", "0.1", "UPP's added value c (paper 001 §4: 0.1)"},
	Option{"scaled", "bool", "false", "scale each world's gain by the difference of the two win rates UPP compares (a_n = |w_red - w_blue| instead of 1; docs/sampling.md)"})

var uctOptions = []Option{
	{"iterations", "int", "10000", "UCT iterations per move; 0 = no bound (needs time)"},
	{"time", "duration", "0", "time per move (e.g. 1s); 0 = no time bound"},
	{"haf", "A|B|C|none", "none", "paper 004's use of the GAT2021 policy HAF: A = in the UCB value (formula (3)) at every node and in the playouts, B = in the UCB value at every node, C = in the UCB value at the root only; the move then maximises formula (4); none = plain UCT"},
	{"view", "negate|own", "negate", "with haf: score the opponent's moves from our side with the sign inverted (negate, paper 004 §5.2) or from the opponent's own side with its colours in the world (own, as the policy's self-play)"},
	{"weights", "weights", "900", "with haf: the policy's weights, 900, 63 or the path of a .npy file (as hayazashi)"},
	{"final", "float", "0.1", "with haf: c of formula (4), the root move maximising mean + c * policy probability"},
}

var expectimaxOptions = []Option{
	{"depth", "int", "3", "deepest iteration in plies (the root move counts)"},
	{"time", "duration", "0", "time per move; 0 = no time bound"},
	{"nodes", "int", "0", "nodes per move; 0 = no bound"},
	{"upp", "bool", "false", "take the chance probabilities from UPP's world values (its playouts run every move) instead of the counts"},
	{"playouts", "int", "1800", "with upp=true: UPP's playouts per move"},
	{"tables", "bool", "true", "probe the endgame tables for wins where they cover the material (when tables are present)"},
	{"dfpn", "int", "3000", "df-pn node budget of the root sure-win check; 0 = off"},
}

// decider is a chooser of moves of package sampling for one game
// (Sampler, UCTPlayer), with R what it reports of each decision.
type decider[R any] interface {
	Decide(ctx context.Context, p *engine.Position, moves []engine.Move, plyLimit int) (engine.Move, R, error)
}

// deciderAgent plays each game with a new decider.
type deciderAgent[R any] struct {
	placer
	newDecider func(side engine.Player, seed uint64) decider[R]
	d          decider[R]
	// Last is what the last decision reported.
	Last R
}

func (a *deciderAgent[R]) NewGame(side engine.Player, seed uint64) engine.Placement {
	r := a.rand(seed)
	a.d = a.newDecider(side, r.Uint64())
	return a.place(r, nil)
}

func (a *deciderAgent[R]) Move(ctx context.Context, v *View) (engine.Move, error) {
	if a.d == nil {
		a.NewGame(v.Me(), 0)
	}
	m, last, err := a.d.Decide(ctx, &v.pos, v.history, v.plyLimit)
	a.Last = last
	return m, err
}

// samplingAgent is mc (paper 001 §2) or upp (§3) of package sampling.
type samplingAgent struct {
	deciderAgent[sampling.Stats]
}

func newSampling(upp bool) func(o *options, env Env) (Agent, error) {
	return func(o *options, env Env) (Agent, error) {
		so := sampling.SamplerOptions{UPP: upp, Playouts: o.int("playouts"), Time: o.duration("time")}
		if upp {
			so.C = o.float("c")
			so.Scaled = o.bool("scaled")
		}
		if o.bool("squarefirst") {
			so.Choose = sampling.SquareFirst
		}
		if so.Playouts == 0 && so.Time == 0 {
			return nil, errorf("playouts=0 needs a time budget (time=...)")
		}
		return &samplingAgent{deciderAgent[sampling.Stats]{placer: newPlacer(o), newDecider: func(side engine.Player, seed uint64) decider[sampling.Stats] {
			so := so
			so.Seed = seed
			return sampling.NewSampler(side, so)
		}}}, nil
	}
}

// uctAgent is paper 004 §5.1's UCT with §5.3's playouts and §5.4's
// red-likelihood colours (package sampling).
type uctAgent struct {
	deciderAgent[sampling.UCTResult]
}

func newUCT(o *options, env Env) (Agent, error) {
	uo := sampling.UCTOptions{Iterations: o.int("iterations"), Time: o.duration("time")}
	if uo.Iterations == 0 && uo.Time == 0 {
		return nil, errorf("iterations=0 needs a time budget (time=...)")
	}
	h, err := newHAFUCT(o)
	if err != nil {
		return nil, err
	}
	return &uctAgent{deciderAgent[sampling.UCTResult]{placer: newPlacer(o), newDecider: func(side engine.Player, seed uint64) decider[sampling.UCTResult] {
		return sampling.NewUCTPlayer(side, h.options(uo, side), seed)
	}}}, nil
}

// expectimaxAgent is paper 003's expectimax with Geister's hidden colours
// as chance nodes (package expectimax), Naotti1.1's evaluation, endgame
// tables and a root df-pn sure-win check as PurpleMax has.
type expectimaxAgent struct {
	placer
	depth   int
	budget  time.Duration
	nodes   uint64
	upp     bool
	sopts   sampling.SamplerOptions
	sampler *sampling.Sampler
	tables  purple.Tables
	dfpn    uint64
	newProv func() Prover
	prover  Prover
	s       *expectimax.Searcher
	limit   int
	// Last is the last search's result.
	Last expectimax.Report
}

func newExpectimax(o *options, env Env) (Agent, error) {
	a := &expectimaxAgent{placer: newPlacer(o), depth: o.int("depth"), budget: o.duration("time"),
		nodes: o.uint64("nodes"), upp: o.bool("upp"), dfpn: o.uint64("dfpn"), newProv: env.NewProver}
	if a.depth < 1 || a.depth > 64 {
		return nil, errorf("depth=%d: want 1 to 64", a.depth)
	}
	if o.bool("tables") {
		a.tables = env.Tables
	}
	a.sopts = sampling.SamplerOptions{UPP: true, C: 0.1, Playouts: o.int("playouts")}
	if a.upp && a.sopts.Playouts == 0 {
		return nil, errorf("upp=true needs playouts > 0")
	}
	return a, nil
}

func (a *expectimaxAgent) NewGame(side engine.Player, seed uint64) engine.Placement {
	r := a.rand(seed)
	if a.upp {
		so := a.sopts
		so.Seed = r.Uint64()
		a.sampler = sampling.NewSampler(side, so)
	}
	return a.place(r, nil)
}

func (a *expectimaxAgent) Move(ctx context.Context, v *View) (engine.Move, error) {
	p := v.Position()
	var ml engine.MoveList
	ml.Generate(&p)
	if ml.N == 0 {
		return engine.NoMove, errors.New("no legal move")
	}
	if m, ok := escapeMove(&ml); ok {
		return m, nil
	}
	var deadline time.Time
	if a.budget > 0 {
		deadline = time.Now().Add(a.budget)
	}
	var worlds []expectimax.World
	if a.upp {
		if a.sampler == nil {
			a.NewGame(v.Me(), 0)
		}
		// The UPP decision keeps its playouts for the next update; its
		// move is not used.
		if _, _, err := a.sampler.Decide(ctx, &p, v.history, v.plyLimit); err != nil {
			return engine.NoMove, err
		}
		worlds = uppWorlds(&p, a.sampler)
	}
	if ml.N == 1 {
		return ml.Moves[0], nil
	}
	inTables := a.tables != nil && tablesCover(a.tables, &p, p.Turn())
	if a.dfpn > 0 && a.newProv != nil && a.prover == nil {
		a.prover = a.newProv()
	}
	if a.prover != nil && a.dfpn > 0 && !inTables {
		if m, _, ok := a.prover.SureWin(ctx, &p, v.PlyLimit(), a.dfpn); ok && p.IsLegal(m) {
			return m.Plain(), nil
		}
	}
	if a.s == nil || a.limit != v.PlyLimit() {
		a.s = expectimax.New(expectimax.Options{Eval: alphabeta.BlueCountDistance, PlyLimit: v.PlyLimit(), Tables: a.tables})
		a.limit = v.PlyLimit()
	}
	r := a.s.Search(ctx, &p, expectimax.Limits{Depth: a.depth, Nodes: a.nodes, Deadline: deadline}, worlds)
	a.Last = r
	if r.Move == engine.NoMove || !p.IsLegal(r.Move) {
		if ctx.Err() != nil {
			return engine.NoMove, ctx.Err()
		}
		return engine.NoMove, errorf("expectimax found no move in %s", p.String())
	}
	return r.Move.Plain(), nil
}

// uppWorlds turns the sampler's world values (over the opponent's
// placements, by piece) into expectimax worlds (over the hidden pieces on
// the board, in square order).
func uppWorlds(p *engine.Position, s *sampling.Sampler) []expectimax.World {
	t := s.Tracker()
	opp := p.Turn().Other()
	hidden := p.Pieces(opp, engine.Unknown)
	var bit [8]uint8 // bit of piece i among the hidden squares
	for i := 0; i < 8; i++ {
		sq := t.Square(i)
		if sq == engine.NoSquare || hidden&sq.Bit() == 0 {
			continue
		}
		bit[i] = 1 << bits.OnesCount64(hidden&(sq.Bit()-1))
	}
	vals := s.Values()
	var out []expectimax.World
	for n, pl := range engine.Placements {
		if vals[n] <= 0 {
			continue
		}
		var red uint8
		for i := 0; i < 8; i++ {
			if pl&(1<<i) != 0 {
				red |= bit[i]
			}
		}
		out = append(out, expectimax.World{Red: red, W: vals[n]})
	}
	return out
}

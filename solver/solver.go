// Package solver answers the questions users ask of a Geister position:
// does the prover surely win (SPEC §4), in how many plies, with which
// move, along which line — from the endgame tables when the position's
// material is in them, otherwise by df-pn over the purple game (tables
// still answer every node inside the search that reaches table material).
//
//	s := solver.New(solver.DefaultOptions())
//	a, err := s.Solve(ctx, pos, prover)
//	if a.Result == solver.Win { fmt.Println(a.Plies, a.Move, a.PV) }
//
// A Solver keeps its transposition table between calls (entries are valid
// for every question about the same game), so related positions solve
// faster; it is not safe for concurrent use: give each goroutine its own,
// or use Batch.
package solver

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/proof"
	"github.com/geister-solver/geister/purple"
)

// Result is the verdict of SPEC §5.
type Result int8

const (
	Unknown Result = iota // the budget ran out
	Win                   // proven sure win (within MaxPlies, if set)
	NoWin                 // proven: no sure win (within MaxPlies, if set)
)

func (r Result) String() string {
	return [...]string{"unknown", "win", "no-win"}[r]
}

// Options are a solver's settings.
type Options struct {
	// MaxNodes caps the df-pn nodes of one Solve call (0: no cap). Time
	// limits come from the context.
	MaxNodes uint64
	// MaxPlies, when > 0, asks for a sure win within that many plies.
	// Without Shortest, a bound (MaxPlies, PlyLimit) of up to 64 plies
	// is asked once, as one search. Without a bound ("a win at all?"),
	// or with a longer one (a game's ply limit), the question is asked
	// as Shortest asks it, by wins of rising length with probes beside
	// them that have no bound but the question's, the first win found
	// ending it; under a MaxNodes below AnyWinOnceBelow (2^18), asked
	// once.
	MaxPlies int
	// Shortest asks for the exact DTW (distance to win) and a line that
	// realises it.
	Shortest bool
	// PlyLimit, when > 0, is the draw limit: the win must come before the
	// game reaches PlyLimit plies, counted from the position's ply.
	PlyLimit int
	// TTMegabytes sizes the transposition table.
	TTMegabytes int
	// Tables, when set, answers positions of complete classes exactly.
	Tables purple.Tables
	// ForOpponent asks the mirror question: does the opponent force a win
	// in the purple game (a proven loss for the prover)? The prover's
	// pieces must still all show their colours.
	ForOpponent bool
	// Progress, when set, is called about every million nodes of a long
	// search with the nodes searched so far in the call.
	Progress func(nodes uint64, elapsed time.Duration)
	// Store, when set, answers root positions after the tables and before
	// df-pn, and keeps what the search settles (see ProofStore).
	Store ProofStore
	// Threads, when > 1, runs each search with that many goroutines
	// sharing one table, the root's children shared out among them
	// (dfpn.Parallel.SearchSplit). The verdict and the
	// exact DTW are those of one thread; the winning move and line may
	// differ (each is a winning one). The Tables must then be safe for
	// concurrent use.
	Threads int
	// LookupOnly answers from the tables, then the store, and never
	// searches: a position neither holds gives an error wrapping
	// ErrNotHeld. Table answers are exact, with the opponent's forced win
	// (LossPlies) for a no-win.
	LookupOnly bool
	// Proof asks, for a win, for its proof (Answer.Proof): the tree of a
	// winning strategy that package proofcheck checks by the rules alone.
	Proof bool
	// Trace, when set, is called as each df-pn search of a Solve call
	// ends (several for --shortest: its iterations and probes; see
	// SearchKind), from the goroutine that called Solve.
	Trace func(SearchTrace)
	// mutation: for the tests only, a deliberately wrong variant of a
	// rule of the search's static knowledge (knowledge.go).
	mutation mutation
}

// ErrNotHeld is LookupOnly's answer for a position that neither the
// tables nor the store hold.
var ErrNotHeld = errors.New("solver: not held")

// DefaultOptions returns no budget but the caller's context, no ply
// bound, and a 128 MiB table.
func DefaultOptions() Options { return Options{TTMegabytes: 128} }

// Answer is a solved position (SPEC §5).
type Answer struct {
	Position string        // the position string as solved (all four fields)
	Prover   engine.Player // the side whose sure win was asked
	Result   Result
	// Plies: for a win, the exact DTW when Exact is set (Shortest, a
	// table answer, or "a win at all?" settled by an iteration of the
	// shortest search), otherwise the length of the proof found (an
	// upper bound on the DTW).
	Plies int
	Exact bool
	// Move is the prover's winning move (NoMove when the opponent is to
	// move); PV the principal line: the prover's fastest moves against the
	// opponent's longest resistance.
	Move engine.Move
	PV   []engine.Move
	// Nodes searched; TableHits counts positions answered by the tables.
	Nodes     uint64
	TableHits uint64
	// LossPlies: for a NoWin from the tables, the distance of the
	// opponent's forced win in the purple game (0: none).
	LossPlies int
	Elapsed   time.Duration
	Source    string // "table", "store" or "dfpn"
	// Interrupted is set by Batch on an Unknown answer that the batch's
	// context, not the position's budget, cut short (or never started).
	Interrupted bool
	// Proof: with Options.Proof, a win's proof (nil when the budget ran
	// out before it was built).
	Proof *proof.Proof
}

// Solver solves positions, reusing its transposition table.
type Solver struct {
	opts Options
	tt   *dfpn.Table
	s    *dfpn.Searcher
	par  *dfpn.Parallel // Threads > 1
	// iterDepth is the longest win deepen's iterations ask for
	// (maxIterDepth; less in tests).
	iterDepth int
	// per call
	ctx   context.Context
	nodes uint64
	// pathNodes: the nodes of the call's critical path, the most one
	// goroutine searched summed over its searches (nodes on one thread).
	pathNodes uint64
	limit     uint64 // node budget of the call (0: none)
	settle    bool   // two goroutines settle each child of the root they take (dfpn.Options.SettleChildren)
	keep      bool   // two goroutines keep the children of the root they searched (dfpn.Options.KeepChildren)
	// epsilon is df-pn's ε of the 1+ε threshold (dfpn.Options.Epsilon;
	// 0: its default, 1/4). Tests and benchmarks vary it: ε moved by a
	// few hundredths moves one thread's nodes on a hard question by up
	// to 7.5 times (BenchmarkParallelSpread's one-thread spread).
	epsilon float64
	// refuteOff keeps df-pn's ε at AND nodes too where the solver
	// otherwise passes refuteEpsilon or oddRefuteEpsilon
	// (searchOptions); tests switch it on.
	refuteOff bool
	// shallowOff leaves out dfpn.Options.ShallowPlies (searchOptions);
	// tests switch it on to compare.
	shallowOff bool
	// restartFactor and restartMin: where iteration restarts (the
	// constants; tests lower them). restartKeepsKillers: it restarts
	// without forgetting the killers; restartSkips: a wrong restart for
	// the tests, which takes the stopped try's "undecided" for "no win
	// within d". restarts counts the restarts (of the solver's life).
	restartFactor, restartMin         uint64
	restartKeepsKillers, restartSkips bool
	restarts                          int
	// capping: the search running is under a cap of capped's (traceOf
	// names it where the cap stopped the search).
	capping bool
	// onceBelow: under a node budget (MaxNodes) smaller than this, "a
	// win at all?" is asked once (AnyWinOnceBelow; less in tests).
	onceBelow uint64
	// firstProbe caps deepen's first probe (probeNodes; less in tests,
	// so that small positions reach the iterations).
	firstProbe uint64

	start    time.Time
	g        *game
	rootText string // the call's position, for Trace
}

// New returns a solver with opts.
func New(opts Options) *Solver {
	if opts.TTMegabytes <= 0 {
		opts.TTMegabytes = 128
	}
	if opts.Threads > 1 {
		tt := dfpn.NewSharedTable(opts.TTMegabytes)
		return &Solver{opts: opts, tt: tt, s: dfpn.NewSearcher(tt), par: dfpn.NewParallel(tt, opts.Threads), iterDepth: maxIterDepth, onceBelow: AnyWinOnceBelow, firstProbe: probeNodes}
	}
	tt := dfpn.NewTable(opts.TTMegabytes)
	return &Solver{opts: opts, tt: tt, s: dfpn.NewSearcher(tt), iterDepth: maxIterDepth, restartFactor: restartFactor, restartMin: restartMinNodes, onceBelow: AnyWinOnceBelow, firstProbe: probeNodes}
}

// Reset forgets what the solver's earlier calls left behind: its table,
// which returns to its first, small size, and its searchers' state (the
// killer moves). The next Solve searches as a new solver's would, without
// a new table being made. Between positions that share little (a file of
// puzzles) it saves time; between positions of one game, the table's
// carrying over saves more.
func (s *Solver) Reset() {
	s.tt.Reset()
	s.s.Reset()
	if s.par != nil {
		s.par.Reset()
	}
}

// Options returns the solver's settings.
func (s *Solver) Options() Options { return s.opts }

// errBudget is returned (wrapped) by Solve's helpers when the budget runs
// out; Solve itself reports it as Result Unknown.
var errBudget = errors.New("solver: budget spent")

// Solve answers whether prover surely wins pos. The prover's pieces must
// all show their colours (see purple.DefaultProver for SPEC's default).
func (s *Solver) Solve(ctx context.Context, pos engine.Position, prover engine.Player) (Answer, error) {
	start := time.Now()
	a := Answer{Position: pos.String(), Prover: prover, Source: "dfpn"}
	if err := purple.CheckProver(&pos, prover); err != nil {
		return a, err
	}
	orSide := prover
	if s.opts.ForOpponent {
		orSide = prover.Other()
	}
	s.ctx, s.nodes, s.pathNodes, s.limit, s.start = ctx, 0, 0, s.opts.MaxNodes, start
	s.rootText = a.Position
	s.g = newGame(pos, prover, orSide, s.opts.Tables)
	s.g.mutation = s.opts.mutation
	defer func() { s.g = nil }()

	bound := s.opts.MaxPlies
	if s.opts.PlyLimit > 0 {
		left := s.opts.PlyLimit - pos.Ply()
		if left <= 0 {
			a.Result = NoWin // the game is already drawn
			a.Elapsed = time.Since(start)
			return a, nil
		}
		if bound == 0 || left < bound {
			bound = left
		}
	}

	err := s.solve(&a, bound)
	if err == nil && a.Result == Win && s.opts.Proof {
		err = s.buildProof(&a)
	}
	a.Nodes = s.nodes
	if err == nil && s.opts.Store != nil {
		s.recordStore(&a, bound)
	}
	a.TableHits = s.g.tableHits
	a.Elapsed = time.Since(start)
	if errors.Is(err, errBudget) {
		err = nil
		if a.Result == Win && len(a.PV) == 0 {
			// Proven, but the line could not be walked within the budget:
			// the verdict and the bound stand.
			a.Move = engine.NoMove
		}
	}
	if err == nil && s.g.tableErr != nil {
		return a, fmt.Errorf("solver: endgame table: %w", s.g.tableErr)
	}
	return a, err
}

func (s *Solver) solve(a *Answer, bound int) error {
	g := s.g
	if s.opts.LookupOnly {
		if win, err := s.lookup(a, bound); !win || err != nil {
			return err
		}
		return s.walkLine(a)
	}
	hits := g.tableHits
	ev := g.Evaluate()
	fromTable := g.tableHits > hits
	// A root answered without search: terminal, a table hit, or one of
	// the game's short exact cases.
	win, noWin := decidedAtRoot(ev, bound, fromTable)
	switch {
	case win:
		a.Result, a.Plies = Win, int(ev.WinIn)
		a.Exact = fromTable || ev.WinIn <= 1
		if fromTable {
			a.Source = "table"
		}
	case noWin:
		a.Result = NoWin
		if fromTable {
			a.Source = "table"
		}
		return nil
	default:
		if s.opts.Store != nil && s.lookupStore(a, bound) {
			return nil
		}
		once := s.opts.MaxNodes > 0 && s.opts.MaxNodes < s.onceBelow
		if s.opts.Shortest || ((bound == 0 || bound > s.iterDepth) && !once) {
			// "A win at all?" (no bound; a node budget, if any, of
			// onceBelow or more) is deepen's too, ended by the first win
			// found; so is a bound beyond the iterations' longest (a
			// game's ply limit): asked once, a bounded search of a
			// hundred plies or more unrolls every cycle of the game to
			// that depth, where the iterations, up to the bound, ask
			// short wins first (the hard and tables suites' 400
			// questions under --ply-limit 200: 43–45 s against 16 s of
			// CPU, four wins undecided against none; docs/solving.md).
			// Against the question asked once, one thread, two
			// runs: the published collection's 868 17-ply puzzles
			// 39.6–41.1 s of CPU against 88.4–89.5 s (the slowest
			// 0.48–0.51 s against 4.75–4.79 s; 676 wins found at their
			// exact distance against 132), the hard and tables suites'
			// 400 questions 19.4–21.2 s against 27.5–28.5 s (p99
			// 0.73–0.84 s against 1.66–1.84 s). The slow no-wins settle
			// by the iterations, which a search asked once lacks, and
			// most wins the unbounded search would find sooner, the
			// probes beside them find (docs/solving.md: a win at all, by
			// the iterations).
			err := s.deepen(a, bound, max(int(ev.NoWin)+1, 1))
			if err != nil && !errors.Is(err, errBudget) {
				return err
			}
			if a.Result != Win {
				return err
			}
			if err != nil {
				// A win found, its exact length not within the budget:
				// the line of the proof, on the line's own budget.
				if lerr := s.walkLine(a); lerr != nil && !errors.Is(lerr, errBudget) {
					return lerr
				}
				return err
			}
			break
		}
		// A question asked once (a bound, or a budget under onceBelow),
		// on two goroutines each keeping the root's children it searched
		// (dfpn.Options.KeepChildren).
		s.keep = true
		r, err := s.search(bound, SearchQuestion)
		s.keep = false
		if err != nil {
			return err
		}
		switch r.Status {
		case dfpn.Disproven:
			a.Result = NoWin
			return nil
		case dfpn.Undecided:
			a.Result = Unknown
			return nil
		}
		a.Result, a.Plies = Win, r.WinIn
	}
	if s.opts.Shortest && !a.Exact {
		exact, err := s.shorten(&a.Plies)
		a.Exact = exact
		if err != nil && !errors.Is(err, errBudget) {
			return err
		}
	}
	return s.walkLine(a)
}

// decidedAtRoot reports whether the game's evaluation of the root, ev,
// answers the question of a win within bound (0: any) without a search:
// a win (terminal, a table's, or one of the game's short exact cases: a
// longer win it sees, a blue's race, is searched like any other, so that
// the proof store may know its exact length and the search names its
// move) or no win.
func decidedAtRoot(ev dfpn.Eval, bound int, fromTable bool) (win, noWin bool) {
	win = ev.WinIn != dfpn.InfLen && (bound == 0 || int(ev.WinIn) <= bound) && (fromTable || ev.WinIn <= 2)
	noWin = !win && (ev.NoWin == dfpn.InfLen || (bound > 0 && int(ev.NoWin) >= bound))
	return win, noWin
}

// lookup answers a from the tables, then the store (LookupOnly); win
// says that a is a win whose line is still to walk.
func (s *Solver) lookup(a *Answer, bound int) (win bool, err error) {
	g := s.g
	c, ok := purple.ClassOf(&g.pos, g.prover)
	if ok && g.tables != nil && g.tables.Has(c) {
		v, n, err := g.tables.ProbeValue(&g.pos, g.prover)
		if err != nil {
			return false, err
		}
		a.Source, a.Exact, a.Result = "table", true, NoWin
		switch v {
		case purple.Win:
			a.Result, a.Plies = Win, n
		case purple.Loss:
			a.LossPlies = n
		}
		return v == purple.Win, nil
	}
	if s.opts.Store != nil && s.lookupStore(a, bound) {
		return false, nil
	}
	why := fmt.Sprintf("class %s is not in the endgame tables", c)
	switch {
	case !ok && !g.pos.AllShown(g.prover):
		why = "the prover hides colours"
	case !ok:
		why = "the opponent shows colours; tables hold hidden opponents only"
	case g.tables == nil:
		why = "no endgame tables"
	}
	if s.opts.Store != nil {
		why += "; not in the proof store either"
	}
	return false, notHeld(why)
}

// notHeld is an ErrNotHeld that says why.
type notHeld string

func (e notHeld) Error() string        { return "solver: " + string(e) }
func (e notHeld) Is(target error) bool { return target == ErrNotHeld }

// walkLine fills a's principal line (a win).
func (s *Solver) walkLine(a *Answer) error {
	// The win is proven; walking its line gets a budget of its own, so
	// that a spent budget still leaves a line to show and check.
	if s.limit > 0 {
		s.limit = s.nodes + max(s.opts.MaxNodes, lineNodes)
	}
	ctx := s.ctx
	defer func() { s.ctx = ctx }()
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), lineTime)
	defer cancel()
	s.ctx = lctx
	return s.line(a)
}

// The budget of a line walk after the verdict's budget is spent.
const (
	lineNodes = 1 << 20
	lineTime  = 5 * time.Second
)

// searchOptions are the options of search's df-pn with d plies (0: no
// bound), but for the budget and progress: ε at AND nodes refuteEpsilon
// in the searches whose answer is expected to be no (s.settle), and on
// the odd goroutines oddRefuteEpsilon in "a win at all?" asked once
// (s.keep, no bound: under a budget below onceBelow; one thread searches
// as goroutine 0 does); df-pn's ε everywhere else. Both are scaled with
// ε where a test or benchmark sets it.
func (s *Solver) searchOptions(d int) dfpn.Options {
	opts := dfpn.Options{MaxDepth: d, SettleChildren: s.settle, KeepChildren: s.keep, Epsilon: s.epsilon}
	if d > 0 && !s.shallowOff {
		opts.ShallowPlies = shallowPlies
	}
	if s.refuteOff {
		return opts
	}
	scale := 1.0
	if s.epsilon > 0 {
		scale = s.epsilon / dfpn.DefaultEpsilon
	}
	switch {
	case s.settle:
		opts.RefuteEpsilon = refuteEpsilon * scale
	case s.keep && d == 0:
		opts.OddRefuteEpsilon = oddRefuteEpsilon * scale
	}
	return opts
}

// search runs df-pn from the current game node with d plies (0: no
// bound), charging the nodes to the call's budget, and reports it to
// Options.Trace as a search of kind.
func (s *Solver) search(d int, kind SearchKind) (dfpn.Report, error) {
	opts := s.searchOptions(d)
	if s.limit > 0 {
		if s.nodes >= s.limit {
			return dfpn.Report{}, errBudget
		}
		opts.MaxNodes = s.limit - s.nodes
	}
	if err := s.ctx.Err(); err != nil {
		return dfpn.Report{}, errBudget
	}
	if s.opts.Progress != nil {
		base, start := s.nodes, s.start
		opts.Progress = func(st dfpn.Stats) { s.opts.Progress(base+st.Nodes, time.Since(start)) }
	}
	var r dfpn.Report
	t0 := time.Now()
	if s.par != nil {
		r = s.parallelSearch(opts)
	} else {
		r = s.s.Search(s.ctx, s.g, opts)
	}
	if s.opts.Trace != nil {
		s.opts.Trace(s.traceOf(kind, d, opts.MaxNodes, r, time.Since(t0)))
	}
	s.nodes += r.Stats.Nodes
	s.pathNodes += r.Stats.ThreadNodes
	if r.Status == dfpn.Undecided && (s.ctx.Err() != nil || (s.limit > 0 && s.nodes >= s.limit)) {
		return r, errBudget
	}
	return r, nil
}

// deepen answers a Shortest question (without Shortest, "a win at
// all?", which the first win found ends: an iteration's, exact, or a
// probe's) whose root nothing decided without search, no win within lo-1 plies
// being known: by iterative deepening on the win length, with the table
// kept across iterations (each "no win within d" stored answers the
// next iteration's nodes at once), so the first d with a win is the
// exact DTW. A bounded search prunes with the
// game's lower bounds, and on the deep suite the iterations together cost
// less than an unbounded proof followed by lowering its length
// (docs/solving.md). Without a bound, iterations alone never establish
// "no win at all": unbounded searches decide that (and give an upper
// bound that ends the iterations when a win is found first), with node
// caps growing fourfold, each run when the iterations have spent twice
// its cap (a no-win question pays at most a few times one unbounded
// search). Past s.iterDepth plies (maxIterDepth) the iterations stop: one unbounded
// search without a cap settles what is still open (before, a no-win's
// iterations went on to thousands of plies, a few thousand nodes each,
// while they waited for a probe: docs/solving.md). With Threads > 1
// every search shares out the root's children
// (dfpn.Parallel.SearchSplit; the iterations, whose answer is no but at
// the last, and the unbounded search past them, each child settled by
// the goroutine that takes it: dfpn.Options.SettleChildren, the helper
// of the last child settling subtrees below its owner's path in the
// iterations), and the iterations' nodes (those of all
// goroutines) count per goroutine against the probes' caps. That count
// dates from probes run on one goroutine; the probes are shared out now
// too, and counting all goroutines' nodes, as one thread does, made no
// difference to the slow no-wins in the runs measured
// (docs/solving.md: the spread, measured again).
func (s *Solver) deepen(a *Answer, bound, lo int) error {
	hi := 0 // a proven win length (0: none known)
	var idNodes uint64
	// The first unbounded search, below, has the cap probeNodes (less
	// in tests: s.firstProbe); each later one four times the last (once
	// the next cap repeated the first, a probe that had just failed).
	nextCap := 4 * s.firstProbe
	threads := uint64(1)
	if s.par != nil {
		threads = uint64(s.par.Threads())
	}
	unbounded := func(cap uint64) error {
		kind := SearchProbe
		if cap == 0 {
			kind = SearchUnbounded
		}
		r, err := s.capped(bound, cap, kind)
		if err != nil {
			return err
		}
		switch r.Status {
		case dfpn.Proven:
			hi = r.WinIn
			if !s.opts.Shortest {
				a.Result, a.Plies = Win, hi // not known to be exact
			}
		case dfpn.Disproven:
			a.Result = NoWin
		}
		return nil
	}
	// settled: an unbounded search answered the question (no win at
	// all, or without Shortest a win).
	settled := func() bool { return a.Result != Unknown }
	if err := unbounded(s.firstProbe); err != nil || settled() {
		return err
	}
	for d := lo; ; d++ {
		if hi > 0 && d >= hi {
			a.Result, a.Plies, a.Exact = Win, hi, true
			return nil
		}
		if bound > 0 && d > bound {
			a.Result = NoWin
			return nil
		}
		if hi == 0 && bound == 0 && d > s.iterDepth {
			// Beyond any win length the iterations can hope to meet
			// first: a question still open here is settled by an
			// unbounded search, which either finds no win at all or a
			// win of hi plies, the iterations then going on up to hi.
			// Its answer is most likely no, so on two goroutines each
			// settles the children it takes, as in the iterations (the
			// tables suite's slowest no-win, line 181, whose search this
			// is most of: the whole question 2.2–2.9 M nodes on the
			// longer path against 2.2–3.7 M, one thread's 5.9 M;
			// docs/solving.md).
			s.settle = true
			err := unbounded(0)
			s.settle = false
			if err != nil || settled() {
				return err
			}
			if hi == 0 {
				return nil // undecided within the budget
			}
			d-- // d itself is still to ask
			continue
		}
		if hi == 0 && bound == 0 && idNodes >= 2*nextCap*threads {
			if err := unbounded(nextCap); err != nil || settled() {
				return err
			}
			nextCap *= 4
			d--
			continue
		}
		s.settle = true // an iteration's answer is no but at the last
		r, err := s.iteration(d)
		s.settle = false
		// The nodes without the shallow searches' memo, so that the
		// memo leaves the probes where they were (dfpn.Stats.MemoNodes).
		idNodes += r.Stats.Nodes + r.Stats.MemoNodes
		if err != nil {
			if hi > 0 {
				a.Result, a.Plies = Win, hi // a proven bound, not the exact DTW
			}
			return err
		}
		switch r.Status {
		case dfpn.Proven:
			a.Result, a.Plies, a.Exact = Win, r.WinIn, true
			return nil
		case dfpn.Disproven:
			// No win within r.NoWin ≥ d plies (-1: never): the next
			// iteration asks for one more.
			if r.NoWin < 0 || r.NoWin >= maxDeepen {
				if hi > 0 {
					return fmt.Errorf("solver: internal error: %s: a win in %d plies proven, and no win at all", a.Position, hi)
				}
				if r.NoWin < 0 {
					a.Result = NoWin
					return nil
				}
				// Beyond the lengths a bounded search can ask: decide
				// without a bound.
				if err := unbounded(0); err != nil || a.Result == NoWin || hi == 0 {
					return err
				}
				a.Result, a.Plies, a.Exact = Win, hi, false
				return nil
			}
			d = max(d, r.NoWin)
		case dfpn.Undecided:
			if hi > 0 {
				a.Result, a.Plies = Win, hi
			}
			return nil
		}
	}
}

// iteration is deepen's search "a win within d?". With one thread, an
// iteration that takes more than restartFactor times the nodes the
// question has taken so far (at least restartMinNodes) is stopped there
// and searched again with the killer moves forgotten (the table kept,
// with all the first try proved and disproved): a restart of the move
// order where an iteration runs far longer than the ones before it. How
// much a search takes depends on the order it happens to meet the
// children in, and the killers carried from the searches before are
// most of what sets that order beyond the children's numbers (clearing
// them at every search, docs/solving.md, reshuffled which puzzles are
// slow). Restarted only where it runs long, the published collection's
// slowest 17-ply puzzle took 6.13 → 5.02 M nodes, the collection's most
// 6.13 → 5.46 M, its nodes in all 388.6 → 388.2 M; the hard and tables
// suites' 400 questions the same within 0.03 M each (a factor of 2 or 3:
// their no-wins up to 15 M more). The report is the second try's, with
// both tries' nodes. Every answer is the same: only the order changes.
func (s *Solver) iteration(d int) (dfpn.Report, error) {
	if s.par != nil {
		return s.search(d, SearchIteration)
	}
	first, err := s.capped(d, max(s.restartFactor*s.nodes, s.restartMin), SearchIteration)
	if err != nil || first.Status != dfpn.Undecided {
		return first, err
	}
	s.restarts++
	if s.restartSkips {
		first.Status, first.NoWin = dfpn.Disproven, d
		return first, nil
	}
	if !s.restartKeepsKillers {
		s.s.ForgetKillers()
	}
	r, err := s.search(d, SearchIteration)
	r.Stats.Nodes += first.Stats.Nodes
	r.Stats.MemoNodes += first.Stats.MemoNodes
	r.Stats.ThreadNodes += first.Stats.ThreadNodes
	return r, err
}

// AnyWinOnceBelow is the node budget (Options.MaxNodes) under which "a
// win at all?", and a question whose bound is beyond deepen's longest
// iteration (a game's ply limit), is asked once rather than by deepen:
// a budget that small goes further on the one question. The hard and
// tables suites' 400 questions, decided within a budget a question,
// asked once against by deepen: 214 against 214 at 20 K nodes, 308
// against 285 at 100 K, 337 against 334 at 300 K, 374 against 379 at 1
// M, 389 against 395 at 3 M, all 399 both ways without one (28 s
// against 20 s); under a ply limit of 200, 279 against 257 at 50 K, 299
// against 284 at 100 K, 319 against 313 at 200 K, 333 against 333 at
// 300 K, 365 against 372 at 1 M, 388 against 395 at 3 M, and without a
// budget 395 against all 400 (docs/solving.md).
const AnyWinOnceBelow = 1 << 18

// restartFactor and restartMinNodes: where deepen's iteration restarts
// (Solver.iteration).
const (
	restartFactor   = 4
	restartMinNodes = 1 << 16
)

// shallowPlies: a bounded search's node with fewer plies left is solved
// outright the first time df-pn searches it, one with this many the
// second time, by a depth-first search that reads and writes no table
// (dfpn.Options.ShallowPlies). With it, in one process solving each
// puzzle with and without in alternation (one thread, --shortest), the
// published collection's 868 17-ply puzzles took 87.0 s of CPU against
// 99.1 s, p99 701 ms against 938 ms, the slowest 1.29 s against 1.65 s;
// the hard and tables suites 39.3 s against 42.5 s. Solved at the first
// search from 5 plies left (the collection's most nodes 8.05 M, against
// 6.12 M without and 7.49 M with this) or from 6, or the second time at
// 7 or 8, it did worse (docs/solving.md).
const shallowPlies = 6

// refuteEpsilon is df-pn's ε at AND nodes in the searches of deepen
// whose answer is expected to be no (settle; dfpn.Options.RefuteEpsilon):
// there most nodes go to the opponent's replies tried and left before
// the one that refutes, and leaving each sooner than df-pn's 1/4 says
// took the hard suite's exact distances about a tenth fewer nodes (its
// slowest win 30.5 → 22.5 M). 1/10 rather than 1/20: over the
// hard and tables suites and the published collection's 868 puzzles of
// 17 plies, 1.4% fewer nodes in all, and the collection's slowest
// puzzle 7.67 → 6.40 M nodes (1.19–1.40 → 0.96–1.11 s by the clock;
// the hard suite's 25-ply wins p90 0.79 → 0.86 s). In every search, "a
// win at all?" too, it made the wins slower (docs/solving.md).
const refuteEpsilon = 0.1

// oddRefuteEpsilon is df-pn's ε at AND nodes on the odd goroutines
// (dfpn.Options.OddRefuteEpsilon) when "a win at all?" is asked once of
// several (searchOptions; under a budget below onceBelow); goroutine 0
// keeps 1/4. The question may be a win, which 1/4 proves sooner, or a
// no-win,
// which needs a refuting reply for every child of the root, found
// sooner when the replies tried are left sooner (one thread's slow
// no-wins took a quarter to two thirds fewer nodes at 1/20, its wins
// more), so the two goroutines search it both ways at once. The tables
// suite's no-win of line 181 fell under 1.8× of one thread by path in
// 10 runs of 40 against 29 of 60, the hard suite's line 168 in 5 of 40
// against 16 of 60; the tables suite's wins asked so took 29.4 M nodes
// against 26.1 M. Both goroutines at 1/20 did better on those no-wins (1
// run of 80 under 1.8×) but took the tables suite's wins to 39.7 M
// (docs/solving.md).
const oddRefuteEpsilon = 0.05

// probeNodes caps deepen's first unbounded search; maxDeepen is the
// longest win a bounded search can ask for; maxIterDepth is the longest
// win deepen's iterations ask for before an unbounded search decides
// (above the longest DTW of the 7-piece tables, 49 plies; longer wins are
// still found exactly, the iterations going on up to the length the
// unbounded search proves).
const (
	probeNodes   = 1 << 15
	maxDeepen    = int(dfpn.InfLen) - 8
	maxIterDepth = 64
)

// capped is search with at most cap more nodes (0: no cap): a search the
// cap stops is Undecided, not an error (the call's own budget and context
// still give errBudget).
func (s *Solver) capped(d int, cap uint64, kind SearchKind) (dfpn.Report, error) {
	if cap == 0 {
		return s.search(d, kind)
	}
	limit := s.limit
	if limit == 0 || s.nodes+cap < limit {
		s.limit = s.nodes + cap
	}
	s.capping = true
	r, err := s.search(d, kind)
	s.capping = false
	s.limit = limit
	if errors.Is(err, errBudget) && s.ctx.Err() == nil && (limit == 0 || s.nodes < limit) {
		return r, nil
	}
	return r, err
}

// shorten lowers *plies, a proven win length, to the exact DTW: it asks
// for a win within one ply less until that is disproven.
func (s *Solver) shorten(plies *int) (bool, error) {
	for *plies > 1 {
		r, err := s.search(*plies-1, SearchShorten)
		if err != nil {
			return false, err
		}
		switch r.Status {
		case dfpn.Proven:
			*plies = r.WinIn
		case dfpn.Disproven:
			return true, nil
		default:
			return false, nil
		}
	}
	return true, nil // one ply is the least a non-terminal position needs
}

// parallelSearch runs the search on s.par's goroutines, each with its own
// copy of the current game node.
func (s *Solver) parallelSearch(opts dfpn.Options) dfpn.Report {
	g := s.g
	games := make([]dfpn.Game, s.par.Threads())
	copies := make([]*game, len(games))
	for i := range games {
		c := newGame(g.pos, g.prover, g.orSide, g.tables)
		c.mutation = g.mutation
		copies[i], games[i] = c, c
	}
	// The root's children shared out: on unbounded questions, with
	// repetitions, goroutines searching one subtree mislead each other's
	// numbers; on bounded ones, too, each child's subtree on one goroutine
	// searched fewer nodes a goroutine than all searching the whole tree
	// (docs/solving.md).
	r := s.par.SearchSplit(s.ctx, games, opts)
	for _, c := range copies {
		g.tableHits += c.tableHits
		if g.tableErr == nil {
			g.tableErr = c.tableErr
		}
	}
	return r
}

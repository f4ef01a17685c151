package keeper

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

// CheckOptions configure Check. The zero value checks Theorem 1's
// hypothesis against every K (the purple game) by df-pn with no budget.
type CheckOptions struct {
	// Spec is the hypothesis whose positions are enumerated (zero:
	// Theorem1).
	Spec Spec
	// Algorithm asks whether N wins against Algorithm 1 only (the keeper
	// game, read as Reading says), not against every K.
	Algorithm bool
	Reading   Reading
	// Tables answer the classes they hold exactly (against every K), and
	// every node of a df-pn search that reaches them. Nil: none.
	Tables *tablebase.DB
	// Store answers and keeps the purple-game df-pn questions (nil: none).
	Store solver.ProofStore
	// List is the most N wins listed per class with the reason they do
	// not contradict the theorem (or do); Reach the plies of the backward
	// check of whether keeper play can reach them (0: none).
	List, Reach int
	// Sample, when > 0, solves that many random positions (Seed) of each
	// class answered by df-pn instead of all of them.
	Sample int
	Seed   uint64
	// Nodes and Time bound each df-pn search (0: no bound).
	Nodes uint64
	Time  time.Duration
	// WithinPlies, when > 0, asks the df-pn searches only for N wins
	// within that many plies: a position they answer is then an N win
	// within WithinPlies or has none that short (it may have a longer
	// one). Classes answered exactly (tables, retrograde) are not bound.
	WithinPlies int
	// MaxStates: with Algorithm, classes of at most that many keeper-game
	// states (0: any number) are solved exactly by retrograde analysis,
	// the rest by df-pn; Verify checks every solved state against its
	// successors.
	MaxStates uint64
	Verify    bool
	// Hidden, with Algorithm, asks of every N win with no value held
	// (classes solved by retrograde analysis) whether N still surely wins
	// when it does not see the algorithm's value state (Hidden, the
	// belief game), searching up to HiddenSlack plies beyond the win's
	// full-information distance with at most Nodes nodes (0: no bound).
	Hidden      bool
	HiddenSlack int
	// Threads solve positions at once (0: one).
	Threads int
	// Progress, when set, receives a line of progress about every two
	// seconds inside a class, and one when a class is done.
	Progress func(string)
	// OnClass, when set, receives each class's report as soon as it is
	// complete.
	OnClass func(*ClassReport)
}

// CheckReport is the outcome of Check over all classes.
type CheckReport struct {
	Opponent   string         `json:"opponent"` // "any" (purple) or "algorithm"
	Reading    string         `json:"reading,omitempty"`
	Keepers    int            `json:"keepers"`
	KeeperReds int            `json:"keeper_reds"`
	Hypothesis bool           `json:"theorem1_hypothesis"`
	Classes    []*ClassReport `json:"classes"`
	Positions  uint64         `json:"positions"`
	NWins      uint64         `json:"n_wins"`
	Unknown    uint64         `json:"unknown"`
	ElapsedMS  float64        `json:"elapsed_ms"`
	// Partial is set when the check was interrupted: the counts cover
	// the classes listed, the last of them possibly in part.
	Partial bool `json:"partial,omitempty"`
}

// ClassReport is the outcome of Check for one class.
type ClassReport struct {
	Class      string `json:"class"`
	Keepers    int    `json:"keepers"`
	KeeperReds int    `json:"keeper_reds"`
	KPieces    int    `json:"k_pieces"`
	// Every placement, both sides to move (mirror images counted apart);
	// NToMove of them with N to move; Distinct: mirror pairs once.
	Positions uint64 `json:"positions"`
	NToMove   uint64 `json:"positions_n_to_move"`
	Distinct  uint64 `json:"positions_up_to_mirror"`
	// N's sure wins: all, with N to move, up to mirror images.
	NWins         uint64 `json:"n_wins"`
	NWinsNToMove  uint64 `json:"n_wins_n_to_move"`
	NWinsDistinct uint64 `json:"n_wins_up_to_mirror"`
	// With Algorithm: positions N wins for some value state of the
	// algorithm (a piece of N's holding the value 1), beside NWins with
	// none.
	NWinsAnyValue *uint64 `json:"n_wins_any_value,omitempty"`
	// Of those, the positions N wins with the value 1 on one of its
	// blues, on its red; and examples of such wins (with no value, N
	// does not win them).
	NWinsValueOnBlue uint64     `json:"n_wins_value_on_blue,omitempty"`
	NWinsValueOnRed  uint64     `json:"n_wins_value_on_red,omitempty"`
	ValueExamples    []*Example `json:"value_examples,omitempty"`
	// With Hidden: of the N wins with no value held, those N still wins
	// without seeing the value state, and those undecided within the
	// search; examples of wins that need the values or stay undecided.
	NWinsHidden     *uint64    `json:"n_wins_value_hidden,omitempty"`
	HiddenUndecided uint64     `json:"n_wins_value_hidden_undecided,omitempty"`
	HiddenExamples  []*Example `json:"value_hidden_examples,omitempty"`
	// HiddenLonger counts wins that take longer without seeing the value.
	HiddenLonger uint64 `json:"n_wins_value_hidden_longer,omitempty"`
	Unknown      uint64 `json:"unknown"`
	// Source: "table", "retrograde", "dfpn" or "dfpn sample".
	Source string `json:"source"`
	// Longest distance of an N win.
	MaxPlies int `json:"max_plies,omitempty"`
	// WithinPlies, on a class answered by df-pn with
	// CheckOptions.WithinPlies, says its wins were asked for only up to
	// that many plies: NWins counts those, the other known positions have
	// no N win that short.
	WithinPlies     int        `json:"within_plies,omitempty"`
	Examples        []*Example `json:"examples"`
	Counterexamples []*Example `json:"counterexamples,omitempty"`
	Listed          int        `json:"listed"`
	// States, for a class solved by retrograde analysis: every state of
	// the keeper game (not only those meeting the hypothesis), by K's
	// pieces on N's exits, value state and side to move.
	States    []CensusRow `json:"states,omitempty"`
	ElapsedMS float64     `json:"elapsed_ms"`
	// Partial is set on a class the check was interrupted in.
	Partial bool `json:"partial,omitempty"`
}

// Example is an N win with its line.
type Example struct {
	Kind     string   `json:"kind,omitempty"` // shortest, longest
	Position string   `json:"position"`
	Plies    int      `json:"plies"`
	PV       []string `json:"pv,omitempty"`
	Value1   string   `json:"value1,omitempty"` // the piece of value 1 (Algorithm)
	Why      string   `json:"why,omitempty"`
}

// Check enumerates, for each class, every position meeting o.Spec
// (SPEC §7) and asks whether N surely wins it: against every K from the
// tables where they hold the class, else by df-pn; with o.Algorithm
// against Algorithm 1 only, from the keeper game solved by retrograde
// analysis (classes within o.MaxStates), else by its df-pn. It returns
// the counts, the shortest and longest N wins with their lines, and up
// to o.List N wins with the reason each does or does not contradict
// Theorem 1. Interrupted (ctx cancelled), it returns what it has counted,
// marked Partial, with ctx's error.
func Check(ctx context.Context, classes []purple.Class, o CheckOptions) (*CheckReport, error) {
	if o.Spec == (Spec{}) {
		o.Spec = Theorem1
	}
	if err := o.Spec.Check(); err != nil {
		return nil, err
	}
	o.Threads = max(o.Threads, 1)
	k := &checkRun{ctx: ctx, CheckOptions: o, start: time.Now()}
	if o.Tables != nil {
		k.prober = o.Tables
	}
	rep := &CheckReport{Opponent: "any", Keepers: o.Spec.Keepers, KeeperReds: o.Spec.KeeperReds, Hypothesis: o.Spec == Theorem1}
	done := func(err error) (*CheckReport, error) {
		rep.ElapsedMS = msSince(k.start)
		if err != nil && ctx.Err() != nil {
			rep.Partial = true
		}
		return rep, err
	}
	if o.Algorithm {
		rep.Opponent, rep.Reading = "algorithm", o.Reading.String()
		if err := k.solveAlgorithm(classes); err != nil {
			return done(err)
		}
	}
	for _, c := range classes {
		r, err := k.class(c)
		if r != nil {
			rep.Classes = append(rep.Classes, r)
			rep.Positions += r.Positions
			rep.NWins += r.NWins
			rep.Unknown += r.Unknown
		}
		if err != nil {
			return done(err)
		}
		if o.OnClass != nil {
			o.OnClass(r)
		}
	}
	return done(nil)
}

func msSince(t time.Time) float64 {
	return math.Round(float64(time.Since(t).Microseconds())/100) / 10
}

type checkRun struct {
	CheckOptions
	ctx          context.Context
	prober       purple.Tables // nil without tables
	solved       *Solved
	start        time.Time
	progressMu   sync.Mutex
	lastProgress time.Time
}

func (k *checkRun) progressf(force bool, format string, a ...any) {
	if k.Progress == nil {
		return
	}
	k.progressMu.Lock()
	defer k.progressMu.Unlock()
	if !force && time.Since(k.lastProgress) < 2*time.Second {
		return
	}
	k.lastProgress = time.Now()
	k.Progress(fmt.Sprintf(format, a...))
}

func (k *checkRun) hasTable(c purple.Class) bool { return k.Tables != nil && k.Tables.Has(c) }

// samplePositions calls f with n random positions of c meeting spec,
// the side to move drawn too: the sample of Check with that seed.
func samplePositions(c purple.Class, spec Spec, seed uint64, n int, f func(engine.Position) error) error {
	rng := engine.NewRand(seed ^ uint64(c.Blues)<<8 ^ uint64(c.Reds)<<16 ^ uint64(c.OppPieces)<<24 ^ uint64(c.OppReds)<<32)
	for i := 0; i < n; i++ {
		p, err := RandomPosition(rng, c, spec, engine.Player(rng.Intn(2)))
		if err != nil {
			return err
		}
		if err := f(p); err != nil {
			return err
		}
	}
	return nil
}

// solveAlgorithm solves the keeper game for the classes small enough.
func (k *checkRun) solveAlgorithm(classes []purple.Class) error {
	// A class too big to solve is answered by df-pn position by position;
	// the classes its captures lead into are solved where they fit, so
	// that search stops at the first capture (the oracle) instead of
	// searching on into smaller material.
	fits := func(c purple.Class) bool { return k.MaxStates == 0 || States(c) <= k.MaxStates }
	var small []purple.Class
	for _, c := range classes {
		if fits(c) {
			small = append(small, c)
			continue
		}
		for _, d := range c.Captures() {
			if d.Valid() && d.OppPieces >= 2 && fits(d) {
				small = append(small, d)
			}
		}
	}
	k.solved, _ = SolveClasses(k.ctx, nil, k.Reading, nil)
	for _, c := range Plan(small) {
		start := time.Now()
		err := k.solved.Add(k.ctx, []purple.Class{c}, func(p Progress) {
			k.progressf(false, "keeper game %s: %s level %d, %d/%d states, %v", p.Class, p.Phase, p.Level, p.Done, p.Total, p.Elapsed.Round(time.Second))
		})
		if err != nil {
			return err
		}
		n, w, _ := k.solved.Stats(c)
		k.progressf(true, "keeper game %s: %d states, N wins %d, solved in %v", c, n, w, time.Since(start).Round(time.Millisecond))
		if k.Verify {
			start := time.Now()
			checked, bad, first, err := k.solved.Verify(k.ctx, c)
			if err != nil {
				return err
			}
			if bad > 0 {
				return fmt.Errorf("keeper game %s: %d of %d states disagree with their successors, e.g. %s", c, bad, checked, first)
			}
			k.progressf(true, "keeper game %s: %d states verified against their successors in %v", c, checked, time.Since(start).Round(time.Millisecond))
		}
	}
	return nil
}

// checkItem is one enumerated position and its answer.
type checkItem struct {
	pos    engine.Position
	weight int
	win    bool
	plies  int
	known  bool
	mark   engine.Square
	// Algorithm: N wins with the value 1 on one of its blues (anyBlue)
	// or reds (anyRed); valMark, valPlies: such a win, the shortest.
	anyBlue, anyRed bool
	valMark         engine.Square
	valPlies        int
	// Hidden: the answer with the value hidden from N, and its distance.
	hidden      HiddenStatus
	hiddenPlies int
}

// checkWorker holds a worker's solvers.
type checkWorker struct {
	sv     *solver.Solver
	tt     *dfpn.Table
	hidden *Hidden
}

func (k *checkRun) class(c purple.Class) (*ClassReport, error) {
	start := time.Now()
	r := &ClassReport{Class: c.String(), Keepers: k.Spec.Keepers, KeeperReds: k.Spec.KeeperReds, KPieces: c.OppPieces, Examples: []*Example{}}
	var solve func(items []checkItem, w *checkWorker) error
	switch {
	case k.Algorithm && k.solved.Has(c):
		r.Source = "retrograde"
		var zero, zero2 uint64
		r.NWinsAnyValue = &zero
		if k.Hidden {
			r.NWinsHidden = &zero2
		}
		solve = k.solveRetro
	case k.Algorithm:
		r.Source = "dfpn"
		solve = k.solveKeeperDfpn
	case k.hasTable(c):
		r.Source = "table"
		solve = k.solveTable
	default:
		r.Source = "dfpn"
		solve = k.solvePurpleDfpn
	}
	var wins []checkItem // listed wins, in enumeration order
	var shortest, longest, vShortest, vLongest *checkItem
	gen := func(emit func(checkItem) error) error {
		return Positions(k.ctx, c, k.Spec, func(p engine.Position, w int) error {
			return emit(checkItem{pos: p, weight: w})
		})
	}
	if r.Source == "dfpn" {
		r.WithinPlies = k.WithinPlies
	}
	if k.Sample > 0 && r.Source == "dfpn" {
		// Random positions, each counted once (no mirror folding).
		r.Source = "dfpn sample"
		gen = func(emit func(checkItem) error) error {
			return samplePositions(c, k.Spec, k.Seed, k.Sample, func(p engine.Position) error {
				return emit(checkItem{pos: p, weight: 1})
			})
		}
	}
	// Positions answered exactly cost microseconds, a df-pn search up to
	// seconds: small batches then, and progress looked at after every
	// position (progressf prints at most every two seconds), so that it
	// keeps coming.
	batch, every := 2048, uint64(0x3ff)
	if strings.HasPrefix(r.Source, "dfpn") {
		batch, every = 4, 0
	}
	err := runBatches(k.ctx, k.Threads, batch, gen, solve, func(it *checkItem) {
		w := uint64(it.weight)
		r.Positions += w
		r.Distinct++
		n := it.pos.Turn() == engine.First
		if n {
			r.NToMove += w
		}
		if !it.known {
			r.Unknown += w
		}
		if r.Distinct&every == 0 {
			k.progressf(false, "%s: %d positions, %d N wins so far, %v", c, r.Positions, r.NWins, time.Since(start).Round(time.Second))
		}
		if r.NWinsAnyValue != nil {
			if it.win || it.anyBlue || it.anyRed {
				*r.NWinsAnyValue += w
			}
			if it.anyBlue {
				r.NWinsValueOnBlue += w
			}
			if it.anyRed {
				r.NWinsValueOnRed += w
			}
			if !it.win && (it.anyBlue || it.anyRed) {
				cp := *it
				cp.plies, cp.mark = it.valPlies, it.valMark
				if vShortest == nil || cp.plies < vShortest.plies {
					vShortest = &cp
				}
				if vLongest == nil || cp.plies > vLongest.plies {
					vLongest = &cp
				}
			}
		}
		if !it.win {
			return
		}
		r.NWins += w
		r.NWinsDistinct++
		if n {
			r.NWinsNToMove += w
		}
		r.MaxPlies = max(r.MaxPlies, it.plies)
		if r.NWinsHidden != nil {
			switch it.hidden {
			case HiddenWin:
				*r.NWinsHidden += w
				if it.hiddenPlies > it.plies {
					r.HiddenLonger += w
				}
			case HiddenNotWithin:
				r.HiddenUndecided += w
			}
			if it.hidden != HiddenWin && len(r.HiddenExamples) < 10 {
				ex := &Example{Position: it.pos.String(), Plies: it.plies, Kind: "value hidden: no win found"}
				if it.hidden == HiddenNoWin {
					ex.Kind = "value hidden: no win"
				}
				r.HiddenExamples = append(r.HiddenExamples, ex)
			}
		}
		cp := *it
		if shortest == nil || it.plies < shortest.plies {
			shortest = &cp
		}
		if longest == nil || it.plies > longest.plies {
			longest = &cp
		}
		if len(wins) < k.List {
			wins = append(wins, cp)
		}
	})
	r.ElapsedMS = msSince(start)
	if err != nil {
		if k.ctx.Err() != nil {
			r.Partial = true
			return r, err
		}
		return nil, err
	}
	if shortest != nil {
		r.Examples = append(r.Examples, k.example("shortest", shortest), k.example("longest", longest))
	}
	if vShortest != nil {
		r.ValueExamples = append(r.ValueExamples, k.example("shortest", vShortest), k.example("longest", vLongest))
	}
	for i := range wins {
		ex := k.example("", &wins[i])
		ex.Why = k.why(c, &wins[i])
		r.Counterexamples = append(r.Counterexamples, ex)
	}
	r.Listed = len(r.Counterexamples)
	if r.Source == "retrograde" {
		r.States, _ = k.solved.Census(c)
	}
	r.ElapsedMS = msSince(start)
	k.progressf(true, "%s: %d positions, %d N wins (%s) in %v", c, r.Positions, r.NWins, r.Source, time.Since(start).Round(time.Millisecond))
	return r, nil
}

// example turns a win into a position string with its line.
func (k *checkRun) example(kind string, it *checkItem) *Example {
	ex := &Example{Kind: kind, Position: it.pos.String(), Plies: it.plies}
	if it.mark != engine.NoSquare {
		ex.Value1 = it.mark.String()
	}
	c, _ := purple.ClassOf(&it.pos, engine.First)
	switch {
	case k.Algorithm && k.solved.Has(c):
		if line, err := k.solved.Line(it.pos, engine.First, it.mark, it.plies); err == nil {
			for _, s := range line {
				ex.PV = append(ex.PV, s.String())
			}
		}
	case !k.Algorithm && k.hasTable(c):
		if line, err := k.Tables.Line(&it.pos, engine.First, it.plies); err == nil {
			ex.PV = moveStrings(line)
		}
	case !k.Algorithm:
		s := solver.New(solver.Options{Shortest: true, MaxNodes: k.Nodes, TTMegabytes: 64, Tables: k.prober, Store: k.Store})
		ctx, cancel := k.withTime()
		a, err := s.Solve(ctx, it.pos, engine.First)
		cancel()
		if err == nil && a.Result == solver.Win {
			ex.PV = moveStrings(a.PV)
		}
	}
	return ex
}

func (k *checkRun) withTime() (context.Context, context.CancelFunc) {
	if k.Time <= 0 {
		return context.WithCancel(k.ctx)
	}
	return context.WithTimeout(k.ctx, k.Time)
}

func moveStrings(ms []engine.Move) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.String())
	}
	return out
}

// why explains an N win under the hypothesis: which case of the paper's
// proof the material falls in, whether Algorithm 1 can have led to it, and
// how it fares against the other opponent.
func (k *checkRun) why(c purple.Class, it *checkItem) string {
	var b strings.Builder
	proofCase := "case 1 of the proof (K has two pieces: steps 6-9)"
	if c.OppPieces >= 3 {
		proofCase = "case 2 of the proof (K has three or more pieces: step 5)"
	}
	turn := "N to move"
	if it.pos.Turn() == engine.Second {
		turn = "K to move"
	}
	fmt.Fprintf(&b, "K: %d pieces, %d red left, %s; %s. ", c.OppPieces, c.OppReds, proofCase, turn)
	if k.Algorithm {
		fmt.Fprintf(&b, "N wins against Algorithm 1 (%s reading)", k.Reading)
		if it.mark != engine.NoSquare {
			fmt.Fprintf(&b, " with N's piece on %s holding the value 1", it.mark)
		}
		b.WriteString("; ")
		if k.hasTable(c) {
			if v, err := k.Tables.Probe(&it.pos, engine.First); err == nil {
				if v.Result == purple.Win {
					fmt.Fprintf(&b, "against every K too (DTW %d). ", v.Plies)
				} else {
					b.WriteString("not against every K: only Algorithm 1's choices lose. ")
				}
			}
		}
	} else {
		b.WriteString("N wins against every K, so against Algorithm 1 too (in any reading). ")
	}
	if k.Reach > 0 {
		rr := Consistent(it.pos, engine.First, k.Reading, k.Reach)
		if rr.Consistent {
			fmt.Fprintf(&b, "Keeper play can lead here as far as %d plies back show: from %s by %s, K's moves being Algorithm 1's choices.", k.Reach, rr.Start, strings.Join(moveStrings(rr.Line), " "))
		} else {
			fmt.Fprintf(&b, "Keeper play cannot lead here: no sequence of %d plies ending in this position has every K move one of Algorithm 1's choices (%s reading).", k.Reach, k.Reading)
		}
	}
	return b.String()
}

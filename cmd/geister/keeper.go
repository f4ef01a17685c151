package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/bits"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/spf13/pflag"

	"geister/dfpn"
	"geister/engine"
	"geister/keeper"
	"geister/purple"
	"geister/solver"
	"geister/tablebase"
)

var keeperCommand = command{
	name:    "keeper",
	args:    "[CLASS...]",
	summary: "check paper 002's keeper theorem over every position that meets its hypothesis",
	details: `Enumerates, for every material class with --min-pieces to --max-pieces
pieces (or the CLASSes named, e.g. 3B1R-2U1r: N's blues and reds, then K's
hidden pieces and reds), every position in which the keeper player K holds
its opponent N's exits (a1 and f1, K's own back corners) with --keepers
pieces and has --keeper-reds reds left, N's pieces anywhere else, either
side to move, and asks for each whether N surely wins. Theorem 1 of paper 002
(section 3) says N has no sure win while both keepers stand and K has one
red left, so with the defaults every N win printed is a counterexample to
what the theorem predicts (SPEC.md section 7).

Positions are counted in one orientation: N is the first player (upper
case, colours shown) and K the second (lower case, hidden 'u'); the same
situations with N as second player are these upside down and are not
counted again. "positions" counts every placement, mirror images apart;
"up to mirror" counts a position and its left-right mirror image once.

Against whom N must win:
  (default)      every K strategy: the purple-piece game of SPEC.md section
                 4, from the endgame tables where the class is built, else
                 by df-pn under --nodes/--time (unknowns are reported;
                 --sample K solves K random positions of such a class
                 instead of all of them);
  --algorithm    K plays only the moves paper 002's Algorithm 1 may choose
                 (its random choices and the probability p of step 8 are
                 all answered), K's colours still hidden: the keeper game,
                 solved exactly class by class by retrograde analysis.
                 --reading says how the steps the paper leaves open are
                 read (docs/keeper.md). Counts are given with no piece
                 holding the value 1 and, where the algorithm can hold
                 one, for some value state.

For each N win the command tries to say whether keeper play can reach it:
whether some sequence of --reach plies ending in the position has every K
move one of Algorithm 1's choices.

Examples:
  geister keeper --table /tmp/tables --max-pieces 5
  geister keeper --table /tmp/tables --max-pieces 5 --keeper-reds 2
  geister keeper --table /tmp/tables --max-pieces 5 --keepers 1 --json
  geister keeper --max-pieces 5 --algorithm`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := tableDirFlag(fs)
		maxPieces := fs.Int("max-pieces", 5, "classes with at most this many pieces on the board (4 to 8)")
		minPieces := fs.Int("min-pieces", 4, "classes with at least this many pieces")
		keeperReds := fs.Int("keeper-reds", 1, "reds K has left: 1 (Theorem 1's hypothesis) or 2 (relaxed)")
		keepers := fs.Int("keepers", 2, "K's pieces on N's exits: 2 (both, the hypothesis) or 1 (exactly one; relaxed)")
		algorithm := fs.Bool("algorithm", false, "N must win against paper 002's Algorithm 1 only (the keeper game), not against every K")
		reading := fs.String("reading", "paper", "with --algorithm: paper (the literal text), agent (the project's keeper agent) or cautious (paper, but step 8's approach never takes the piece of value 1); docs/keeper.md")
		list := fs.Int("list", -1, "print at most this many N wins per class (-1: every one under Theorem 1's hypothesis, none otherwise)")
		reach := fs.Int("reach", 4, "plies of the backward check of whether keeper play can reach an N win (0: no check)")
		sample := fs.Int("sample", 0, "for classes answered by df-pn: solve this many random positions of each (meeting the hypothesis, either side to move) instead of all")
		seed := fs.Uint64("seed", 1, "with --sample: the seed of the draw")
		nodes := fs.Uint64("nodes", 200000, "df-pn budget per position for classes not in the tables")
		timeLimit := fs.Duration("time", 10*time.Second, "df-pn time limit per position for classes not in the tables")
		maxStates := fs.Uint64("max-states", 600_000_000, "with --algorithm: solve a class by retrograde analysis only up to this many states (about 3 bytes each while solving)")
		verify := fs.Bool("verify", true, "with --algorithm: check every solved state against its successors (Bellman consistency) before reporting")
		threads := fs.Int("threads", runtime.NumCPU(), "positions solved at once")
		jsonOut := fs.Bool("json", false, `print one JSON object {"classes":[...],...}`)
		storeOpts := addStoreFlags(fs, "It answers the df-pn questions (classes beyond the tables) proven before and keeps what this run proves.")
		return func(e *env, args []string) error {
			spec := keeper.Spec{Keepers: *keepers, KeeperReds: *keeperReds}
			if *keepers != 1 && *keepers != 2 {
				return usagef("--keepers %d: want 2 or 1", *keepers)
			}
			if *keeperReds != 1 && *keeperReds != 2 {
				return usagef("--keeper-reds %d: want 1 or 2", *keeperReds)
			}
			if *maxPieces < 4 || *maxPieces > 8 || *minPieces > *maxPieces {
				return usagef("--max-pieces %d, --min-pieces %d: want 4 ≤ min ≤ max ≤ 8", *maxPieces, *minPieces)
			}
			rd, err := keeper.ParseReading(*reading)
			if err != nil {
				return usagef("--reading %q: want paper, agent or cautious", *reading)
			}
			if *threads < 1 || *reach < 0 || *sample < 0 {
				return usagef("--threads must be at least 1, --reach and --sample not negative")
			}
			classes := keeper.ClassesFor(spec, *minPieces, *maxPieces)
			if len(args) > 0 {
				// Only the named classes (--min-pieces and --max-pieces do
				// not apply).
				classes = nil
				for _, a := range args {
					c, err := purple.ParseClass(a)
					if err != nil {
						return usagef("%v", err)
					}
					if !c.Valid() || c.OppReds != spec.KeeperReds || c.OppPieces < spec.Keepers {
						return usagef("class %s does not fit %d keeper(s) with %d red(s) left", c, spec.Keepers, spec.KeeperReds)
					}
					classes = append(classes, c)
				}
			}
			if len(classes) == 0 {
				return usagef("no class with %d to %d pieces fits %d keepers with %d reds", *minPieces, *maxPieces, *keepers, *keeperReds)
			}
			listN := *list
			if listN < 0 {
				listN = 0
				if spec == keeper.Theorem1 {
					listN = math.MaxInt
				}
			}
			db, closeDB, err := openTablesDB(tableDir(*dir))
			if err != nil {
				return err
			}
			defer closeDB()
			var store solver.ProofStore
			if st, release := openStore(e, tableDir(*dir), storeOpts); st != nil {
				defer release()
				store = st
			}
			k := &keeperRun{store: store,
				e: e, spec: spec, db: db, list: listN, reach: *reach, reading: rd,
				threads: *threads, nodes: *nodes, timeLimit: *timeLimit, maxStates: *maxStates,
				algorithm: *algorithm, verify: *verify, start: time.Now(), sample: *sample, seed: *seed,
			}
			out := keeperJSON{Opponent: "any", Keepers: spec.Keepers, KeeperReds: spec.KeeperReds, Hypothesis: spec == keeper.Theorem1}
			if k.algorithm {
				out.Opponent = "algorithm"
				out.Reading = rd.String()
				if err := k.solveAlgorithm(classes); err != nil {
					return err
				}
			}
			for _, c := range classes {
				r, err := k.class(c)
				if err != nil {
					return err
				}
				out.Classes = append(out.Classes, r)
				out.Positions += r.Positions
				out.NWins += r.NWins
				out.Unknown += r.Unknown
				if !*jsonOut {
					writeKeeperClass(e.stdout, r, k)
				}
			}
			out.ElapsedMS = math.Round(float64(time.Since(k.start).Microseconds())/100) / 10
			if *jsonOut {
				return writeJSONLine(e.stdout, out)
			}
			fmt.Fprintf(e.stdout, "total: %d positions, %d N sure wins", out.Positions, out.NWins)
			if out.Unknown > 0 {
				fmt.Fprintf(e.stdout, ", %d unknown (budget)", out.Unknown)
			}
			fmt.Fprintf(e.stdout, "; %.1fs\n", out.ElapsedMS/1000)
			return nil
		}
	},
}

type keeperJSON struct {
	Opponent   string             `json:"opponent"` // "any" (purple) or "algorithm"
	Reading    string             `json:"reading,omitempty"`
	Keepers    int                `json:"keepers"`
	KeeperReds int                `json:"keeper_reds"`
	Hypothesis bool               `json:"theorem1_hypothesis"`
	Classes    []*keeperClassJSON `json:"classes"`
	Positions  uint64             `json:"positions"`
	NWins      uint64             `json:"n_wins"`
	Unknown    uint64             `json:"unknown"`
	ElapsedMS  float64            `json:"elapsed_ms"`
}

type keeperClassJSON struct {
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
	// With --algorithm: positions N wins for some value state of the
	// algorithm (a piece of N's holding the value 1), beside NWins with
	// none.
	NWinsAnyValue *uint64 `json:"n_wins_any_value,omitempty"`
	// Of those, the positions N wins with the value 1 on one of its
	// blues, on its red; and examples of such wins (with no value, N
	// does not win them).
	NWinsValueOnBlue uint64           `json:"n_wins_value_on_blue,omitempty"`
	NWinsValueOnRed  uint64           `json:"n_wins_value_on_red,omitempty"`
	ValueExamples    []*keeperExample `json:"value_examples,omitempty"`
	Unknown          uint64           `json:"unknown"`
	Source           string           `json:"source"`
	// Longest distance of an N win.
	MaxPlies        int              `json:"max_plies,omitempty"`
	Examples        []*keeperExample `json:"examples"`
	Counterexamples []*keeperExample `json:"counterexamples,omitempty"`
	Listed          int              `json:"listed"`
	ElapsedMS       float64          `json:"elapsed_ms"`
}

type keeperExample struct {
	Kind     string   `json:"kind,omitempty"` // shortest, longest
	Position string   `json:"position"`
	Plies    int      `json:"plies"`
	PV       []string `json:"pv,omitempty"`
	Value1   string   `json:"value1,omitempty"` // the piece of value 1 (--algorithm)
	Why      string   `json:"why,omitempty"`
}

type keeperRun struct {
	e                  *env
	spec               keeper.Spec
	db                 *tablebase.DB
	list, reach        int
	reading            keeper.Reading
	threads            int
	nodes              uint64
	timeLimit          time.Duration
	maxStates          uint64
	algorithm, verify  bool
	sample             int
	seed               uint64
	store              solver.ProofStore
	solved             *keeper.Solved
	start              time.Time
	lastProgress       time.Time
	progressMu         sync.Mutex
	progressClassStart time.Time
}

func (k *keeperRun) progressf(format string, a ...any) {
	k.progressMu.Lock()
	defer k.progressMu.Unlock()
	if time.Since(k.lastProgress) < 2*time.Second {
		return
	}
	k.lastProgress = time.Now()
	fmt.Fprintf(k.e.stderr, format, a...)
}

// solveAlgorithm solves the keeper game for the classes small enough.
func (k *keeperRun) solveAlgorithm(classes []purple.Class) error {
	var small []purple.Class
	for _, c := range classes {
		if keeper.States(c) <= k.maxStates {
			small = append(small, c)
		}
	}
	k.solved, _ = keeper.SolveClasses(k.e.ctx, nil, k.reading, nil)
	for _, c := range keeper.Plan(small) {
		start := time.Now()
		err := k.solved.Add(k.e.ctx, []purple.Class{c}, func(p keeper.Progress) {
			k.progressf("keeper game %s: %s level %d, %d/%d states, %v\n", p.Class, p.Phase, p.Level, p.Done, p.Total, p.Elapsed.Round(time.Second))
		})
		if err != nil {
			return err
		}
		n, w, _ := k.solved.Stats(c)
		fmt.Fprintf(k.e.stderr, "keeper game %s: %d states, N wins %d, solved in %v\n", c, n, w, time.Since(start).Round(time.Millisecond))
		if k.verify {
			start := time.Now()
			checked, bad, first, err := k.solved.Verify(k.e.ctx, c)
			if err != nil {
				return err
			}
			if bad > 0 {
				return fmt.Errorf("keeper game %s: %d of %d states disagree with their successors, e.g. %s", c, bad, checked, first)
			}
			fmt.Fprintf(k.e.stderr, "keeper game %s: %d states verified against their successors in %v\n", c, checked, time.Since(start).Round(time.Millisecond))
		}
	}
	return nil
}

// keeperItem is one enumerated position and its answer.
type keeperItem struct {
	pos    engine.Position
	weight int
	win    bool
	plies  int
	known  bool
	mark   engine.Square
	// --algorithm: N wins with the value 1 on one of its blues (anyBlue)
	// or reds (anyRed); valMark, valPlies: such a win, the shortest.
	anyBlue, anyRed bool
	valMark         engine.Square
	valPlies        int
}

func (k *keeperRun) class(c purple.Class) (*keeperClassJSON, error) {
	start := time.Now()
	r := &keeperClassJSON{Class: c.String(), Keepers: k.spec.Keepers, KeeperReds: k.spec.KeeperReds, KPieces: c.OppPieces, Examples: []*keeperExample{}}
	var solve func(items []keeperItem, w *keeperWorker) error
	switch {
	case k.algorithm && k.solved.Has(c):
		r.Source = "retrograde"
		var zero uint64
		r.NWinsAnyValue = &zero
		solve = k.solveRetro
	case k.algorithm:
		r.Source = "dfpn"
		solve = k.solveKeeperDfpn
	case k.db != nil && k.db.Has(c):
		r.Source = "table"
		solve = k.solveTable
	default:
		r.Source = "dfpn"
		solve = k.solvePurpleDfpn
	}
	var wins []keeperItem // listed wins, in enumeration order
	var shortest, longest, vShortest, vLongest *keeperItem
	gen := func(emit func(keeperItem) error) error {
		return keeper.Positions(k.e.ctx, c, k.spec, func(p engine.Position, w int) error {
			return emit(keeperItem{pos: p, weight: w})
		})
	}
	if k.sample > 0 && r.Source == "dfpn" {
		// Random positions, each counted once (no mirror folding).
		r.Source = "dfpn sample"
		rng := engine.NewRand(k.seed ^ uint64(c.Blues)<<8 ^ uint64(c.Reds)<<16 ^ uint64(c.OppPieces)<<24 ^ uint64(c.OppReds)<<32)
		gen = func(emit func(keeperItem) error) error {
			for i := 0; i < k.sample; i++ {
				p, err := keeper.RandomPosition(rng, c, k.spec, engine.Player(rng.Intn(2)))
				if err != nil {
					return err
				}
				if err := emit(keeperItem{pos: p, weight: 1}); err != nil {
					return err
				}
			}
			return nil
		}
	}
	err := runBatches(k.e.ctx, k.threads, gen, solve, k, func(it *keeperItem) {
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
		cp := *it
		if shortest == nil || it.plies < shortest.plies {
			shortest = &cp
		}
		if longest == nil || it.plies > longest.plies {
			longest = &cp
		}
		if len(wins) < k.list {
			wins = append(wins, cp)
		}
		k.progressf("%s: %d positions, %d N wins so far, %v\n", c, r.Positions, r.NWins, time.Since(start).Round(time.Second))
	})
	if err != nil {
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
	r.ElapsedMS = math.Round(float64(time.Since(start).Microseconds())/100) / 10
	fmt.Fprintf(k.e.stderr, "%s: %d positions, %d N wins (%s) in %v\n", c, r.Positions, r.NWins, r.Source, time.Since(start).Round(time.Millisecond))
	return r, nil
}

// example turns a win into a position string with its line.
func (k *keeperRun) example(kind string, it *keeperItem) *keeperExample {
	ex := &keeperExample{Kind: kind, Position: it.pos.String(), Plies: it.plies}
	if it.mark != engine.NoSquare {
		ex.Value1 = it.mark.String()
	}
	switch {
	case k.algorithm && k.solved.Has(classOf(&it.pos)):
		if line, err := k.solved.Line(it.pos, engine.First, it.mark, it.plies); err == nil {
			for _, s := range line {
				ex.PV = append(ex.PV, s.String())
			}
		}
	case !k.algorithm && k.db != nil && k.db.Has(classOf(&it.pos)):
		if line, err := k.db.Line(&it.pos, engine.First, it.plies); err == nil {
			for _, m := range line {
				ex.PV = append(ex.PV, m.String())
			}
		}
	case !k.algorithm:
		s := solver.New(solver.Options{Shortest: true, MaxNodes: k.nodes, TTMegabytes: 64, Tables: k.tables(), Store: k.store})
		ctx, cancel := context.WithTimeout(k.e.ctx, k.timeLimit)
		a, err := s.Solve(ctx, it.pos, engine.First)
		cancel()
		if err == nil && a.Result == solver.Win {
			for _, m := range a.PV {
				ex.PV = append(ex.PV, m.String())
			}
		}
	}
	return ex
}

func classOf(p *engine.Position) purple.Class {
	c, _ := purple.ClassOf(p, engine.First)
	return c
}

func (k *keeperRun) tables() solver.TableProber {
	if k.db == nil {
		return nil
	}
	return dbTables{k.db}
}

// why explains an N win under the hypothesis: which case of the paper's
// proof the material falls in, whether Algorithm 1 can have led to it, and
// how it fares against the other opponent.
func (k *keeperRun) why(c purple.Class, it *keeperItem) string {
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
	if k.algorithm {
		fmt.Fprintf(&b, "N wins against Algorithm 1 (%s reading)", k.reading)
		if it.mark != engine.NoSquare {
			fmt.Fprintf(&b, " with N's piece on %s holding the value 1", it.mark)
		}
		b.WriteString("; ")
		if k.db != nil && k.db.Has(c) {
			if v, err := k.db.Probe(&it.pos, engine.First); err == nil {
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
	if k.reach > 0 {
		rr := keeper.Consistent(it.pos, engine.First, k.reading, k.reach)
		if rr.Consistent {
			fmt.Fprintf(&b, "Keeper play can lead here as far as %d plies back show: from %s by %s, K's moves being Algorithm 1's choices.", k.reach, rr.Start, strings.Join(moveStrings(rr.Line), " "))
		} else {
			fmt.Fprintf(&b, "Keeper play cannot lead here: no sequence of %d plies ending in this position has every K move one of Algorithm 1's choices (%s reading).", k.reach, k.reading)
		}
	}
	return b.String()
}

// keeperWorker holds a worker's solvers.
type keeperWorker struct {
	sv *solver.Solver
	tt *dfpn.Table
}

func (k *keeperRun) solveTable(items []keeperItem, _ *keeperWorker) error {
	for i := range items {
		it := &items[i]
		v, err := k.db.Probe(&it.pos, engine.First)
		if err != nil {
			return err
		}
		it.known = true
		if v.Result == purple.Win {
			it.win, it.plies = true, v.Plies
		}
	}
	return nil
}

func (k *keeperRun) solvePurpleDfpn(items []keeperItem, w *keeperWorker) error {
	if w.sv == nil {
		w.sv = solver.New(solver.Options{Shortest: true, MaxNodes: k.nodes, TTMegabytes: 128, Tables: k.tables(), Store: k.store})
	}
	for i := range items {
		it := &items[i]
		ctx, cancel := context.WithTimeout(k.e.ctx, k.timeLimit)
		a, err := w.sv.Solve(ctx, it.pos, engine.First)
		cancel()
		if err != nil {
			return err
		}
		if err := k.e.ctx.Err(); err != nil {
			return err
		}
		switch a.Result {
		case solver.Win:
			it.known, it.win, it.plies = true, true, a.Plies
		case solver.NoWin:
			it.known = true
		}
	}
	return nil
}

func (k *keeperRun) solveRetro(items []keeperItem, _ *keeperWorker) error {
	for i := range items {
		it := &items[i]
		it.known = true
		v, ok := k.solved.Value(&it.pos, engine.First, engine.NoSquare)
		if !ok {
			return fmt.Errorf("keeper game: no value for %s", it.pos.String())
		}
		it.win, it.plies, it.mark = v.Win, v.Plies, engine.NoSquare
		if it.pos.Reds(engine.First) != 1 || it.pos.Count(engine.Second) != 2 {
			continue // the algorithm holds no value here (step 8(b))
		}
		for x := it.pos.Occupied(engine.First); x != 0; x &= x - 1 {
			s := engine.Square(trailingZeros(x))
			v, ok := k.solved.Value(&it.pos, engine.First, s)
			if !ok || !v.Win {
				continue
			}
			if it.pos.Pieces(engine.First, engine.Blue)&s.Bit() != 0 {
				it.anyBlue = true
			} else {
				it.anyRed = true
			}
			if it.valMark == engine.NoSquare || v.Plies < it.valPlies {
				it.valMark, it.valPlies = s, v.Plies
			}
		}
	}
	return nil
}

func (k *keeperRun) solveKeeperDfpn(items []keeperItem, w *keeperWorker) error {
	if w.tt == nil {
		w.tt = dfpn.NewTable(128)
	}
	var oracle keeper.Oracle
	if k.solved != nil {
		oracle = k.solved
	}
	var tables keeper.PurpleTables
	if t := k.tables(); t != nil {
		tables = t
	}
	for i := range items {
		it := &items[i]
		g, err := keeper.NewGame(it.pos, engine.First, engine.NoSquare, k.reading, oracle, tables)
		if err != nil {
			return err
		}
		ctx, cancel := context.WithTimeout(k.e.ctx, k.timeLimit)
		res := keeper.Solve(ctx, g, w.tt, keeper.Options{MaxNodes: k.nodes})
		cancel()
		if err := k.e.ctx.Err(); err != nil {
			return err
		}
		switch res.Status {
		case dfpn.Proven:
			it.known, it.win, it.plies = true, true, res.Plies
		case dfpn.Disproven:
			it.known = true
		}
	}
	return nil
}

// runBatches runs gen's items through solve on threads goroutines in
// batches and hands them to collect in generation order.
func runBatches(ctx context.Context, threads int, gen func(emit func(keeperItem) error) error,
	solve func([]keeperItem, *keeperWorker) error, k *keeperRun, collect func(*keeperItem)) error {
	type batch struct {
		items []keeperItem
		err   error
		done  chan struct{}
	}
	const size = 2048
	work := make(chan *batch, threads*2)
	order := make(chan *batch, threads*4)
	var wg sync.WaitGroup
	for i := 0; i < threads; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := &keeperWorker{}
			for b := range work {
				b.err = solve(b.items, w)
				close(b.done)
			}
		}()
	}
	var genErr error
	go func() {
		defer close(order)
		defer close(work)
		cur := &batch{done: make(chan struct{})}
		flush := func() {
			if len(cur.items) > 0 {
				order <- cur
				work <- cur
				cur = &batch{done: make(chan struct{})}
			}
		}
		genErr = gen(func(it keeperItem) error {
			cur.items = append(cur.items, it)
			if len(cur.items) == size {
				flush()
			}
			return ctx.Err()
		})
		flush()
	}()
	var firstErr error
	for b := range order {
		<-b.done
		if b.err != nil && firstErr == nil {
			firstErr = b.err
		}
		if firstErr != nil {
			continue
		}
		for i := range b.items {
			collect(&b.items[i])
		}
	}
	wg.Wait()
	if firstErr != nil {
		return firstErr
	}
	if genErr != nil {
		return genErr
	}
	return ctx.Err()
}

func writeKeeperClass(w io.Writer, r *keeperClassJSON, k *keeperRun) {
	fmt.Fprintf(w, "== %s: K %d pieces (%d red), N %s; %d keeper(s)\n", r.Class, r.KPieces, r.KeeperReds, nDescr(r.Class), r.Keepers)
	fmt.Fprintf(w, "positions %d (%d N to move, %d K to move; %d up to mirror)\n", r.Positions, r.NToMove, r.Positions-r.NToMove, r.Distinct)
	against := "every K"
	if k.algorithm {
		against = "Algorithm 1 (" + k.reading.String() + " reading)"
	}
	fmt.Fprintf(w, "N sure wins against %s: %d (%d N to move, %d K to move; %d up to mirror)", against, r.NWins, r.NWinsNToMove, r.NWins-r.NWinsNToMove, r.NWinsDistinct)
	if r.NWinsAnyValue != nil {
		fmt.Fprintf(w, "; for some value state (none, or a piece of N's holding the value 1): %d (value on a blue %d, on a red %d)", *r.NWinsAnyValue, r.NWinsValueOnBlue, r.NWinsValueOnRed)
	}
	if r.Unknown > 0 {
		fmt.Fprintf(w, "; %d unknown (budget)", r.Unknown)
	}
	fmt.Fprintf(w, " [%s, %.1fs]\n", r.Source, r.ElapsedMS/1000)
	for _, ex := range r.Examples {
		fmt.Fprintf(w, "  %s: %s  wins in %d%s: %s\n", ex.Kind, ex.Position, ex.Plies, value1(ex), strings.Join(ex.PV, " "))
	}
	for _, ex := range r.ValueExamples {
		fmt.Fprintf(w, "  %s with a value: %s  wins in %d%s: %s\n", ex.Kind, ex.Position, ex.Plies, value1(ex), strings.Join(ex.PV, " "))
	}
	if len(r.Counterexamples) > 0 {
		fmt.Fprintf(w, "  N wins (%d listed):\n", len(r.Counterexamples))
		for _, ex := range r.Counterexamples {
			fmt.Fprintf(w, "  - %s  wins in %d%s: %s\n    %s\n", ex.Position, ex.Plies, value1(ex), strings.Join(ex.PV, " "), ex.Why)
		}
	}
	fmt.Fprintln(w)
}

func value1(ex *keeperExample) string {
	if ex.Value1 == "" {
		return ""
	}
	return " (value 1 on " + ex.Value1 + ")"
}

func nDescr(class string) string {
	c, err := purple.ParseClass(class)
	if err != nil {
		return class
	}
	return fmt.Sprintf("%d blue(s) %d red(s)", c.Blues, c.Reds)
}

func trailingZeros(x uint64) int { return bits.TrailingZeros64(x) }

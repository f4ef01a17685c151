// Command beliefeval measures package belief on recorded games: for each
// game of the records (geister match --records) and each side, the
// side's belief about the other side's colours is synced at every one of
// its turns, as an agent syncs it, and every prediction "the opponent's
// piece on this square is blue" is scored against the record's truth.
//
//	go run ./tools/beliefeval [--mix 0.3] [--sharpness 1] FILE.jsonl...
//	go run ./tools/beliefeval --grid FILE.jsonl...
//
// It prints, for the beliefs about each agent (grouped by the agent's
// spec, options included), the log-loss (natural log, per piece and turn) and the accuracy
// (the piece called blue when P > 0.5; 0.5 counts half) of the uniform
// belief, paper 004's red likelihood and the HAF model, per phase of the
// game (the plies played), each the mean over games with its 95%
// interval, and the HAF model's log-loss minus the others' (paired by
// game). --grid prints instead the HAF model's log-loss for a grid of
// mixtures and sharpnesses, for tuning on other games than those
// reported. docs/belief.md has the figures.
package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/geister-solver/geister/belief"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/match"
)

func main() {
	mix := flag.Float64("mix", belief.DefaultMix, "the uniform model's share of the HAF model's mixture")
	sharp := flag.Float64("sharpness", belief.DefaultSharpness, "the HAF model's sharpness β")
	likeW := flag.Float64("like-weight", 0, "the HAF model's product with the red likelihood, to this power (0: none)")
	grid := flag.Bool("grid", false, "print the HAF model's log-loss over a grid of mixtures and sharpnesses")
	mixes := flag.String("mixes", "0.02,0.05,0.1,0.2,0.3,0.5,0.7", "the grid's mixtures")
	sharps := flag.String("sharpnesses", "0.5,1,1.5,2", "the grid's sharpnesses")
	likes := flag.String("like-weights", "0", "the grid's red likelihood weights")
	gmixes := flag.String("generic-mixes", "0.1", "the grid's generic mixtures")
	gmix := flag.Float64("generic-mix", belief.DefaultGenericMix, "the robust model's share of the generic model's mixture")
	modelName := flag.String("model", "average", "the model of the grid and of the report's last column: haf, generic or average")
	fit := flag.String("fit", "", "fit the generic model to the moves of these agents (names, comma separated) and print its weights")
	phases := flag.String("phases", "20,60", "plies where the game's phases start")
	flag.Parse()
	if *fit != "" {
		if err := fitGeneric(os.Stdout, flag.Args(), strings.Split(*fit, ",")); err != nil {
			fmt.Fprintln(os.Stderr, "beliefeval:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(os.Stdout, flag.Args(), belief.Options{Mix: *mix, Sharpness: *sharp, LikeWeight: *likeW, GenericMix: *gmix}, *modelName, *grid, *mixes, *sharps, *likes, *gmixes, *phases); err != nil {
		fmt.Fprintln(os.Stderr, "beliefeval:", err)
		os.Exit(1)
	}
}

func floats(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			return nil, fmt.Errorf("number %q: %w", f, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// sideGame is one side of one recorded game: the observer's views at its
// turns, the moves so far, and the truth it is scored against.
type sideGame struct {
	group string // the opponent agent's spec
	me    engine.Player
	turns []turn
}

type turn struct {
	ply   int
	view  engine.Position
	truth engine.Position
	moves []engine.Move
}

// eachGame replays every game of the record files, in order, and hands
// each to f with its positions and moves.
func eachGame(files []string, f func(name string, rec *match.Record, ps []engine.Position, moves []engine.Move) error) error {
	for _, name := range files {
		fh, err := os.Open(name)
		if err != nil {
			return err
		}
		recs, err := match.ReadRecords(fh)
		fh.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		for k := range recs {
			rec := &recs[k]
			ps, moves, err := rec.Replay()
			if err != nil {
				return fmt.Errorf("%s: game %d: %w", name, rec.Game, err)
			}
			if err := f(name, rec, ps, moves); err != nil {
				return err
			}
		}
	}
	return nil
}

func load(files []string) ([]sideGame, error) {
	var out []sideGame
	err := eachGame(files, func(_ string, rec *match.Record, ps []engine.Position, moves []engine.Move) error {
		for _, me := range []engine.Player{engine.First, engine.Second} {
			opp := rec.Second
			if me == engine.Second {
				opp = rec.First
			}
			g := sideGame{group: opp, me: me}
			for i, p := range ps {
				if p.Turn() != me || p.Outcome() != engine.Ongoing || i == 0 {
					continue
				}
				v := p
				v.Hide(me.Other())
				g.turns = append(g.turns, turn{ply: i, view: v, truth: p, moves: moves[:i]})
			}
			out = append(out, g)
		}
		return nil
	})
	return out, err
}

// score is the sums of one game's predictions in each phase.
type score struct {
	n       [8]float64
	logLoss [8]float64
	correct [8]float64
}

// eval syncs a belief of opts along g and scores its predictions.
func eval(g *sideGame, opts belief.Options, cuts []int) (score, error) {
	var s score
	b := belief.New(g.me, opts)
	opp := g.me.Other()
	for i := range g.turns {
		t := &g.turns[i]
		if err := b.Sync(&t.view, t.moves); err != nil {
			return s, err
		}
		ph := sort.SearchInts(cuts, t.ply+1) - 1
		for bb := t.truth.Occupied(opp); bb != 0; bb &= bb - 1 {
			sq := engine.Square(trailing(bb))
			p := b.PBlue(sq)
			blue := t.truth.Pieces(opp, engine.Blue)&sq.Bit() != 0
			q := p
			if !blue {
				q = 1 - p
			}
			s.n[ph]++
			s.logLoss[ph] -= math.Log(max(q, 1e-9))
			switch {
			case q > 0.5:
				s.correct[ph]++
			case q == 0.5:
				s.correct[ph] += 0.5
			}
		}
	}
	return s, nil
}

func trailing(b uint64) int {
	n := 0
	for b&1 == 0 {
		b >>= 1
		n++
	}
	return n
}

// stat is a mean over games with its 95% interval's half width.
type stat struct {
	mean, half float64
	n          int
}

func meanOf(xs []float64) stat {
	n := len(xs)
	if n == 0 {
		return stat{math.NaN(), math.NaN(), 0}
	}
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(n)
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	if n > 1 {
		v /= float64(n - 1)
	}
	return stat{m, 1.96 * math.Sqrt(v/float64(n)), n}
}

func (s stat) String() string {
	if s.n == 0 {
		return "–"
	}
	return fmt.Sprintf("%.3f ± %.3f", s.mean, s.half)
}

var models = []belief.Model{belief.Uniform, belief.RedLike, belief.HAF, belief.Generic, belief.Average}

func run(w io.Writer, files []string, haf belief.Options, modelName string, grid bool, mixes, sharps, likes, gmixes, phaseText string) error {
	model, err := belief.ParseModel(modelName)
	if err != nil {
		return fmt.Errorf("--model: %w", err)
	}
	haf.Model = model
	if len(files) == 0 {
		return fmt.Errorf("no record files (usage: beliefeval [flags] FILE.jsonl...)")
	}
	cutsF, err := floats(phaseText)
	if err != nil {
		return fmt.Errorf("--phases: %w", err)
	}
	cuts := []int{0}
	for _, c := range cutsF {
		cuts = append(cuts, int(c))
	}
	if len(cuts) > 8 || !sort.IntsAreSorted(cuts) {
		return fmt.Errorf("--phases %q: want up to 7 increasing plies", phaseText)
	}
	games, err := load(files)
	if err != nil {
		return err
	}
	groups := map[string][]int{}
	var names []string
	for i, g := range games {
		if _, ok := groups[g.group]; !ok {
			names = append(names, g.group)
		}
		groups[g.group] = append(groups[g.group], i)
	}
	sort.Strings(names)
	if grid {
		ms, err := floats(mixes)
		if err != nil {
			return fmt.Errorf("--mixes: %w", err)
		}
		ss, err := floats(sharps)
		if err != nil {
			return fmt.Errorf("--sharpnesses: %w", err)
		}
		ls, err := floats(likes)
		if err != nil {
			return fmt.Errorf("--like-weights: %w", err)
		}
		gs, err := floats(gmixes)
		if err != nil {
			return fmt.Errorf("--generic-mixes: %w", err)
		}
		return printGrid(w, games, groups, names, haf, ms, ss, ls, gs, cuts)
	}
	return printReport(w, games, groups, names, haf, cuts)
}

func phaseName(cuts []int, ph int) string {
	if ph+1 < len(cuts) {
		return fmt.Sprintf("%d–%d", cuts[ph], cuts[ph+1])
	}
	return fmt.Sprintf("%d+", cuts[ph])
}

// perGame returns, for every game of idx, its mean log-loss and accuracy
// in phase ph (ph < 0: all phases), and whether it has predictions there.
func perGame(sc []score, idx []int, ph int) (ll, acc []float64, has []bool) {
	for _, i := range idx {
		var n, l, c float64
		for k := 0; k < 8; k++ {
			if ph >= 0 && k != ph {
				continue
			}
			n += sc[i].n[k]
			l += sc[i].logLoss[k]
			c += sc[i].correct[k]
		}
		has = append(has, n > 0)
		if n == 0 {
			ll, acc = append(ll, 0), append(acc, 0)
			continue
		}
		ll, acc = append(ll, l/n), append(acc, c/n)
	}
	return ll, acc, has
}

func kept(xs []float64, has []bool) []float64 {
	var out []float64
	for i, x := range xs {
		if has[i] {
			out = append(out, x)
		}
	}
	return out
}

func evalAll(games []sideGame, opts belief.Options, cuts []int) ([]score, error) {
	sc := make([]score, len(games))
	for i := range games {
		s, err := eval(&games[i], opts, cuts)
		if err != nil {
			return nil, fmt.Errorf("game %d (%s side): %w", i/2, games[i].me, err)
		}
		sc[i] = s
	}
	return sc, nil
}

func printReport(w io.Writer, games []sideGame, groups map[string][]int, names []string, haf belief.Options, cuts []int) error {
	scores := map[belief.Model][]score{}
	for _, m := range models {
		o := haf
		o.Model = m
		sc, err := evalAll(games, o, cuts)
		if err != nil {
			return err
		}
		scores[m] = sc
	}
	fmt.Fprintf(w, "HAF model: mix %g, sharpness %g, red likelihood weight %g; generic model: mix %g; the last column: %s minus each model\n\n", haf.Mix, haf.Sharpness, haf.LikeWeight, haf.GenericMix, haf.Model)
	for _, name := range names {
		idx := groups[name]
		fmt.Fprintf(w, "### belief about %s (%d game sides)\n\n", name, len(idx))
		fmt.Fprintf(w, "| plies | model | log-loss | accuracy | %s − this, log-loss |\n", haf.Model)
		fmt.Fprintln(w, "|---|---|---|---|---|")
		for ph := -1; ph < len(cuts); ph++ {
			label := "all"
			if ph >= 0 {
				label = phaseName(cuts, ph)
			}
			hll, _, has := perGame(scores[haf.Model], idx, ph)
			for _, m := range models {
				ll, acc, _ := perGame(scores[m], idx, ph)
				diff := "–"
				if m != haf.Model {
					d := make([]float64, len(ll))
					for i := range ll {
						d[i] = hll[i] - ll[i]
					}
					diff = meanOf(kept(d, has)).String()
				}
				fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", label, m, meanOf(kept(ll, has)), meanOf(kept(acc, has)), diff)
			}
		}
		fmt.Fprintln(w)
	}
	return nil
}

func printGrid(w io.Writer, games []sideGame, groups map[string][]int, names []string, base belief.Options, mixes, sharps, likes, gmixes []float64, cuts []int) error {
	fmt.Fprintf(w, "%s model\n\n", base.Model)
	fmt.Fprintf(w, "| mix | sharpness | like weight | generic mix | %s | mean over agents |\n", strings.Join(names, " | "))
	fmt.Fprintf(w, "|---|---|---|---|%s---|\n", strings.Repeat("---|", len(names)))
	for _, l := range likes {
		for _, s := range sharps {
			for _, m := range mixes {
				for _, gm := range gmixes {
					sc, err := evalAll(games, belief.Options{Model: base.Model, Mix: m, Sharpness: s, LikeWeight: l, GenericMix: gm}, cuts)
					if err != nil {
						return err
					}
					var cells []string
					sum := 0.0
					for _, name := range names {
						ll, _, has := perGame(sc, groups[name], -1)
						st := meanOf(kept(ll, has))
						cells = append(cells, fmt.Sprintf("%.4f", st.mean))
						sum += st.mean
					}
					fmt.Fprintf(w, "| %g | %g | %g | %g | %s | %.4f |\n", m, s, l, gm, strings.Join(cells, " | "), sum/float64(len(names)))
				}
			}
		}
	}
	return nil
}

package solver

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/geister-solver/geister/dfpn"
	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/reference"
	"github.com/geister-solver/geister/internal/testpos"
)

// knowledgeCase is a random position with the prover and the side whose
// win is asked (the prover, or the opponent: a proven loss).
type knowledgeCase struct {
	p              engine.Position
	prover, orSide engine.Player
}

// drawPosition draws a random position of an ongoing game for the
// cross-checks against the plain solver, the prover and the side to move
// drawn first: testpos.Small when small, else testpos.Material with the
// prover's blues and reds and the opponent's pieces and reds that
// material draws (after the sides, so that each test's sequence of draws
// stays as it was). ok is false when none was made or the game is over.
func drawPosition(r *engine.Rand, small bool, material func() [4]int) (p engine.Position, prover engine.Player, ok bool) {
	prover = engine.Player(r.Intn(2))
	toMove := engine.Player(r.Intn(2))
	if small {
		p = testpos.Small(r, prover, toMove)
	} else {
		m := material()
		if p, ok = testpos.Material(r, prover, toMove, m[0], m[1], m[2], m[3]); !ok {
			return p, prover, false
		}
	}
	return p, prover, p.Outcome() == engine.Ongoing
}

// smallMaterial draws the material of knowledgeCases and
// TestEvaluateAgainstReference: one or two blues and a red against two or
// three pieces, one red.
func smallMaterial(r *engine.Rand) func() [4]int {
	return func() [4]int { return [4]int{1 + r.Intn(2), 1, 2 + r.Intn(2), 1} }
}

// mixedMaterial draws the material of the bounds' cross-checks: one or
// two blues and reds against two to four pieces, one or two red.
func mixedMaterial(r *engine.Rand) func() [4]int {
	return func() [4]int { return [4]int{1 + r.Intn(2), 1 + r.Intn(2), 2 + r.Intn(3), 1 + r.Intn(2)} }
}

// knowledgeCases draws n positions of small material, as
// TestEvaluateAgainstReference does, both sides to move, either player as
// prover and either side's win asked; finished games are left out.
func knowledgeCases(n int, seed uint64) []knowledgeCase {
	r := engine.NewRand(seed)
	var cs []knowledgeCase
	for len(cs) < n {
		p, prover, ok := drawPosition(r, len(cs)%2 == 0, smallMaterial(r))
		if !ok {
			continue
		}
		orSide := prover
		if r.Intn(4) == 0 {
			orSide = prover.Other()
		}
		cs = append(cs, knowledgeCase{p, prover, orSide})
	}
	return cs
}

// The rules of races, by what they decide (the index of checkRaces's
// counts).
const (
	ruleOrRaceFirst      = iota // the OR side's race, the OR side to move: a win
	ruleAndRaceFirst            // the AND side's race, the AND side to move: a loss
	ruleOrRaceSecond            // the OR side's race, the AND side to move: a win
	ruleAndRaceSecond           // the AND side's race, the OR side to move: a loss
	ruleOrTakesLastBlue         // the OR side to move takes the AND side's last blue: a win
	ruleAndTakesLastBlue        // the AND side to move takes the OR side's last blue: a loss
	numRules
)

var ruleNames = [numRules]string{"or-race-first", "and-race-first", "or-race-second", "and-race-second", "or-takes-last-blue", "and-takes-last-blue"}

// raceLimit is the longest any race of races takes: raceSteps steps, the
// escape, and a move of the other side first.
const raceLimit = 2*raceSteps + 2

// checkKnowledge compares what the rules of knowledge.go decide on every
// case with the plain AND/OR solver (internal/reference), with the rules
// as written or with one of them mutated: a win within WinIn plies must
// be one; a loss (the AND side's race or capture) must be the AND side's
// forced win within raceLimit plies, the race's own length at most (one
// ply for a capture), which is what makes it a loss for good. It returns
// the disagreements and how often each rule decided.
func checkKnowledge(cases []knowledgeCase, mut mutation) (bad []string, fired [numRules]int) {
	for _, c := range cases {
		g := newGame(c.p, c.prover, c.orSide, nil)
		g.mutation = mut
		andToMove := c.p.Turn() != c.orSide
		if g.takesLastBlue(c.p.Turn()) {
			rule, winner := ruleOrTakesLastBlue, c.orSide
			if andToMove {
				rule, winner = ruleAndTakesLastBlue, c.orSide.Other()
			}
			fired[rule]++
			if !reference.New(c.prover, winner, reference.Purple).WinWithin(&c.p, 1) {
				bad = append(bad, fmt.Sprintf("%s prover %v, win of %v asked: %s, the plain solver disagrees", c.p.String(), c.prover, c.orSide, ruleNames[rule]))
			}
		}
		ev, ok := g.races()
		if !ok {
			continue
		}
		var rule int
		var holds bool
		switch {
		case ev.WinIn != dfpn.InfLen:
			rule = ruleOrRaceFirst
			if andToMove {
				rule = ruleOrRaceSecond
			}
			holds = reference.New(c.prover, c.orSide, reference.Purple).WinWithin(&c.p, int(ev.WinIn))
		case ev.NoWin == dfpn.InfLen:
			rule = ruleAndRaceSecond
			if andToMove {
				rule = ruleAndRaceFirst
			}
			holds = reference.New(c.prover, c.orSide.Other(), reference.Purple).WinWithin(&c.p, raceLimit)
		default:
			bad = append(bad, fmt.Sprintf("%s: races decides nothing yet says so: %+v", c.p.String(), ev))
			continue
		}
		fired[rule]++
		if !holds {
			bad = append(bad, fmt.Sprintf("%s prover %v, win of %v asked: races says %+v (%s), the plain solver disagrees", c.p.String(), c.prover, c.orSide, ev, ruleNames[rule]))
		}
	}
	return bad, fired
}

// TestKnowledgeAgainstReference checks every rule of knowledge.go against
// the plain solver on random positions, and that each decides often
// enough for the check to mean something.
func TestKnowledgeAgainstReference(t *testing.T) {
	n := 4000
	if testing.Short() {
		n = 1000
	}
	bad, fired := checkKnowledge(knowledgeCases(n, 91), noMutation)
	for _, b := range bad {
		t.Error(b)
	}
	for rule, k := range fired {
		if k < n/200 { // 20 of 4000; 5 of the 1000 of -short, where the capture of the last blue decides 15
			t.Errorf("%s decided only %d of %d positions: the test does not cover it", ruleNames[rule], k, n)
		}
	}
	t.Logf("decided by rule: %v", fired)
}

// TestKnowledgeMutations shows that the check of
// TestKnowledgeAgainstReference catches a wrong variant of each rule.
func TestKnowledgeMutations(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 500
	}
	cases := knowledgeCases(n, 91)
	for m := noMutation + 1; m < numMutations; m++ {
		if bad, _ := checkKnowledge(cases, m); len(bad) == 0 {
			t.Errorf("mutation %v: the plain solver agrees with every answer", m)
		} else {
			t.Logf("mutation %v: %d disagreements, first: %s", m, len(bad), bad[0])
		}
	}
}

// dfpnAgainstReference solves the cases with df-pn (--max-plies depth
// --shortest; the opponent's win asked where the case says so) and
// returns where its verdict or its DTW differs from the plain solver's;
// with first, only the first such case (a mutation's check needs one).
func dfpnAgainstReference(cases []knowledgeCase, depth int, mut mutation, first bool) (bad []string, wins int) {
	for _, c := range cases {
		o := Options{TTMegabytes: 1, Shortest: true, MaxPlies: depth, ForOpponent: c.orSide != c.prover}
		o.mutation = mut
		a, err := New(o).Solve(context.Background(), c.p, c.prover)
		want := referenceDTW(c, depth)
		if a.Result == Win {
			wins++
		}
		if err != nil || (a.Result == Win) != (want >= 0) || (want >= 0 && a.Plies != want) || a.Result == Unknown {
			bad = append(bad, fmt.Sprintf("%s prover %v, win of %v asked: df-pn %v in %d (%v), the plain solver's DTW %d", c.p.String(), c.prover, c.orSide, a.Result, a.Plies, err, want))
			if first {
				break
			}
		}
	}
	return bad, wins
}

// referenceDTW is the plain solver's DTW of c's question within depth,
// each worked out once: the tests ask it of the same cases again for
// every mutation, and the plain solver took most of their time.
func referenceDTW(c knowledgeCase, depth int) int {
	k := referenceKey{c.p, c.prover, c.orSide, depth}
	referenceMu.Lock()
	want, ok := referenceDTWs[k]
	referenceMu.Unlock()
	if !ok {
		want = reference.New(c.prover, c.orSide, reference.Purple).DTW(&c.p, depth)
		referenceMu.Lock()
		referenceDTWs[k] = want
		referenceMu.Unlock()
	}
	return want
}

type referenceKey struct {
	pos            engine.Position
	prover, orSide engine.Player
	depth          int
}

var (
	referenceMu   sync.Mutex
	referenceDTWs = map[referenceKey]int{}
)

// wantDfpnAgreement fails t where df-pn, as written, disagrees with the
// plain solver on a case, or where the cases hold too few or too many
// wins to say much.
func wantDfpnAgreement(t *testing.T, cases []knowledgeCase, depth int) {
	t.Helper()
	bad, wins := dfpnAgainstReference(cases, depth, noMutation, false)
	for _, b := range bad {
		t.Error(b)
	}
	if wins < len(cases)/10 || wins > len(cases)*9/10 {
		t.Errorf("%d wins among %d positions: the sample says little", wins, len(cases))
	}
	t.Logf("%d positions, %d wins within %d plies", len(cases), wins, depth)
}

// wantDfpnDisagreement fails t where df-pn with the mutation m agrees
// with the plain solver on every case: the cross-check must catch each
// wrong rule.
func wantDfpnDisagreement(t *testing.T, cases []knowledgeCase, depth int, m mutation) {
	t.Helper()
	if bad, _ := dfpnAgainstReference(cases, depth, m, true); len(bad) == 0 {
		t.Errorf("mutation %v: df-pn agrees with the plain solver everywhere", m)
	} else {
		t.Logf("mutation %v: df-pn disagrees with the plain solver: %s", m, bad[0])
	}
}

// TestKnowledgeDfpnAgainstReference: df-pn, with the rules of
// knowledge.go deciding nodes inside its search, gives the plain solver's
// verdict and DTW on positions where a rule decides the root or a node
// near it; with any rule mutated, it does not (the cross-check catches
// each wrong rule).
func TestKnowledgeDfpnAgainstReference(t *testing.T) {
	n, depth := 800, 7
	if testing.Short() {
		n = 300
	}
	// Positions a rule decides, at the root or one ply below it.
	var cases []knowledgeCase
	for _, c := range knowledgeCases(4*n, 17) {
		if len(cases) == n {
			break
		}
		if decidedNear(c) {
			cases = append(cases, c)
		}
	}
	wantDfpnAgreement(t, cases, depth)
	for m := noMutation + 1; m < numMutations; m++ {
		wantDfpnDisagreement(t, cases, depth, m)
	}
}

// decidedNear reports whether a rule decides the case's position or one
// of its children, as written or with some mutation.
func decidedNear(c knowledgeCase) bool {
	g := newGame(c.p, c.prover, c.orSide, nil)
	decided := func() bool {
		for m := noMutation; m < numMutations; m++ {
			g.mutation = m
			if _, ok := g.races(); ok || g.takesLastBlue(g.pos.Turn()) {
				return true
			}
		}
		return false
	}
	return holdsNear(g, decided)
}

// holdsNear reports whether holds is true of g's position or of one of
// its children that is not a finished game (g is left as it was).
func holdsNear(g *game, holds func() bool) bool {
	if holds() {
		return true
	}
	for _, m := range g.Moves(nil) {
		g.Play(m)
		ok := g.pos.Outcome() == engine.Ongoing && holds()
		g.Undo()
		if ok {
			return true
		}
	}
	return false
}

// TestInTwoCore checks the 2×2-block shortcut of inTwoCore against the
// 2-core itself, on every square of random sets of board squares, from
// nearly empty to nearly full boards.
func TestInTwoCore(t *testing.T) {
	rng := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 {
		rng ^= rng << 13
		rng ^= rng >> 7
		rng ^= rng << 17
		return rng
	}
	blockFound, coreOnly := 0, 0
	for i := 0; i < 20000; i++ {
		s := engine.BoardMask
		for k := 0; k < i%4; k++ {
			s &= next() | next()>>uint(i%3) // sparser sets for larger k
		}
		w1, w2 := next(), next()
		s &= w1 | w2
		core := twoCore(s)
		for r := s; r != 0; r &= r - 1 {
			b := r & -r
			want := core&b != 0
			if got := inTwoCore(s, b); got != want {
				t.Fatalf("inTwoCore(%#x, %#x) = %v, the 2-core says %v", s, b, got, want)
			}
			if want {
				pairs := s & (s >> 1)
				if pairs&(pairs>>8)&(b|b>>1|b>>8|b>>9) != 0 {
					blockFound++
				} else {
					coreOnly++
				}
			}
		}
	}
	// Both ways of answering "in the 2-core" were met.
	if blockFound == 0 || coreOnly == 0 {
		t.Fatalf("squares in the 2-core: %d by a block, %d by the 2-core only", blockFound, coreOnly)
	}
}

// raceEveryLength is race as it was written first: for every length k up
// to raceSteps, the squares a racer may stand on walked back from the
// exits, and no stop before the last length. TestRaceStopsEarly holds
// race (which walks forward from the racers, once for all lengths, and
// stops where no longer race can be won) to it.
func raceEveryLength(g *game, x engine.Player, o int, ignoreEscape bool) int {
	p := &g.pos
	y := x.Other()
	racers := p.MayBeBlue(x) & exitWithin[x][raceSteps]
	if racers == 0 {
		return 0
	}
	yBlues := p.MayBeBlue(y)
	theirs := p.Occupied(y)
	free := engine.BoardMask &^ p.Occupied(x) &^ theirs
	near := []uint64{theirs}
	for j := 1; j <= raceSteps+1; j++ {
		near = append(near, near[j-1]|engine.Neighbours(near[j-1]))
	}
	if o == 1 {
		racers &^= near[1]
	}
	for k := 1; k <= raceSteps; k++ {
		// y's blues fewer than k+o steps from its exits escape first.
		for _, s := range engine.BoardSquares {
			if !ignoreEscape && yBlues&s.Bit() != 0 && s.ExitDistance(y) < k+o {
				return 0
			}
		}
		safe := engine.Exits(x) & free &^ near[k+o]
		for i := k - 1; i >= 1; i-- {
			safe = engine.Neighbours(safe) & free &^ near[i+o]
		}
		if engine.Neighbours(safe)&racers != 0 {
			return k
		}
	}
	return 0
}

// TestRaceStopsEarly checks that race, which stops as soon as no exit of
// x is far enough from y's pieces for a race of the length it tries (or
// its racers have no square left), gives what trying every length walked
// back from the exits gives, on positions of random games and of small
// material, both sides racing, each moving first or second.
func TestRaceStopsEarly(t *testing.T) {
	won, stopped, n := 0, 0, 4000
	eachGameOrSmall(17, n, func(p engine.Position, prover engine.Player) {
		g := newGame(p, prover, prover, nil)
		for x := engine.First; x <= engine.Second; x++ {
			for o := 0; o <= 1; o++ {
				for _, ignore := range []bool{false, true} {
					got, want := g.race(x, o, ignore), raceEveryLength(g, x, o, ignore)
					if got != want {
						t.Fatalf("%s: race(%v, %d, %v) = %d, every length tried gives %d", p.String(), x, o, ignore, got, want)
					}
					if want > 0 {
						won++
					}
					// Where race stops at once: racers, but no exit far
					// enough from y for the shortest race.
					y := x.Other()
					near := g.pos.Occupied(y)
					for j := 0; j <= o; j++ {
						near |= engine.Neighbours(near)
					}
					free := engine.BoardMask &^ g.pos.Occupied(x) &^ g.pos.Occupied(y)
					if g.pos.MayBeBlue(x)&exitWithin[x][raceSteps] != 0 && engine.Exits(x)&free&^near == 0 {
						stopped++
					}
				}
			}
		}
	})
	if won == 0 || stopped == 0 {
		t.Fatalf("races won %d, stopped at once %d: the positions test neither way", won, stopped)
	}
	t.Logf("%d positions: races won %d, stopped at once %d", n, won, stopped)
}

// eachGameOrSmall calls f with n positions of ongoing games from seed:
// every other one from a random game (testpos.FromGame, plies 10–120),
// the rest of small material (drawPosition with mixedMaterial), the
// prover drawn with each.
func eachGameOrSmall(seed uint64, n int, f func(p engine.Position, prover engine.Player)) {
	r := engine.NewRand(seed)
	for i := 0; i < n; {
		var p engine.Position
		var prover engine.Player
		var ok bool
		if i%2 == 0 {
			prover = engine.Player(r.Intn(2))
			p, ok = testpos.FromGame(r, 10, 120, prover)
		} else {
			p, prover, ok = drawPosition(r, false, mixedMaterial(r))
		}
		if !ok || p.Outcome() != engine.Ongoing {
			continue
		}
		i++
		f(p, prover)
	}
}

package tournament

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
)

// Rating is one agent's Bradley–Terry strength on the Elo scale.
type Rating struct {
	Agent  string      `json:"agent"`
	Elo    float64     `json:"elo"`
	CI     *[2]float64 `json:"ci95,omitempty"` // bootstrap percentile interval
	Games  int         `json:"games"`
	Score  float64     `json:"score"` // (wins + draws/2) / games
	Wins   int         `json:"wins"`
	Losses int         `json:"losses"`
	Draws  int         `json:"draws"`
}

// Pair is the score of A against B.
type Pair struct {
	A      string  `json:"a"`
	B      string  `json:"b"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"` // A's
	Losses int     `json:"losses"`
	Draws  int     `json:"draws"`
	Score  float64 `json:"score"` // A's (wins + draws/2) / games
	// P is the two-sided p-value of the sign test; Significant is P <
	// 0.05.
	P           float64 `json:"p"`
	Significant bool    `json:"significant"`
}

// Ratings is what Rate returns.
type Ratings struct {
	Ratings   []Rating `json:"ratings"` // strongest first
	Pairs     []Pair   `json:"pairs"`
	Bootstrap int      `json:"bootstrap"`
	Seed      uint64   `json:"bootstrap_seed"`
}

// Rate fits Bradley–Terry strengths to the results (draws count half a
// win for each side) by maximum likelihood, on the Elo scale (400 log10 of
// the strength, the mean rating 0), with 95% intervals from boot bootstrap
// tournaments simulated from the fit (Ordo's method: the same pairings,
// each game drawn from the fitted ratings and the event's draw rate,
// seeded by seed; boot 0: no intervals). The fit's prior is one virtual
// draw for each pair that met (FitBT, as BayesElo's prior of virtual
// draws), so a perfect record has a finite rating and an interval.
func Rate(s Settings, rs []Game, boot int, seed uint64) Ratings {
	players := s.Players()
	idx := map[string]int{}
	for i, p := range players {
		idx[p] = i
	}
	n := len(players)
	type game struct {
		a, b int
		sa   float64
	} // sa: a's score
	byPair := map[[2]int][]game{}
	var keys [][2]int
	for _, r := range rs {
		a, b := idx[r.First], idx[r.Second]
		sa := map[string]float64{"first": 1, "second": 0, "draw": 0.5}[r.Result]
		k := [2]int{min(a, b), max(a, b)}
		if a > b {
			sa = 1 - sa
		}
		if _, ok := byPair[k]; !ok {
			keys = append(keys, k)
		}
		byPair[k] = append(byPair[k], game{k[0], k[1], sa})
	}
	sort.Slice(keys, func(i, j int) bool {
		return keys[i][0] < keys[j][0] || keys[i][0] == keys[j][0] && keys[i][1] < keys[j][1]
	})
	fit := func(pick func([]game) []game) []float64 {
		w := make([][]float64, n) // w[i][j]: i's score against j
		m := make([][]float64, n) // games between i and j
		for i := range w {
			w[i], m[i] = make([]float64, n), make([]float64, n)
		}
		for _, k := range keys {
			for _, g := range pick(byPair[k]) {
				w[g.a][g.b] += g.sa
				w[g.b][g.a] += 1 - g.sa
				m[g.a][g.b]++
				m[g.b][g.a]++
			}
		}
		return FitBT(w, m)
	}
	elo := fit(func(g []game) []game { return g })
	out := Ratings{Bootstrap: boot, Seed: seed}
	for i, p := range players {
		out.Ratings = append(out.Ratings, Rating{Agent: p, Elo: elo[i]})
	}
	if boot > 0 {
		// Ordo's simulation: boot tournaments of the same pairings drawn
		// from the fitted model, each fitted again. Resampling a pairing's
		// own games gave a perfect or exactly even record no interval at
		// all (every resample alike); drawn from the model, whose prior
		// keeps a perfect record's estimate finite (FitBT), it has one.
		games, draws := 0, 0
		for _, k := range keys {
			for _, g := range byPair[k] {
				games++
				if g.sa == 0.5 {
					draws++
				}
			}
		}
		// the event's draw rate, Laplace-smoothed so that an all-draw
		// event still varies
		drawRate := (float64(draws) + 1) / (float64(games) + 2)
		rng := rand.New(rand.NewPCG(seed, 0x7e57))
		samples := make([][]float64, n)
		buf := []game{}
		for range boot {
			e := fit(func(g []game) []game {
				buf = buf[:0]
				if len(g) == 0 {
					return buf
				}
				a, b := g[0].a, g[0].b
				pw, pd := outcomeOdds(elo[a]-elo[b], drawRate)
				for range g {
					sa := 0.0
					switch u := rng.Float64(); {
					case u < pw:
						sa = 1
					case u < pw+pd:
						sa = 0.5
					}
					buf = append(buf, game{a, b, sa})
				}
				return buf
			})
			for i := range e {
				samples[i] = append(samples[i], e[i])
			}
		}
		// The basic (reflected) bootstrap interval: the refits of
		// simulated events are pulled toward the mean twice (by the
		// simulation and by the prior of the refit), so their spread is
		// reflected about the estimate rather than read as it is; a
		// perfect record's interval then starts at its estimate ("at
		// least").
		for i := range samples {
			sort.Float64s(samples[i])
			e := elo[i]
			out.Ratings[i].CI = &[2]float64{2*e - quantile(samples[i], 0.975), 2*e - quantile(samples[i], 0.025)}
		}
	}
	for _, k := range keys {
		p := Pair{A: players[k[0]], B: players[k[1]]}
		for _, g := range byPair[k] {
			p.Games++
			switch g.sa {
			case 1:
				p.Wins++
			case 0:
				p.Losses++
			default:
				p.Draws++
			}
		}
		p.Score = (float64(p.Wins) + float64(p.Draws)/2) / float64(p.Games)
		p.P = SignTest(p.Wins, p.Losses)
		p.Significant = p.P < 0.05
		out.Pairs = append(out.Pairs, p)
		for _, x := range [][2]int{{k[0], 1}, {k[1], -1}} {
			r := &out.Ratings[x[0]]
			r.Games += p.Games
			r.Draws += p.Draws
			if x[1] == 1 {
				r.Wins += p.Wins
				r.Losses += p.Losses
			} else {
				r.Wins += p.Losses
				r.Losses += p.Wins
			}
		}
	}
	for i := range out.Ratings {
		r := &out.Ratings[i]
		if r.Games > 0 {
			r.Score = (float64(r.Wins) + float64(r.Draws)/2) / float64(r.Games)
		}
	}
	sort.SliceStable(out.Ratings, func(i, j int) bool { return out.Ratings[i].Elo > out.Ratings[j].Elo })
	return out
}

// outcomeOdds returns the chances of a win and of a draw for a player
// rated diff Elo above its opponent, in an event with the given draw rate:
// the expected score e of the Bradley–Terry model, a draw as often as the
// event draws (but at most 2·min(e, 1−e)), wins making up the rest of e.
func outcomeOdds(diff, drawRate float64) (win, draw float64) {
	e := 1 / (1 + math.Pow(10, -diff/400))
	draw = min(drawRate, 2*min(e, 1-e))
	return e - draw/2, draw
}

func quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return math.NaN()
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// FitBT returns the maximum-likelihood Bradley–Terry ratings on the Elo
// scale (mean 0) of players with scores w[i][j] of i against j over m[i][j]
// games, by Hunter's MM iteration γ_i ← W_i / Σ_j m_ij/(γ_i+γ_j). So that
// the estimate exists when a player won or lost every game, each pair that
// met gets one virtual draw (half a win each way): a prior that pulls
// ratings a little toward each other, negligible over many games.
func FitBT(w, m [][]float64) []float64 {
	n := len(w)
	g := make([]float64, n)
	for i := range g {
		g[i] = 1
	}
	wins := make([]float64, n)
	for i := range n {
		for j := range n {
			if m[i][j] > 0 {
				wins[i] += w[i][j] + 0.5
			}
		}
	}
	next := make([]float64, n)
	for iter := 0; iter < 10000; iter++ {
		delta := 0.0
		for i := range n {
			den := 0.0
			for j := range n {
				if m[i][j] > 0 {
					den += (m[i][j] + 1) / (g[i] + g[j])
				}
			}
			if den == 0 {
				next[i] = g[i]
				continue
			}
			next[i] = wins[i] / den
		}
		// Normalise: geometric mean 1.
		lm := 0.0
		for i := range n {
			lm += math.Log(next[i])
		}
		lm /= float64(n)
		for i := range n {
			v := next[i] / math.Exp(lm)
			delta = math.Max(delta, math.Abs(math.Log(v/g[i])))
			g[i] = v
		}
		if delta < 1e-10 {
			break
		}
	}
	out := make([]float64, n)
	for i := range g {
		out[i] = 400 * math.Log10(g[i])
	}
	return out
}

// SignTest returns the two-sided p-value of the exact binomial (sign)
// test that wins and losses are equally likely, draws left out. Paper 003
// (Table 2) marks the depth pairs whose win rates differ "at the 5% risk
// level" without naming its test; for a win rate against 50% between two
// players this exact binomial test is the standard one.
func SignTest(wins, losses int) float64 {
	n := wins + losses
	if n == 0 {
		return 1
	}
	k := min(wins, losses)
	// P(X <= k) for X ~ Bin(n, 1/2), doubled.
	p := 0.0
	for i := 0; i <= k; i++ {
		p += math.Exp(lchoose(n, i) - float64(n)*math.Ln2)
	}
	return math.Min(1, 2*p)
}

func lchoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}

// Text returns the ratings and the pairwise table for people.
func (r Ratings) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%-4s %-28s %7s %17s %6s %6s\n", "rank", "agent", "elo", "95% interval", "games", "score")
	for i, x := range r.Ratings {
		ci := "-"
		if x.CI != nil {
			ci = fmt.Sprintf("[%.0f, %.0f]", x.CI[0], x.CI[1])
		}
		fmt.Fprintf(&b, "%-4d %-28s %7.0f %17s %6d %6.3f\n", i+1, x.Agent, x.Elo, ci, x.Games, x.Score)
	}
	b.WriteString("\npairwise (score of A against B; * = significant at 5%, exact sign test):\n")
	for _, p := range r.Pairs {
		star := " "
		if p.Significant {
			star = "*"
		}
		fmt.Fprintf(&b, "  %-28s %-28s %5.3f%s %d-%d-%d  p=%.3g\n", p.A, p.B, p.Score, star, p.Wins, p.Losses, p.Draws, p.P)
	}
	if r.Bootstrap > 0 {
		fmt.Fprintf(&b, "intervals: %d events simulated from the fit (Ordo's method), seed %d\n", r.Bootstrap, r.Seed)
	}
	return b.String()
}

package tournament

import (
	"math"
	"math/rand/v2"
	"testing"
)

// simulate plays games between players of known Elo ratings: i beats j
// a draw with probability draw, else wins with the probability that makes
// its expected score (draws half) the Bradley–Terry probability.
func simulate(elo []float64, games int, draw float64, seed uint64) (Settings, []Game) {
	rng := rand.New(rand.NewPCG(seed, 1))
	s := Settings{Games: games, Seed: seed}
	for i := range elo {
		s.Agents = append(s.Agents, string(rune('a'+i)))
	}
	var rs []Game
	for k, p := range s.Pairings() {
		i, j := int(p.A[0]-'a'), int(p.B[0]-'a')
		pi := 1 / (1 + math.Pow(10, (elo[j]-elo[i])/400))
		q := (pi - draw/2) / (1 - draw)
		for g := range games {
			res := "draw"
			if u := rng.Float64(); u >= draw {
				if rng.Float64() < q {
					res = "first"
				} else {
					res = "second"
				}
			}
			rs = append(rs, Game{Pair: k, Game: g, First: p.A, Second: p.B, Result: res})
		}
	}
	return s, rs
}

func TestRateRecoversStrengths(t *testing.T) {
	elo := []float64{-300, -100, 0, 150, 250}
	mean := 0.0
	for _, e := range elo {
		mean += e
	}
	mean /= float64(len(elo))
	outside := 0
	for seed := uint64(1); seed <= 4; seed++ {
		s, rs := simulate(elo, 300, 0.05, seed)
		r := Rate(s, rs, 200, seed)
		for _, x := range r.Ratings {
			want := elo[x.Agent[0]-'a'] - mean
			if x.CI == nil || x.CI[0] > x.Elo || x.CI[1] < x.Elo {
				t.Fatalf("%s: elo %.0f outside its interval %v", x.Agent, x.Elo, x.CI)
			}
			if math.Abs(x.Elo-want) > 80 {
				t.Errorf("seed %d %s: elo %.0f, want about %.0f", seed, x.Agent, x.Elo, want)
			}
			if want < x.CI[0] || want > x.CI[1] {
				outside++
			}
		}
		// Strongest first, as simulated.
		for i := 1; i < len(r.Ratings); i++ {
			if r.Ratings[i-1].Elo < r.Ratings[i].Elo {
				t.Fatal("ratings not sorted")
			}
		}
	}
	// 20 intervals at 95%: a few may miss, not many.
	if outside > 3 {
		t.Errorf("%d of 20 intervals miss the true rating", outside)
	}
}

func TestFitBTTwoPlayers(t *testing.T) {
	// Two players: the MLE (with one virtual draw) solves
	// p = (w+0.5)/(n+1) exactly.
	w := [][]float64{{0, 70}, {30, 0}}
	m := [][]float64{{0, 100}, {100, 0}}
	e := FitBT(w, m)
	p := 70.5 / 101
	want := 400 * math.Log10(p/(1-p))
	if math.Abs((e[0]-e[1])-want) > 1e-6 || math.Abs(e[0]+e[1]) > 1e-6 {
		t.Fatalf("got %v, want a difference of %.3f around 0", e, want)
	}
}

func TestSignTest(t *testing.T) {
	cases := []struct {
		w, l int
		p    float64
	}{{0, 5, 2.0 / 32}, {9, 1, 2 * 11.0 / 1024}, {5, 5, 1}, {0, 0, 1}, {3, 0, 0.25}}
	for _, c := range cases {
		if got := SignTest(c.w, c.l); math.Abs(got-c.p) > 1e-12 {
			t.Errorf("SignTest(%d, %d) = %g, want %g", c.w, c.l, got, c.p)
		}
	}
}

// TestRateIntervalOfOneSidedRecords: a perfect record and an exactly even
// (all drawn) one still get an interval around their estimate; resampling
// the games themselves gave both [x, x], as if 20 games settled the
// difference exactly.
func TestRateIntervalOfOneSidedRecords(t *testing.T) {
	for _, c := range []struct {
		name, result string
	}{{"perfect", "first"}, {"all drawn", "draw"}} {
		s := Settings{Agents: []string{"a", "b"}, Games: 20}
		var rs []Game
		for g := range 20 {
			rs = append(rs, Game{Pair: 0, Game: g, First: "a", Second: "b", Result: c.result})
		}
		r := Rate(s, rs, 400, 7)
		for _, x := range r.Ratings {
			if x.CI == nil || x.CI[1]-x.CI[0] < 20 || x.Elo < x.CI[0]-1e-9 || x.Elo > x.CI[1]+1e-9 {
				t.Errorf("%s record: %s rated %.1f with interval %v: want a real interval around the estimate", c.name, x.Agent, x.Elo, x.CI)
			}
		}
		if a := r.Ratings[0]; c.result == "first" && (a.Agent != "a" || a.Elo <= 0 || math.IsInf(a.Elo, 0)) {
			t.Errorf("perfect record: a rated %.1f, want finite and above b", a.Elo)
		}
	}
}

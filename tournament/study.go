package tournament

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/geister-solver/geister/player"
)

// AllPlacements lists the 70 red placements (four of the letters A-H) in
// lexicographic order: paper 002 §4 experiment 2's C(8,4) = 70.
func AllPlacements() []string {
	var out []string
	const l = "ABCDEFGH"
	for a := 0; a < 8; a++ {
		for b := a + 1; b < 8; b++ {
			for c := b + 1; c < 8; c++ {
				for d := c + 1; d < 8; d++ {
					out = append(out, string([]byte{l[a], l[b], l[c], l[d]}))
				}
			}
		}
	}
	return out
}

// withReds returns spec with the option reds=pl.
func withReds(spec, pl string) string {
	sp, err := player.ParseSpec(spec)
	if err != nil {
		return spec + ":reds=" + pl
	}
	if sp.Options == nil {
		sp.Options = map[string]string{}
	}
	sp.Options["reds"] = pl
	return sp.String()
}

// Row is one line of a study table: A's games in a class.
type Row struct {
	Class  string     `json:"class"`
	Games  int        `json:"games"`
	Wins   int        `json:"wins"`
	Losses int        `json:"losses"`
	Draws  int        `json:"draws"`
	Win    float64    `json:"win_pct"`
	WinCI  [2]float64 `json:"win_ci95_pct"` // Wilson interval
	Loss   float64    `json:"loss_pct"`
	Draw   float64    `json:"draw_pct"`
	Paper  string     `json:"paper,omitempty"` // paper 002's win/loss/draw %
}

// Study is paper 002's cuts of experiment 2, for agent A (the keeper
// side): Table 5 by seat, Table 6 each placement of A by win rate (best
// first), Table 7 by A's reds on the four inner squares BCFG, Table 8 on
// the four front squares ABCD, Table 9 on the keeper squares E and H.
type Study struct {
	A, B       string
	BySeat     []Row `json:"table5"`
	Placements []Row `json:"table6"`
	Inner      []Row `json:"table7"`
	Front      []Row `json:"table8"`
	Keepers    []Row `json:"table9"`
}

var paperRows = map[string]map[string]string{
	"5": {"first": "49.8/41.0/9.2", "second": "46.0/41.7/12.3", "all": "47.9/41.3/10.7"},
	"6": {"CEFG": "81.4", "BFGH": "77.1", "BCFG": "77.1", "BCFH": "77.1", "ABDH": "24.3", "ABDF": "22.9", "ACEH": "22.9", "BCDG": "22.9"},
	"7": {"0": "31.4/55.7/12.9", "1": "37.5/51.7/10.7", "2": "47.9/40.4/11.7", "3": "57.5/33.7/8.8", "4": "77.1/17.1/5.7"},
	"8": {"0": "68.6/25.7/5.7", "1": "54.7/33.3/12.1", "2": "51.4/37.0/11.6", "3": "32.9/59.0/8.2", "4": "32.9/60.7/6.4"},
	"9": {"0": "41.7/49.4/8.9", "1": "51.2/37.5/11.3", "2": "45.4/43.5/11.1"},
}

// Cuts computes the study tables of a placement study's results.
func Cuts(s Settings, rs []Game) (Study, error) {
	if !s.Placements {
		return Study{}, fmt.Errorf("tournament: not a placement study")
	}
	st := Study{A: s.Agents[0], B: s.Agents[1]}
	pairs := s.Pairings()
	acc := map[string]map[string]*Row{"5": {}, "6": {}, "7": {}, "8": {}, "9": {}}
	add := func(t, class string, outcome int) {
		r := acc[t][class]
		if r == nil {
			r = &Row{Class: class, Paper: paperRows[t][class]}
			acc[t][class] = r
		}
		r.Games++
		switch outcome {
		case 1:
			r.Wins++
		case -1:
			r.Losses++
		default:
			r.Draws++
		}
	}
	all := AllPlacements()
	count := func(pl, squares string) string {
		n := 0
		for _, c := range pl {
			if strings.ContainsRune(squares, c) {
				n++
			}
		}
		return fmt.Sprint(n)
	}
	for _, r := range rs {
		aSpec := pairs[r.Pair].A
		pl := all[r.Pair/len(all)]
		aFirst := r.First == aSpec
		outcome := 0
		switch {
		case r.Result == "first" && aFirst, r.Result == "second" && !aFirst:
			outcome = 1
		case r.Result != "draw":
			outcome = -1
		}
		seat := "second"
		if aFirst {
			seat = "first"
		}
		add("5", seat, outcome)
		add("5", "all", outcome)
		add("6", pl, outcome)
		add("7", count(pl, "BCFG"), outcome)
		add("8", count(pl, "ABCD"), outcome)
		add("9", count(pl, "EH"), outcome)
	}
	rows := func(t string) []Row {
		var out []Row
		for _, r := range acc[t] {
			n := float64(r.Games)
			r.Win, r.Loss, r.Draw = 100*float64(r.Wins)/n, 100*float64(r.Losses)/n, 100*float64(r.Draws)/n
			ci := wilson(r.Wins, r.Games)
			r.WinCI = [2]float64{100 * ci[0], 100 * ci[1]}
			out = append(out, *r)
		}
		sort.Slice(out, func(i, j int) bool { return out[i].Class < out[j].Class })
		return out
	}
	st.BySeat = rows("5")
	st.Placements = rows("6")
	sort.SliceStable(st.Placements, func(i, j int) bool { return st.Placements[i].Win > st.Placements[j].Win })
	st.Inner, st.Front, st.Keepers = rows("7"), rows("8"), rows("9")
	return st, nil
}

// wilson returns the 95% Wilson score interval of k successes in n.
func wilson(k, n int) [2]float64 {
	const z = 1.96
	p, nn := float64(k)/float64(n), float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return [2]float64{math.Max(0, centre-half), math.Min(1, centre+half)}
}

// Text returns the study's tables beside the paper's percentages.
func (st Study) Text() string {
	var b strings.Builder
	table := func(title string, rows []Row) {
		fmt.Fprintf(&b, "%s\n  %-8s %6s %7s %15s %7s %7s   %s\n", title, "class", "games", "win%", "95% interval", "loss%", "draw%", "paper 002 win/loss/draw %")
		for _, r := range rows {
			fmt.Fprintf(&b, "  %-8s %6d %7.1f %15s %7.1f %7.1f   %s\n", r.Class, r.Games, r.Win, fmt.Sprintf("[%.1f, %.1f]", r.WinCI[0], r.WinCI[1]), r.Loss, r.Draw, r.Paper)
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "placement study: %s (every placement) against %s (every placement), counted for %s\n\n", st.A, st.B, st.A)
	table("Table 5: by seat", st.BySeat)
	pl := st.Placements
	if len(pl) > 8 {
		pl = append(append([]Row(nil), pl[:4]...), pl[len(pl)-4:]...)
	}
	table("Table 6: best and worst four placements of A's reds (all 70 in --json)", pl)
	table("Table 7: A's reds on the inner squares BCFG", st.Inner)
	table("Table 8: A's reds on the front squares ABCD", st.Front)
	table("Table 9: A's red keepers (reds on E and H)", st.Keepers)
	return b.String()
}

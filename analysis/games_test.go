package analysis_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/geister-solver/geister/analysis"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

// AnalyzeGames answers each game asked for, once and in order, the same
// as Analyze does, and names a game that is not there.
func TestAnalyzeGames(t *testing.T) {
	var in strings.Builder
	var recs []match.Record
	for i := range 3 {
		a, _ := player.New("blue-chototsu", player.Env{})
		b, _ := player.New("random", player.Env{})
		g, err := match.Play(context.Background(), a, b, uint64(i+1), 200, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := match.RecordOf(g, i, "blue-chototsu", "random", 200)
		recs = append(recs, rec)
		line, _ := json.Marshal(rec)
		in.WriteString(string(line) + "\n")
	}
	o := analysis.Options{Nodes: 2000, TTMegabytes: 4}
	for _, game := range []int{-1, 1} {
		var got []int
		err := analysis.AnalyzeGames(context.Background(), "games", strings.NewReader(in.String()), game, o, nil, func(r *analysis.Report) error {
			want, err := analysis.Analyze(context.Background(), recs[r.Game], o)
			if err != nil || len(want.Plies) != len(r.Plies) || want.ForcedFrom != r.ForcedFrom {
				t.Errorf("game %d differs from Analyze: %v", r.Game, err)
			}
			got = append(got, r.Game)
			return nil
		})
		if err != nil || (game < 0 && len(got) != 3) || (game == 1 && (len(got) != 1 || got[0] != 1)) {
			t.Errorf("game %d: analysed %v, %v", game, got, err)
		}
	}
	err := analysis.AnalyzeGames(context.Background(), "games", strings.NewReader(in.String()), 7, o, nil, func(*analysis.Report) error { return nil })
	if err == nil || err.Error() != "games: no game 7" {
		t.Errorf("a missing game: %v", err)
	}
}

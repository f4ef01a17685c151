package tournament

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestAllPlacements(t *testing.T) {
	all := AllPlacements()
	seen := map[string]bool{}
	for _, p := range all {
		if len(p) != 4 || seen[p] {
			t.Fatalf("placement %q", p)
		}
		seen[p] = true
	}
	if len(all) != 70 || all[0] != "ABCD" || all[69] != "EFGH" {
		t.Fatalf("%d placements, %s..%s", len(all), all[0], all[len(all)-1])
	}
}

func TestStudy(t *testing.T) {
	name := filepath.Join(t.TempDir(), "s.jsonl")
	f, _ := os.Create(name)
	defer f.Close()
	cfg := Config{Agents: []string{"random", "random:seed=1"}, Placements: true, Games: 2, Seed: 1, Threads: 2}
	rs, err := Run(context.Background(), cfg, f)
	if err != nil || len(rs) != 9800 {
		t.Fatalf("%d games, %v", len(rs), err)
	}
	s, _ := cfg.Settings()
	st, err := Cuts(s, rs)
	if err != nil {
		t.Fatal(err)
	}
	// Every placement of A played 70 opponents twice; the cuts partition
	// the games as C(4,k)^2-weighted classes.
	if len(st.Placements) != 70 {
		t.Fatalf("%d placements", len(st.Placements))
	}
	for _, r := range st.Placements {
		if r.Games != 140 || r.Wins+r.Losses+r.Draws != 140 {
			t.Fatalf("placement %s: %+v", r.Class, r)
		}
	}
	binom := []int{1, 4, 6, 4, 1}
	for _, tab := range [][]Row{st.Inner, st.Front} {
		for k, r := range tab {
			if r.Class != string(rune('0'+k)) || r.Games != 140*binom[k]*binom[4-k] {
				t.Fatalf("class %s: %d games", r.Class, r.Games)
			}
		}
	}
	// Reds on E and H: 0 of them in C(6,4)=15 placements, 1 in 2*C(6,3)=40, 2 in C(6,2)=15.
	for k, n := range []int{15, 40, 15} {
		if st.Keepers[k].Games != 140*n {
			t.Fatalf("keepers %d: %d games", k, st.Keepers[k].Games)
		}
	}
	if st.BySeat[0].Class != "all" || st.BySeat[0].Games != 9800 || st.BySeat[1].Games != 4900 {
		t.Fatalf("table 5: %+v", st.BySeat)
	}
	// A's reds really were the placement the pairing names.
	pairs := s.Pairings()
	for _, r := range rs {
		pl := AllPlacements()[r.Pair/70]
		reds := r.SecondReds
		if r.First == pairs[r.Pair].A {
			reds = r.FirstReds
		}
		if reds != pl {
			t.Fatalf("pair %d game %d: A's reds %s, want %s", r.Pair, r.Game, reds, pl)
		}
	}
	txt := st.Text()
	for _, want := range []string{"Table 5", "Table 9", "77.1/17.1/5.7", "paper 002"} {
		if !strings.Contains(txt, want) {
			t.Errorf("text lacks %q", want)
		}
	}
}

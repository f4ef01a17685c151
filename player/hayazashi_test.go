package player

import (
	"context"
	"github.com/geister-solver/geister/internal/cputime"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
)

// TestHayazashiPlaysLegalGames plays hayazashi against every other agent
// (small budgets) and itself, both seats, to the end of each game; every
// move must be legal and be the policy's exact first argmax with the
// pieces lettered as they started.
func TestHayazashiPlaysLegalGames(t *testing.T) {
	opponents := []string{"random", "blue-chototsu", "red-chototsu", "chototsu", "naotti10:depth=2", "naotti11:depth=2",
		"purplemax:depth=2,tt=1,dfpn=50", "keeper", "keeper-purplemax:depth=2,tt=1,dfpn=50", "hayazashi:weights=63", "hayazashi"}
	w, err := haf.Builtin("900")
	if err != nil {
		t.Fatal(err)
	}
	games := 6
	if testing.Short() {
		games = 2
	}
	ends := map[string]int{}
	for _, spec := range opponents {
		for g := 0; g < games; g++ {
			hz := mustNew(t, "hayazashi", DefaultEnv())
			opp := mustNew(t, spec, DefaultEnv())
			me := engine.Player(g % 2)
			agents := [2]Agent{hz, opp}
			if me == engine.Second {
				agents = [2]Agent{opp, hz}
			}
			seed := uint64(1000*g + len(spec))
			p := engine.StartPosition(agents[0].NewGame(engine.First, seed), agents[1].NewGame(engine.Second, seed+1))
			units := haf.StartUnits(me)
			var moves []engine.Move
			for p.OutcomeWithLimit(200) == engine.Ongoing {
				turn := p.Turn()
				v := NewView(p, turn, moves, 200)
				m, err := agents[turn].Move(context.Background(), &v)
				if err != nil {
					t.Fatalf("hayazashi vs %s game %d: %v", spec, g, err)
				}
				if !p.IsLegal(m) {
					t.Fatalf("hayazashi vs %s game %d: %s played illegal %s in %s", spec, g, turn, m, p.String())
				}
				if turn == me {
					vp := v.Position()
					st, err := haf.StateFromPosition(&vp, me, &units)
					if err != nil {
						t.Fatal(err)
					}
					sc := w.Afterstates(&st, nil)
					if want := sc[haf.Best(sc)].Engine; m != want {
						t.Fatalf("hayazashi vs %s game %d: played %s in %s, the policy's argmax is %s", spec, g, m, p.String(), want)
					}
				}
				units.Play(m)
				p.Make(m)
				moves = append(moves, m)
			}
			ends[p.OutcomeWithLimit(200).String()]++
		}
	}
	t.Logf("outcomes: %v", ends)
}

// TestHayazashiOptions: the two built-in θ choose differently in the
// original's first test position (900: D,N = e5e4; 63: A,W = b5a5), a
// weights file path works like the built-in file, and a bad file is an
// error naming it.
func TestHayazashiOptions(t *testing.T) {
	// Test vector P1: our reds A, D, F, G; the opponent at the start.
	pos := "1uuuu1/1uuuu1/6/6/1RBBR1/1BRRB1 f R4r4 0"
	if m := moveIn(t, mustNew(t, "hayazashi", Env{}), pos); m.String() != "e5e4" {
		t.Errorf("hayazashi plays %s, want e5e4 (D,N)", m)
	}
	if m := moveIn(t, mustNew(t, "hayazashi:weights=63", Env{}), pos); m.String() != "b5a5" {
		t.Errorf("hayazashi:weights=63 plays %s, want b5a5 (A,W)", m)
	}
	b, err := os.ReadFile("../data/haf/vsself63_theta.npy")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "theta.npy")
	os.WriteFile(good, b, 0o644)
	if m := moveIn(t, mustNew(t, "hayazashi:weights="+good, Env{}), pos); m.String() != "b5a5" {
		t.Errorf("hayazashi:weights=%s plays %s, want b5a5", good, m)
	}
	short := filepath.Join(dir, "short.npy")
	os.WriteFile(short, b[:5000], 0o644)
	for _, bad := range []string{short, filepath.Join(dir, "missing.npy")} {
		if _, err := New("hayazashi:weights="+bad, Env{}); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("weights=%s: error %v, want one naming the file", bad, err)
		}
	}
	if _, err := New("hayazashi:weights=", Env{}); err == nil {
		t.Error("empty weights accepted")
	}
}

// TestHayazashiPlacement: the reds are uniformly random (each piece red
// about half the time), or the reds option.
func TestHayazashiPlacement(t *testing.T) {
	a := mustNew(t, "hayazashi", Env{})
	var red [8]int
	const n = 7000
	seen := map[engine.Placement]bool{}
	for s := uint64(0); s < n; s++ {
		pl := a.NewGame(engine.First, s)
		if !pl.Valid() {
			t.Fatalf("invalid placement %v", pl)
		}
		seen[pl] = true
		for i := 0; i < 8; i++ {
			if pl&(1<<i) != 0 {
				red[i]++
			}
		}
	}
	for i, c := range red {
		// 4σ of a binomial(7000, 1/2) is about 170.
		if math.Abs(float64(c)-n/2) > 170 {
			t.Errorf("piece %c red in %d of %d games", 'A'+i, c, n)
		}
	}
	if len(seen) != 70 {
		t.Errorf("%d of the 70 placements seen", len(seen))
	}
	if pl := mustNew(t, "hayazashi:reds=BCFG", Env{}).NewGame(engine.Second, 3); pl.String() != "BCFG" {
		t.Errorf("reds=BCFG gives %s", pl)
	}
}

// BenchmarkHayazashi is the agent's move choice on views from random
// games; it reports moves per CPU-second of the benchmark's thread.
func BenchmarkHayazashi(b *testing.B) {
	views := benchViews(1000)
	a := mustNew(b, "hayazashi", Env{})
	a.NewGame(engine.First, 1)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cputime.ThreadSeconds()
	for i := 0; i < b.N; i++ {
		if _, err := a.Move(context.Background(), &views[i%len(views)]); err != nil {
			b.Fatal(err)
		}
	}
	cpu := cputime.ThreadSeconds() - cpu0
	b.ReportMetric(float64(b.N)/cpu, "moves/cpu-s")
}

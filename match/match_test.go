package match

import (
	"bytes"
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/player"
)

// spy wraps an agent and checks every view it is handed: the opponent's
// pieces must all be colour-unknown and the view must be the mover's.
type spy struct {
	player.Agent
	t    *testing.T
	name string
	side engine.Player
	bad  string
}

func (s *spy) NewGame(side engine.Player, seed uint64) engine.Placement {
	s.side = side
	return s.Agent.NewGame(side, seed)
}

func (s *spy) Move(ctx context.Context, v *player.View) (engine.Move, error) {
	p := v.Position()
	opp := s.side.Other()
	if v.Me() != s.side || p.Turn() != s.side {
		s.bad = fmt.Sprintf("%s got a view for the wrong side", s.name)
	}
	if p.Pieces(opp, engine.Blue)|p.Pieces(opp, engine.Red) != 0 {
		s.bad = fmt.Sprintf("%s saw opponent colours in %s", s.name, p.String())
	}
	return s.Agent.Move(ctx, v)
}

// smallBudgets are the agents with budgets small enough for 100 games
// against every other agent.
var smallBudgets = []string{
	"random", "blue-chototsu", "red-chototsu", "chototsu",
	"naotti10:depth=1", "naotti11:depth=1",
	"purplemax:depth=1,tt=1,dfpn=50", "keeper", "keeper-purplemax:depth=1,tt=1,dfpn=50",
}

// TestEveryAgentPlaysLegalGames plays 100 games (sides alternating) between
// every two agents, each agent against itself included, refereed by Play,
// which rejects illegal moves; every view an agent gets is checked.
func TestEveryAgentPlaysLegalGames(t *testing.T) {
	games := 100
	if testing.Short() {
		games = 10
	}
	type pair struct{ a, b string }
	var pairs []pair
	for i, a := range smallBudgets {
		for _, b := range smallBudgets[i:] {
			pairs = append(pairs, pair{a, b})
		}
	}
	work := make(chan pair)
	var mu sync.Mutex
	var failures []string
	var wg sync.WaitGroup
	env := player.DefaultEnv()
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf []engine.Move
			for pr := range work {
				a, err := player.New(pr.a, env)
				if err != nil {
					t.Error(err)
					continue
				}
				b, err := player.New(pr.b, env)
				if err != nil {
					t.Error(err)
					continue
				}
				sa := &spy{Agent: a, t: t, name: pr.a}
				sb := &spy{Agent: b, t: t, name: pr.b}
				reasons := map[Reason]int{}
				for i := 0; i < games; i++ {
					first, second := player.Agent(sa), player.Agent(sb)
					if i%2 == 1 {
						first, second = sb, sa
					}
					g, err := Play(context.Background(), first, second, GameSeed(7, i), engine.DefaultPlyLimit, buf, nil)
					buf = g.Moves
					if err != nil || g.Reason == ByIllegalMove || g.Reason == ByAgentError || g.Reason == "" {
						mu.Lock()
						failures = append(failures, fmt.Sprintf("%s vs %s game %d: %v %q %s", pr.a, pr.b, i, err, g.Reason, g.Detail))
						mu.Unlock()
					}
					if (g.Outcome == engine.Draw) != (g.Reason == ByPlyLimit) || (g.Outcome == engine.Draw && len(g.Moves) != engine.DefaultPlyLimit) {
						mu.Lock()
						failures = append(failures, fmt.Sprintf("%s vs %s game %d: outcome %v with reason %q after %d plies", pr.a, pr.b, i, g.Outcome, g.Reason, len(g.Moves)))
						mu.Unlock()
					}
					reasons[g.Reason]++
				}
				for _, s := range []*spy{sa, sb} {
					if s.bad != "" {
						mu.Lock()
						failures = append(failures, s.bad)
						mu.Unlock()
					}
				}
			}
		}()
	}
	for _, pr := range pairs {
		work <- pr
	}
	close(work)
	wg.Wait()
	for _, f := range failures {
		t.Error(f)
	}
}

// TestRefereeEndsGamesRight replays games of random players with the
// engine and checks each recorded reason against the final position.
func TestRefereeEndsGamesRight(t *testing.T) {
	a, _ := player.New("random", player.Env{})
	b, _ := player.New("random", player.Env{})
	seen := map[Reason]bool{}
	for i := 0; i < 300; i++ {
		g, err := Play(context.Background(), a, b, GameSeed(3, i), 200, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := RecordOf(g, i, "random", "random", 200)
		positions, _, err := rec.Replay()
		if err != nil {
			t.Fatal(err)
		}
		last := positions[len(positions)-2]
		final := positions[len(positions)-1]
		mover := last.Turn()
		seen[g.Reason] = true
		switch g.Reason {
		case ByEscape:
			if !g.Moves[len(g.Moves)-1].IsEscape() || g.Outcome != engine.WinFor(mover) {
				t.Fatalf("game %d: escape?", i)
			}
		case ByBluesTaken:
			if final.Blues(mover.Other()) != 0 || g.Outcome != engine.WinFor(mover) {
				t.Fatalf("game %d: blues taken?", i)
			}
		case ByRedsGiven:
			if final.Reds(mover.Other()) != 0 || g.Outcome != engine.WinFor(mover.Other()) {
				t.Fatalf("game %d: reds given?", i)
			}
		case ByPlyLimit:
			if final.Ply() != 200 || g.Outcome != engine.Draw {
				t.Fatalf("game %d: draw?", i)
			}
		default:
			t.Fatalf("game %d: reason %q", i, g.Reason)
		}
	}
	for _, r := range []Reason{ByEscape, ByBluesTaken, ByRedsGiven} {
		if !seen[r] {
			t.Errorf("no game ended by %s", r)
		}
	}
}

// cheater plays an illegal move.
type cheater struct{ player.Agent }

func (cheater) NewGame(engine.Player, uint64) engine.Placement { return engine.Placements[0] }
func (cheater) Move(ctx context.Context, v *player.View) (engine.Move, error) {
	return engine.NewMove(engine.Sq(0, 3), engine.Sq(0, 4)), nil
}

func TestIllegalMoveLoses(t *testing.T) {
	r, _ := player.New("random", player.Env{})
	g, err := Play(context.Background(), cheater{}, r, 1, 200, nil, nil)
	if err != nil || g.Reason != ByIllegalMove || g.Outcome != engine.SecondWins || !strings.Contains(g.Detail, "a3a4") {
		t.Fatalf("%+v %v", g, err)
	}
}

// TestSameSeedSameMatch: the same seed gives the same games and records
// whatever the number of goroutines; another seed gives other games.
func TestSameSeedSameMatch(t *testing.T) {
	run := func(seed uint64, jobs int) (*Summary, string) {
		var rec bytes.Buffer
		s, err := Run(context.Background(), Config{A: "purplemax:depth=2,tt=1,dfpn=100", B: "naotti10:depth=1", Games: 12, Seed: seed, PlyLimit: 200, Jobs: jobs, Records: &rec, Env: player.DefaultEnv()})
		if err != nil {
			t.Fatal(err)
		}
		return s, rec.String()
	}
	s1, r1 := run(5, 1)
	s2, r2 := run(5, 2)
	s3, r3 := run(5, 3)
	if r1 != r2 || r1 != r3 {
		t.Fatalf("records differ between --jobs 1, 2, 3")
	}
	for _, s := range []*Summary{s2, s3} {
		if s.Wins != s1.Wins || s.Losses != s1.Losses || s.Draws != s1.Draws || s.AsFirst != s1.AsFirst || s.AvgPlies != s1.AvgPlies {
			t.Fatalf("summaries differ: %+v %+v", s1, s)
		}
	}
	if _, r4 := run(6, 2); r4 == r1 {
		t.Fatalf("seed 6 played the same games as seed 5")
	}
	if s1.Games != 12 || s1.AsFirst.Games != 6 || s1.AsSecond.Games != 6 || s1.Wins+s1.Losses+s1.Draws != 12 {
		t.Fatalf("counts: %+v", s1)
	}
	recs, err := ReadRecords(strings.NewReader(r1))
	if err != nil || len(recs) != 12 {
		t.Fatalf("records: %d %v", len(recs), err)
	}
	wins := 0
	for i, rec := range recs {
		if rec.Game != i || (i%2 == 0) != (rec.First == s1.A) {
			t.Fatalf("record %d: game %d, first %s", i, rec.Game, rec.First)
		}
		if _, _, err := rec.Replay(); err != nil {
			t.Fatal(err)
		}
		if (rec.Result == "first" && rec.First == s1.A) || (rec.Result == "second" && rec.Second == s1.A) {
			wins++
		}
	}
	if wins != s1.Wins {
		t.Fatalf("records show %d wins for A, summary %d", wins, s1.Wins)
	}
}

func TestRunErrors(t *testing.T) {
	if _, err := Run(context.Background(), Config{A: "random", B: "nobody", Games: 2}); err == nil || !strings.Contains(err.Error(), "nobody") {
		t.Errorf("unknown agent: %v", err)
	}
	if _, err := Run(context.Background(), Config{A: "random", B: "random"}); err != ErrNoGames {
		t.Errorf("no games: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{A: "random", B: "random", Games: 100}); err == nil {
		t.Errorf("cancelled match: no error")
	}
}

func TestWilson(t *testing.T) {
	ci := wilson(50, 100)
	if ci[0] < 0.40 || ci[0] > 0.41 || ci[1] < 0.59 || ci[1] > 0.60 {
		t.Errorf("wilson(50,100) = %v, want about [0.404, 0.596]", ci)
	}
	if ci := wilson(0, 20); ci[0] != 0 || ci[1] < 0.16 || ci[1] > 0.17 {
		t.Errorf("wilson(0,20) = %v", ci)
	}
}

func TestRecordsRejectBadInput(t *testing.T) {
	good := `{"game":0,"seed":1,"first":"random","second":"random","first_reds":"ABCD","second_reds":"EFGH","moves":["b5b4"],"result":"draw","reason":"ply limit","plies":1,"ply_limit":1}`
	rec, err := ParseRecord(good)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := rec.Replay(); err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		`{"game":0`: "record",
		strings.Replace(good, `"draw"`, `"maybe"`, 1):              "result",
		strings.Replace(good, `"b5b4"`, `"b5b3"`, 1):               "move 1",
		strings.Replace(good, `"ABCD"`, `"ABC"`, 1):                "first_reds",
		strings.Replace(good, `"game":0`, `"gam":0`, 1):            "unknown field",
		strings.Replace(good, `"draw"`, `"first"`, 1):              "the moves end in draw",
		strings.Replace(good, `"ply_limit":1`, `"ply_limit":9`, 1): "before the limit",
		good + " {}": "more than one",
	} {
		rec, err := ParseRecord(in)
		if err == nil {
			_, _, err = rec.Replay()
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	if _, err := ReadRecords(strings.NewReader(good + "\n\nnot json\n")); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("ReadRecords: %v, want line 3", err)
	}
}

func FuzzRecord(f *testing.F) {
	f.Add(`{"game":0,"seed":1,"first":"random","second":"random","first_reds":"ABCD","second_reds":"EFGH","moves":["b5b4","c2c3"],"result":"draw","reason":"ply limit","plies":2,"ply_limit":2}`)
	f.Add(`{"game":3,"first_reds":"BCFG","second_reds":"ADEH","moves":["b5b4"],"result":"first"}`)
	f.Add(`{}`)
	f.Fuzz(func(t *testing.T, line string) {
		rec, err := ParseRecord(line)
		if err != nil {
			return
		}
		positions, moves, err := rec.Replay()
		if err != nil {
			return
		}
		if len(positions) != len(moves)+1 || len(moves) != len(rec.Moves) {
			t.Fatalf("replay of %q: %d positions, %d moves", line, len(positions), len(moves))
		}
	})
}

// BenchmarkRandomVsRandom measures the arena: games of random against
// random on every CPU, through the agent interface and the referee.
func BenchmarkRandomVsRandom(b *testing.B) {
	b.ReportAllocs()
	cpu0 := cputime.Process()
	s, err := Run(context.Background(), Config{A: "random", B: "random", Games: b.N, Seed: 1, PlyLimit: 200})
	if err != nil {
		b.Fatal(err)
	}
	cpu := (cputime.Process() - cpu0).Seconds()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	// What both cores would do if the process had them to itself.
	b.ReportMetric(float64(b.N)/cpu*float64(min(runtime.NumCPU(), 2)), "games/s-2cores-by-cpu")
	b.ReportMetric(s.AvgPlies, "plies/game")
}

// recorder keeps every view it is handed.
type recorder struct {
	player.Agent
	views []engine.Position
}

func (r *recorder) Move(ctx context.Context, v *player.View) (engine.Move, error) {
	r.views = append(r.views, v.Position())
	return r.Agent.Move(ctx, v)
}

// TestViewsFollowTheGame: the views the referee keeps move by move equal
// the referee's position hidden from scratch, at every ply.
func TestViewsFollowTheGame(t *testing.T) {
	for i := 0; i < 200; i++ {
		a, _ := player.New("random", player.Env{})
		b, _ := player.New("random", player.Env{})
		ra, rb := &recorder{Agent: a}, &recorder{Agent: b}
		var positions []engine.Position
		g, err := Play(context.Background(), ra, rb, GameSeed(9, i), 200, nil, func(p *engine.Position, m engine.Move, took time.Duration) {
			positions = append(positions, *p)
		})
		if err != nil {
			t.Fatal(err)
		}
		referee := positions
		if referee[0] != engine.StartPosition(g.FirstReds, g.SecondReds) {
			t.Fatalf("the observer's first position is not the start")
		}
		for ply, view := range interleave(ra.views, rb.views) {
			want := referee[ply]
			want.Hide(want.Turn().Other())
			if view != want || view.Hash() != view.RecomputeHash() {
				t.Fatalf("game %d ply %d: view %s, want %s", i, ply, view.String(), want.String())
			}
		}
	}
}

func interleave(a, b []engine.Position) []engine.Position {
	var out []engine.Position
	for i := 0; i < len(a) || i < len(b); i++ {
		if i < len(a) {
			out = append(out, a[i])
		}
		if i < len(b) {
			out = append(out, b[i])
		}
	}
	return out
}

func TestCPUTime(t *testing.T) {
	s, err := Run(context.Background(), Config{A: "naotti10:depth=2", B: "random", Games: 2, Seed: 1, PlyLimit: 200, CPUTime: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cputime.Thread(); ok && s.TimeKind != "cpu" {
		t.Fatalf("time kind %q", s.TimeKind)
	}
	if s.TimeA.TotalS <= 0 || s.TimeA.Moves == 0 || s.TimeA.MaxMs <= 0 {
		t.Fatalf("times: %+v", s.TimeA)
	}
	w, _ := Run(context.Background(), Config{A: "naotti10:depth=2", B: "random", Games: 2, Seed: 1, PlyLimit: 200})
	if w.Wins != s.Wins || w.Losses != s.Losses || w.AvgPlies != s.AvgPlies || w.TimeKind != "wall" {
		t.Fatalf("timing by CPU changed the games")
	}
}

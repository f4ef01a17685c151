package match

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/player"
	"github.com/geister-solver/geister/pool"
)

// Config describes a match: Games games between agents A and B (specs
// such as "purplemax:depth=6"), A playing first in the even-numbered games
// and second in the odd ones. Game i is seeded by GameSeed(Seed, i), so
// the match is the same whatever Jobs is (for agents without time
// budgets).
type Config struct {
	A, B     string
	Games    int
	Seed     uint64
	PlyLimit int // 0: none
	Jobs     int // goroutines; 0: one per CPU
	// CPUTime times moves by the CPU time of the thread that plays the
	// game instead of the clock (Linux; elsewhere the clock), so that
	// other work on the machine does not count. It costs a system call a
	// move.
	CPUTime bool
	// Env gives the agents their tables and prover; its proof store is
	// not used (player.Env.WithoutStore): games depend on their seeds
	// only.
	Env player.Env
	// Records, when not nil, receives one JSON line per game, in game
	// order.
	Records io.Writer
	// Progress, when not nil, is called after each game (from one
	// goroutine at a time).
	Progress func(Progress)
}

// Progress is the state of a running match.
type Progress struct {
	Done, Games         int
	Wins, Losses, Draws int // for A
	Elapsed             time.Duration
}

// SideStats counts games from A's side.
type SideStats struct {
	Games  int `json:"games"`
	Wins   int `json:"wins"`
	Losses int `json:"losses"`
	Draws  int `json:"draws"`
}

// TimeStats are one agent's thinking times.
type TimeStats struct {
	Moves   int     `json:"moves"`
	TotalS  float64 `json:"total_s"`
	AvgMs   float64 `json:"avg_ms"`
	MaxMs   float64 `json:"max_ms"`
	total   time.Duration
	longest time.Duration
}

// ReasonStats count how games ended: won by A, won by B, or drawn.
type ReasonStats struct {
	A     int `json:"a"`
	B     int `json:"b"`
	Draws int `json:"draws,omitempty"`
}

// Summary is the result of a match, counted for A.
type Summary struct {
	A        string                 `json:"a"`
	B        string                 `json:"b"`
	Seed     uint64                 `json:"seed"`
	PlyLimit int                    `json:"ply_limit"`
	Games    int                    `json:"games"`
	Wins     int                    `json:"wins"`
	Losses   int                    `json:"losses"`
	Draws    int                    `json:"draws"`
	Score    float64                `json:"score"`    // (wins + draws/2) / games
	ScoreCI  [2]float64             `json:"score_ci"` // 95% interval of the score
	WinCI    [2]float64             `json:"win_ci"`   // 95% Wilson interval of wins/games
	AsFirst  SideStats              `json:"as_first"`
	AsSecond SideStats              `json:"as_second"`
	Reasons  map[Reason]ReasonStats `json:"reasons"`
	TimeA    TimeStats              `json:"time_a"`
	TimeB    TimeStats              `json:"time_b"`
	AvgPlies float64                `json:"avg_plies"`
	ElapsedS float64                `json:"elapsed_s"`
	// TimeKind says how moves were timed: "cpu" (the thread's CPU time)
	// or "wall" (the clock).
	TimeKind string `json:"time_kind"`
	// Problems lists the games lost by an illegal move or an agent error.
	Problems []string `json:"problems,omitempty"`
	plies    int
	scoreSq  float64
}

type result struct {
	i      int
	aFirst bool
	g      Game
}

// Run plays the match.
func Run(ctx context.Context, cfg Config) (*Summary, error) {
	if cfg.Games <= 0 {
		return nil, ErrNoGames
	}
	jobs := cfg.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	jobs = min(jobs, cfg.Games)
	// Check both specs before starting.
	for _, s := range []string{cfg.A, cfg.B} {
		if _, err := player.ParseSpec(s); err != nil {
			return nil, err
		}
	}
	specA, _ := player.ParseSpec(cfg.A)
	specB, _ := player.ParseSpec(cfg.B)
	sum := &Summary{A: specA.String(), B: specB.String(), Seed: cfg.Seed, PlyLimit: cfg.PlyLimit, Reasons: map[Reason]ReasonStats{}, TimeKind: "wall"}
	if _, ok := cputime.Thread(); ok && cfg.CPUTime {
		sum.TimeKind = "cpu"
	}

	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	env := cfg.Env.WithoutStore() // games depend on their seeds only
	agents := make([][2]player.Agent, jobs)
	for w := range agents {
		for k, spec := range []string{cfg.A, cfg.B} {
			a, err := player.New(spec, env)
			if err != nil {
				return nil, err
			}
			agents[w][k] = a
		}
	}
	games := func(yield func(int) bool) {
		for i := 0; i < cfg.Games && ctx.Err() == nil; i++ {
			if !yield(i) {
				return
			}
		}
	}
	start := time.Now()
	err := pool.Ordered(jobs, games, func(w int) func(int) (result, error) {
		if cfg.CPUTime {
			runtime.LockOSThread() // for the thread's CPU clock; the thread ends with the worker
		}
		a, b := agents[w][0], agents[w][1]
		var buf []engine.Move
		return func(i int) (result, error) {
			aFirst := i%2 == 0
			first, second := a, b
			if !aFirst {
				first, second = b, a
			}
			g, err := play(ctx, first, second, GameSeed(cfg.Seed, i), cfg.PlyLimit, buf, nil, cfg.CPUTime)
			buf = g.Moves
			if cfg.Records != nil {
				g.Moves = append([]engine.Move(nil), g.Moves...)
			}
			if err != nil {
				cancel() // stop the games under way too
			}
			return result{i: i, aFirst: aFirst, g: g}, err
		}
	}, func(_ int, r result) error {
		sum.add(r, specA.String(), specB.String())
		if cfg.Records != nil {
			if err := writeRecord(cfg.Records, r, cfg, specA.String(), specB.String()); err != nil {
				cancel()
				return err
			}
		}
		if cfg.Progress != nil {
			cfg.Progress(Progress{Done: sum.Games, Games: cfg.Games, Wins: sum.Wins, Losses: sum.Losses, Draws: sum.Draws, Elapsed: time.Since(start)})
		}
		return nil
	})
	firstErr := err
	sum.ElapsedS = time.Since(start).Seconds()
	sum.finish()
	if firstErr == nil && sum.Games < cfg.Games {
		firstErr = parent.Err()
	}
	if firstErr != nil {
		return sum, firstErr
	}
	return sum, nil
}

func writeRecord(w io.Writer, r result, cfg Config, a, b string) error {
	first, second := a, b
	if !r.aFirst {
		first, second = b, a
	}
	rec := RecordOf(r.g, r.i, first, second, cfg.PlyLimit)
	line, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	_, err = w.Write(append(line, '\n'))
	return err
}

func (s *Summary) add(r result, a, b string) {
	g := &r.g
	s.Games++
	s.plies += len(g.Moves)
	side := &s.AsSecond
	aSide := engine.Second
	if r.aFirst {
		side, aSide = &s.AsFirst, engine.First
	}
	side.Games++
	rs := s.Reasons[g.Reason]
	winner, decided := g.Outcome.Winner()
	switch {
	case !decided:
		s.Draws++
		side.Draws++
		rs.Draws++
		s.scoreSq += 0.25
	case winner == aSide:
		s.Wins++
		side.Wins++
		rs.A++
		s.scoreSq++
	default:
		s.Losses++
		side.Losses++
		rs.B++
	}
	s.Reasons[g.Reason] = rs
	if g.Reason == ByIllegalMove || g.Reason == ByAgentError {
		s.Problems = append(s.Problems, fmt.Sprintf("game %d: %s: %s", r.i, g.Reason, g.Detail))
	}
	addTime(&s.TimeA, g, aSide)
	addTime(&s.TimeB, g, aSide.Other())
}

func addTime(t *TimeStats, g *Game, side engine.Player) {
	t.Moves += g.NMoves[side]
	t.total += g.Time[side]
	if g.MaxTime[side] > t.longest {
		t.longest = g.MaxTime[side]
	}
}

func (t *TimeStats) finish() {
	t.TotalS = t.total.Seconds()
	if t.Moves > 0 {
		t.AvgMs = t.total.Seconds() * 1e3 / float64(t.Moves)
	}
	t.MaxMs = t.longest.Seconds() * 1e3
}

func (s *Summary) finish() {
	n := float64(s.Games)
	if s.Games > 0 {
		s.AvgPlies = float64(s.plies) / n
		s.Score = (float64(s.Wins) + float64(s.Draws)/2) / n
		variance := s.scoreSq/n - s.Score*s.Score
		half := 1.96 * math.Sqrt(math.Max(variance, 0)/n)
		s.ScoreCI = [2]float64{math.Max(0, s.Score-half), math.Min(1, s.Score+half)}
		s.WinCI = wilson(s.Wins, s.Games)
	}
	s.TimeA.finish()
	s.TimeB.finish()
}

// wilson returns the 95% Wilson score interval of k successes in n.
func wilson(k, n int) [2]float64 {
	const z = 1.96
	p := float64(k) / float64(n)
	nn := float64(n)
	den := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / den
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / den
	return [2]float64{math.Max(0, centre-half), math.Min(1, centre+half)}
}

// Text returns the summary as a few lines for people.
func (s *Summary) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s vs %s: %s (seed %d, ply limit %d)\n", s.A, s.B, words.Count(s.Games, "game"), s.Seed, s.PlyLimit)
	fmt.Fprintf(&b, "%s: %s, %s, %s; wins %.1f%% (95%%: %.1f-%.1f%%), score %.3f (95%%: %.3f-%.3f)\n",
		s.A, words.Count(s.Wins, "win"), words.Count(s.Losses, "loss"), words.Count(s.Draws, "draw"), pct(s.Wins, s.Games), 100*s.WinCI[0], 100*s.WinCI[1], s.Score, s.ScoreCI[0], s.ScoreCI[1])
	fmt.Fprintf(&b, "  as first:  %d-%d-%d of %d\n", s.AsFirst.Wins, s.AsFirst.Losses, s.AsFirst.Draws, s.AsFirst.Games)
	fmt.Fprintf(&b, "  as second: %d-%d-%d of %d\n", s.AsSecond.Wins, s.AsSecond.Losses, s.AsSecond.Draws, s.AsSecond.Games)
	b.WriteString("ended by:\n")
	for _, r := range Reasons {
		rs, ok := s.Reasons[r]
		if !ok {
			continue
		}
		if r == ByPlyLimit {
			fmt.Fprintf(&b, "  %-12s %s\n", r, words.Count(rs.Draws, "draw"))
			continue
		}
		fmt.Fprintf(&b, "  %-12s %d won by %s, %d by %s\n", r, rs.A, s.A, rs.B, s.B)
	}
	fmt.Fprintf(&b, "average game %.1f plies\n", s.AvgPlies)
	fmt.Fprintf(&b, "%s time per move: %s avg %.3f ms, max %.1f ms, total %.2f s over %s\n", s.TimeKind, s.A, s.TimeA.AvgMs, s.TimeA.MaxMs, s.TimeA.TotalS, words.Count(s.TimeA.Moves, "move"))
	fmt.Fprintf(&b, "                    %s avg %.3f ms, max %.1f ms, total %.2f s over %s\n", s.B, s.TimeB.AvgMs, s.TimeB.MaxMs, s.TimeB.TotalS, words.Count(s.TimeB.Moves, "move"))
	fmt.Fprintf(&b, "elapsed %.1f s\n", s.ElapsedS)
	for _, p := range s.Problems {
		fmt.Fprintf(&b, "problem: %s\n", p)
	}
	return b.String()
}

func pct(k, n int) float64 {
	if n == 0 {
		return 0
	}
	return 100 * float64(k) / float64(n)
}

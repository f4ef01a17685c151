// Package match is the arena: it referees games between agents of package
// player (it alone sees both sides' colours and hands each agent a
// player.View), runs matches of many games over several goroutines,
// reproducibly from one seed, keeps the statistics (wins, losses and draws
// with a 95% interval, per side, how the games ended, time per move) and
// writes and reads game records (one JSON object per line).
//
//	sum, err := match.Run(ctx, match.Config{A: "purplemax", B: "random", Games: 200, Seed: 1})
//	fmt.Print(sum.Text())
package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/player"
)

// Game is one refereed game.
type Game struct {
	Seed       uint64
	FirstReds  engine.Placement
	SecondReds engine.Placement
	Moves      []engine.Move
	Outcome    engine.Outcome // FirstWins, SecondWins or Draw
	Reason     Reason
	Detail     string // for forfeits: what happened
	// Time spent in each side's Move calls: total, the longest, and the
	// number of moves.
	Time    [2]time.Duration
	MaxTime [2]time.Duration
	NMoves  [2]int
}

// MoveTimes are one side's move times in a game, in milliseconds.
type MoveTimes struct {
	Moves  int     `json:"moves"`
	MeanMS float64 `json:"mean_ms"`
	MaxMS  float64 `json:"max_ms"`
}

// MoveTimes returns the first's and the second's move times in g (zero
// for a side that made no move).
func (g *Game) MoveTimes() [2]MoveTimes {
	var mt [2]MoveTimes
	for i := range mt {
		if n := g.NMoves[i]; n > 0 {
			mt[i] = MoveTimes{n, float64(g.Time[i]) / 1e6 / float64(n), float64(g.MaxTime[i]) / 1e6}
		}
	}
	return mt
}

// Observer, when not nil, is called with the start position (and NoMove),
// then after every move with the referee's position after it (every
// colour shown), the move and the time it took.
type Observer func(p *engine.Position, m engine.Move, took time.Duration)

// Play referees one game between first and second, seeded by seed (each
// agent's random choices derive from it), to plyLimit plies (0: none).
// moves is a buffer the game's moves are appended to (it may be nil). An
// agent that returns an error or an illegal move loses the game; an error
// is returned only when ctx ends the game early.
func Play(ctx context.Context, first, second player.Agent, seed uint64, plyLimit int, moves []engine.Move, obs Observer) (Game, error) {
	return play(ctx, first, second, seed, plyLimit, moves, obs, false)
}

// play is Play; with cpu, moves are timed by the CPU time of the calling
// goroutine's thread (the caller locks it to its thread) instead of the
// clock, so that a loaded machine does not inflate them.
func play(ctx context.Context, first, second player.Agent, seed uint64, plyLimit int, moves []engine.Move, obs Observer, cpu bool) (Game, error) {
	g := Game{Seed: seed, Moves: moves[:0]}
	clockNow := wallClock
	if cpu {
		if _, ok := cputime.Thread(); ok {
			clockNow = func() int64 { t, _ := cputime.Thread(); return int64(t) }
		}
	}
	agents := [2]player.Agent{first, second}
	g.FirstReds = first.NewGame(engine.First, AgentSeed(seed, engine.First))
	g.SecondReds = second.NewGame(engine.Second, AgentSeed(seed, engine.Second))
	for i, pl := range [2]engine.Placement{g.FirstReds, g.SecondReds} {
		if !pl.Valid() {
			g.Outcome = engine.WinFor(engine.Player(i).Other())
			g.Reason, g.Detail = ByAgentError, fmt.Sprintf("invalid placement %08b from the %s player", uint8(pl), engine.Player(i).Name())
			return g, nil
		}
	}
	p := engine.StartPosition(g.FirstReds, g.SecondReds)
	// Each player's view is kept move by move (hiding from scratch costs
	// a full rehash every ply): views[pl] is p with pl's opponent hidden.
	var views [2]engine.Position
	for pl := engine.First; pl <= engine.Second; pl++ {
		views[pl] = p
		views[pl].Hide(pl.Other())
	}
	if obs != nil {
		obs(&p, engine.NoMove, 0)
	}
	v := new(player.View) // one per game: a view handed to an interface escapes
	// One clock read per move: a move's time runs from the end of the
	// previous one, so it includes the referee's few nanoseconds between.
	clock := clockNow()
	for {
		if o := p.OutcomeWithLimit(plyLimit); o != engine.Ongoing {
			g.Outcome = o
			if o == engine.Draw {
				g.Reason = ByPlyLimit
			}
			return g, nil
		}
		if err := ctx.Err(); err != nil {
			return g, err
		}
		me := p.Turn()
		*v = player.NewView(views[me], me, g.Moves, plyLimit)
		m, err := agents[me].Move(ctx, v)
		now := clockNow()
		took := time.Duration(now - clock)
		clock = now
		g.Time[me] += took
		g.NMoves[me]++
		if took > g.MaxTime[me] {
			g.MaxTime[me] = took
		}
		if err != nil {
			if ctx.Err() != nil {
				return g, ctx.Err()
			}
			g.Outcome = engine.WinFor(me.Other())
			g.Reason, g.Detail = ByAgentError, fmt.Sprintf("the %s player at ply %d: %v", me.Name(), p.Ply(), err)
			return g, nil
		}
		if !p.IsLegal(m) {
			g.Outcome = engine.WinFor(me.Other())
			g.Reason, g.Detail = ByIllegalMove, fmt.Sprintf("the %s player played %s in %s", me.Name(), m, p.String())
			return g, nil
		}
		m = m.Plain()
		// The views resolve a capture of a hidden piece by its true colour.
		vm := m
		if p.Pieces(me.Other(), engine.Red)&m.To().Bit() != 0 {
			vm = m.RevealRed()
		}
		views[0].Make(vm)
		views[1].Make(vm)
		p.Make(m)
		g.Moves = append(g.Moves, m)
		if obs != nil {
			obs(&p, m, took)
		}
		if p.Outcome() != engine.Ongoing {
			g.Reason = ReasonOf(p.EndAfter(m, 0))
		}
	}
}

// epoch is the start of the monotonic clock that wallClock reads.
var epoch = time.Now()

// wallClock returns the nanoseconds since epoch on the monotonic clock
// (time.Since reads the monotonic reading time.Now carries).
func wallClock() int64 { return int64(time.Since(epoch)) }

// GameSeed returns the seed of game i of a match seeded by seed.
func GameSeed(seed uint64, i int) uint64 { return player.MixSeed(seed, uint64(i)+1<<32) }

// AgentSeed is the seed a game seeded by gameSeed gives the agent playing
// side (its NewGame), in a match and in a GAT client alike.
func AgentSeed(gameSeed uint64, side engine.Player) uint64 {
	return player.MixSeed(gameSeed, uint64(side)+1)
}

// ErrNoGames is returned for a match of no games.
var ErrNoGames = errors.New("match: no games to play")

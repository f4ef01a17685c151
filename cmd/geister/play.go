package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/match"
	"github.com/geister-solver/geister/player"
)

var playCommand = command{
	name:    "play",
	args:    "A B",
	summary: "play one game, A first and B second, printing each position",
	details: `Prints every position of the game with every colour shown, and each move
with its thinking time. When one agent is human, only that player's view is
printed during the game (the opponent's pieces as u/U) and the human types
moves; the full board is shown when the game ends. A human types "resign"
to resign (the opponent wins); when the input ends first, the game is
abandoned with no result (exit status 1). Ctrl-C stops the game and
prints the moves played so far.

` + player.Help(),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		seed := fs.Uint64("seed", 1, "seed of the game (placements and random choices)")
		plyLimit := fs.Int("ply-limit", engine.DefaultPlyLimit, "draw after this many plies (0: none)")
		tf := addTableFlags(fs, "give the agents no endgame tables (by default purplemax uses those in the table directory, when there are any)").withOldTables()
		return func(e *env, args []string) error {
			if len(args) != 2 {
				return usagef("want two agents A (first) and B (second), got %d arguments", len(args))
			}
			if *plyLimit < 0 {
				return usagef("--ply-limit %d: must not be negative", *plyLimit)
			}
			src, err := agentEnv(e.stderr, tf)
			if err != nil {
				return err
			}
			defer src.Close()
			env := src.Env()
			env.In, env.Out = e.stdin, e.stdout
			var agents [2]player.Agent
			humans := 0
			for i, a := range args {
				sp, err := player.ParseSpec(a)
				if err != nil {
					return usagef("%v", err)
				}
				if sp.Name == "human" {
					humans++
				}
				agents[i], err = player.New(a, env)
				if err != nil {
					return err
				}
				if sp.Name == "human" {
					agents[i] = &humanAgent{Agent: agents[i]}
				}
			}
			fmt.Fprintf(e.stdout, "first: %s, second: %s\n", args[0], args[1])
			var obs match.Observer
			if humans == 0 {
				obs = func(p *engine.Position, m engine.Move, took time.Duration) {
					if m == engine.NoMove {
						fmt.Fprintf(e.stdout, "\nstart\n%s", p.Pretty())
						return
					}
					mover := "first"
					if p.Turn() == engine.First {
						mover = "second"
					}
					fmt.Fprintf(e.stdout, "\nply %d: %s plays %s (%.1f ms)\n%s", p.Ply(), mover, m, took.Seconds()*1e3, p.Pretty())
				}
			} else {
				obs = func(p *engine.Position, m engine.Move, took time.Duration) {
					if m == engine.NoMove {
						return
					}
					mover := "first"
					if p.Turn() == engine.First {
						mover = "second"
					}
					fmt.Fprintf(e.stdout, "ply %d: %s plays %s\n", p.Ply(), mover, m)
				}
			}
			g, err := match.Play(e.ctx, agents[0], agents[1], *seed, *plyLimit, nil, obs)
			if err != nil {
				// Interrupted: what was played so far.
				fmt.Fprintf(e.stdout, "\ninterrupted after %s: %s\n", words.Count(len(g.Moves), "ply"), strings.Join(moveStrings(g.Moves), " "))
				for side, name := range [2]string{"first", "second"} {
					if g.NMoves[side] > 0 {
						fmt.Fprintf(e.stdout, "%s (%s): %s, %.1f ms on average, %.1f ms at most\n", name, args[side], words.Count(g.NMoves[side], "move"),
							g.Time[side].Seconds()*1e3/float64(g.NMoves[side]), g.MaxTime[side].Seconds()*1e3)
					}
				}
				return fmt.Errorf("interrupted: %w", err)
			}
			for side, a := range agents {
				h, ok := a.(*humanAgent)
				if !ok || h.stopped == nil || g.Reason != match.ReasonError {
					continue
				}
				name := [2]string{"first", "second"}[side]
				if errors.Is(h.stopped, io.EOF) {
					fmt.Fprintf(e.stdout, "\ngame abandoned at ply %d: the input ended before the %s player's move (type resign to resign)\n", len(g.Moves), name)
					return errReported
				}
				fmt.Fprintf(e.stdout, "\nfinal position, every colour shown:\n%s", prettyOf(finalPosition(g, args, *plyLimit)))
				fmt.Fprintf(e.stdout, "result: %s wins: the %s player resigned at ply %d\n", [2]string{"first", "second"}[1-side], name, len(g.Moves))
				return nil
			}
			rec := match.RecordOf(g, 0, args[0], args[1], *plyLimit)
			if humans > 0 {
				fmt.Fprintf(e.stdout, "\nfinal position, every colour shown:\n%s", prettyOf(finalPosition(g, args, *plyLimit)))
			}
			fmt.Fprintf(e.stdout, "result: %s (%s) after %s; placements: first %s, second %s\n", rec.Result, rec.Reason, words.Count(rec.Plies, "ply"), rec.FirstReds, rec.SecondReds)
			if g.Detail != "" {
				fmt.Fprintf(e.stdout, "detail: %s\n", g.Detail)
			}
			return nil
		}
	},
}

// humanAgent notes why a human gave no move: a resignation, or the end of
// the input (io.EOF).
type humanAgent struct {
	player.Agent
	stopped error
}

// Move waits for the human's move, or for an interrupt: reading the
// terminal does not stop for one, so the read is left behind.
func (h *humanAgent) Move(ctx context.Context, v *player.View) (engine.Move, error) {
	type reply struct {
		m   engine.Move
		err error
	}
	c := make(chan reply, 1)
	go func() {
		m, err := h.Agent.Move(ctx, v)
		c <- reply{m, err}
	}()
	select {
	case r := <-c:
		if r.err != nil && ctx.Err() == nil {
			h.stopped = r.err
		}
		return r.m, r.err
	case <-ctx.Done():
		return engine.NoMove, ctx.Err()
	}
}

// finalPosition is the game's last position with every colour shown.
func finalPosition(g match.Game, args []string, plyLimit int) engine.Position {
	rec := match.RecordOf(g, 0, args[0], args[1], plyLimit)
	positions, _, _ := rec.Replay()
	return positions[len(positions)-1]
}

func prettyOf(p engine.Position) string { return p.Pretty() }

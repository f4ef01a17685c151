package player

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// human is a person at the terminal: before each move it prints the
// board as the player sees it and the legal moves, then reads a move
// (from-to like d5d4, an arrow like d5^, or an escape like a1a0); input
// that is not a legal move is explained and asked again.
type human struct {
	placer
	in  *bufio.Reader
	out io.Writer
	rng *engine.Rand
}

func newHuman(o *options, env Env) (Agent, error) {
	if env.In == nil || env.Out == nil {
		return nil, ErrNoTerminal
	}
	return &human{placer: newPlacer(o), in: bufio.NewReader(env.In), out: env.Out}, nil
}

func sideName(pl engine.Player) string {
	if pl == engine.First {
		return "first player (upper case, moving up the board towards a1 and f1)"
	}
	return "second player (lower case, moving down the board towards a6 and f6)"
}

func (a *human) NewGame(side engine.Player, seed uint64) engine.Placement {
	a.rng = a.rand(seed)
	if a.hasFixed {
		return a.fixed
	}
	home := engine.HomeSquares(side)
	var names []string
	for i, s := range home {
		names = append(names, fmt.Sprintf("%c=%s", 'A'+i, s))
	}
	fmt.Fprintf(a.out, "You play the %s.\nYour pieces A-H stand on %s.\n", sideName(side), strings.Join(names, " "))
	for {
		fmt.Fprintf(a.out, "Which four are red? (letters, e.g. BCFG; empty for a random placement): ")
		line, err := a.in.ReadString('\n')
		line = strings.TrimSpace(line)
		if line == "" {
			pl := a.rng.RandomPlacement()
			fmt.Fprintf(a.out, "Random placement: reds %s\n", pl)
			return pl
		}
		pl, perr := engine.ParsePlacement(line)
		if perr == nil {
			return pl
		}
		fmt.Fprintf(a.out, "%v\n", perr)
		if err != nil {
			pl := a.rng.RandomPlacement()
			fmt.Fprintf(a.out, "No more input: random placement, reds %s\n", pl)
			return pl
		}
	}
}

func (a *human) Move(ctx context.Context, v *View) (engine.Move, error) {
	p := v.Position()
	var ml engine.MoveList
	ml.Generate(&p)
	moves := make([]string, ml.N)
	for i, m := range ml.Slice() {
		moves[i] = m.String()
	}
	if last := v.LastMove(); last != engine.NoMove {
		fmt.Fprintf(a.out, "\nThe opponent played %s.\n", last)
	}
	fmt.Fprintf(a.out, "\n%s", p.Pretty())
	fmt.Fprintf(a.out, "Legal moves: %s\n", strings.Join(moves, " "))
	for {
		if err := ctx.Err(); err != nil {
			return engine.NoMove, err
		}
		fmt.Fprintf(a.out, "Your move, %s: ", sideName(p.Turn()))
		line, err := a.in.ReadString('\n')
		text := strings.TrimSpace(line)
		if text != "" {
			if text == "quit" || text == "resign" {
				return engine.NoMove, errors.New("the player resigned")
			}
			m, perr := p.ParseMove(text)
			if perr == nil {
				return m, nil
			}
			fmt.Fprintf(a.out, "%q is not a legal move here (%v). Type one of: %s\n", text, strings.TrimPrefix(perr.Error(), "engine: "), strings.Join(moves, " "))
		}
		if err != nil {
			return engine.NoMove, fmt.Errorf("no more input: %w", err)
		}
	}
}

// ErrNoTerminal is New's error for the human agent in an Env without a
// terminal (Env.In and Env.Out): a program that offers it says where it
// can be played.
var ErrNoTerminal = errors.New("player: the human agent needs a terminal (Env.In and Env.Out)")

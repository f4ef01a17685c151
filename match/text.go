package match

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/words"
)

// Printer returns an Observer that prints a game on w as "geister play"
// does: the start and every position after a move in full, with the move
// and its time; or, brief (when a person plays and sees the board as
// their agent shows it), one line per move.
func Printer(w io.Writer, brief bool) Observer {
	return func(p *engine.Position, m engine.Move, took time.Duration) {
		if m == engine.NoMove {
			if !brief {
				fmt.Fprintf(w, "\nstart\n%s", p.Pretty())
			}
			return
		}
		mover := p.Turn().Other().Name()
		if brief {
			fmt.Fprintf(w, "ply %d: %s plays %s\n", p.Ply(), mover, m)
			return
		}
		fmt.Fprintf(w, "\nply %d: %s plays %s (%.1f ms)\n%s", p.Ply(), mover, m, took.Seconds()*1e3, p.Pretty())
	}
}

// WriteStopped writes what was played of a game cut short (an interrupt):
// the moves, and each side's thinking time; names are the agents.
func (g Game) WriteStopped(w io.Writer, names [2]string) {
	fmt.Fprintf(w, "\ninterrupted after %s: %s\n", words.Count(len(g.Moves), "ply"), strings.Join(engine.MoveTexts(g.Moves), " "))
	for side, name := range [2]string{"first", "second"} {
		if g.NMoves[side] > 0 {
			fmt.Fprintf(w, "%s (%s): %s, %.1f ms on average, %.1f ms at most\n", name, names[side], words.Count(g.NMoves[side], "move"),
				g.Time[side].Seconds()*1e3/float64(g.NMoves[side]), g.MaxTime[side].Seconds()*1e3)
		}
	}
}

// Final is the game's last position with every colour shown (as far as
// the moves replay; the zero Position when the placements do not read).
func (rec *Record) Final() engine.Position {
	positions, _, _ := rec.Replay()
	if len(positions) == 0 {
		return engine.Position{}
	}
	return positions[len(positions)-1]
}

// Line is the record in one line: "game K: A (reds ...) vs B (reds ...):
// result, reason, plies".
func (rec *Record) Line() string {
	return fmt.Sprintf("game %d: %s (reds %s) vs %s (reds %s): %s, %s, %s", rec.Game, rec.First, rec.FirstReds, rec.Second, rec.SecondReds, rec.Result, rec.Reason, words.Count(rec.Plies, "ply"))
}

// WriteReplay writes the game move by move: every position with every
// colour shown and its position string, then the move played in it, and
// at the end the result (only the result for a game forfeited before it
// began). A record whose moves do not replay is written as
// far as they do, and the error returned.
func (rec *Record) WriteReplay(w io.Writer) error {
	positions, moves, err := rec.Replay()
	fmt.Fprintf(w, "game %d (seed %d): first %s (reds %s), second %s (reds %s)\n", rec.Game, rec.Seed, rec.First, rec.FirstReds, rec.Second, rec.SecondReds)
	if len(positions) == 0 {
		if errors.Is(err, ErrNotPlayed) {
			fmt.Fprintf(w, "result: %s (%s) before the game began\n", rec.Result, rec.Reason)
			if rec.Detail != "" {
				fmt.Fprintf(w, "detail: %s\n", rec.Detail)
			}
			return nil
		}
		return err
	}
	for i, m := range moves {
		fmt.Fprintf(w, "\n%s", positions[i].Pretty())
		fmt.Fprintf(w, "position: %s\n", positions[i].String())
		fmt.Fprintf(w, "ply %d: %s plays %s\n", i+1, map[bool]string{true: "first", false: "second"}[i%2 == 0], m)
	}
	fmt.Fprintf(w, "\n%s", positions[len(positions)-1].Pretty())
	fmt.Fprintf(w, "position: %s\n", positions[len(positions)-1].String())
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "result: %s (%s) after %s\n", rec.Result, rec.Reason, words.Count(rec.Plies, "ply"))
	if rec.Detail != "" {
		fmt.Fprintf(w, "detail: %s\n", rec.Detail)
	}
	return nil
}

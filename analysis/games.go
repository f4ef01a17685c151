package analysis

import (
	"context"
	"fmt"
	"io"
	"time"
)

// AnalyzeGames analyses the games read from r (ReadGames), or only the
// game numbered game when game >= 0, in order, and calls emit with each
// report; an error of emit stops it. When log is not nil it gets a
// progress line ("game K: D of N questions, T") at most every two
// seconds. Errors name name (the input) and the game; so does finding no
// game numbered game.
func AnalyzeGames(ctx context.Context, name string, r io.Reader, game int, o Options, log func(string), emit func(*Report) error) error {
	recs, err := ReadGames(r)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	found := false
	for _, rec := range recs {
		if game >= 0 && rec.Game != game {
			continue
		}
		found = true
		if log != nil {
			start := time.Now()
			last := start
			g := rec.Game
			o.Progress = func(done, total int) {
				if now := time.Now(); now.Sub(last) >= 2*time.Second {
					last = now
					log(fmt.Sprintf("game %d: %d of %d questions, %v", g, done, total, now.Sub(start).Round(time.Second)))
				}
			}
		}
		rep, err := Analyze(ctx, rec, o)
		if err != nil {
			return fmt.Errorf("%s: game %d: %w", name, rec.Game, err)
		}
		if err := emit(rep); err != nil {
			return err
		}
	}
	if !found {
		return fmt.Errorf("%s: no game %d", name, game)
	}
	return nil
}

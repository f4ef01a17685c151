package solver

import (
	"context"
	"errors"
	"time"

	"github.com/geister-solver/geister/purple"
)

// SampleCounts summarise a SampleClass.
type SampleCounts struct {
	// EnumCounts count the wins with an exact distance that pass the
	// filter, by distance (each position once: no mirror folding).
	EnumCounts
	Sampled int `json:"sampled"`
	Wins    int `json:"wins"`
	NoWins  int `json:"no_wins"`
	Unknown int `json:"unknown"`
	Inexact int `json:"wins_inexact"` // wins without a proven exact distance (not counted by distance)
}

// SampleClass is Enumerate for a class the tables do not hold: it draws n
// random positions of class c (seed; the side to move as f.Side says) and
// solves each with opts (Shortest is set) on threads goroutines, each
// under timeout (0: none). emit receives, in drawing order, the positions
// that pass f: with a distance filter, the wins of an exact distance that
// passes it; without one, every answer. The counts cover every position
// drawn. f.Unique needs the tables and is refused.
func SampleClass(ctx context.Context, c purple.Class, f Filter, n int, seed uint64, opts Options, threads int, timeout time.Duration, emit func(Sampled)) (SampleCounts, error) {
	var sc SampleCounts
	if err := f.Check(); err != nil {
		return sc, err
	}
	if f.Unique {
		return sc, errors.New("solver: unique first moves need the tables, not a sample")
	}
	opts.Shortest = true
	var firstErr error
	err := Sample(ctx, c, n, seed, f.Side, opts, threads, timeout, func(s Sampled) {
		if s.Err != nil {
			if firstErr == nil {
				firstErr = s.Err
			}
			return
		}
		a := s.Answer
		sc.Sampled++
		sc.Scanned++
		filtered := f.DTW > 0 || f.MinDTW > 0
		switch a.Result {
		case Win:
			sc.Wins++
			if !a.Exact {
				sc.Inexact++
				return
			}
			if !f.keepDTW(a.Plies) {
				return
			}
			sc.add(a.Plies, 1)
		case NoWin:
			sc.NoWins++
			if filtered {
				return
			}
		default:
			sc.Unknown++
			if filtered {
				return
			}
		}
		emit(s)
	})
	sc.compact()
	if err != nil {
		return sc, err
	}
	return sc, firstErr
}

// Package sampling holds the game-playing algorithms that sample the
// opponent's hidden colours: worlds (colour placements of the opponent
// that agree with everything a player has seen, kept by a Tracker), fast
// random playouts on a bitboard (paper 004 §5.3), plain Monte Carlo and
// UPP (paper 001 §2–3), and UCT with red-likelihood estimation (paper 004
// §5.1, §5.4). The agents of package player wrap them.
//
// A decision takes the position as the player sees it (the opponent's
// pieces colour-unknown), every move played from the start, and the
// game's draw limit:
//
//	s := sampling.NewSampler(engine.First, sampling.SamplerOptions{UPP: true, Playouts: 1800, Seed: 1})
//	m, stats, err := s.Decide(ctx, &view, moves, 200)
//
// Budgets are counted in playouts (Monte Carlo, UPP) or iterations (UCT),
// so that a run with a seed repeats exactly on every machine, and may be
// bounded by time as well.
package sampling

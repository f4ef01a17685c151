package belief

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/haf"
)

// observe records the opponent's move moves[i] of piece c, the tracker
// showing the board as it stood before the move. The move is scored when
// the Sync ends, once the colours its captures revealed are known.
func (b *Belief) observe(i, c int) {
	if b.moves[i].IsEscape() {
		b.escaped |= 1 << c
	}
	if !b.opts.Model.readsMoves() {
		return
	}
	o := observation{move: b.moves[i].Plain(), piece: c, own: b.t.Own()}
	for j := range o.sq {
		o.sq[j] = b.t.Square(j)
	}
	b.obs = append(b.obs, o)
}

// hidden returns the opponent's view of the board of o for the policy:
// its pieces by letter, the player's squares and what both sides had
// lost. pos is the position at the end of the Sync.
func (b *Belief) hidden(o *observation, pos *engine.Position) haf.Hidden {
	h := haf.Hidden{Side: b.me.Other(), Pieces: o.sq, Opp: o.own}
	var gone uint8
	for j, s := range o.sq {
		if s == engine.NoSquare {
			gone |= 1 << j
		}
	}
	// The opponent's losses: each capture's colours, the reds first where
	// one Sync saw several captures.
	oppRed := 0
	for _, r := range b.t.Reveals() {
		if k := bits.OnesCount8(r.Mask & gone); k > 0 {
			oppRed += min(r.Reds, k)
		}
	}
	oppLost := bits.OnesCount8(gone)
	// The player's losses: known at the last Sync; those since, the reds
	// first.
	lost := 8 - bits.OnesCount64(o.own)
	lostRed := b.lostRed
	if lost > b.lost {
		lostRed += min(lost-b.lost, max(0, 4-pos.Reds(b.me)-b.lostRed))
	}
	h.Counts = [4]int{lost - lostRed, lostRed, oppLost - oppRed, oppRed}
	return h
}

// scoreObservations multiplies every placement's probability by the
// likelihood of each opponent move of this Sync.
func (b *Belief) scoreObservations(pos *engine.Position) error {
	for k := range b.obs {
		o := &b.obs[k]
		h := b.hidden(o, pos)
		if err := b.w.ColourTerms(&h, &b.ct); err != nil {
			return fmt.Errorf("belief: the opponent's move %s: %w", o.move, err)
		}
		seen := -1
		for i := 0; i < b.ct.N; i++ {
			if b.ct.Moves[i] == o.move {
				seen = i
				break
			}
		}
		if seen < 0 {
			return fmt.Errorf("belief: the opponent's move %s is not one of its moves", o.move)
		}
		b.likelihood(o, seen)
		b.updates++
	}
	return nil
}

// likelihood multiplies each placement's probability under each
// opponent type by the likelihood of move seen of b.ct (observation o)
// and normalises.
func (b *Belief) likelihood(o *observation, seen int) {
	ct := &b.ct
	epsH, epsG := b.opts.Mix, b.opts.GenericMix
	beta := b.opts.Sharpness
	prior := b.opts.typePrior()
	// The generic types' softmax terms exp(logit) by move and colour:
	// a placement's normaliser is the sum over its moves of the term of
	// the moving piece's colour there (a red's escape has none).
	var eg [2][engine.MaxMoves][2]float64
	gens := [2]*GenericWeights{b.gen, b.run}
	for g, w := range gens {
		if prior[1+g] > 0 {
			b.genericTerms(o, w, &eg[g])
		}
	}
	sum := 0.0
	var dh [engine.MaxMoves]float64
	for a, pl := range engine.Placements {
		if b.p[a] == 0 {
			continue
		}
		red := uint8(pl)
		if ct.Escape[seen] && red>>uint(ct.Piece[seen])&1 != 0 {
			for t := range b.pt {
				b.pt[t][a] = 0
			}
			continue
		}
		n, esc := 0, 0
		var z [2]float64
		for i := 0; i < ct.N; i++ {
			c := int(red>>uint(ct.Piece[i])) & 1
			if ct.Escape[i] {
				if c != 0 {
					dh[i] = math.Inf(-1)
					continue
				}
				esc++
			}
			n++
			if prior[0] > 0 {
				dh[i] = beta * ct.Score(i, red)
			}
			z[0] += eg[0][i][c]
			z[1] += eg[1][i][c]
		}
		u := robust(ct.Escape[seen], n, esc)
		if prior[0] > 0 {
			b.pt[0][a] *= epsH*u + (1-epsH)*softmaxAt(dh[:ct.N], seen)
		}
		cs := int(red>>uint(ct.Piece[seen])) & 1
		for g := range gens {
			if prior[1+g] > 0 {
				b.pt[1+g][a] *= epsG*u + (1-epsG)*eg[g][seen][cs]/z[g]
			}
		}
		b.p[a] = 0
		for t := range b.pt {
			b.p[a] += b.pt[t][a]
		}
		sum += b.p[a]
	}
	if sum > 0 {
		for a := range b.p {
			for t := range b.pt {
				b.pt[t][a] /= sum
			}
			b.p[a] /= sum
		}
	}
}

// MissedEscape is the robust model's probability that an opponent who
// could escape (a blue on its exit) makes another move: every program
// measured here escapes when it can, a person may not see it.
const MissedEscape = 0.01

// robust is the likelihood of a move under the robust part of the
// mixture: uniform among the n legal moves, except that when esc of them
// are escapes the opponent escapes with probability 1 − MissedEscape.
func robust(escape bool, n, esc int) float64 {
	switch {
	case esc == 0 || esc == n:
		return 1 / float64(n)
	case escape:
		return (1 - MissedEscape) / float64(esc)
	}
	return MissedEscape / float64(n-esc)
}

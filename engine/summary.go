package engine

import "math/bits"

// SideCounts is one player's material in a Summary.
type SideCounts struct {
	Pieces     int `json:"pieces"`
	Blue       int `json:"blue"`
	Red        int `json:"red"`
	Hidden     int `json:"hidden"`
	HiddenRed  int `json:"hidden_red"`
	HiddenBlue int `json:"hidden_blue"`
}

// Summary is a position in figures, as "geister show --json" prints it.
type Summary struct {
	Position string     `json:"position"`
	ToMove   string     `json:"to_move"` // "f" or "s"
	Ply      int        `json:"ply"`
	Outcome  string     `json:"outcome"`
	First    SideCounts `json:"first"`
	Second   SideCounts `json:"second"`
	Moves    []string   `json:"moves"` // the legal moves (never nil)
}

// Summary returns p in figures: its string, the side to move, the ply,
// the outcome, each side's material and the legal moves.
func (p *Position) Summary() Summary {
	side := func(pl Player) SideCounts {
		return SideCounts{p.Count(pl), p.Blues(pl), p.Reds(pl), bits.OnesCount64(p.Pieces(pl, Unknown)), p.HiddenReds(pl), p.HiddenBlues(pl)}
	}
	var ml MoveList
	ml.Generate(p)
	moves := MoveTexts(ml.Slice())
	if moves == nil {
		moves = []string{}
	}
	return Summary{p.String(), p.Turn().String(), p.Ply(), p.Outcome().String(), side(First), side(Second), moves}
}

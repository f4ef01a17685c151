package player

import (
	"fmt"
	"io"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// ScoredJSON is one scored move of a DecisionJSON (hayazashi's).
type ScoredJSON struct {
	Move  string  `json:"move"`
	Piece string  `json:"piece"` // A..H
	Dir   string  `json:"dir"`
	H     float64 `json:"h"`
	Bits  []int   `json:"bits"` // the active features of the afterstate
}

// DecisionJSON is a Decision as "geister move --json" prints it.
type DecisionJSON struct {
	Position string       `json:"position"`
	Agent    string       `json:"agent"`
	Move     string       `json:"move"`
	GAT      string       `json:"gat_move,omitempty"`
	H        *float64     `json:"h,omitempty"`
	Moves    []ScoredJSON `json:"moves,omitempty"`
}

// JSON is the decision of agent in p; withGAT keeps the move's GAT form.
func (d Decision) JSON(agent string, p *engine.Position, withGAT bool) DecisionJSON {
	out := DecisionJSON{Position: p.String(), Agent: agent, Move: d.Move.String()}
	if withGAT {
		out.GAT = d.GATMove
	}
	for i, s := range d.Scored {
		out.Moves = append(out.Moves, ScoredJSON{Move: s.Engine.String(), Piece: string(rune('A' + s.Move.Unit)), Dir: s.Move.Dir.String(), H: s.H, Bits: s.Bits.Active(nil)})
		if i == d.Best {
			h := s.H
			out.H = &h
		}
	}
	return out
}

// WriteText writes the decision as "geister move" prints it: for
// hayazashi a table of every move with its h, the one played marked;
// then the move (with withGAT its GAT form too).
func (d Decision) WriteText(w io.Writer, withGAT bool) error {
	var b strings.Builder
	if len(d.Scored) > 0 {
		fmt.Fprintf(&b, "%-5s %-4s %s\n", "GAT", "move", "h")
		for i, s := range d.Scored {
			mark := ""
			if i == d.Best {
				mark = "  <- plays"
			}
			fmt.Fprintf(&b, "%-5s %-4s %v%s\n", s.Move, s.Engine, s.H, mark)
		}
	}
	fmt.Fprintf(&b, "move: %s", d.Move)
	if withGAT && d.GATMove != "" {
		fmt.Fprintf(&b, " (%s)", d.GATMove)
	}
	b.WriteString("\n")
	_, err := io.WriteString(w, b.String())
	return err
}

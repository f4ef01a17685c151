package engine

import (
	"encoding/json"
	"fmt"
	"io"
)

// PerftCount is one count of perft: the move sequences of Depth plies,
// those starting with Move when it is set (a line of PerftDivide).
type PerftCount struct {
	Move  string `json:"move,omitempty"`
	Depth int    `json:"depth"`
	Count uint64 `json:"count"`
}

// Write writes the count as "geister perft" prints it: "d1e1 12" for a
// move, "3 1234" for a depth, or with asJSON one JSON object.
func (c PerftCount) Write(w io.Writer, asJSON bool) error {
	var err error
	switch {
	case asJSON:
		var b []byte
		if b, err = json.Marshal(c); err == nil {
			_, err = fmt.Fprintf(w, "%s\n", b)
		}
	case c.Move != "":
		_, err = fmt.Fprintf(w, "%s %d\n", c.Move, c.Count)
	default:
		_, err = fmt.Fprintf(w, "%d %d\n", c.Depth, c.Count)
	}
	return err
}

// WriteDivide writes PerftDivide(p, depth): the count of each legal move,
// then (not with asJSON) the number of moves and their total and a blank
// line.
func WriteDivide(w io.Writer, p *Position, depth int, asJSON bool) {
	moves, counts := PerftDivide(p, depth)
	var sum uint64
	for i, m := range moves {
		PerftCount{Move: m.String(), Depth: depth, Count: counts[i]}.Write(w, asJSON)
		sum += counts[i]
	}
	if !asJSON {
		fmt.Fprintf(w, "moves %d total %d\n\n", len(moves), sum)
	}
}

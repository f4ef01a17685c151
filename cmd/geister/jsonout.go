package main

import (
	"encoding/json"
	"io"

	"github.com/geister-solver/geister/engine"
)

// answerJSON is the object of SPEC §5, written by solve, probe and
// enumerate (and read back by verify). LossPlies (probe: the side to move
// loses in that many plies) and Mirrors (enumerate: mirror images the line
// stands for) are additions that only those commands fill.
type answerJSON struct {
	Position  string   `json:"position"`
	Prover    string   `json:"prover,omitempty"`
	Result    string   `json:"result,omitempty"`
	Plies     *int     `json:"plies,omitempty"`
	Exact     *bool    `json:"exact,omitempty"`
	LossPlies *int     `json:"loss_plies,omitempty"`
	Move      string   `json:"move,omitempty"`
	PV        []string `json:"pv,omitempty"`
	Mirrors   int      `json:"mirror_images,omitempty"`
	Nodes     *uint64  `json:"nodes,omitempty"`
	ElapsedMS *float64 `json:"elapsed_ms,omitempty"`
	Source    string   `json:"source,omitempty"`
	// Interrupted marks an unknown answer that an interrupt (Ctrl-C), not
	// the budget, cut short.
	Interrupted bool   `json:"interrupted,omitempty"`
	Error       string `json:"error,omitempty"`
}

// writeJSONLine writes v as one line of JSON (no HTML escaping, so that
// arrows and other text stay readable).
func writeJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// moveStrings returns the moves in from-to form.
func moveStrings(ms []engine.Move) []string {
	if len(ms) == 0 {
		return nil
	}
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

package match

import (
	"encoding/json"
	"fmt"
	"io"
)

// Find returns the record of game n of recs (not empty), or with n < 0
// the first; a game recs lacks is an error naming the games they hold.
func Find(recs []Record, n int) (*Record, error) {
	if n < 0 {
		return &recs[0], nil
	}
	for i := range recs {
		if recs[i].Game == n {
			return &recs[i], nil
		}
	}
	return nil, fmt.Errorf("no game %d (games %d to %d)", n, recs[0].Game, recs[len(recs)-1].Game)
}

// WriteList writes one line a game (Record.Line), or with asJSON one
// JSON object a game: the record without its moves.
func WriteList(w io.Writer, recs []Record, asJSON bool) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false) // moves and details stay readable
	for _, r := range recs {
		if !asJSON {
			fmt.Fprintln(w, r.Line())
			continue
		}
		// The outer Moves, always empty, hides the record's.
		if err := enc.Encode(struct {
			Record
			Moves []string `json:"moves,omitempty"`
		}{Record: r}); err != nil {
			return err
		}
	}
	return nil
}

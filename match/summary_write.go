package match

import (
	"encoding/json"
	"fmt"
	"io"
)

// Write writes the summary as "geister match" prints it: the text
// (Summary.Text), or with asJSON one JSON object, with
// "interrupted":true when the match was cut short.
func (s *Summary) Write(w io.Writer, asJSON, interrupted bool) error {
	if !asJSON {
		_, err := fmt.Fprint(w, s.Text())
		return err
	}
	out, err := json.Marshal(struct {
		*Summary
		Interrupted bool `json:"interrupted,omitempty"`
	}{s, interrupted})
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", out)
	return err
}

// Package data holds the reference data the binary embeds: positions from
// the papers, rebuilt from their text, with their answers and the section
// they come from.
//
//	for _, c := range data.Paper000() { fmt.Println(c.Source, c.Position, c.Move) }
package data

import (
	"bufio"
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
)

// Case is a worked position with its answer.
type Case struct {
	Source   string `json:"source"`   // paper and section
	Position string `json:"position"` // position string (SPEC §2)
	Prover   string `json:"prover"`   // "f" or "s"
	Result   string `json:"result"`   // "win" or "no-win"
	Plies    int    `json:"plies"`    // exact DTW of a win
	Move     string `json:"move"`     // the winning move (unique shortest)
	// FirstMoves gives, for moves the paper discusses, the exact number of
	// plies to the win when the prover starts with that move (the move
	// counted), or -1 when the move leaves no sure win.
	FirstMoves map[string]int `json:"first_moves"`
	Note       string         `json:"note"`
}

//go:embed paper000.jsonl
var paper000 []byte

// Paper000 returns the worked positions of paper 000 (Fig. 4, 6, 7).
func Paper000() []Case { return mustParse(paper000, "paper000.jsonl") }

func mustParse(b []byte, name string) []Case {
	cs, err := Parse(b)
	if err != nil {
		panic(fmt.Sprintf("data: embedded %s: %v", name, err))
	}
	return cs
}

// Parse reads cases, one JSON object per line (blank lines skipped).
func Parse(b []byte) ([]Case, error) {
	var out []Case
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var c Case
		dec := json.NewDecoder(bytes.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, c)
	}
	return out, sc.Err()
}

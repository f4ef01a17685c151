package engine

import (
	"fmt"
	"strings"
)

// PlayTexts plays the moves written in texts (move text as ParseMove
// reads it) in turn, each of which must be legal where it is played, and
// returns them. A capture of a hidden piece whose colour the counts leave
// open must name it: "(r)" or "(b)" after the move, as in d1e1(r). On an
// error p holds the moves played before the one named.
func (p *Position) PlayTexts(texts []string) ([]Move, error) {
	var played []Move
	for i, text := range texts {
		if o := p.Outcome(); o != Ongoing {
			return nil, fmt.Errorf("move %d %q: the game is over (%s) after move %d", i+1, text, o, i)
		}
		t := strings.TrimSpace(text)
		colour := ""
		for _, suf := range []string{"(r)", "(b)", "(R)", "(B)"} {
			if strings.HasSuffix(t, suf) {
				colour, t = strings.ToLower(suf[1:2]), strings.TrimSuffix(t, suf)
			}
		}
		m, err := p.ParseMove(t)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		opp := p.Turn().Other()
		hidden := !m.IsEscape() && p.Pieces(opp, Unknown)&m.To().Bit() != 0
		switch {
		case hidden && colour == "" && p.HiddenReds(opp) > 0 && p.HiddenBlues(opp) > 0:
			return nil, fmt.Errorf("move %d %q captures a hidden piece that may be red or blue: write %s(r) or %s(b)", i+1, text, t, t)
		case colour != "" && !hidden:
			return nil, fmt.Errorf("move %d %q: (%s) names the colour of a captured hidden piece, and %s captures none", i+1, text, colour, t)
		case colour == "r" && p.HiddenReds(opp) == 0, colour == "b" && p.HiddenBlues(opp) == 0:
			return nil, fmt.Errorf("move %d %q: the %s player has no hidden %s left", i+1, text, opp.Name(), map[string]string{"r": "red", "b": "blue"}[colour])
		case colour == "r":
			m = m.RevealRed()
		}
		p.Make(m)
		played = append(played, m.Plain())
	}
	return played, nil
}

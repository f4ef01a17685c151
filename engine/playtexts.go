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

// LineError names the first move of a line that cannot be played: the
// game was over before it, or it is not legal where it stands.
type LineError struct {
	Index int // from 1
	Move  Move
	Over  bool   // the game was over before the move
	At    string // the position it is not legal in (empty when Over)
}

func (e *LineError) Error() string {
	if e.Over {
		return fmt.Sprintf("move %d %s: the game is already over", e.Index, e.Move)
	}
	return fmt.Sprintf("move %d %s is not legal in %s", e.Index, e.Move, e.At)
}

// PlayLine plays line from p in turn, each move checked first: the game
// must be on and the move legal (else a *LineError, p holding the moves
// before it). play makes a move on p (nil: p.Make), which lets a caller
// make it as it reads the line, e.g. revealing a capture as red; after,
// when not nil, is called after each move with its index from 1 and may
// stop the line with an error.
func (p *Position) PlayLine(line []Move, play func(*Position, Move), after func(i int, m Move) error) error {
	for i, m := range line {
		if p.Outcome() != Ongoing {
			return &LineError{Index: i + 1, Move: m, Over: true}
		}
		if !p.IsLegal(m) {
			return &LineError{Index: i + 1, Move: m, At: p.String()}
		}
		if play != nil {
			play(p, m)
		} else {
			p.Make(m)
		}
		if after != nil {
			if err := after(i+1, m); err != nil {
				return err
			}
		}
	}
	return nil
}

package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/engine"
)

var applyCommand = command{
	name:    "apply",
	args:    "POSITION MOVE...",
	summary: "play moves from a position and print the position string they lead to",
	details: `Plays each MOVE (from-to text like d1e1, escapes like a1a0, or the papers'
arrows like d1>) in turn from POSITION and prints the resulting position
string, ready for "geister solve". Each move must be legal where it is
played. When the game ends with the last move, a note on standard error
says so (solve reads only positions in play).

A move that captures a piece whose colour is hidden (u/U) while its owner
still has hidden pieces of both colours must say the colour: d1e1(r) for a
red, d1e1(b) for a blue. Where the counts decide the colour, no suffix is
needed.

Example:
  geister apply 'uu1B2/6/R5/6/6/6 f R1r1' d1e1 a1a2
  geister solve "$(geister apply 'uu1B2/6/R5/6/6/6 f R1r1' d1e1 a1a2)"`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		show := fs.Bool("show", false, "also print the resulting board (as geister show does)")
		jsonOut := fs.Bool("json", false, `print one JSON object: {"position":...,"moves":[...],"outcome":...}`)
		return func(e *env, args []string) error {
			if len(args) < 1 {
				return usagef("want a position string (quoted) and moves")
			}
			if *show && *jsonOut {
				return usagef("--show and --json: give one")
			}
			p, err := engine.ParsePosition(args[0])
			if err != nil {
				return err
			}
			played, err := applyMoves(&p, args[1:])
			if err != nil {
				return err
			}
			if *jsonOut {
				return writeJSONLine(e.stdout, struct {
					Position string   `json:"position"`
					Moves    []string `json:"moves"`
					Outcome  string   `json:"outcome"`
				}{p.String(), moveStrings(played), p.Outcome().String()})
			}
			if *show {
				fmt.Fprint(e.stdout, p.Pretty())
			}
			fmt.Fprintln(e.stdout, p.String())
			if o := p.Outcome(); o != engine.Ongoing {
				fmt.Fprintf(e.stderr, "geister apply: the game is over: %s (a position string for the record; solve reads only positions in play)\n", o)
			}
			return nil
		}
	},
}

// applyMoves plays the move texts in p. A capture of a hidden piece whose
// colour the counts leave open must name it: "(r)" or "(b)" after the move.
func applyMoves(p *engine.Position, texts []string) ([]engine.Move, error) {
	var played []engine.Move
	for i, text := range texts {
		if o := p.Outcome(); o != engine.Ongoing {
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
		hidden := !m.IsEscape() && p.Pieces(opp, engine.Unknown)&m.To().Bit() != 0
		switch {
		case hidden && colour == "" && p.HiddenReds(opp) > 0 && p.HiddenBlues(opp) > 0:
			return nil, fmt.Errorf("move %d %q captures a hidden piece that may be red or blue: write %s(r) or %s(b)", i+1, text, t, t)
		case colour != "" && !hidden:
			return nil, fmt.Errorf("move %d %q: (%s) names the colour of a captured hidden piece, and %s captures none", i+1, text, colour, t)
		case colour == "r" && p.HiddenReds(opp) == 0, colour == "b" && p.HiddenBlues(opp) == 0:
			return nil, fmt.Errorf("move %d %q: the %s player has no hidden %s left", i+1, text, map[engine.Player]string{engine.First: "first", engine.Second: "second"}[opp], map[string]string{"r": "red", "b": "blue"}[colour])
		case colour == "r":
			m = m.RevealRed()
		}
		p.Make(m)
		played = append(played, m.Plain())
	}
	return played, nil
}

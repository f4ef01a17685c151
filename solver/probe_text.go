package solver

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/geister-solver/geister/engine"
)

// Probe answers the position string text as "geister probe" asks it: the
// prover is prover, or SPEC §4's default when nil, and a finished game is
// an error. With Options.LookupOnly the answer comes from the tables, then
// the proof store, never from a search.
func (s *Solver) Probe(ctx context.Context, text string, prover *engine.Player) (Answer, error) {
	p, err := engine.ParsePosition(text)
	if err != nil {
		return Answer{}, err
	}
	pl, err := ProverOf(&p, prover)
	if err != nil {
		return Answer{}, err
	}
	if p.Outcome() != engine.Ongoing {
		return Answer{}, fmt.Errorf("the game is over in %s", p.String())
	}
	return s.Solve(ctx, p, pl)
}

// ProbeJSON is the SPEC §5 object of a probe's answer: exact false for an
// upper bound from the store, no nodes, and the opponent's forced win
// (loss_plies) of a no-win from the tables.
func ProbeJSON(text string, a Answer, err error) AnswerJSON {
	out := JSONOf(Job{Text: text}, a, err, true)
	out.Nodes = nil
	if a.LossPlies > 0 {
		out.LossPlies = &a.LossPlies
	}
	return out
}

// WriteProbeText writes a probe's answer (or its error) as one line of
// words: the win with its distance, move and line, or the no-win with the
// opponent's forced win when the tables know one, and "(proof store)"
// for an answer from the store.
func WriteProbeText(w io.Writer, text string, a Answer, err error) {
	if err != nil {
		fmt.Fprintf(w, "%s: error: %v\n", text, err)
		return
	}
	who := "first"
	if a.Prover == engine.Second {
		who = "second"
	}
	switch {
	case a.Result == Win:
		within := ""
		if !a.Exact {
			within = "at most "
		}
		fmt.Fprintf(w, "%s: the %s player surely wins in %s%d plies", a.Position, who, within, a.Plies)
		if a.Move != engine.NoMove {
			fmt.Fprintf(w, " with %s", a.Move)
		}
		fmt.Fprintf(w, "; line %s", strings.Join(engine.MoveTexts(a.PV), " "))
		if a.Source == "store" {
			fmt.Fprint(w, " (proof store)")
		}
		fmt.Fprintln(w)
	case a.LossPlies > 0:
		fmt.Fprintf(w, "%s: no sure win for the %s player; the opponent forces a win in %d plies (purple pieces)\n", a.Position, who, a.LossPlies)
	case a.Source == "store":
		fmt.Fprintf(w, "%s: no sure win for the %s player (proof store)\n", a.Position, who)
	default:
		fmt.Fprintf(w, "%s: no sure win for the %s player (and no forced win for the opponent)\n", a.Position, who)
	}
}

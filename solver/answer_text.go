package solver

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/words"
	"github.com/geister-solver/geister/purple"
)

// AnswerJSON is the answer object of SPEC §5, as "geister solve --json",
// "probe --json" and "enumerate --json" write it (and "verify" reads it
// back, see ParseClaim). LossPlies (probe: the side to move loses in that
// many plies) and Mirrors (enumerate: the mirror images a line stands for)
// are additions that only those commands fill.
type AnswerJSON struct {
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

// WriteJSONLine writes v as one line of JSON, without HTML escaping (so
// that arrows and other text stay readable).
func WriteJSONLine(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// Milliseconds is d in milliseconds rounded to a tenth, as the JSON
// answers give elapsed times.
func Milliseconds(d time.Duration) float64 {
	return math.Round(float64(d.Microseconds())/100) / 10
}

// JSONOf is the SPEC §5 object of job j's answer a, or of its error err
// ({"position":...,"error":...}). With shortest (the question asked for
// the exact distance) a win whose distance is only an upper bound says
// "exact":false.
func JSONOf(j Job, a Answer, err error, shortest bool) AnswerJSON {
	if err != nil {
		return AnswerJSON{Position: j.Text, Error: err.Error()}
	}
	ms := Milliseconds(a.Elapsed)
	out := AnswerJSON{
		Position: a.Position, Prover: a.Prover.String(), Result: a.Result.String(),
		Nodes: &a.Nodes, ElapsedMS: &ms, Source: a.Source, Interrupted: a.Interrupted,
	}
	if a.Result == Win {
		out.Plies = &a.Plies
		if shortest && !a.Exact {
			// Only when the exact distance could not be found within the budget.
			f := false
			out.Exact = &f
		}
		if a.Move != engine.NoMove {
			out.Move = a.Move.String()
		}
		out.PV = engine.MoveTexts(a.PV)
	}
	return out
}

// PlayerWord names a player for people: "first player (upper case)" or
// "second player (lower case)".
func PlayerWord(p engine.Player) string {
	if p == engine.First {
		return "first player (upper case)"
	}
	return "second player (lower case)"
}

// WriteText writes job j's answer a (or its error err) as "geister solve"
// prints it: the board, the verdict in words, the winning move and line,
// and what the search cost. opts are the options the answer was found
// under (Shortest, MaxPlies and PlyLimit qualify the verdict); heading
// puts a "== <input>" line first, for answers among many.
func WriteText(w io.Writer, j Job, a Answer, err error, opts Options, heading bool) {
	shortest := opts.Shortest
	if heading {
		fmt.Fprintf(w, "== %s\n", j.Text)
	}
	if err != nil {
		fmt.Fprintf(w, "error: %v\n\n", err)
		return
	}
	fmt.Fprint(w, j.Pos.Pretty())
	switch a.Result {
	case Win:
		kind := "within"
		if a.Exact {
			kind = "in exactly"
		}
		fmt.Fprintf(w, "%s surely wins %s %s", PlayerWord(a.Prover), kind, words.Count(a.Plies, "ply"))
		if a.Move != engine.NoMove {
			fmt.Fprintf(w, ", with %s", a.Move)
		}
		fmt.Fprintln(w)
		if !a.Exact && !shortest {
			fmt.Fprintln(w, "(the length of the proof found; --shortest gives the exact distance)")
		}
		if shortest && !a.Exact {
			fmt.Fprintln(w, "(the budget ran out before the shortest win was proven: the plies are an upper bound)")
		}
		if len(a.PV) > 0 {
			fmt.Fprintf(w, "line: %s\n", strings.Join(engine.MoveTexts(a.PV), " "))
		}
	case NoWin:
		fmt.Fprintf(w, "no sure win for the %s", PlayerWord(a.Prover))
		if opts.MaxPlies > 0 {
			fmt.Fprintf(w, " within %s", words.Count(opts.MaxPlies, "ply"))
		}
		if opts.PlyLimit > 0 {
			fmt.Fprintf(w, " before ply %d", opts.PlyLimit)
		}
		fmt.Fprintln(w)
	default:
		if a.Interrupted {
			fmt.Fprintf(w, "unknown: interrupted before the %s's sure win was proven or refuted\n", PlayerWord(a.Prover))
			break
		}
		fmt.Fprintf(w, "unknown: the budget ran out before the %s's sure win was proven or refuted\n", PlayerWord(a.Prover))
	}
	fmt.Fprintf(w, "searched %s in %v (%s", words.Count(a.Nodes, "position"), a.Elapsed.Round(time.Microsecond), a.Source)
	if a.TableHits > 0 {
		fmt.Fprintf(w, "; %d answered by the endgame tables", a.TableHits)
	}
	fmt.Fprint(w, ")\n\n")
}

// NewJob reads the position text as job i of a batch: the position and
// its prover (prover, or SPEC §4's default when nil), or the error that
// stops it (in Err, to be answered in its place).
func NewJob(i int, text string, prover *engine.Player) Job {
	j := Job{Index: i, Text: text}
	p, err := engine.ParsePosition(text)
	if err != nil {
		j.Err = err
		return j
	}
	j.Pos = p
	if prover != nil {
		j.Prover = *prover
		j.Err = purple.CheckProver(&p, *prover)
		return j
	}
	j.Prover, j.Err = purple.DefaultProver(&p)
	return j
}

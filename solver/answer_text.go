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

// TextOptions shape the answers WriteText writes.
type TextOptions struct {
	// Heading puts a "== <input>" line first, for answers among many.
	Heading bool
	// LengthNote, when not empty, is a line written under a win whose
	// plies are the length of the proof found, not the exact distance,
	// when the exact one was not asked for (what the caller offers to
	// find it, in its own words).
	LengthNote string
	// TablesNote, when not empty, is a line written under an answer the
	// budget left unknown when no endgame tables took part (what the
	// caller offers to get them, in its own words).
	TablesNote string
}

// Verdict is answer a in words, as "geister solve" prints it: who surely
// wins, within or in exactly how many plies, with which move; no sure win
// (within maxPlies, before ply plyLimit, when they are set, as in the
// question asked); or why the answer is unknown.
func Verdict(a Answer, maxPlies, plyLimit int) string {
	var b strings.Builder
	switch a.Result {
	case Win:
		kind := "within"
		if a.Exact {
			kind = "in exactly"
		}
		fmt.Fprintf(&b, "%s surely wins %s %s", PlayerWord(a.Prover), kind, words.Count(a.Plies, "ply"))
		if a.Move != engine.NoMove {
			fmt.Fprintf(&b, ", with %s", a.Move)
		}
	case NoWin:
		fmt.Fprintf(&b, "no sure win for the %s", PlayerWord(a.Prover))
		if maxPlies > 0 {
			fmt.Fprintf(&b, " within %s", words.Count(maxPlies, "ply"))
		}
		if plyLimit > 0 {
			fmt.Fprintf(&b, " before ply %d", plyLimit)
		}
	default:
		why := "the budget ran out"
		if a.Interrupted {
			why = "interrupted"
		}
		fmt.Fprintf(&b, "unknown: %s before the %s's sure win was proven or refuted", why, PlayerWord(a.Prover))
	}
	return b.String()
}

// WriteText writes job j's answer a (or its error err) as "geister solve"
// prints it: the board, the verdict in words (Verdict), the winning move
// and line, and what the search cost. opts are the options the answer was
// found under (Shortest, MaxPlies and PlyLimit qualify the verdict). It
// returns the first write error.
func WriteText(w io.Writer, j Job, a Answer, err error, opts Options, t TextOptions) error {
	var b strings.Builder // written at once, so the one write's error is the answer's
	if t.Heading {
		fmt.Fprintf(&b, "== %s\n", j.Text)
	}
	if err != nil {
		fmt.Fprintf(&b, "error: %v\n\n", err)
		_, err := io.WriteString(w, b.String())
		return err
	}
	fmt.Fprint(&b, j.Pos.Pretty())
	fmt.Fprintln(&b, Verdict(a, opts.MaxPlies, opts.PlyLimit))
	if a.Result == Win {
		if !a.Exact && !opts.Shortest && t.LengthNote != "" {
			fmt.Fprintln(&b, t.LengthNote)
		}
		if opts.Shortest && !a.Exact {
			fmt.Fprintln(&b, "(the budget ran out before the shortest win was proven: the plies are an upper bound)")
		}
		if len(a.PV) > 0 {
			fmt.Fprintf(&b, "line: %s\n", strings.Join(engine.MoveTexts(a.PV), " "))
		}
	}
	if a.Result == Unknown && !a.Interrupted && opts.Tables == nil && t.TablesNote != "" {
		fmt.Fprintln(&b, t.TablesNote)
	}
	fmt.Fprintf(&b, "searched %s in %v (%s", words.Count(a.Nodes, "position"), a.Elapsed.Round(time.Microsecond), a.Source)
	if a.TableHits > 0 {
		fmt.Fprintf(&b, "; %d answered by the endgame tables", a.TableHits)
	}
	fmt.Fprint(&b, ")\n\n")
	_, err = io.WriteString(w, b.String())
	return err
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
	j.Prover, j.Err = ProverOf(&p, prover)
	return j
}

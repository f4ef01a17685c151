package solver

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/geister-solver/geister/engine"
)

// WriteEnumerated writes a position of a class with its answer, as
// "geister enumerate" prints it: one line of text, or with asJSON an
// AnswerJSON line (the prover is the first player of the canonical form).
// mirrors is the number of positions the line stands for (Enumerated);
// a sampled answer (SampleClass) also gives its nodes and whether its
// distance is exact.
func WriteEnumerated(w io.Writer, p engine.Position, a Answer, mirrors int, sampled, asJSON bool) error {
	if asJSON {
		out := AnswerJSON{Position: p.String(), Prover: "f", Result: a.Result.String(), Mirrors: mirrors, Source: a.Source, PV: engine.MoveTexts(a.PV)}
		if a.Result == Win {
			out.Plies = &a.Plies
			if sampled {
				out.Exact = &a.Exact
			}
		}
		if sampled {
			out.Nodes = &a.Nodes
		}
		if a.Move != engine.NoMove {
			out.Move = a.Move.String()
		}
		return WriteJSONLine(w, out)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s  %s", p.String(), a.Result)
	if a.Result == Win {
		fmt.Fprintf(&b, " in %d", a.Plies)
	}
	if a.Move != engine.NoMove {
		fmt.Fprintf(&b, " with %s", a.Move)
	}
	if len(a.PV) > 0 {
		fmt.Fprintf(&b, ": %s", strings.Join(engine.MoveTexts(a.PV), " "))
	}
	_, err := fmt.Fprintln(w, b.String())
	return err
}

// EnumSummary is the last line of "geister enumerate": the counts of an
// enumeration from the tables (Enumerate), or of a sample solved by df-pn
// (SampleClass).
type EnumSummary struct {
	Class  string `json:"class"`
	Source string `json:"source"`
	EnumCounts
	// A sample's only.
	Sampled   int     `json:"sampled,omitempty"`
	Wins      *int    `json:"wins,omitempty"`
	NoWins    *int    `json:"no_wins,omitempty"`
	Unknown   *int    `json:"unknown,omitempty"`
	Inexact   *int    `json:"wins_inexact,omitempty"`
	Budget    string  `json:"budget,omitempty"`
	ElapsedMS float64 `json:"elapsed_ms"`
}

// SampleSummary is the summary of a sample of n positions solved within
// budget (its description) in elapsed.
func SampleSummary(class string, sc SampleCounts, n int, budget string, elapsed time.Duration) EnumSummary {
	return EnumSummary{Class: class, Source: "dfpn sample", EnumCounts: sc.EnumCounts, Sampled: n,
		Wins: &sc.Wins, NoWins: &sc.NoWins, Unknown: &sc.Unknown, Inexact: &sc.Inexact,
		Budget: budget, ElapsedMS: Milliseconds(elapsed)}
}

// Write writes the summary as text (the counts and a table of positions
// by distance to win), or with asJSON as one line {"summary":{...}}.
func (s *EnumSummary) Write(w io.Writer, asJSON bool) error {
	if asJSON {
		return WriteJSONLine(w, struct {
			Summary *EnumSummary `json:"summary"`
		}{s})
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s (%s): ", s.Class, s.Source)
	if s.Sampled > 0 {
		fmt.Fprintf(&b, "%d sampled: %d wins, %d no-wins, %d unknown (budget %s)", s.Sampled, *s.Wins, *s.NoWins, *s.Unknown, s.Budget)
		if *s.Inexact > 0 {
			fmt.Fprintf(&b, "; %d wins without a proven exact distance (not counted by distance)", *s.Inexact)
		}
		fmt.Fprintf(&b, "; %d wins with an exact distance passed the filters\n", s.Matched)
	} else {
		fmt.Fprintf(&b, "%d positions scanned (mirror pairs once), %d matched (%d with mirror images)", s.Scanned, s.Matched, s.WithMirrors)
		if s.Stopped {
			fmt.Fprint(&b, "; stopped at the limit: the counts cover the part scanned")
		}
		fmt.Fprintln(&b)
	}
	if len(s.ByDTW) > 0 {
		fmt.Fprintf(&b, "%6s %12s %14s\n", "DTW", "positions", "with mirrors")
		for _, d := range s.ByDTW {
			fmt.Fprintf(&b, "%6d %12d %14d\n", d.Plies, d.Positions, d.WithMirrors)
		}
	}
	fmt.Fprintf(&b, "%.1fs\n", s.ElapsedMS/1000)
	_, err := io.WriteString(w, b.String())
	return err
}

package analysis

import (
	"fmt"
	"github.com/geister-solver/geister/internal/words"
	"io"
	"strings"
)

// Short returns the verdict in a few characters: "win 5 d1e1" (exact),
// "win<=7" (the length of the proof found), "no-win", "?" (unknown),
// "won"/"lost" at the end of the game.
func (v Verdict) Short() string {
	switch v.Result {
	case "win":
		if v.Source == "game" {
			return "won"
		}
		s := fmt.Sprintf("win %d", v.Plies)
		if !v.Exact {
			s = fmt.Sprintf("win<=%d", v.Plies)
		}
		if v.Move != "" {
			s += " " + v.Move
		}
		return s
	case "no-win":
		if v.Source == "game" {
			return "-"
		}
		return "no-win"
	}
	return "?"
}

// WriteText writes the report for people: a header, one line per ply
// (the position's verdicts for both sides, the move played from it, the
// marks), and a summary.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "game %d: %s (first) vs %s (second): ", r.Game, r.First, r.Second)
	switch r.Result {
	case "first", "second":
		fmt.Fprintf(&b, "%s player won", r.Result)
	default:
		b.WriteString(r.Result)
	}
	if r.Reason != "" {
		fmt.Fprintf(&b, " (%s)", r.Reason)
	}
	fmt.Fprintf(&b, " after %s\n", words.Count(len(r.Plies)-1, "ply"))
	fmt.Fprintf(&b, "%4s  %-5s %-16s %-16s %s\n", "ply", "move", "first wins?", "second wins?", "marks")
	for _, p := range r.Plies {
		marks := strings.Join(p.Marks, ",")
		if p.Note != "" {
			marks += ": " + p.Note
		}
		fmt.Fprintf(&b, "%4d  %-5s %-16s %-16s %s\n", p.Ply, p.Move, p.First.Short(), p.Second.Short(), marks)
	}
	if r.ForcedFrom >= 0 {
		fmt.Fprintf(&b, "the result was forced from ply %d", r.Plies[r.ForcedFrom].Ply)
	} else {
		b.WriteString("the result was never shown forced")
	}
	fmt.Fprintf(&b, "; missed sure wins: %s; thrown away: %s; sure wins given: %s\n", plies(r, r.Missed), plies(r, r.Threw), plies(r, r.Gave))
	fmt.Fprintf(&b, "%d of %d questions unknown within the budget; %d positions searched in %.1f s\n", r.Unknown, 2*len(r.Plies), r.Nodes, float64(r.ElapsedMS)/1000)
	_, err := io.WriteString(w, b.String())
	return err
}

func plies(r *Report, idx []int) string {
	if len(idx) == 0 {
		return "none"
	}
	s := make([]string, len(idx))
	for i, k := range idx {
		s[i] = fmt.Sprint(r.Plies[k].Ply)
	}
	return "ply " + strings.Join(s, ", ")
}

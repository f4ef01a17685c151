package tournament

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"
)

// ReportOptions say how Report presents a tournament.
type ReportOptions struct {
	Bootstrap int    // events simulated for the rating intervals (Rate)
	Seed      uint64 // seed of the resampling
	Plot      string // also draw PREFIX-ratings and PREFIX-pairs, .svg and .png ("": none)
	JSON      bool   // one JSON object instead of text
}

// Report writes the outcome of the games rs of the tournament s, as
// "geister tournament" prints it: for a placement study the paper's
// tables (Cuts), else the ratings and the pairwise scores (Rate), as
// text after a line with the number of games, or as one JSON object.
func Report(w io.Writer, s Settings, rs []Game, o ReportOptions) error {
	var v any
	var text func() string
	if s.Placements {
		st, err := Cuts(s, rs)
		if err != nil {
			return err
		}
		v, text = st, st.Text
	} else {
		r := Rate(s, rs, o.Bootstrap, o.Seed)
		if o.Plot != "" {
			for _, ext := range []string{".svg", ".png"} {
				if err := PlotRatings(r, o.Plot+"-ratings"+ext); err != nil {
					return err
				}
				if err := PlotPairs(r, o.Plot+"-pairs"+ext); err != nil {
					return err
				}
			}
		}
		v, text = r, r.Text
	}
	if o.JSON {
		out, err := json.Marshal(v)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "%s\n", out)
		return err
	}
	_, err := fmt.Fprintf(w, "%d games\n%s", len(rs), text())
	return err
}

// ReadResultsFile reads the results file name (ReadResults); a file
// without games is an error.
func ReadResultsFile(name string) (Settings, []Game, error) {
	f, err := os.Open(name)
	if err != nil {
		return Settings{}, nil, err
	}
	defer f.Close()
	s, rs, err := ReadResults(f)
	if err != nil {
		return s, nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(rs) == 0 {
		return s, nil, fmt.Errorf("%s: no games to rate", name)
	}
	return s, rs, nil
}

// Line is the progress in one line: a bar, the games, the time and the
// time still to go at the pace of the games played in this run.
func (p Progress) Line() string {
	eta := "?"
	if n := p.Done - p.Resumed; n > 0 {
		left := time.Duration(float64(p.Elapsed) / float64(n) * float64(p.Games-p.Done))
		eta = left.Round(time.Second).String()
	}
	return fmt.Sprintf("tournament: %s %d/%d games, %.0fs, ETA %s", bar(p.Done, p.Games, 20), p.Done, p.Games, p.Elapsed.Seconds(), eta)
}

// bar draws a progress bar of width cells.
func bar(done, total, width int) string {
	n := 0
	if total > 0 {
		n = min(max(done*width/total, 0), width)
	}
	return "[" + strings.Repeat("#", n) + strings.Repeat(".", width-n) + "]"
}

// ReadResultsFiles reads several results files (ReadResultsFile) to be
// rated together: the settings returned name every agent of every file
// (in order of first appearance) and the games are all the files' games.
// Agents are the same agent when their specs are equal. The files must
// agree on the ply limit, must not be placement studies, and their
// agents must form one connected field (every agent linked to every
// other by games), else the ratings of the parts could not be compared.
func ReadResultsFiles(names []string) (Settings, []Game, error) {
	if len(names) == 1 {
		return ReadResultsFile(names[0])
	}
	var all Settings
	var games []Game
	seen := map[string]bool{}
	for i, name := range names {
		s, rs, err := ReadResultsFile(name)
		if err != nil {
			return all, nil, err
		}
		if s.Placements {
			return all, nil, fmt.Errorf("%s: a placement study is rated on its own", name)
		}
		if i > 0 && s.PlyLimit != all.PlyLimit {
			return all, nil, fmt.Errorf("%s: ply limit %d, but %s has %d: games of different rules are not rated together", name, s.PlyLimit, names[0], all.PlyLimit)
		}
		all.PlyLimit, all.Seed, all.Seeding = s.PlyLimit, s.Seed, s.Seeding
		for _, p := range s.Players() {
			if !seen[p] {
				seen[p] = true
				all.Agents = append(all.Agents, p)
			}
		}
		games = append(games, rs...)
	}
	if parts := components(all.Agents, games); len(parts) > 1 {
		return all, nil, fmt.Errorf("the files' agents form %d separate fields (%s; ...): no games link them", len(parts), strings.Join(parts[1], ", "))
	}
	return all, games, nil
}

// components returns the groups of agents linked by games.
func components(agents []string, games []Game) [][]string {
	parent := map[string]string{}
	var find func(a string) string
	find = func(a string) string {
		if p, ok := parent[a]; ok && p != a {
			r := find(p)
			parent[a] = r
			return r
		}
		return a
	}
	for _, g := range games {
		if a, b := find(g.First), find(g.Second); a != b {
			parent[a] = b
		}
	}
	var out [][]string
	at := map[string]int{}
	for _, a := range agents {
		r := find(a)
		k, ok := at[r]
		if !ok {
			k = len(out)
			at[r] = k
			out = append(out, nil)
		}
		out[k] = append(out[k], a)
	}
	return out
}

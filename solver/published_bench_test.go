package solver

import (
	"os"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/puzzles/published"
)

// publishedMinPlies: BenchmarkPublished takes the collection's puzzles of
// at least this length (its longest).
const publishedMinPlies = 17

// BenchmarkPublished is BenchmarkHardSuite on the published puzzle
// collection (package published), which is not part of the project:
// GEISTER_BENCH_PUBLISHED names its file, allprob.csv (skipped without).
// It takes the puzzles of at least publishedMinPlies plies, those with
// the opponent's colours all hidden (hidden: 162 of 17 plies) and the
// partly revealed ones (revealed: 706), and asks each "a win within the
// collection's length?" (maxplies) and for the exact distance
// (shortest): a cross-check against the authors' solver. It fails where
// the collection's win is not found within its length; an exact distance
// shorter than the collection's is logged and counted (metric
// mode-shorter), as the other solver's rules may differ (docs/solving.md
// has the one met). With GEISTER_BENCH_TABLES the -below modes too. Run
// with -benchtime 1x -cpu 1. go test builds it without the profile that
// the geister command's build applies (cmd/geister/default.pgo); for the
// code users run, build the test binary with -pgo= naming that file.
func BenchmarkPublished(b *testing.B) {
	name := os.Getenv("GEISTER_BENCH_PUBLISHED")
	if name == "" {
		b.Skip("set GEISTER_BENCH_PUBLISHED to the collection's allprob.csv")
	}
	f, err := os.Open(name)
	if err != nil {
		b.Fatal(err)
	}
	ps, err := published.Read(f)
	f.Close()
	if err != nil {
		b.Fatal(err)
	}
	var hidden, revealed []tablesPosition
	for _, p := range ps {
		if p.Plies < publishedMinPlies {
			continue
		}
		w := tablesPosition{Position: p.Position.String(), Prover: "f", Result: "win", DTW: p.Plies, p: p.Position, prover: engine.First, outside: true}
		if p.Revealed {
			revealed = append(revealed, w)
		} else {
			hidden = append(hidden, w)
		}
	}
	for _, set := range []struct {
		name  string
		suite []tablesPosition
	}{{"hidden", hidden}, {"revealed", revealed}} {
		if len(set.suite) > 0 {
			b.Run(set.name, func(b *testing.B) { benchTablesSuite(b, set.suite, hardNodes) })
		}
	}
}

package analysis_test

import (
	"context"
	"fmt"

	"github.com/geister-solver/geister/analysis"
	"github.com/geister-solver/geister/engine"
)

// A blue on its exit escapes at once; stepping next to the opponent's red
// instead threw that win away.
func ExampleAnalyzeLine() {
	start := engine.MustParsePosition("B5/1r4/6/6/3b2/5R f R1r1 0")
	a1b1, _ := engine.ParseMove("a1b1")
	b2b1, _ := engine.ParseMove("b2b1")
	rep, err := analysis.AnalyzeLine(context.Background(), start, []engine.Move{a1b1, b2b1}, 0, analysis.DefaultOptions())
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range rep.Plies {
		fmt.Printf("ply %d %-4s first: %-6s second: %-6s %v\n", p.Ply, p.Move, p.First.Result, p.Second.Result, p.Marks)
	}
	fmt.Println("result:", rep.Result, "forced from ply", rep.ForcedFrom) // -1: never before the end
	// Output:
	// ply 0 a1b1 first: win    second: no-win [missed-win threw-win]
	// ply 1 b2b1 first: no-win second: no-win []
	// ply 2      first: no-win second: win    []
	// result: second forced from ply -1
}

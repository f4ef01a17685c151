package puzzles

import (
	"context"
	"runtime"
	"testing"

	"github.com/geister-solver/geister/internal/cputime"
	"github.com/geister-solver/geister/purple"
)

// BenchmarkUnique15: unique puzzles of at least 15 plies of class
// 2B1R-2U1r, 20 a run, from the endgame tables of the class (built first,
// not timed), by df-pn without them, and on a machine without tables
// (fresh: Make builds the class's table itself, timed). Reports puzzles
// per minute of the thread's CPU time (fresh: the process's, the build
// runs on several threads). Run with -benchtime 1x -cpu 1.
func BenchmarkUnique15(b *testing.B) {
	c, _ := purple.ParseClass("2B1R-2U1r")
	db := classTable(b, c)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, mode := range []string{"tables", "dfpn", "fresh"} {
		count, build := 20, 0
		var tables purple.Tables = db
		switch mode {
		case "dfpn":
			tables, count = nil, 3
		case "fresh":
			tables, build = nil, 5
		}
		clock := cputime.ThreadSeconds
		if mode == "fresh" {
			clock = func() float64 { return cputime.Process().Seconds() }
		}
		var cpu float64
		found := 0
		for i := 0; i < b.N; i++ {
			t0 := clock()
			ps, err := Make(context.Background(), Options{Class: &c, MinPlies: 15, Unique: true, Count: count, Seed: uint64(i + 1), Tables: tables, BuildPieces: build})
			cpu += clock() - t0
			if err != nil || len(ps) != count {
				b.Fatalf("%s: %d puzzles, %v", mode, len(ps), err)
			}
			found += len(ps)
		}
		b.ReportMetric(float64(found)/cpu*60, mode+"-puzzles/cpu-min")
	}
}

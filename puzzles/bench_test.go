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
// not timed) and by df-pn without them. Reports puzzles per minute of the
// thread's CPU time. Run with -benchtime 1x -cpu 1.
func BenchmarkUnique15(b *testing.B) {
	c, _ := purple.ParseClass("2B1R-2U1r")
	db := classTable(b, c)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, mode := range []string{"tables", "dfpn"} {
		count := 20
		var tables purple.Tables = db
		if mode == "dfpn" {
			tables, count = nil, 3
		}
		var cpu float64
		found := 0
		for i := 0; i < b.N; i++ {
			t0 := cputime.ThreadSeconds()
			ps, err := Make(context.Background(), Options{Class: &c, MinPlies: 15, Unique: true, Count: count, Seed: uint64(i + 1), Tables: tables})
			cpu += cputime.ThreadSeconds() - t0
			if err != nil || len(ps) != count {
				b.Fatalf("%s: %d puzzles, %v", mode, len(ps), err)
			}
			found += len(ps)
		}
		b.ReportMetric(float64(found)/cpu*60, mode+"-puzzles/cpu-min")
	}
}

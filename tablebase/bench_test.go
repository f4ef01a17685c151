package tablebase

import (
	"context"
	"syscall"
	"testing"
	"time"

	"geister/purple"
)

var benchDeps map[purple.Class]*table

// BenchmarkRetro5 builds 2B1R-2U1r (22.6 M positions) on one core and
// reports positions of the class per second.
func BenchmarkRetro5(b *testing.B) {
	if benchDeps == nil {
		benchDeps = map[purple.Class]*table{}
		c4 := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
		benchDeps[c4] = buildRetro(b, c4, nil, 1).table()
	}
	c := purple.Class{Blues: 2, Reds: 1, OppPieces: 2, OppReds: 1}
	b.ResetTimer()
	cpu0 := cpuTime()
	var n uint64
	for i := 0; i < b.N; i++ {
		r, err := newRetro(c, benchDeps, 1)
		if err != nil {
			b.Fatal(err)
		}
		if err := r.run(context.Background(), nil, nil); err != nil {
			b.Fatal(err)
		}
		n += 2 * r.lay[0].size
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(n)/(cpuTime()-cpu0).Seconds(), "positions/cpu-s")
}

// cpuTime returns the process's user and system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

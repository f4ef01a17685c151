package solver

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"geister/engine"
	"geister/internal/testpos"
)

// TestTune prints node totals of three suites, to compare search
// settings (GEISTER_TUNE=1).
func TestTune(t *testing.T) {
	if os.Getenv("GEISTER_TUNE") == "" {
		t.Skip("set GEISTER_TUNE=1")
	}
	data, _ := os.ReadFile("testdata/long_wins.txt")
	var long, total uint64
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		pos, d, _ := strings.Cut(line, "\t")
		p := engine.MustParsePosition(pos)
		n, _ := strconv.Atoi(d)
		s := New(Options{TTMegabytes: 64, Shortest: true})
		prover, _ := purpleProver(&p)
		a, _ := s.Solve(context.Background(), p, prover)
		if a.Plies != n {
			t.Fatalf("%s: %d want %d", pos, a.Plies, n)
		}
		long += a.Nodes
	}
	total += long
	var full uint64
	s := New(Options{TTMegabytes: 64, MaxPlies: 11, Shortest: true})
	for _, j := range fullMaterialPositions(300) {
		a, _ := s.Solve(context.Background(), j.p, j.prover)
		full += a.Nodes
	}
	var near uint64
	decided := 0
	r := engine.NewRand(2026)
	u := New(Options{TTMegabytes: 64, MaxNodes: 200_000})
	for i := 0; i < 150; i++ {
		p, w := testpos.NearEnd(r, 16)
		a, _ := u.Solve(context.Background(), p, w)
		near += a.Nodes
		if a.Result != Unknown {
			decided++
		}
	}
	fmt.Printf("TUNE long %d  full8v8 %d  near %d (decided %d/150)\n", long, full, near, decided)
}

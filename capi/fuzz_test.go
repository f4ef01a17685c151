package main

import (
	"strings"
	"testing"
)

// Any string through the probe functions (UTF-8 or not, any prover
// code): a status code and, for a failure, a message, never a panic; the
// fast value and the full probe agree on the code and the verdict.
func FuzzProbe(f *testing.F) {
	tb, err := openTables(needTablesF(f))
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []string{"uu1B2/6/R5/6/6/6 f R1r1", "uu1B2/6/R5/6/6/6 s R1r1 3", "6/6/6/6/6/6 f R1r1", "x", "", "uu1B2\xff/6/R5/6/6/6 f R1r1"} {
		f.Add(s, 0)
		f.Add(s, int('s'))
	}
	f.Fuzz(func(t *testing.T, s string, prover int) {
		var a, v error
		var line string
		var val probeValue
		if err := guard(func() error {
			_, a = tb.probe(s, prover)
			val, v = tb.value(s, prover)
			line, _ = tb.probeJSON(s, prover)
			return nil
		}); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if codeOf(a) != codeOf(v) {
			t.Fatalf("%q prover %d: probe %v, value %v", s, prover, a, v)
		}
		for _, err := range []error{a, v} {
			if err != nil && (codeOf(err) == codeInternal || err.Error() == "") {
				t.Fatalf("%q: %v", s, err)
			}
		}
		if a == nil && (val.Result == 0 || !strings.Contains(line, `"result":"`+val.Result.String()+`"`)) {
			t.Fatalf("%q: value %+v, probe %s", s, val, line)
		}
	})
}

// Any string through solve and move: an answer or an error with a
// message, never a panic.
func FuzzSolve(f *testing.F) {
	for _, s := range []string{"uu1B2/6/R5/6/6/6 f R1r1", "1rbbr1/1brrb1/6/6/1RBBR1/1BRRB1 f R4r4", "x", "\xff"} {
		f.Add(s, uint64(100), 0)
	}
	f.Fuzz(func(t *testing.T, s string, nodes uint64, maxPlies int) {
		err := guard(func() error {
			_, err := solve(s, solveOptions{Nodes: nodes%5000 + 1, MaxPlies: maxPlies % 30, TTMB: 1})
			if err != nil && (codeOf(err) == codeInternal || err.Error() == "") {
				t.Fatalf("solve %q: %v", s, err)
			}
			_, err = move("random", s, nodes, nil)
			if err != nil && (codeOf(err) == codeInternal || err.Error() == "") {
				t.Fatalf("move %q: %v", s, err)
			}
			return nil
		})
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
	})
}

// needTablesF is needTables for a fuzz target.
func needTablesF(f *testing.F) string {
	f.Helper()
	tablesOnce.Do(buildSmallTables)
	if tablesErr != nil {
		f.Fatal(tablesErr)
	}
	return tablesDir
}

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// The Go side of the library from eight goroutines at once (run under
// -race by CI): probes, values, solves and moves through one shared
// tables value agree with the answers of one goroutine.
func TestConcurrentCore(t *testing.T) {
	f := needTables(t)
	tb, err := openTables(f)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.close()
	pos := probePositions(t, 40, 11)
	solves := solvePositions(t, 2)
	type answers struct{ probe, value, solve, move []string }
	answer := func() answers {
		var a answers
		for _, s := range pos {
			line, err := tb.probeJSON(s, 0)
			a.probe = append(a.probe, strip(line)+fmt.Sprint(codeOf(err)))
			v, err := tb.value(s, 0)
			a.value = append(a.value, fmt.Sprint(v, codeOf(err)))
		}
		for _, s := range solves {
			line, err := solve(s, solveOptions{Nodes: 1000, Tables: tb})
			a.solve = append(a.solve, strip(line)+fmt.Sprint(codeOf(err)))
		}
		line, err := move("purplemax:depth=2", "uu1B2/6/R5/6/6/6 f R1r1", 3, tb)
		a.move = append(a.move, line+fmt.Sprint(codeOf(err)))
		return a
	}
	want := answer()
	var wg sync.WaitGroup
	got := make([]answers, 8)
	for i := range got {
		wg.Go(func() { got[i] = answer() })
	}
	wg.Wait()
	for i, g := range got {
		if fmt.Sprint(g) != fmt.Sprint(want) {
			t.Errorf("goroutine %d:\n%v\none goroutine:\n%v", i, g, want)
		}
	}
	if err := tb.close(); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.probe(pos[0], 0); codeOf(err) != codeClosed {
		t.Errorf("probe after close: %v", err)
	}
}

// strip is an answer line without its time (elapsed_ms).
func strip(line string) string {
	var m map[string]any
	if json.Unmarshal([]byte(line), &m) != nil {
		return line
	}
	delete(m, "elapsed_ms")
	b, _ := json.Marshal(m)
	return string(b)
}

// A panic inside the library is an error with its code, not a crash.
func TestGuard(t *testing.T) {
	err := guard(func() error {
		var p *solveOptions
		return text("position", fmt.Sprint(p.Nodes)) // a nil dereference

	})
	if codeOf(err) != codeInternal || !strings.Contains(err.Error(), "internal error") {
		t.Errorf("guard: %v", err)
	}
}

// needTables builds the smaller of the fixture's tables (no C compiler
// needed; quick under -race).
func needTables(t *testing.T) string {
	t.Helper()
	tablesOnce.Do(buildSmallTables)
	if tablesErr != nil {
		t.Fatal(tablesErr)
	}
	return tablesDir
}

func buildSmallTables() {
	if tablesDir, tablesErr = os.MkdirTemp("", "capi-tables"); tablesErr == nil {
		tablesErr = buildTables(tablesDir, tableClasses[:1])
	}
}

var (
	tablesOnce sync.Once
	tablesDir  string
	tablesErr  error
)

// Solving a position through the functions behind geister_solve: the
// answer is the line of "geister solve --json".
func Example() {
	line, err := solve("uu1B2/6/R5/6/6/6 f R1r1", solveOptions{Shortest: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	var a struct {
		Result string   `json:"result"`
		Plies  int      `json:"plies"`
		Move   string   `json:"move"`
		PV     []string `json:"pv"`
	}
	json.Unmarshal([]byte(line), &a)
	fmt.Println(a.Result, a.Plies, a.Move, len(a.PV))
	// Output: win 5 d1e1 5
}

package archtest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// module is the module path; the doc names packages relative to it.
const module = "github.com/geister-solver/geister"

// row is one row of the doc's table: a package, its floor and what it owns.
type row struct {
	floor int
	owns  string
	line  int
}

// rowRE matches "| 3 | `solver` | what it owns |".
var rowRE = regexp.MustCompile("^\\| *([0-9]+) *\\| *`([^`]+)` *\\| *(.*?) *\\|$")

// readTable reads the rows of the package table of the doc at path.
func readTable(r io.Reader) (map[string]row, error) {
	rows := map[string]row{}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		m := rowRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		floor, err := strconv.Atoi(m[1])
		if err != nil {
			return nil, fmt.Errorf("line %d: floor %q: %v", n, m[1], err)
		}
		if prev, ok := rows[m[2]]; ok {
			return nil, fmt.Errorf("line %d: package %s has a row already (line %d)", n, m[2], prev.line)
		}
		rows[m[2]] = row{floor: floor, owns: m[3], line: n}
	}
	return rows, sc.Err()
}

// listed is a package as go list describes it.
type listed struct {
	ImportPath string
	Imports    []string
}

// goList returns every package of the module (relative paths) with the
// module's packages it imports (tests' imports are not counted: an
// external test may use packages above the one it tests).
func goList(t *testing.T, root string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-json", "./...")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("go list: %v\n%s", err, stderr)
	}
	pkgs := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p listed
		if err := dec.Decode(&p); err != nil {
			t.Fatalf("go list output: %v", err)
		}
		var own []string
		for _, imp := range p.Imports {
			if rel, ok := relative(imp); ok {
				own = append(own, rel)
			}
		}
		rel, ok := relative(p.ImportPath)
		if !ok {
			t.Fatalf("go list: package %s is not in module %s", p.ImportPath, module)
		}
		pkgs[rel] = own
	}
	return pkgs
}

// relative is path relative to the module, if it is one of its packages.
func relative(path string) (string, bool) {
	if rel, ok := strings.CutPrefix(path, module+"/"); ok {
		return rel, true
	}
	return path, false
}

// check returns what is wrong between the doc's rows and the packages:
// a package without a row or without a line, a row naming no package, an
// import of a package on the same floor or a higher one.
func check(rows map[string]row, pkgs map[string][]string) []string {
	var bad []string
	for _, p := range slices.Sorted(maps.Keys(pkgs)) {
		r, ok := rows[p]
		if !ok {
			bad = append(bad, fmt.Sprintf("package %s has no row in the table (on floor %d at the lowest)", p, lowest(rows, pkgs[p])))
			continue
		}
		if r.owns == "" {
			bad = append(bad, fmt.Sprintf("line %d: package %s: say what it owns", r.line, p))
		}
		for _, imp := range pkgs[p] {
			if ir, ok := rows[imp]; ok && ir.floor >= r.floor {
				bad = append(bad, fmt.Sprintf("line %d: %s (floor %d) imports %s (floor %d): a package imports only lower floors", r.line, p, r.floor, imp, ir.floor))
			}
		}
	}
	for _, p := range slices.Sorted(maps.Keys(rows)) {
		if _, ok := pkgs[p]; !ok {
			bad = append(bad, fmt.Sprintf("line %d: no package %s in the module", rows[p].line, p))
		}
	}
	return bad
}

// lowest is the lowest floor a package importing imps may stand on.
func lowest(rows map[string]row, imps []string) int {
	f := 0
	for _, imp := range imps {
		if r, ok := rows[imp]; ok {
			f = max(f, r.floor+1)
		}
	}
	return f
}

func TestArchitectureDocMatchesImports(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := readTable(f)
	if err != nil {
		t.Fatalf("docs/architecture.md: %v", err)
	}
	pkgs := goList(t, root)
	if len(pkgs) < 20 || len(rows) < 20 {
		t.Fatalf("%d packages listed, %d rows read: the listing or the table was not found", len(pkgs), len(rows))
	}
	for _, b := range check(rows, pkgs) {
		t.Errorf("docs/architecture.md: %s", b)
	}
	// The ground and the roof, as the doc states them.
	for _, p := range []string{"engine", "dfpn"} {
		if rows[p].floor != 1 {
			t.Errorf("docs/architecture.md: %s is on floor %d, want the ground (1)", p, rows[p].floor)
		}
	}
	top := 0
	for _, r := range rows {
		top = max(top, r.floor)
	}
	if rows["cmd/geister"].floor != top {
		t.Errorf("docs/architecture.md: cmd/geister on floor %d, below floor %d: the command is the roof", rows["cmd/geister"].floor, top)
	}
}

// TestCheckFindsEachFault plants each fault the doc test looks for in a
// small table and expects it reported.
func TestCheckFindsEachFault(t *testing.T) {
	doc := "| floor | package | owns |\n|---|---|---|\n" +
		"| 0 | `low` | the low things |\n" +
		"| 1 | `mid` | the middle |\n" +
		"| 1 | `peer` | |\n" +
		"| 2 | `gone` | a package removed |\n"
	rows, err := readTable(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := map[string][]string{
		"low":  {"mid"},         // upwards
		"mid":  {"low", "peer"}, // same floor
		"peer": {"low"},         // no line of what it owns
		"new":  {"mid"},         // no row
	}
	got := strings.Join(check(rows, pkgs), "\n")
	for _, want := range []string{
		"low (floor 0) imports mid (floor 1)",
		"mid (floor 1) imports peer (floor 1)",
		"package peer: say what it owns",
		"package new has no row in the table (on floor 2 at the lowest)",
		"no package gone in the module",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("check missed %q; it reported:\n%s", want, got)
		}
	}
	clean := map[string][]string{"low": nil, "mid": {"low"}, "peer": {"low"}, "gone": {"mid", "peer"}}
	rows["peer"] = row{floor: 1, owns: "x", line: 5}
	if bad := check(rows, clean); len(bad) != 0 {
		t.Errorf("a sound table reported: %q", bad)
	}
}

func TestReadTableRefusesTwoRows(t *testing.T) {
	_, err := readTable(strings.NewReader("| 0 | `a` | x |\n| 1 | `a` | y |\n"))
	if err == nil || !strings.Contains(err.Error(), "package a has a row already (line 1)") {
		t.Errorf("got %v, want the second row of a refused", err)
	}
}

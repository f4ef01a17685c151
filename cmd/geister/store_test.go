package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/testpos"
	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/solver"
)

// solveLines runs solve --json over positions and decodes its lines.
func solveLines(t *testing.T, positions []string, flags ...string) ([]solver.AnswerJSON, string, string) {
	t.Helper()
	args := append([]string{"solve", "--json", "--threads", "2", "--tt", "32", "--nodes", "20000"}, flags...)
	args = append(args, "-")
	code, out, errOut := runCmd(t, strings.Join(positions, "\n"), args...)
	if code != 0 {
		t.Fatalf("solve %v: exit %d %s", flags, code, errOut)
	}
	var as []solver.AnswerJSON
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var a solver.AnswerJSON
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		as = append(as, a)
	}
	if len(as) != len(positions) {
		t.Fatalf("%d lines for %d positions", len(as), len(positions))
	}
	return as, out, errOut
}

func sameJSONAnswer(a, b solver.AnswerJSON) bool {
	return a.Position == b.Position && a.Prover == b.Prover && a.Result == b.Result &&
		deref(a.Plies) == deref(b.Plies) && a.Move == b.Move && strings.Join(a.PV, " ") == strings.Join(b.PV, " ")
}

// storablePositions returns n positions from random games (and, mixed
// in, m others) that a fresh search settles within 10,000 nodes but not
// under 1,000, so that solve keeps them (MinNodes is 256). The others are
// settled under 1,000 nodes or not within 80,000. Both leave a margin to
// solve's budget of 20,000: solve's threads keep their tables from
// position to position, in an order that varies from run to run, so a
// position near the budget could be settled in one run and not the next.
func storablePositions(t *testing.T, seed uint64, n, m int) []string {
	t.Helper()
	r := engine.NewRand(seed)
	fresh := func(p engine.Position, w engine.Player, budget uint64) solver.Answer {
		a, err := solver.New(solver.Options{TTMegabytes: 32, MaxNodes: budget}).Solve(context.Background(), p, w)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	var out []string
	kept := 0
	for kept < n || len(out) < n+m {
		p, w := testpos.NearEnd(r, 16)
		a := fresh(p, w, 20_000)
		switch {
		case a.Result != solver.Unknown && a.Source == "dfpn" && a.Nodes >= 1000 && a.Nodes <= 10_000 && kept < n:
			kept++
			out = append(out, p.String())
		case len(out)-kept < m && a.Result != solver.Unknown && a.Nodes < 1000:
			out = append(out, p.String())
		case len(out)-kept < m && a.Result == solver.Unknown && fresh(p, w, 80_000).Result == solver.Unknown:
			out = append(out, p.String())
		}
	}
	return out
}

func deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}

// solve --store keeps what it proves; a second run answers from the
// store ("source":"store", 0 nodes) with the same answers, which verify
// accepts; --no-store searches again; probe, tables and verify --store
// see the store.
func TestSolveStore(t *testing.T) {
	tdir := filepath.Join(t.TempDir(), "tables") // no tables: --store asks for the store
	positions := storablePositions(t, 3, 10, 10)
	for _, shortest := range []bool{false, true} {
		flags := []string{"--table", filepath.Join(t.TempDir(), "tables"), "--store"}
		if shortest {
			flags = append(flags, "--shortest")
		}
		first, _, _ := solveLines(t, positions, flags...)
		second, out2, _ := solveLines(t, positions, flags...)
		kept := 0
		for i := range first {
			a, b := first[i], second[i]
			if !sameJSONAnswer(a, b) {
				t.Errorf("first %+v, second %+v", a, b)
			}
			if a.Source == "dfpn" && a.Result != "unknown" && *a.Nodes >= proofstore.DefaultOptions().MinNodes && (!shortest || a.Exact == nil) {
				kept++
				if b.Source != "store" || *b.Nodes != 0 {
					t.Errorf("%s: not from the store: %+v (first %+v)", a.Position, b, a)
				}
			}
		}
		if kept < 5 {
			t.Errorf("shortest=%v: only %d answers kept", shortest, kept)
		}
		vargs := []string{"verify", "--tt", "32", "--quiet"}
		if shortest {
			vargs = append(vargs, "--exact")
		}
		if code, vout, _ := runCmd(t, out2, vargs...); code != 0 || !strings.Contains(vout, " 0 disagreements") {
			t.Errorf("verify of store answers: exit %d\n%s", code, vout)
		}
		third, _, _ := solveLines(t, positions, append(flags, "--no-store")...)
		for i := range third {
			if third[i].Source == "store" || !sameJSONAnswer(first[i], third[i]) {
				t.Errorf("--no-store: %+v, first %+v plies %d/%d", third[i], first[i], deref(first[i].Plies), deref(third[i].Plies))
			}
		}
		t.Logf("shortest=%v: %d of %d answers kept", shortest, kept, len(positions))
	}

	// probe answers from the store after the (missing) tables.
	solveLines(t, positions, "--table", tdir, "--store")
	first, _, _ := solveLines(t, positions, "--table", tdir, "--store")
	probed := 0
	for i, a := range first {
		if a.Source != "store" {
			continue
		}
		probed++
		code, out, _ := runCmd(t, "", "probe", "--json", "--table", tdir, "--store", positions[i])
		var p solver.AnswerJSON
		if code != 0 || json.Unmarshal([]byte(out), &p) != nil || p.Source != "store" || p.Result != a.Result ||
			(a.Result == "win" && (deref(p.Plies) != deref(a.Plies) || strings.Join(p.PV, " ") != strings.Join(a.PV, " "))) {
			t.Errorf("probe %s: exit %d %s; solve said %+v", positions[i], code, out, a)
		}
	}
	if probed < 5 {
		t.Errorf("only %d positions probed", probed)
	}
	if code, out, _ := runCmd(t, "", "probe", "--table", tdir, "--store", "6/6/6/2b3/3u2/R1B3 f R1r1"); code != 1 || !strings.Contains(out, "not in the proof store") {
		t.Errorf("probe of a position never solved: exit %d %s", code, out)
	}

	// tables lists the store with its counters.
	code, out, _ := runCmd(t, "", "tables", "--table", tdir)
	if code != 0 || !strings.Contains(out, "proof store "+proofstore.DirFor(tdir)) || !strings.Contains(out, " hits, ") {
		t.Errorf("tables: exit %d\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "tables", "--json", "--table", tdir)
	var sum map[string]proofstore.Summary
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || json.Unmarshal([]byte(lines[len(lines)-1]), &sum) != nil || sum["proof_store"].Size.Entries == 0 || sum["proof_store"].Count.Hits == 0 {
		t.Errorf("tables --json: exit %d\n%s", code, out)
	}

	// verify --store re-checks a sample.
	code, out, _ = runCmd(t, "", "verify", "--store", "--store-dir", proofstore.DirFor(tdir), "--sample", "8", "--tt", "32")
	if code != 0 || !strings.Contains(out, "8 re-searched: 8 confirmed") || !strings.Contains(out, "all consistent") {
		t.Errorf("verify --store: exit %d\n%s", code, out)
	}
	if code, _, _ := runCmd(t, "", "verify", "--store", "file.jsonl"); code != 2 {
		t.Errorf("verify --store with an operand: exit %d", code)
	}
}

// A store that another process writes: solve says so and answers
// without it; one that another process reads: solve reads it too.
func TestSolveStoreHeldElsewhere(t *testing.T) {
	tdir := filepath.Join(t.TempDir(), "tables")
	pos := storablePositions(t, 4, 3, 0)
	solveLines(t, pos, "--table", tdir, "--store")
	o := proofstore.DefaultOptions()
	w, err := proofstore.Open(proofstore.DirFor(tdir), o) // "another process", writing
	if err != nil {
		t.Fatal(err)
	}
	as, _, errOut := solveLines(t, pos, "--table", tdir, "--store")
	if !strings.Contains(errOut, "in use by another process") || !strings.Contains(errOut, "going on without it") {
		t.Errorf("no message: %q", errOut)
	}
	for _, a := range as {
		if a.Source == "store" {
			t.Errorf("answered from a store it could not open: %+v", a)
		}
	}
	w.Close()
	o.ReadOnly = true
	r, err := proofstore.Open(proofstore.DirFor(tdir), o) // another process, reading
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	as, _, errOut = solveLines(t, pos, "--table", tdir, "--store")
	if !strings.Contains(errOut, "reading it only") {
		t.Errorf("no message: %q", errOut)
	}
	hits := 0
	for _, a := range as {
		if a.Source == "store" {
			hits++
		}
	}
	if hits == 0 {
		t.Error("the read-only store answered nothing")
	}
	if _, err := proofstore.OpenShared(proofstore.DirFor(tdir), proofstore.DefaultOptions()); err != nil && !errors.Is(err, proofstore.ErrLocked) {
		t.Error(err)
	}
}

// --store-dir puts the proof store where it says, for every command
// that keeps or reads proofs.
func TestStoreDir(t *testing.T) {
	sdir := filepath.Join(t.TempDir(), "elsewhere")
	tdir := filepath.Join(t.TempDir(), "tables")
	pos := storablePositions(t, 6, 3, 0)
	first, _, _ := solveLines(t, pos, "--table", tdir, "--store-dir", sdir)
	second, _, _ := solveLines(t, pos, "--table", tdir, "--store-dir", sdir)
	hits := 0
	for i := range second {
		if second[i].Source == "store" {
			hits++
			code, out, _ := runCmd(t, "", "probe", "--json", "--table", tdir, "--store-dir", sdir, pos[i])
			if code != 0 || !strings.Contains(out, `"source":"store"`) {
				t.Errorf("probe --store-dir: exit %d %s (solve: %+v)", code, out, first[i])
			}
		}
	}
	if _, err := os.Stat(proofstore.DirFor(tdir)); hits == 0 || err == nil {
		t.Errorf("%d answers from the store in %s; store beside the tables: %v", hits, sdir, err)
	}
}

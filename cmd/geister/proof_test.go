package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCLIProof: solve --proof writes a proof that verify --proof accepts
// (text and JSON), with and without table leaves; the file with one reply
// removed is refused; --proof with several positions is a usage error,
// and a no-win writes no file.
func TestCLIProof(t *testing.T) {
	const pos = "6/6/u2B2/2u3/2R3/3B2 f R1r1 0" // a 15-ply win
	dir := t.TempDir()
	name := filepath.Join(dir, "p.txt")
	r := runBin(t, "", "", "solve", "--no-table", "--shortest", "--quiet", "--proof", name, pos)
	if r.code != 0 || !strings.Contains(r.errOut, "within 15 plies written to "+name) {
		t.Fatalf("solve --proof: exit %d\n%s\n%s", r.code, r.out, r.errOut)
	}
	r = runBin(t, "", "", "verify", "--proof", name)
	if r.code != 0 || !strings.Contains(r.out, ": ok: the first player surely wins "+pos+" within 15 plies (claimed 15)") {
		t.Fatalf("verify --proof: exit %d\n%s\n%s", r.code, r.out, r.errOut)
	}
	r = runBin(t, "", "", "verify", "--json", "--proof", name)
	if ls := jsonLines(t, r.out); r.code != 0 || len(ls) != 1 || ls[0]["ok"] != true || ls[0]["plies"] != 15.0 || ls[0]["table_leaves"] != 0.0 {
		t.Fatalf("verify --json --proof: exit %d\n%s", r.code, r.out)
	}
	// One reply removed: the first node of the opponent lists several.
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	f := strings.Fields(lines[6])
	if len(f) < 4 {
		t.Fatalf("node 1 is %q, want the opponent's replies", lines[6])
	}
	lines[6] = strings.Join(f[2:], " ")
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	r = runBin(t, "", "", "verify", "--proof", bad)
	if r.code != 1 || !strings.Contains(r.out, "DOES NOT HOLD") || !strings.Contains(r.out, "reply "+f[0]) {
		t.Fatalf("verify --proof of a proof without %s: exit %d\n%s\n%s", f[0], r.code, r.out, r.errOut)
	}

	// With tables (the 4-piece class): table leaves, the tables verified.
	tables := tinyTables(t)
	withTables := filepath.Join(dir, "t.txt")
	r = runBin(t, "", "", "solve", "--table", tables, "--shortest", "--quiet", "--proof", withTables, pos)
	if r.code != 0 {
		t.Fatalf("solve --table --proof: exit %d\n%s", r.code, r.errOut)
	}
	r = runBin(t, "", "", "verify", "--json", "--table", tables, "--proof", withTables)
	if ls := jsonLines(t, r.out); r.code != 0 || len(ls) != 1 || ls[0]["ok"] != true || ls[0]["plies"] != 15.0 || ls[0]["table_leaves"] == 0.0 || ls[0]["table_classes"] == nil {
		t.Fatalf("verify --table --proof: exit %d\n%s\n%s", r.code, r.out, r.errOut)
	}
	r = runBin(t, "", "", "verify", "--proof", withTables)
	if r.code != 1 || !strings.Contains(r.errOut, "has table leaves") {
		t.Fatalf("verify --proof with table leaves and no tables: exit %d\n%s", r.code, r.errOut)
	}

	r = runBin(t, "", pos+"\n", "solve", "--proof", filepath.Join(dir, "x.txt"), "-")
	if r.code != 2 || !strings.Contains(r.errOut, "--proof writes the proof of one position") {
		t.Fatalf("solve --proof -: exit %d\n%s", r.code, r.errOut)
	}
	none := filepath.Join(dir, "none.txt")
	r = runBin(t, "", "", "solve", "--no-table", "--max-plies", "5", "--quiet", "--proof", none, pos)
	if _, err := os.Stat(none); r.code != 1 || err == nil || !strings.Contains(r.errOut, "no proof written") {
		t.Fatalf("solve --proof of a no-win: exit %d, file %v\n%s", r.code, err, r.errOut)
	}
}

package main

// The command-line tests: they run the geister binary (built once, see
// cli_harness_test.go) as a user would, on every edge the hardening covers
// (long and hostile input lines, directories that are not table stores,
// locks, corruption, sizes, flag forms, interrupts, non-ASCII input,
// records, JSON output).

import (
	"bytes"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/geister-solver/geister/solver"
)

// Item 1: an over-long input line is answered (an error naming its line
// and length), and the lines after it are still answered, in order.
func TestCLILongInputLine(t *testing.T) {
	long := strings.Repeat("x", 2_000_000)
	in := posWin5 + "\n" + long + "\n\n# a comment\n" + posWin5 + "\n"
	for _, args := range [][]string{
		{"solve", "--json", "--no-table", "-"},
		{"probe", "--json", "--table", tinyTables(t), "-"},
	} {
		r := runBin(t, "", in, args...)
		objs := jsonLines(t, r.out)
		if r.code != 1 || len(objs) != 3 {
			t.Fatalf("%q: exit %d, %d answers, want 1 and 3:\n%s\n%s", args, r.code, len(objs), clip(r.out), r.errOut)
		}
		if objs[0]["result"] != "win" || objs[2]["result"] != "win" {
			t.Errorf("%q: the good lines are not answered in order: %v", args, objs)
		}
		e, _ := objs[1]["error"].(string)
		if !strings.Contains(e, "line 2") || !strings.Contains(e, "2000000") {
			t.Errorf("%q: the long line's error does not name its line and length: %q", args, e)
		}
		if p, _ := objs[1]["position"].(string); len(p) > 200 {
			t.Errorf("%q: the long line is echoed back (%d bytes)", args, len(p))
		}
	}
}

// Item 2: reading commands on a directory that is not a table store fail
// clearly, naming it, and leave it as it was.
func TestCLINotAStore(t *testing.T) {
	for _, args := range [][]string{
		{"tables", "--table"},
		{"probe", posWin5, "--table"},
		{"solve", posWin5, "--table"},
	} {
		for _, kind := range []string{"foreign", "empty"} {
			dir := filepath.Join(t.TempDir(), kind)
			os.MkdirAll(dir, 0o755)
			if kind == "foreign" {
				os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a table\n"), 0o644)
			}
			before := hashTree(t, dir)
			r := runBin(t, "", "", append(args, dir)...)
			if f, ok := sameTree(before, hashTree(t, dir)); !ok {
				t.Errorf("%q on a %s directory changed %s", args, kind, f)
			}
			if r.code == 0 || !strings.Contains(r.errOut, dir) || !strings.Contains(r.errOut, "not a table store") {
				t.Errorf("%q on a %s directory: exit %d, stderr %q; want an error naming it", args, kind, r.code, r.errOut)
			}
		}
	}
}

// Item 3: tables are optional: a foreign or locked directory at the
// default location gives one warning and the command goes on.
func TestCLIDefaultTablesUnusable(t *testing.T) {
	foreign := filepath.Join(t.TempDir(), "tables")
	os.MkdirAll(foreign, 0o755)
	os.WriteFile(filepath.Join(foreign, "notes.txt"), []byte("x"), 0o644)
	for _, args := range [][]string{
		{"solve", "--json", posWin5},
		{"match", "--games", "2", "--quiet", "random", "random"},
	} {
		r := runBin(t, foreign, "", args...)
		if r.code != 0 || strings.Count(r.errOut, "not a table store") != 1 || !strings.Contains(r.errOut, "without") {
			t.Errorf("%q with a foreign default directory: exit %d, stderr %q", args, r.code, r.errOut)
		}
	}

	// A build holds the lock: another process opens the store for writing.
	locked := copyDir(t, tinyTables(t))
	holder := exec.Command(geisterBin(t), "build", "--quiet", "--table", locked, "--pieces", "5")
	var herr bytes.Buffer
	holder.Stderr = &herr
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	defer holder.Wait()
	defer holder.Process.Kill()
	// Wait until the build holds the lock (its LOCK file appears).
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(filepath.Join(locked, "LOCK")); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	r := runBin(t, locked, "", "solve", "--json", posWin5)
	if r.code != 0 || strings.Contains(r.errOut, "Cannot acquire") || !strings.Contains(r.errOut, "in use") {
		t.Errorf("solve with the tables locked by a build: exit %d, stderr %q", r.code, r.errOut)
	}
	r = runBin(t, "", "", "tables", "--table", locked)
	if r.code == 0 || strings.Contains(r.errOut, "Cannot acquire") || !strings.Contains(r.errOut, "in use") {
		t.Errorf("tables on a store a build holds: exit %d, stderr %q", r.code, r.errOut)
	}
}

// Item 5: a size larger than the machine is a clear usage error.
func TestCLISizeBounds(t *testing.T) {
	r := runBin(t, "", "", "solve", "--no-table", "--tt", "100000000", posWin5)
	if r.code != 2 || !strings.Contains(r.errOut, "--tt") || !strings.Contains(r.errOut, "MiB") {
		t.Errorf("solve --tt 100000000: exit %d, stderr %q", r.code, r.errOut)
	}
	r = runBin(t, "", "", "match", "--games", "1", "--quiet", "purplemax:tt=100000000", "random")
	if r.code == 0 || !strings.Contains(r.errOut, "tt") || !strings.Contains(r.errOut, "MiB") {
		t.Errorf("purplemax:tt=100000000: exit %d, stderr %q", r.code, r.errOut)
	}
}

// Item 6: flags take their values; none swallows an operand.
func TestCLIFlagValues(t *testing.T) {
	r := runBin(t, "", "", "solve", "--json", "--no-table", posWin5, "--ply-limit", "200")
	objs := jsonLines(t, r.out)
	if r.code != 0 || len(objs) != 1 || objs[0]["result"] != "win" {
		t.Errorf("solve POS --ply-limit 200: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	r = runBin(t, "", "", "solve", "--json", "--no-table", posWin5, "--ply-limit")
	if r.code != 2 || !strings.Contains(r.errOut, "ply-limit") {
		t.Errorf("solve POS --ply-limit (no value): exit %d, stderr %q", r.code, r.errOut)
	}
}

// Item 7: positions an interrupt stopped are marked, not passed off as an
// exhausted budget.
func TestCLIInterruptedBatch(t *testing.T) {
	var in strings.Builder
	for i := 0; i < 6; i++ {
		in.WriteString(posStart + "\n")
	}
	cmd := exec.Command(geisterBin(t), "solve", "--json", "--no-table", "--threads", "1", "--tt", "16", "--time", "30s", "-")
	cmd.Env = append(os.Environ(), "GEISTER_TABLES="+filepath.Join(t.TempDir(), "none"))
	r := interrupted(t, cmd, in.String(), false, 700*time.Millisecond)
	assertNoCrash(t, []string{"solve", "-"}, r)
	if r.code != 1 {
		t.Errorf("interrupted batch: exit %d, want 1", r.code)
	}
	for _, o := range jsonLines(t, r.out) {
		if o["result"] == "unknown" && o["interrupted"] != true {
			t.Errorf("an interrupted position looks like an exhausted budget: %v", o)
		}
	}
}

// Item 8: parse errors name characters, not bytes.
func TestCLINonASCII(t *testing.T) {
	r := runBin(t, "", "", "show", "ü♟️/6/6/6/6/6 f R1r1")
	if r.code != 1 || !strings.Contains(r.errOut, `"ü"`) || strings.Contains(r.errOut, "Ã") {
		t.Errorf("show with ü: exit %d, stderr %q", r.code, r.errOut)
	}
	r = runBin(t, "", "", "show", "--gat", "f", "ü"+strings.Repeat("9", 47))
	if r.code != 1 || !strings.Contains(r.errOut, `character 1 "ü"`) {
		t.Errorf("show --gat with ü: exit %d, stderr %q", r.code, r.errOut)
	}
}

// Item 10: an interrupted build's summary gives the time it ran.
func TestCLIBuildInterrupted(t *testing.T) {
	dir := copyDir(t, tinyTables(t))
	cmd := exec.Command(geisterBin(t), "build", "--quiet", "--threads", "1", "--table", dir, "--pieces", "5")
	r := interrupted(t, cmd, "", false, 1500*time.Millisecond)
	assertNoCrash(t, []string{"build"}, r)
	if r.code != 1 || !strings.Contains(r.errOut, "interrupted") {
		t.Fatalf("interrupted build: exit %d\n%s\n%s", r.code, r.out, r.errOut)
	}
	if !strings.Contains(r.out, "this run") || strings.Contains(r.out, "this run 0s") {
		t.Errorf("interrupted build's summary:\n%s", r.out)
	}
}

// Item 10 and statistics: an interrupted match prints the games played
// (in JSON too, marked).
func TestCLIMatchInterrupted(t *testing.T) {
	for _, asJSON := range []bool{false, true} {
		args := []string{"match", "--games", "100000000", "--threads", "1", "random", "random"}
		if asJSON {
			args = append(args, "--json")
		}
		cmd := exec.Command(geisterBin(t), args...)
		cmd.Env = append(os.Environ(), "GEISTER_TABLES="+filepath.Join(t.TempDir(), "none"))
		r := interrupted(t, cmd, "", false, 1000*time.Millisecond)
		assertNoCrash(t, args, r)
		if r.code != 1 || !strings.Contains(r.errOut, "interrupted after") {
			t.Errorf("interrupted match: exit %d\n%s\n%s", r.code, r.out, r.errOut)
		}
		if !asJSON && (!strings.Contains(r.out, "random vs random") || !strings.Contains(r.out, "average game")) {
			t.Errorf("interrupted match printed no statistics:\n%s", r.out)
		}
		if asJSON {
			objs := jsonLines(t, r.out)
			if len(objs) != 1 || objs[0]["interrupted"] != true || objs[0]["games"] == 0.0 {
				t.Errorf("interrupted match --json:\n%s", r.out)
			}
		}
	}
}

// --records never overwrites a file unless --force.
func TestCLIRecordsRefuseOverwrite(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "games.jsonl")
	os.WriteFile(rec, []byte("precious\n"), 0o644)
	r := runBin(t, "", "", "match", "--games", "2", "--quiet", "--records", rec, "random", "random")
	if b, _ := os.ReadFile(rec); r.code == 0 || string(b) != "precious\n" || !strings.Contains(r.errOut, "--force") {
		t.Errorf("--records on an existing file: exit %d, stderr %q, file %q", r.code, r.errOut, b)
	}
	r = runBin(t, "", "", "match", "--games", "2", "--quiet", "--force", "--records", rec, "random", "random")
	if b, _ := os.ReadFile(rec); r.code != 0 || strings.Count(string(b), "\n") != 2 {
		t.Errorf("--records --force: exit %d, file %q", r.code, b)
	}

	// replay: every ply's position string, --list --json, no negative game.
	r = runBin(t, "", "", "replay", rec)
	positions := 0
	for _, l := range strings.Split(r.out, "\n") {
		if p, ok := strings.CutPrefix(l, "position: "); ok {
			positions++
			if s := runBin(t, "", "", "show", p); s.code != 0 {
				t.Errorf("replay printed %q, which show rejects: %s", p, s.errOut)
			}
			if positions > 3 {
				break
			}
		}
	}
	if r.code != 0 || positions == 0 {
		t.Errorf("replay: exit %d, %d position strings", r.code, positions)
	}
	r = runBin(t, "", "", "replay", "--list", "--json", rec)
	objs := jsonLines(t, r.out)
	if r.code != 0 || len(objs) != 2 || objs[1]["game"] != 1.0 || objs[0]["reason"] == nil || objs[0]["moves"] != nil {
		t.Errorf("replay --list --json: exit %d\n%s", r.code, r.out)
	}
	r = runBin(t, "", "", "replay", "--game", "-5", rec)
	if r.code != 2 || !strings.Contains(r.errOut, "-5") || strings.Contains(r.out, "game 0") {
		t.Errorf("replay --game -5: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
}

// The old flag spellings work for one more release, with a warning.
func TestCLIDeprecatedFlags(t *testing.T) {
	tables := tinyTables(t)
	for _, args := range [][]string{
		{"match", "--games", "2", "--quiet", "--jobs", "1", "random", "random"},
		{"match", "--games", "2", "--quiet", "--tables", tables, "random", "random"},
		{"play", "--tables", tables, "random", "random"},
	} {
		r := runBin(t, "", "", args...)
		if r.code != 0 || !strings.Contains(r.errOut, "deprecated") {
			t.Errorf("%q: exit %d, stderr %q", args, r.code, r.errOut)
		}
	}
	r := runBin(t, "", "", "build", "--quiet", "--workers", "1", "--table", copyDir(t, tables), "--pieces", "4")
	if r.code != 0 || !strings.Contains(r.errOut, "deprecated") || !strings.Contains(r.out, "kept") {
		t.Errorf("build --workers: exit %d\n%s%s", r.code, r.out, r.errOut)
	}
	// A mistyped table directory is named, not silently ignored.
	r = runBin(t, "", "", "match", "--games", "1", "--quiet", "--table", filepath.Join(t.TempDir(), "typo"), "random", "random")
	if !strings.Contains(r.errOut, "typo") {
		t.Errorf("match --table with a missing directory: exit %d, stderr %q", r.code, r.errOut)
	}
}

func TestCLIVersionAndCompletion(t *testing.T) {
	r := runBin(t, "", "", "version", "--json")
	objs := jsonLines(t, r.out)
	if r.code != 0 || len(objs) != 1 || !strings.HasPrefix(objs[0]["go"].(string), "go1.") || objs[0]["module"] == nil || objs[0]["module"] == "" {
		t.Errorf("version --json: exit %d %q", r.code, r.out)
	}
	if r := runBin(t, "", "", "version"); r.code != 0 || !strings.HasPrefix(r.out, "geister ") {
		t.Errorf("version: exit %d %q", r.code, r.out)
	}
	for _, sh := range []string{"bash", "zsh", "fish"} {
		r := runBin(t, "", "", "completion", sh)
		if r.code != 0 {
			t.Fatalf("completion %s: exit %d %s", sh, r.code, r.errOut)
		}
		for _, c := range commands {
			if !strings.Contains(r.out, c.Name) {
				t.Errorf("completion %s lacks the command %s", sh, c.Name)
			}
		}
		for _, f := range []string{"ply-limit", "table", "threads", "records", "json"} {
			if !strings.Contains(r.out, f) {
				t.Errorf("completion %s lacks --%s", sh, f)
			}
		}
		if strings.Contains(r.out, "jobs") || strings.Contains(r.out, "workers") {
			t.Errorf("completion %s offers a deprecated flag", sh)
		}
		if sh == "bash" {
			if _, err := exec.LookPath("bash"); err != nil {
				continue
			}
			script := filepath.Join(t.TempDir(), "c.bash")
			os.WriteFile(script, []byte(r.out), 0o644)
			got, err := exec.Command("bash", "-c", `source "$1"
COMP_WORDS=(geister so); COMP_CWORD=1; _geister; echo "${COMPREPLY[*]}"
COMP_WORDS=(geister match --thr); COMP_CWORD=2; _geister; echo "${COMPREPLY[*]}"
COMP_WORDS=(geister solve --ply-limit ""); COMP_CWORD=3; _geister; echo "n=${#COMPREPLY[@]}"`, "bash", script).CombinedOutput()
			if err != nil || string(got) != "solve\n--threads\nn=0\n" {
				t.Errorf("bash completion: %v %q", err, got)
			}
		}
	}
	if r := runBin(t, "", "", "completion", "tcsh"); r.code != 2 {
		t.Errorf("completion tcsh: exit %d", r.code)
	}
}

// --json on show and perft; apply plays moves into a position for solve.
func TestCLIJSONAndApply(t *testing.T) {
	r := runBin(t, "", "", "show", "--json", posWin5)
	objs := jsonLines(t, r.out)
	if r.code != 0 || len(objs) != 1 || objs[0]["position"] != posWin5+" 0" || len(objs[0]["moves"].([]any)) != 6 {
		t.Errorf("show --json: exit %d %q", r.code, r.out)
	}
	r = runBin(t, "", "", "perft", "--json", posStart, "3")
	objs = jsonLines(t, r.out)
	if r.code != 0 || len(objs) != 3 || objs[2]["count"] != 768.0 || objs[2]["depth"] != 3.0 {
		t.Errorf("perft --json: exit %d %q", r.code, r.out)
	}
	// After d1e1 a1a2 the prover wins in 3 (SPEC §2's line, two plies on).
	r = runBin(t, "", "", "apply", posWin5, "d1e1", "a1a2")
	after := strings.TrimSpace(r.out)
	if r.code != 0 || after != "uu1B2/6/R5/6/6/6 f R1r1 0" && !strings.HasSuffix(after, " 2") {
		t.Fatalf("apply: exit %d %q %s", r.code, r.out, r.errOut)
	}
	r = runBin(t, "", "", "solve", "--json", "--no-table", "--shortest", after)
	if objs := jsonLines(t, r.out); r.code != 0 || objs[0]["plies"] != 3.0 || objs[0]["move"] != "e1f1" {
		t.Errorf("solve of apply's position: %q", r.out)
	}
	for _, bad := range [][]string{
		{"apply", posWin5, "d1e1", "zz"},
		{"apply", posWin5, "a3a2", "b1c1", "a2a1"}, // a hidden capture must name its colour
		{"apply", posWin5, "d1e1(r)"},              // no capture
	} {
		if r := runBin(t, "", "", bad...); r.code != 1 || !strings.Contains(r.errOut, "move ") {
			t.Errorf("%q: exit %d %q", bad, r.code, r.errOut)
		}
	}
	r = runBin(t, "", "", "apply", posWin5, "a3a2", "b1c1", "a2a1(b)")
	if r.code != 0 || strings.TrimSpace(r.out) != "R1uB2/6/6/6/6/6 s R1r1 3" {
		t.Errorf("apply with a captured blue: %q %s", r.out, r.errOut)
	}
}

// Counts agree with their number in human output.
func TestCLIGrammar(t *testing.T) {
	r := runBin(t, "", "", "solve", "--no-table", "BR4/6/6/6/6/uu4 f R1r1")
	if !strings.Contains(r.out, "in exactly 1 ply") && !strings.Contains(r.out, "within 1 ply") {
		t.Errorf("solve:\n%s", r.out)
	}
	r = runBin(t, "", "", "match", "--games", "1", "--quiet", "random", "random")
	if !strings.Contains(r.out, ": 1 game ") || strings.Contains(r.out, " 1 wins") || strings.Contains(r.out, " 1 losses") || strings.Contains(r.out, " 1 draws") {
		t.Errorf("match:\n%s", r.out)
	}
	for _, l := range strings.Split(r.out+runBin(t, "", "", "show", posWin5).out, "\n") {
		for _, bad := range []string{" 1 pieces", " 1 plies", " 1 games", " 1 moves", " 1 entries", " 1 positions"} {
			if strings.Contains(l, bad) {
				t.Errorf("%q in %q", bad, l)
			}
		}
	}
}

// Read-only commands leave a table directory byte for byte as it was.
func TestCLIReadOnlyCommandsLeaveTablesAlone(t *testing.T) {
	dir := copyDir(t, tinyTables(t))
	before := hashTree(t, dir)
	for _, args := range [][]string{
		{"tables", "--table", dir},
		{"tables", "--json", "--table", dir},
		{"probe", "--table", dir, "--json", posWin5},
		{"verify", "--table", dir},
		{"solve", "--table", dir, "--no-store", posWin5},
		{"solve", "--table", dir, "--json", "--shortest", "uu1B2/6/R5/6/6/5R f R2r1"},
		{"enumerate", "--table", dir, "--dtw", "19", "1B1R-2U1r"},
		{"match", "--table", dir, "--games", "2", "--quiet", "purplemax:depth=2", "random"},
	} {
		r := runBin(t, "", "", args...)
		if r.code != 0 {
			t.Errorf("%q: exit %d %s", args, r.code, clip(r.errOut))
		}
		if f, ok := sameTree(before, hashTree(t, dir)); !ok {
			t.Fatalf("%q changed %s in the table directory", args, f)
		}
	}
	// The default directory too.
	r := runBin(t, dir, "", "probe", posWin5)
	if f, ok := sameTree(before, hashTree(t, dir)); r.code != 0 || !ok {
		t.Fatalf("probe at the default directory: exit %d, changed %s", r.code, f)
	}
}

// hostileLines returns n random input lines: position strings with
// mutations, over-long lines, NUL bytes, invalid UTF-8, huge numbers,
// control characters, blank and comment lines.
func hostileLines(r *rand.Rand, n int) []string {
	seeds := []string{posWin5, posStart, "uu1B2/6/R5/6/6/6 f R1r1 99999999999999999999999", "BR4/6/6/6/6/uu4 f R1r1 -1",
		"uu1B2/6/R5/6/6/6 x R1r1", "6/6/6/6/6/6 f R0r0", "ü♟️/6/6/6/6/6 f R1r1", "14B24R34R44R15R25B35B45B41u31u21u11u40u30u20u10u"}
	var out []string
	for i := 0; i < n; i++ {
		var l string
		switch r.IntN(12) {
		case 0:
			l = strings.Repeat("u1B2/", 1+r.IntN(400_000)) // up to 2 MB
		case 1:
			l = "\x00" + seeds[r.IntN(len(seeds))] + "\x00"
		case 2:
			b := make([]byte, 1+r.IntN(200))
			for j := range b {
				b[j] = byte(r.IntN(256))
			}
			l = strings.ReplaceAll(string(b), "\n", "")
		case 3:
			l = seeds[0] + " " + strings.Repeat("9", 1+r.IntN(5000))
		case 4:
			l = ""
		case 5:
			l = "# " + seeds[r.IntN(len(seeds))]
		case 6:
			l = "\t \r"
		case 7:
			l = "{\"position\":\"" + seeds[r.IntN(len(seeds))] + "\",\"result\":\"win\",\"plies\":-3}"
		default:
			b := []byte(seeds[r.IntN(len(seeds))])
			for k := r.IntN(4); k >= 0; k-- {
				j := r.IntN(len(b))
				switch r.IntN(3) {
				case 0:
					b[j] = byte(r.IntN(256))
				case 1:
					b = append(b[:j], b[j+1:]...)
				default:
					b = append(b[:j], append([]byte{"0123456789uUbBrR/ fs"[r.IntN(20)]}, b[j:]...)...)
				}
				if len(b) == 0 {
					b = []byte("x")
				}
			}
			l = strings.ReplaceAll(string(b), "\n", "")
		}
		out = append(out, l)
	}
	return out
}

// Every command that reads lines from standard input answers every line
// that is not blank or a comment exactly once, whatever it holds, and
// never crashes.
func TestCLIStdinHostileLines(t *testing.T) {
	tables := tinyTables(t)
	r := rand.New(rand.NewPCG(18, 2026))
	for round := 0; round < 3; round++ {
		lines := hostileLines(r, 60)
		in := strings.Join(lines, "\n") + "\n"
		want := 0
		for _, l := range lines {
			if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "#") {
				want++
			}
		}
		for _, args := range [][]string{
			{"solve", "--json", "--no-table", "--nodes", "3000", "--time", "1s", "-"},
			{"solve", "--json", "--table", tables, "--no-store", "--nodes", "3000", "--time", "1s", "-"},
			{"probe", "--json", "--table", tables, "-"},
		} {
			res := runBin(t, "", in, args...)
			objs := jsonLines(t, res.out)
			if len(objs) != want {
				t.Fatalf("round %d, %q: %d answers to %d lines (exit %d)\n%s", round, args, len(objs), want, res.code, clip(res.errOut))
			}
			for i, o := range objs {
				if o["error"] == nil && o["result"] == nil {
					t.Errorf("%q: answer %d is neither a result nor an error: %v", args, i, o)
				}
				if p, _ := o["position"].(string); len(p) > solver.MaxLineBytes+100 {
					t.Errorf("%q: answer %d echoes %d bytes", args, i, len(p))
				}
			}
		}
		// Text output: one "== line" header an answer.
		res := runBin(t, "", in, "solve", "--no-table", "--nodes", "3000", "--time", "1s", "-")
		if n := strings.Count(res.out, "\n== "); n+1 != want && !(want == 0 && n == 0) {
			t.Errorf("round %d: solve text output: %d answers to %d lines", round, n+1, want)
		}
		// Commands that read a whole file: a clean error, no crash.
		for _, args := range [][]string{{"replay", "-"}, {"replay", "--list", "-"}, {"verify", "-"}} {
			res := runBin(t, "", in, args...)
			if res.code == 0 {
				t.Errorf("%q accepted hostile input", args)
			}
		}
		// A human player: every line is answered (a move, or why not).
		res = runBin(t, "", "BCFG\n"+in+"resign\n", "play", "--no-table", "human", "random")
		if res.code != 0 || !strings.Contains(res.out, "resigned") && !strings.Contains(res.out, "result:") {
			t.Errorf("play human with hostile lines: exit %d\n%s", res.code, clip(res.out))
		}
	}
}

// Counts that would take all memory before any work are refused.
func TestCLIThreadBounds(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--no-table", "--threads", "1000000", posWin5},
		{"match", "--threads", "1000000", "--games", "1", "random", "random"},
		{"build", "--threads", "1000000", "--table", filepath.Join(t.TempDir(), "t"), "--pieces", "4"},
	} {
		if r := runBin(t, "", "", args...); r.code != 2 || !strings.Contains(r.errOut, "--threads 1000000") {
			t.Errorf("%q: exit %d, stderr %q", args, r.code, r.errOut)
		}
	}
}

// Options that do not apply, or contradict each other, are errors.
func TestCLIOptionConflicts(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--no-table", "--table", t.TempDir(), posWin5},
		{"match", "--no-table", "--table", t.TempDir(), "--games", "1", "random", "random"},
		{"match", "--force", "--games", "1", "random", "random"},
		{"replay", "--json", "x.jsonl"},
		{"apply", "--show", "--json", posWin5, "d1e1"},
	} {
		if r := runBin(t, "", "", args...); r.code != 2 || strings.Count(strings.TrimSpace(r.errOut), "\n") != 0 {
			t.Errorf("%q: exit %d, stderr %q; want a one-line usage error", args, r.code, r.errOut)
		}
	}
}

// Item 4: a damaged store gives errors naming the class and block, never a
// panic, in every command that reads it.
func TestCLICorruptStore(t *testing.T) {
	src := tinyTables(t)
	ssts, _ := filepath.Glob(filepath.Join(src, "*.sst"))
	if len(ssts) == 0 {
		t.Fatal("no .sst file")
	}
	for _, off := range []int{0, 1000, 20000} {
		dir := copyDir(t, src)
		f := filepath.Join(dir, filepath.Base(ssts[0]))
		b, _ := os.ReadFile(f)
		for i := off; i < off+4 && i < len(b); i++ {
			b[i] ^= 0xff
		}
		os.WriteFile(f, b, 0o644)
		for _, args := range [][]string{
			{"verify", "--quiet", "--table", dir},
			{"enumerate", "--table", dir, "--dtw", "19", "1B1R-2U1r"},
		} {
			r := runBin(t, "", "", args...)
			all := r.out + r.errOut
			if r.code != 1 || !strings.Contains(all, "1B1R-2U1r") || !strings.Contains(all, "block") {
				t.Errorf("offset %d, %q: exit %d\n%s\n%s", off, args, r.code, clip(r.out), clip(r.errOut))
			}
		}
	}
}

// interrupted starts cmd with input on standard input (a pipe kept open
// until the command ends when open is set), sends it an interrupt after
// wait, and waits at most 10 s for it to end.
func interrupted(t *testing.T, cmd *exec.Cmd, input string, open bool, wait time.Duration) cliResult {
	t.Helper()
	var stdin io.WriteCloser
	if open {
		var err error
		if stdin, err = cmd.StdinPipe(); err != nil {
			t.Fatal(err)
		}
		defer stdin.Close()
	} else {
		cmd.Stdin = strings.NewReader(input)
	}
	var out, errb syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if open {
		io.WriteString(stdin, input)
	}
	time.Sleep(wait)
	// On a loaded machine the command may not yet have started to listen
	// for interrupts (the interrupt then kills it: exit -1): wait up to 3 s
	// more for its first output, which comes after.
	for end := time.Now().Add(3 * time.Second); out.String() == "" && errb.String() == "" && time.Now().Before(end); {
		time.Sleep(20 * time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGINT)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("%q did not end after an interrupt:\n%s", cmd.Args[1:], out.String())
	}
	return cliResult{cmd.ProcessState.ExitCode(), out.String(), errb.String()}
}

// An interrupt ends a batch whose input stays open (a terminal, a pipe).
func TestCLIInterruptOpenInput(t *testing.T) {
	cmd := exec.Command(geisterBin(t), "solve", "--json", "--no-table", "--threads", "1", "-")
	cmd.Env = append(os.Environ(), "GEISTER_TABLES="+filepath.Join(t.TempDir(), "none"))
	r := interrupted(t, cmd, posWin5+"\n"+posStart+"\n", true, 700*time.Millisecond)
	objs := jsonLines(t, r.out)
	if len(objs) != 2 || objs[0]["result"] != "win" || objs[1]["interrupted"] != true {
		t.Errorf("answers after the interrupt:\n%s%s", r.out, r.errOut)
	}
}

// An interrupt ends a game that waits for a human's move.
func TestCLIInterruptHuman(t *testing.T) {
	cmd := exec.Command(geisterBin(t), "play", "--no-table", "human", "random")
	r := interrupted(t, cmd, "BCFG\n", true, 500*time.Millisecond)
	if r.code != 1 || !strings.Contains(r.out, "interrupted after 0 plies") {
		t.Errorf("exit %d\n%s%s", r.code, r.out, r.errOut)
	}
}

// A second interrupt ends a command at once, even one busy where it does
// not look for interrupts (a deep perft depth).
func TestCLISecondInterrupt(t *testing.T) {
	cmd := exec.Command(geisterBin(t), "perft", posStart, "14")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	time.Sleep(1500 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	time.Sleep(1000 * time.Millisecond)
	cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatal("perft went on after two interrupts")
	}
}

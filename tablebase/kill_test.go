package tablebase

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/geister-solver/geister/internal/longtest"
	"github.com/geister-solver/geister/purple"
)

const killChildEnv = "GEISTER_TABLEBASE_KILL_CHILD"

// TestKillChild is the build the kill test runs in a subprocess and kills;
// it does nothing in a normal test run.
func TestKillChild(t *testing.T) {
	dir := os.Getenv(killChildEnv)
	if dir == "" {
		t.Skip("the child of TestKilledBuildResumes")
	}
	db, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	w := bufio.NewWriter(os.Stdout)
	_, err = Build(context.Background(), db, []purple.Class{jobBig}, BuildOptions{
		Workers: 2, CheckpointEvery: time.Nanosecond, ProgressEvery: time.Millisecond,
		Progress: func(p Progress) {
			fmt.Fprintf(w, "progress %s %s %d %d\n", p.Class, p.Phase, p.Level, p.Resumed)
			w.Flush()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// A build killed (SIGKILL) at random moments, in the init pass, in the
// middle of the retrograde levels, while writing a checkpoint or while
// storing, resumes from its checkpoints to the same tables as a build
// never stopped. Three kills; eight with GEISTER_LONG=1.
func TestKilledBuildResumes(t *testing.T) {
	ref := fixture(t)
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 19))
	var kills, midClass, resumed int
	kills0 := 3 // GEISTER_LONG=1: eight, the later ones anywhere at random
	if longtest.Enabled() {
		kills0 = 8
	}
	// untested: the test still wants a run that resumes from a
	// checkpoint, or a second kill that landed (within 16 runs)
	untested := func(run int) bool { return (resumed == 0 || kills < 2) && run < 16 }
	for run := 0; ; run++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestKillChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), killChildEnv+"="+dir)
		cmd.Stderr = os.Stderr
		pipe, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Where to kill this run: at a random progress line of the small
		// class or the big class's init pass (at the latest at its first
		// level), while writing a checkpoint of the big class, at a random
		// retrograde level of it, while it stores; then at random among
		// these. A kill point not reached (a class with fewer levels) is
		// replaced by a kill while storing, so every planned kill lands
		// while the build runs, whatever the machine's speed.
		// Until one run has resumed from a checkpoint (kills before the
		// first checkpoint of the big class leave none), kill again.
		kill := run < kills0 || untested(run)
		where, level, early := run, 1+rng.IntN(12), rng.IntN(40)
		if run >= 4 {
			where = rng.IntN(4)
		}
		big := "progress " + jobBig.String() + " "
		var text strings.Builder
		inRetro, wasResumed := false, false
		sc := bufio.NewScanner(pipe)
		for sc.Scan() {
			line := sc.Text()
			text.WriteString(line + "\n")
			if kill && where == 0 && strings.HasPrefix(line, "progress ") {
				if early == 0 || strings.HasPrefix(line, big) && !strings.HasPrefix(line, big+"init ") {
					cmd.Process.Kill()
					break
				}
				early--
			}
			var ph string
			var lv, res int
			if _, err := fmt.Sscanf(strings.TrimPrefix(line, big), "%s %d %d", &ph, &lv, &res); err != nil || !strings.HasPrefix(line, big) {
				continue
			}
			if ph == "retro" && !inRetro {
				inRetro = true
				midClass++
			}
			if (ph == "resume" || res > 0) && !wasResumed {
				wasResumed = true
				resumed++
			}
			if kill && (where == 1 && ph == "checkpoint" && lv >= level/2 || where == 2 && ph == "retro" && lv >= level || where > 0 && ph == "store") {
				cmd.Process.Kill()
				break
			}
		}
		io.Copy(io.Discard, pipe)
		err = cmd.Wait()
		if err == nil {
			if !strings.Contains(text.String(), "PASS") {
				t.Fatalf("child run %d: %s", run, text.String())
			}
			if untested(run) {
				// A kill landed after the build had finished (the child
				// runs ahead of the lines read here): the build is
				// complete before the test has tested; start it afresh.
				if err := os.RemoveAll(dir); err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(dir, 0o755); err != nil {
					t.Fatal(err)
				}
				continue
			}
			break
		}
		if !kill {
			t.Fatalf("child run %d failed: %v\n%s", run, err, text.String())
		}
		kills++
	}
	t.Logf("%d kills, %d runs reached the retrograde levels of %s, %d resumed from a checkpoint", kills, midClass, jobBig, resumed)
	if kills < 2 || resumed == 0 {
		t.Fatalf("%d kills, %d runs resumed from a checkpoint: the test did not test", kills, resumed)
	}
	db, err := OpenReadOnly(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, c := range []purple.Class{jobSmall, jobBig} {
		sameEntries(t, "build killed and resumed", ref, db, c)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "checkpoint-*")); len(left) != 0 {
		t.Fatalf("checkpoints left after the build: %v", left)
	}
}

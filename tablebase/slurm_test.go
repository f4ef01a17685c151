package tablebase

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geister-solver/geister/purple"
)

// SubmitSlurm submits one job a class, dependencies first, each after the
// jobs of the classes it reads and sized by its memory; run here by a
// stand-in for sbatch that builds each class as its script would (the
// real Slurm path runs in tools/slurm/e2e.sh), Status then shows every
// class complete, and submitting again submits nothing.
func TestSubmitSlurm(t *testing.T) {
	ref := fixture(t)
	shared := t.TempDir()
	jobs, err := PlanJobs([]purple.Class{jobBig})
	if err != nil {
		t.Fatal(err)
	}
	if st, err := Status(filepath.Join(shared, "none")); err == nil {
		t.Fatalf("status without a plan: %v", st)
	}
	var n int
	ids := map[string]string{}
	sbatch := func(opts []string, script string) (string, error) {
		n++
		text, err := os.ReadFile(script)
		if err != nil {
			return "", err
		}
		class := strings.TrimSuffix(filepath.Base(script), ".sh")
		c, err := purple.ParseClass(class)
		if err != nil {
			return "", err
		}
		j := jobFor(c)
		var after string
		for _, o := range opts {
			after, _ = strings.CutPrefix(o, "--dependency=afterok:")
			if after != o {
				break
			}
			after = ""
		}
		var want []string
		for _, d := range j.Reads {
			want = append(want, ids[d])
			if !strings.Contains(string(text), "--from "+filepath.Join(shared, d)) {
				t.Errorf("the script of %s does not read %s:\n%s", class, d, text)
			}
		}
		if after != strings.Join(want, ":") || !strings.Contains(strings.Join(opts, " "), "--mem=") {
			t.Errorf("sbatch options of %s: %v (want afterok:%s)", class, opts, strings.Join(want, ":"))
		}
		// Run the job as its script does.
		db, err := Open(filepath.Join(shared, class))
		if err != nil {
			return "", err
		}
		defer db.Close()
		var from *DB
		if len(j.Reads) > 0 {
			var dirs []string
			for _, d := range j.Reads {
				dirs = append(dirs, filepath.Join(shared, d))
			}
			if from, err = OpenReadOnly(strings.Join(dirs, string(os.PathListSeparator))); err != nil {
				return "", err
			}
			defer from.Close()
		}
		if _, err := Build(context.Background(), db, []purple.Class{c}, BuildOptions{NoDeps: true, From: from}); err != nil {
			return "", err
		}
		id := string(rune('0' + n))
		ids[class] = id
		return id, nil
	}
	sub, err := SubmitSlurm(jobs, SlurmOptions{Shared: shared, Command: testJobCommand, Sbatch: sbatch})
	if err != nil || len(sub) != 2 {
		t.Fatalf("submit: %v %+v", err, sub)
	}
	st, err := Status(shared)
	if err != nil || len(st) != 2 {
		t.Fatalf("status: %v %+v", err, st)
	}
	for _, s := range st {
		if s.State != "complete" {
			t.Fatalf("status: %+v", st)
		}
	}
	all, err := OpenReadOnly(filepath.Join(shared, jobSmall.String()) + string(os.PathListSeparator) + filepath.Join(shared, jobBig.String()))
	if err != nil {
		t.Fatal(err)
	}
	defer all.Close()
	sameEntries(t, "classes built by the submitted jobs", ref, all, jobBig)
	if sub, err := SubmitSlurm(jobs, SlurmOptions{Shared: shared, Command: testJobCommand, Sbatch: sbatch}); err != nil || len(sub) != 0 {
		t.Fatalf("submitting a finished build again: %v %+v", err, sub)
	}
}

// testJobCommand is a job's command line as the geister command writes
// it (the script is checked for its --from stores).
func testJobCommand(t SlurmTask) []string {
	args := []string{"/opt/geister", "build", "--class", t.Class, "--out", t.Out}
	for _, d := range t.From {
		args = append(args, "--from", d)
	}
	return append(args, "--threads", fmt.Sprint(t.Threads), "--max-memory", fmt.Sprint(t.MemoryMiB), "--quiet")
}

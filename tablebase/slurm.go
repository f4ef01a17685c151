package tablebase

// Builds on a Slurm cluster: one batch job per class of a plan, each
// building its class into a store of its own under a shared directory
// from the stores of the classes it reads, started by Slurm only when
// the jobs of those classes have succeeded (sbatch --dependency=afterok).
//
// The shared directory holds:
//
//	plan.json        the plan (PlanJobs), for Status
//	CLASS/           the store of each class (built by its job)
//	jobs/CLASS.sh    the batch script of each job
//	logs/CLASS-ID.out what each job printed
//
// A job that fails is tried again within its allocation (Attempts), the
// build resuming from the class's checkpoint; if every attempt fails the
// job fails and its dependants wait (Slurm leaves them pending with
// reason DependencyNeverSatisfied) until the operator fixes the cause and
// submits again: submitting skips the classes already complete.

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/geister-solver/geister/purple"
)

// SlurmOptions configure SubmitSlurm.
type SlurmOptions struct {
	// Shared is the directory every node sees (a network file system).
	Shared string
	// Command is the command line (program and arguments) with which a
	// job builds its task; each attempt runs it again, and it resumes
	// from the class's checkpoint. Required.
	Command func(SlurmTask) []string
	// Threads is each job's cores (--cpus-per-task; default 2).
	Threads int
	// Attempts is how often a job tries its build before failing
	// (default 3).
	Attempts int
	// Extra are more sbatch options for every job (e.g. --partition=big,
	// --time=12:00:00).
	Extra []string
	// Sbatch submits a script file with the given options and returns
	// the job id (default: runs "sbatch --parsable OPTIONS SCRIPT").
	Sbatch func(opts []string, script string) (string, error)
}

// SlurmTask is what one job builds: the class Class into the store Out,
// reading the classes it needs from the stores From, on Threads cores
// within MemoryMiB.
type SlurmTask struct {
	Class     string
	Out       string
	From      []string
	Threads   int
	MemoryMiB uint64
}

// SlurmJob is one submitted job.
type SlurmJob struct {
	Class     string   `json:"class"`
	ID        string   `json:"job_id"`
	MemoryMiB uint64   `json:"memory_mib"`
	After     []string `json:"after"` // job ids it waits for
	Script    string   `json:"script"`
}

// SubmitSlurm writes the plan into o.Shared and submits one job per class
// of jobs not complete there yet, dependencies first, each sized by its
// memory need and depending (afterok) on the jobs of the classes it
// reads. It returns the jobs submitted.
func SubmitSlurm(jobs []Job, o SlurmOptions) ([]SlurmJob, error) {
	if o.Shared == "" {
		return nil, errors.New("tablebase: slurm: no shared directory given")
	}
	shared, err := filepath.Abs(o.Shared)
	if err != nil {
		return nil, err
	}
	if o.Command == nil {
		return nil, errors.New("tablebase: slurm: no command for the jobs")
	}
	if o.Threads < 1 {
		o.Threads = 2
	}
	if o.Attempts < 1 {
		o.Attempts = 3
	}
	if o.Sbatch == nil {
		o.Sbatch = runSbatch
	}
	for _, d := range []string{shared, filepath.Join(shared, "jobs"), filepath.Join(shared, "logs")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("tablebase: slurm: %w", err)
		}
	}
	plan, err := json.MarshalIndent(jobs, "", " ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(shared, "plan.json"), append(plan, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("tablebase: slurm: %w", err)
	}
	ids := map[string]string{}
	var out []SlurmJob
	for _, j := range jobs {
		c, err := purple.ParseClass(j.Class)
		if err != nil {
			return out, fmt.Errorf("tablebase: slurm: %w", err)
		}
		if complete(filepath.Join(shared, j.Class), c) {
			continue
		}
		var after, from []string
		for _, d := range j.Reads {
			if id, ok := ids[d]; ok {
				after = append(after, id)
			}
			from = append(from, filepath.Join(shared, d))
		}
		mem := mib(j.MemoryBytes) + 64
		script := filepath.Join(shared, "jobs", j.Class+".sh")
		args := o.Command(SlurmTask{Class: j.Class, Out: filepath.Join(shared, j.Class), From: from, Threads: o.Threads, MemoryMiB: mem})
		if len(args) == 0 {
			return out, fmt.Errorf("tablebase: slurm: an empty command for %s", j.Class)
		}
		for i := range args {
			args[i] = shellQuote(args[i])
		}
		cmd := strings.Join(args, " ")
		text := fmt.Sprintf(`#!/bin/sh
# Builds class %[1]s of a geister table plan (%[2]d positions, %[3]d MiB).
# Each attempt resumes from the class's checkpoint.
i=1
while [ $i -le %[4]d ]; do
  %[5]s && exit 0
  echo "geister: attempt $i of %[4]d to build %[1]s failed" >&2
  i=$((i + 1))
  sleep 5
done
exit 1
`, j.Class, j.Positions, mem, o.Attempts, cmd)
		if err := os.WriteFile(script, []byte(text), 0o755); err != nil {
			return out, fmt.Errorf("tablebase: slurm: %w", err)
		}
		opts := []string{"--job-name=geister-" + j.Class, fmt.Sprintf("--mem=%dM", mem), fmt.Sprintf("--cpus-per-task=%d", o.Threads),
			"--output=" + filepath.Join(shared, "logs", j.Class+"-%j.out"), "--kill-on-invalid-dep=no"}
		if len(after) > 0 {
			opts = append(opts, "--dependency=afterok:"+strings.Join(after, ":"))
		}
		opts = append(opts, o.Extra...)
		id, err := o.Sbatch(opts, script)
		if err != nil {
			return out, fmt.Errorf("tablebase: slurm: submitting %s: %w", j.Class, err)
		}
		ids[j.Class] = id
		out = append(out, SlurmJob{Class: j.Class, ID: id, MemoryMiB: mem, After: after, Script: script})
	}
	return out, nil
}

func runSbatch(opts []string, script string) (string, error) {
	cmd := exec.Command("sbatch", append(append([]string{"--parsable"}, opts...), script)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("sbatch: %w: %s", err, strings.TrimSpace(stderr.String()))
	}
	id, _, _ := strings.Cut(strings.TrimSpace(string(b)), ";") // "id;cluster"
	if id == "" {
		return "", errors.New("sbatch printed no job id")
	}
	return id, nil
}

// shellQuote quotes s for sh.
func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// complete reports whether dir holds a store with class c complete.
func complete(dir string, c purple.Class) bool {
	db, err := OpenReadOnly(dir)
	if err != nil {
		return false
	}
	defer db.Close()
	return db.Has(c)
}

// ClassStatus is the state of one class of a build run as jobs.
type ClassStatus struct {
	Class     string `json:"class"`
	Positions uint64 `json:"positions"`
	// State: "complete", "building" (its store is open by a build),
	// "stopped" (begun, not running, not complete), or "waiting".
	State string `json:"state"`
	// Checkpoint is the retrograde level of its last checkpoint, -1 if
	// none.
	Checkpoint int `json:"checkpoint_level"`
}

// Status reads the state of every class of the plan in shared (written
// by SubmitSlurm) from the class stores.
func Status(shared string) ([]ClassStatus, error) {
	b, err := os.ReadFile(filepath.Join(shared, "plan.json"))
	if err != nil {
		return nil, fmt.Errorf("tablebase: status: %w (no plan: was the build submitted into %s?)", err, shared)
	}
	var jobs []Job
	if err := json.Unmarshal(b, &jobs); err != nil {
		return nil, fmt.Errorf("tablebase: status: %s: %w", filepath.Join(shared, "plan.json"), err)
	}
	out := make([]ClassStatus, len(jobs))
	for i, j := range jobs {
		dir := filepath.Join(shared, j.Class)
		st := ClassStatus{Class: j.Class, Positions: j.Positions, State: "waiting", Checkpoint: -1}
		if c, err := purple.ParseClass(j.Class); err == nil {
			st.Checkpoint = checkpointLevel(checkpointPath(dir, c))
		}
		db, err := OpenReadOnly(dir)
		switch {
		case errors.Is(err, ErrLocked):
			st.State = "building"
		case errors.Is(err, fs.ErrNotExist):
		case err != nil && errors.Is(err, ErrNotStore):
		case err != nil:
			return nil, err
		default:
			ms := db.Classes()
			db.Close()
			st.State = "complete"
			for _, m := range ms {
				if !m.Complete {
					st.State = "stopped"
				}
			}
			if len(ms) == 0 {
				st.State = "waiting"
			}
		}
		out[i] = st
	}
	return out, nil
}

// checkpointLevel returns the levels done of the checkpoint at path, -1
// if there is none.
func checkpointLevel(path string) int {
	f, err := os.Open(path)
	if err != nil {
		return -1
	}
	defer f.Close()
	hdr := make([]byte, 16)
	if n, _ := f.Read(hdr); n < 16 || string(hdr[:8]) != checkpointMagic {
		return -1
	}
	return int(hdr[12])<<24 | int(hdr[13])<<16 | int(hdr[14])<<8 | int(hdr[15])
}

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/cmd/geister/internal/cli"
	"github.com/geister-solver/geister/cmd/geister/internal/cliflags"
	"github.com/geister-solver/geister/internal/progress"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

var buildCommand = command{
	Name:    "build",
	Args:    "[CLASS...]",
	Summary: "build endgame tables: every class up to --pieces pieces, or the named ones",
	Details: helpText("build"),
	Flags:   commandFlags[buildCmd],
}

// buildCmd is geister build: the values of its flags (declare)
// and the command itself (run).
type buildCmd struct {
	dir     *string
	pieces  int
	workers int
	rebuild bool
	jsonOut bool
	quiet   bool
	plan    bool
	class   []string
	from    []string
	out     string
	maxMem  uint64
	every   time.Duration
	submit  string
	shared  string
	node    string
	sbatch  []string
}

// declare declares the flags on fs.
func (cmd *buildCmd) declare(fs *pflag.FlagSet) {
	cmd.dir = cliflags.TableDir(fs)
	fs.IntVar(&cmd.pieces, "pieces", 0, "build every class with at most N pieces on the board (4 to 8)")
	cliflags.ThreadsVar(fs, &cmd.workers, "goroutines to build with")
	cli.Alias(fs, "workers", "threads")
	fs.BoolVar(&cmd.rebuild, "rebuild", false, "build the named classes (or those of --pieces) again even if complete")
	fs.BoolVar(&cmd.jsonOut, "json", false, "print the summary as one JSON object per class instead of a table")
	fs.BoolVar(&cmd.quiet, "quiet", false, "no progress bar")
	fs.BoolVar(&cmd.plan, "plan", false, "print the plan as JSON (classes, positions, memory and disk, what each reads) and build nothing")
	fs.StringArrayVar(&cmd.class, "class", nil, "build only this class (repeatable), reading the classes it needs from --out and --from: one job of a plan")
	fs.StringArrayVar(&cmd.from, "from", nil, "a store (or path list of stores) to read finished classes from (repeatable)")
	fs.StringVar(&cmd.out, "out", "", "the store to build into (same as --table)")
	fs.Uint64Var(&cmd.maxMem, "max-memory", 0, "refuse a build needing more than MIB of memory (default: the machine's, nine tenths)")
	fs.DurationVar(&cmd.every, "checkpoint", 5*time.Minute, "save a class's build state this often, to resume within it (0: never)")
	fs.StringVar(&cmd.submit, "submit", "", "instead of building, submit one batch job a class: slurm")
	fs.StringVar(&cmd.shared, "shared", "", "with --submit: the directory every node sees, for the class stores")
	fs.StringVar(&cmd.node, "command", "", "with --submit: the geister command as the nodes run it (default: this one's path)")
	fs.StringArrayVar(&cmd.sbatch, "sbatch", nil, "with --submit slurm: one more sbatch option for every job (repeatable), e.g. --sbatch=--partition=big")
}

func (cmd *buildCmd) run(e *env, args []string) error {
	var classes []purple.Class
	if cmd.pieces != 0 {
		if cmd.pieces < 4 || cmd.pieces > 8 {
			return usagef("--pieces %d: want 4 to 8", cmd.pieces)
		}
		classes = purple.Classes(cmd.pieces)
	}
	named, err := cliflags.ParseClasses(append(args, cmd.class...), nil)
	if err != nil {
		return err
	}
	classes = append(classes, named...)
	if len(classes) == 0 {
		return usagef("name classes (e.g. 1B1R-2U1r) or give --pieces N")
	}
	if len(cmd.class) > 0 && (len(args) > 0 || cmd.pieces != 0) {
		return usagef("--class builds the classes it names alone: give no --pieces or other classes with it")
	}
	if err := cli.Check(
		cliflags.CheckThreads(cmd.workers),
	); err != nil {
		return err
	}
	jobs, err := tablebase.PlanJobs(classes)
	if err != nil {
		return usagef("%v", err)
	}
	switch {
	case cmd.plan:
		return json.NewEncoder(e.Stdout).Encode(map[string]any{"jobs": jobs})
	case cmd.submit != "":
		if cmd.submit != "slurm" || cmd.shared == "" {
			return usagef("--submit %q: want --submit slurm --shared DIR", cmd.submit)
		}
		command, err := buildJobCommand(cmd.node)
		if err != nil {
			return err
		}
		sub, err := tablebase.SubmitSlurm(jobs, tablebase.SlurmOptions{Shared: cmd.shared, Command: command, Threads: cmd.workers, Extra: cmd.sbatch})
		if werr := tablebase.WriteSubmitted(e.Stdout, sub); werr != nil {
			return werr
		}
		if err == nil {
			_, err = fmt.Fprintf(e.Stdout, "%d jobs submitted; progress: geister tables status --shared %s\n", len(sub), cmd.shared)
		}
		return err
	}
	d := cliflags.Dir(*cmd.dir)
	if cmd.out != "" {
		d = cmd.out
	}
	db, err := tablebase.Open(d)
	if err != nil {
		return err
	}
	closed := false
	defer func() {
		if !closed {
			db.Close()
		}
	}()
	opts := tablebase.BuildOptions{Workers: cliflags.Threads(cmd.workers), Rebuild: cmd.rebuild, NoDeps: len(cmd.class) > 0, MaxMemory: cmd.maxMem << 20, CheckpointEvery: cmd.every}
	if cmd.every == 0 {
		opts.CheckpointEvery = -1
	}
	if len(cmd.from) > 0 {
		if opts.From, err = tablebase.OpenReadOnly(strings.Join(cmd.from, string(os.PathListSeparator))); err != nil {
			return err
		}
		defer opts.From.Close()
	}
	if est, err := tablebase.EstimateBuild(db, classes, opts); err == nil && (!cmd.quiet || est.Classes == 0) {
		hint := ""
		if est.Classes == 0 {
			hint = " (in --table/--out or a --from store); --rebuild builds again"
		}
		fmt.Fprintf(e.Stderr, "geister: %s%s\n", est.Text(), hint)
	}
	var bar *progress.Bar
	if !cmd.quiet {
		bar = &progress.Bar{W: e.Stderr}
		opts.Progress = func(p tablebase.Progress) { bar.Draw(p.Line()) }
	}
	start := time.Now()
	rep, err := tablebase.Build(e.Ctx, db, classes, opts)
	if fe := (*tablebase.FitError)(nil); errors.As(err, &fe) && fe.Memory {
		err = fmt.Errorf("%w (--max-memory)", err)
	}
	elapsed := time.Since(start) // rep.Elapsed is not set when the build stops early
	if bar != nil {
		bar.Finish()
	}
	if cmd.jsonOut {
		tablebase.WriteClassesJSON(e.Stdout, rep.Classes)
	} else if len(rep.Classes) > 0 {
		cerr := db.Close() // the store's files are measured closed
		closed = true
		tablebase.WriteClasses(e.Stdout, rep.Classes, d, "kept")
		fmt.Fprintf(e.Stdout, "table directory: %s; this run %s\n", d, elapsed.Round(time.Millisecond))
		if err == nil {
			err = cerr
		}
	}
	if err != nil && e.Ctx.Err() != nil {
		return fmt.Errorf("interrupted (%w); run the same command again to resume", err)
	}
	return err
}

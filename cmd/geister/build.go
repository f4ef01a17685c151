package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/internal/cli"
	"github.com/geister-solver/geister/internal/cliflags"
	"github.com/geister-solver/geister/internal/progress"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

var buildCommand = command{
	Name:    "build",
	Args:    "[CLASS...]",
	Summary: "build endgame tables: every class up to --pieces pieces, or the named ones",
	Details: helpText("build"),
	Flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := cliflags.TableDir(fs)
		pieces := fs.Int("pieces", 0, "build every class with at most N pieces on the board (4 to 8)")
		workers := fs.Int("threads", runtime.NumCPU(), "goroutines to build with (0: one per core)")
		cli.Alias(fs, "workers", "threads")
		rebuild := fs.Bool("rebuild", false, "build the named classes (or those of --pieces) again even if complete")
		jsonOut := fs.Bool("json", false, "print the summary as one JSON object per class instead of a table")
		quiet := fs.Bool("quiet", false, "no progress bar")
		plan := fs.Bool("plan", false, "print the plan as JSON (classes, positions, memory and disk, what each reads) and build nothing")
		class := fs.StringArray("class", nil, "build only this class (repeatable), reading the classes it needs from --out and --from: one job of a plan")
		from := fs.StringArray("from", nil, "a store (or path list of stores) to read finished classes from (repeatable)")
		out := fs.String("out", "", "the store to build into (same as --table)")
		maxMem := fs.Uint64("max-memory", 0, "refuse a build needing more than MIB of memory (default: the machine's, nine tenths)")
		every := fs.Duration("checkpoint", 5*time.Minute, "save a class's build state this often, to resume within it (0: never)")
		submit := fs.String("submit", "", "instead of building, submit one batch job a class: slurm")
		shared := fs.String("shared", "", "with --submit: the directory every node sees, for the class stores")
		node := fs.String("command", "", "with --submit: the geister command as the nodes run it (default: this one's path)")
		sbatch := fs.StringArray("sbatch", nil, "with --submit slurm: one more sbatch option for every job (repeatable), e.g. --sbatch=--partition=big")
		return func(e *env, args []string) error {
			var classes []purple.Class
			if *pieces != 0 {
				if *pieces < 4 || *pieces > 8 {
					return usagef("--pieces %d: want 4 to 8", *pieces)
				}
				classes = purple.Classes(*pieces)
			}
			named, err := cliflags.ParseClasses(append(args, *class...), nil)
			if err != nil {
				return err
			}
			classes = append(classes, named...)
			if len(classes) == 0 {
				return usagef("name classes (e.g. 1B1R-2U1r) or give --pieces N")
			}
			if len(*class) > 0 && (len(args) > 0 || *pieces != 0) {
				return usagef("--class builds the classes it names alone: give no --pieces or other classes with it")
			}
			if err := cli.Check(
				cli.AtLeast("--threads", *workers, 0, "want 1 or more (0: one per core)"),
				cliflags.CheckThreads(*workers),
			); err != nil {
				return err
			}
			jobs, err := tablebase.PlanJobs(classes)
			if err != nil {
				return usagef("%v", err)
			}
			switch {
			case *plan:
				return json.NewEncoder(e.Stdout).Encode(map[string]any{"jobs": jobs})
			case *submit != "":
				if *submit != "slurm" || *shared == "" {
					return usagef("--submit %q: want --submit slurm --shared DIR", *submit)
				}
				command, err := buildJobCommand(*node)
				if err != nil {
					return err
				}
				sub, err := tablebase.SubmitSlurm(jobs, tablebase.SlurmOptions{Shared: *shared, Command: command, Threads: *workers, Extra: *sbatch})
				tablebase.WriteSubmitted(e.Stdout, sub)
				if err == nil {
					fmt.Fprintf(e.Stdout, "%d jobs submitted; progress: geister tables status --shared %s\n", len(sub), *shared)
				}
				return err
			}
			d := cliflags.Dir(*dir)
			if *out != "" {
				d = *out
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
			opts := tablebase.BuildOptions{Workers: *workers, Rebuild: *rebuild, NoDeps: len(*class) > 0, MaxMemory: *maxMem << 20, CheckpointEvery: *every}
			if *every == 0 {
				opts.CheckpointEvery = -1
			}
			if len(*from) > 0 {
				if opts.From, err = tablebase.OpenReadOnly(strings.Join(*from, string(os.PathListSeparator))); err != nil {
					return err
				}
				defer opts.From.Close()
			}
			if est, err := tablebase.EstimateBuild(db, classes, opts); err == nil && (!*quiet || est.Classes == 0) {
				hint := ""
				if est.Classes == 0 {
					hint = " (in --table/--out or a --from store); --rebuild builds again"
				}
				fmt.Fprintf(e.Stderr, "geister: %s%s\n", est.Text(), hint)
			}
			var bar *progress.Bar
			if !*quiet {
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
			if *jsonOut {
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
	},
}

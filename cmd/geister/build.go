package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

// tableDirFlag declares --table, shared by the table commands.
func tableDirFlag(fs *pflag.FlagSet) *string {
	return fs.String("table", "", "table directory (default: $GEISTER_TABLES, else <user cache dir>/geister/tables)")
}

// tableFlags are --table and --no-table of a command whose tables are
// optional (and the --tables of match and play before, kept one release).
type tableFlags struct {
	fs   *pflag.FlagSet
	dir  *string
	none *bool
	old  *string
}

func addTableFlags(fs *pflag.FlagSet, noneHelp string) tableFlags {
	tf := tableFlags{fs: fs, dir: tableDirFlag(fs)}
	tf.none = fs.Bool("no-table", false, noneHelp)
	return tf
}

// check reports flags that contradict each other.
func (tf tableFlags) check() error {
	if *tf.none && (tf.fs.Changed("table") || tf.old != nil && tf.fs.Changed("tables")) {
		return usagef("--no-table and --table contradict each other: give one")
	}
	return nil
}

// withOldTables adds the deprecated --tables DIR ("": none).
func (tf tableFlags) withOldTables() tableFlags {
	tf.old = tf.fs.String("tables", "", "the table directory (deprecated: use --table DIR, or --no-table)")
	tf.fs.MarkDeprecated("tables", "use --table DIR, or --no-table")
	return tf
}

// resolve returns the table directory, whether the command line named it,
// and whether tables are wanted at all.
func (tf tableFlags) resolve() (dir string, named, use bool) {
	if *tf.none && (tf.fs.Changed("table") || tf.old != nil && tf.fs.Changed("tables")) {
		// check() reports this as a usage error first.
		return "", false, false
	}
	if *tf.none {
		return "", false, false
	}
	if tf.old != nil && tf.fs.Changed("tables") && !tf.fs.Changed("table") {
		return *tf.old, true, *tf.old != ""
	}
	if *tf.dir != "" {
		return *tf.dir, true, true
	}
	return tablebase.DefaultDir(), false, true
}

// maxThreads bounds --threads: each thread has its own tables or agents,
// so a mistyped count would take all memory before doing any work.
const maxThreads = 1024

func checkThreads(n int) error {
	if n > maxThreads {
		return usagef("--threads %d: at most %d (this machine has %d cores)", n, maxThreads, runtime.NumCPU())
	}
	return nil
}

func tableDir(flag string) string {
	if flag != "" {
		return flag
	}
	return tablebase.DefaultDir()
}

var buildCommand = command{
	name:    "build",
	args:    "[CLASS...]",
	summary: "build endgame tables: every class up to --pieces pieces, or the named ones",
	details: `Builds exact endgame tables by retrograde analysis: for every position of a
material class, with either side to move, the distance to the prover's
sure win (DTW), to the opponent's forced win in the purple game (DTL), or
neither. A class is named like 1B1R-2U1r: the prover's blues (B) and reds
(R), then the opponent's hidden pieces (U) of which r are red. Captures
lead into smaller classes, which are built first.

Classes already complete in the table directory are kept; an interrupted
build (Ctrl-C) is resumed by running the same command again. A progress
bar (positions done/total, rate, ETA) goes to standard error, a summary
table to standard output.

Examples:
  geister build --pieces 5          every class with at most 5 pieces (about a minute)
  geister build --pieces 6          every class with at most 6 pieces
  geister build 1B1R-3U2r           one class and what it depends on`,
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := tableDirFlag(fs)
		pieces := fs.Int("pieces", 0, "build every class with at most N pieces on the board (4 to 7)")
		workers := new(int)
		fs.IntVar(workers, "workers", 0, "goroutines to build with (deprecated: use --threads)")
		fs.IntVar(workers, "threads", runtime.NumCPU(), "goroutines to build with (0: one per core)")
		fs.MarkDeprecated("workers", "use --threads")
		rebuild := fs.Bool("rebuild", false, "build the named classes (or those of --pieces) again even if complete")
		jsonOut := fs.Bool("json", false, "print the summary as one JSON object per class instead of a table")
		quiet := fs.Bool("quiet", false, "no progress bar")
		return func(e *env, args []string) error {
			var classes []purple.Class
			if *pieces != 0 {
				if *pieces < 4 || *pieces > 7 {
					return usagef("--pieces %d: want 4 to 7", *pieces)
				}
				classes = purple.Classes(*pieces)
			}
			for _, a := range args {
				c, err := purple.ParseClass(a)
				if err != nil {
					return usagef("%v", err)
				}
				classes = append(classes, c)
			}
			if len(classes) == 0 {
				return usagef("name classes (e.g. 1B1R-2U1r) or give --pieces N")
			}
			if *workers < 0 {
				return usagef("--threads %d: want 1 or more (0: one per core)", *workers)
			}
			if err := checkThreads(*workers); err != nil {
				return err
			}
			if _, err := tablebase.Plan(classes); err != nil {
				return usagef("%v", err)
			}
			d := tableDir(*dir)
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
			opts := tablebase.BuildOptions{Workers: *workers, Rebuild: *rebuild}
			var bar *progressBar
			if !*quiet {
				bar = &progressBar{w: e.stderr}
				opts.Progress = bar.update
			}
			start := time.Now()
			rep, err := tablebase.Build(e.ctx, db, classes, opts)
			elapsed := time.Since(start) // rep.Elapsed is not set when the build stops early
			if bar != nil {
				bar.finish()
			}
			if *jsonOut {
				enc := json.NewEncoder(e.stdout)
				for _, c := range rep.Classes {
					enc.Encode(struct {
						tablebase.Manifest
						Built bool `json:"built_now"`
					}{c.Manifest, c.Built})
				}
			} else if len(rep.Classes) > 0 {
				cerr := db.Close() // the store's files are measured closed
				closed = true
				writeManifests(e.stdout, rep.Classes, d, "kept")
				fmt.Fprintf(e.stdout, "table directory: %s; this run %s\n", d, elapsed.Round(time.Millisecond))
				if err == nil {
					err = cerr
				}
			}
			if err != nil && e.ctx.Err() != nil {
				return fmt.Errorf("interrupted (%w); run the same command again to resume", err)
			}
			return err
		}
	},
}

// progressBar draws one line on a terminal-like writer: a bar, the
// positions done and to do, the rate and the time left.
type progressBar struct {
	w     io.Writer
	drawn bool
	last  string
}

func (b *progressBar) update(p tablebase.Progress) {
	frac := 0.0
	if p.Total > 0 {
		frac = float64(p.Done) / float64(p.Total)
	}
	const width = 24
	n := int(frac * width)
	bar := strings.Repeat("#", n) + strings.Repeat("-", width-n)
	rate := float64(p.Done) / p.Elapsed.Seconds()
	eta := "?"
	if rate > 0 && p.Done > 0 {
		eta = time.Duration(float64(p.Total-p.Done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	phase := p.Phase
	if p.Level > 0 {
		phase = fmt.Sprintf("%s %d", phase, p.Level)
	}
	line := fmt.Sprintf("[%s] %5.1f%%  %s/%s positions  %s/s  ETA %s  class %d/%d %s %s",
		bar, 100*frac, si(float64(p.Done)), si(float64(p.Total)), si(rate), eta, p.ClassIndex, p.Classes, p.Class, phase)
	if line == b.last {
		return
	}
	b.last = line
	fmt.Fprintf(b.w, "\r%-110s", line)
	b.drawn = true
}

func (b *progressBar) finish() {
	if b.drawn {
		fmt.Fprintln(b.w)
	}
}

// si formats n with a k/M/G suffix.
func si(n float64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2fG", n/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.1fM", n/1e6)
	case n >= 1e3:
		return fmt.Sprintf("%.1fk", n/1e3)
	}
	return fmt.Sprintf("%.0f", n)
}

// writeManifests prints the summary table of classes and the store's size.
// A class neither built now nor incomplete is shown as old.
func writeManifests(w io.Writer, classes []tablebase.ClassReport, dir string, old string) {
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "class\tpieces\tpositions\tstored\twins(P)\twins(O)\tlosses(P)\tlosses(O)\tmax DTW\tmax DTL\tbytes\tbuild\tstate\t")
	var pos, stored, bytes uint64
	for _, r := range classes {
		m := r.Manifest
		c, _ := m.PurpleClass()
		state := old
		switch {
		case !m.Complete:
			state = "INCOMPLETE"
		case r.Built:
			state = "built"
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%s\t%s\t\n", m.Class, c.Pieces(),
			m.Positions[0]+m.Positions[1], m.Stored[0]+m.Stored[1], m.Wins[0], m.Wins[1], m.Losses[0], m.Losses[1],
			m.MaxDTW, m.MaxDTL, m.Bytes, (time.Duration(m.BuildSecs*1e3) * time.Millisecond).Round(time.Millisecond), state)
		if m.Complete {
			pos += m.Positions[0] + m.Positions[1]
			stored += m.Stored[0] + m.Stored[1]
			bytes += m.Bytes
		}
	}
	tw.Flush()
	if pos > 0 {
		disk := tablebase.DirBytes(dir)
		fmt.Fprintf(w, "%d positions (%d stored, mirror images once): %d bytes of blocks, %.3f bytes/position; %d bytes on disk in all, %.3f bytes/position\n",
			pos, stored, bytes, float64(bytes)/float64(pos), disk, float64(disk)/float64(pos))
	}
}

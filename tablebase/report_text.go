package tablebase

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/geister-solver/geister/internal/progress"
)

// Line is p as one progress line: a bar, the share and the positions
// done, the rate, the time left and the class being worked on, e.g.
// "[######------------------]  25.0%  1.0M/4.0M positions  500.0k/s  ETA 6s  class 2/3 1B1R-2U1r retro 7".
func (p Progress) Line() string {
	frac := 0.0
	if p.Total > 0 {
		frac = float64(p.Done) / float64(p.Total)
	}
	rate := float64(p.Done) / p.Elapsed.Seconds()
	eta := "?"
	if rate > 0 && p.Done > 0 {
		eta = time.Duration(float64(p.Total-p.Done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	phase := p.Phase
	if p.Level > 0 {
		phase = fmt.Sprintf("%s %d", phase, p.Level)
	}
	return fmt.Sprintf("[%s] %5.1f%%  %s/%s positions  %s/s  ETA %s  class %d/%d %s %s",
		progress.Gauge(frac, 24), 100*frac, progress.SI(float64(p.Done)), progress.SI(float64(p.Total)), progress.SI(rate), eta, p.ClassIndex, p.Classes, p.Class, phase)
}

// Reports are the manifests ms as ClassReports of classes not built now.
func Reports(ms []Manifest) []ClassReport {
	rs := make([]ClassReport, len(ms))
	for i, m := range ms {
		rs[i] = ClassReport{Manifest: m}
	}
	return rs
}

// WriteClasses prints the table of classes (positions, wins and losses
// on each side to move, longest distances, bytes, build time and state)
// and, when a class is complete, the bytes per position of the blocks and
// of the directory dir on disk. A class neither built now nor incomplete
// is in state old ("kept" after a build, "complete" in a listing).
func WriteClasses(w io.Writer, classes []ClassReport, dir string, old string) {
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
		disk := DirBytes(dir)
		fmt.Fprintf(w, "%d positions (%d stored, mirror images once): %d bytes of blocks, %.3f bytes/position; %d bytes on disk in all, %.3f bytes/position\n",
			pos, stored, bytes, float64(bytes)/float64(pos), disk, float64(disk)/float64(pos))
	}
}

// WriteStatus prints the state of each class of a build submitted as
// jobs (Status) and the positions complete: a table and a total line, or
// with asJSON one JSON object a class and a last
// {"positions_complete":...,"positions":...}.
func WriteStatus(w io.Writer, sts []ClassStatus, asJSON bool) error {
	var done, total uint64
	enc := json.NewEncoder(w)
	tw := tabwriter.NewWriter(w, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "class\tpositions\tstate\tcheckpoint")
	for _, st := range sts {
		total += st.Positions
		if st.State == "complete" {
			done += st.Positions
		}
		if asJSON {
			enc.Encode(st)
			continue
		}
		ck := "-"
		if st.Checkpoint >= 0 {
			ck = fmt.Sprintf("level %d", st.Checkpoint)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", st.Class, st.Positions, st.State, ck)
	}
	if asJSON {
		return enc.Encode(map[string]uint64{"positions_complete": done, "positions": total})
	}
	tw.Flush()
	_, err := fmt.Fprintf(w, "%s of %s positions complete (%.1f%%)\n", progress.SI(float64(done)), progress.SI(float64(total)), 100*float64(done)/float64(max(total, 1)))
	return err
}

// Text is the estimate in one line: the classes and positions to build,
// the peak memory (and the class that needs it) and the disk, in MiB
// rounded up; or that there is nothing to build.
func (e Estimate) Text() string {
	if e.Classes == 0 {
		return "nothing to build: every class asked for is complete already"
	}
	return fmt.Sprintf("%d classes to build, %s positions; peak memory %d MiB (building %s), disk up to %d MiB",
		e.Classes, progress.SI(float64(e.Positions)), (e.PeakMemoryBytes+1<<20-1)>>20, e.PeakClass, (e.DiskBytes+1<<20-1)>>20)
}

// WriteClassesJSON writes one JSON object a class of a build: its
// manifest and "built_now".
func WriteClassesJSON(w io.Writer, classes []ClassReport) error {
	enc := json.NewEncoder(w)
	for _, c := range classes {
		if err := enc.Encode(struct {
			Manifest
			Built bool `json:"built_now"`
		}{c.Manifest, c.Built}); err != nil {
			return err
		}
	}
	return nil
}

// WriteSubmitted writes the jobs SubmitSlurm submitted, one line each:
// class, job id, memory, the jobs it waits for.
func WriteSubmitted(w io.Writer, jobs []SlurmJob) error {
	for _, j := range jobs {
		if _, err := fmt.Fprintf(w, "%s\tjob %s\t%d MiB\tafter %s\n", j.Class, j.ID, j.MemoryMiB, strings.Join(j.After, ",")); err != nil {
			return err
		}
	}
	return nil
}

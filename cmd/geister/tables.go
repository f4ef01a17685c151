package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/tablebase"
)

var tablesCommand = command{
	name:    "tables",
	args:    "[merge --out DIR STORE... | status --shared DIR | compare A B]",
	summary: "list the endgame table classes; merge class stores; show a job build's progress",
	details: helpText("tables"),
	flags: func(fs *pflag.FlagSet) func(*env, []string) error {
		dir := tableDirFlag(fs)
		jsonOut := fs.Bool("json", false, "print one JSON object per class (the manifest)")
		out := fs.String("out", "", "with merge: the store to merge into")
		shared := fs.String("shared", "", "with status: the shared directory of a build submitted with build --submit")
		return func(e *env, args []string) error {
			switch {
			case len(args) > 0 && args[0] == "merge":
				return mergeTables(e, *out, args[1:], *jsonOut)
			case len(args) == 1 && args[0] == "status":
				return tablesStatus(e, *shared, *jsonOut)
			case len(args) == 3 && args[0] == "compare":
				return compareTables(e, args[1], args[2])
			case len(args) != 0:
				return usagef("want no operands, merge --out DIR STORE..., status --shared DIR or compare A B; got %q", args[0])
			}
			d := tableDir(*dir)
			storeDir := proofstore.DirFor(d)
			_, noStore := os.Stat(storeDir)
			db, err := tablebase.OpenReadOnly(d)
			if errors.Is(err, os.ErrNotExist) {
				if noStore != nil {
					return fmt.Errorf("no endgame tables in %s (build them with geister build --pieces 5)", d)
				}
				err = nil // only the proof store
			}
			if err != nil {
				return err
			}
			var ms []tablebase.Manifest
			if db != nil {
				defer db.Close()
				ms = db.Classes()
			}
			// The proof store, if there is one.
			showStore := func() error {
				if noStore != nil {
					return nil
				}
				sum, err := summarizeStore(e, storeDir)
				if errors.Is(err, proofstore.ErrLocked) {
					fmt.Fprintf(e.stderr, "geister: %v: its figures cannot be read while it writes\n", err)
					return nil
				}
				if err != nil {
					return err
				}
				if *jsonOut {
					return json.NewEncoder(e.stdout).Encode(map[string]storeSummary{"proof_store": sum})
				}
				writeStoreSummary(e.stdout, sum)
				return nil
			}
			if *jsonOut {
				enc := json.NewEncoder(e.stdout)
				for _, m := range ms {
					enc.Encode(m)
				}
				return showStore()
			}
			if len(ms) == 0 {
				fmt.Fprintf(e.stdout, "no classes in %s (build them with geister build --pieces 5)\n", d)
				return showStore()
			}
			rs := make([]tablebase.ClassReport, len(ms))
			for i, m := range ms {
				rs[i] = tablebase.ClassReport{Manifest: m}
			}
			writeManifests(e.stdout, rs, d, "complete")
			fmt.Fprintf(e.stdout, "table directory: %s\n", d)
			return showStore()
		}
	},
}

// mergeTables is "tables merge".
func mergeTables(e *env, out string, stores []string, jsonOut bool) error {
	if out == "" || len(stores) == 0 {
		return usagef("merge wants --out DIR and the stores to merge")
	}
	src, err := tablebase.OpenReadOnly(strings.Join(stores, string(os.PathListSeparator)))
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := tablebase.Open(out)
	if err != nil {
		return err
	}
	rep, err := tablebase.Merge(e.ctx, dst, src)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if jsonOut {
		json.NewEncoder(e.stdout).Encode(map[string]any{"copied": rep.Copied, "kept": rep.Kept})
	} else {
		fmt.Fprintf(e.stdout, "%d classes copied into %s, %d complete there already\n", len(rep.Copied), out, len(rep.Kept))
	}
	return err
}

// compareTables is "tables compare".
func compareTables(e *env, a, b string) error {
	da, err := tablebase.OpenReadOnly(a)
	if err != nil {
		return err
	}
	defer da.Close()
	db, err := tablebase.OpenReadOnly(b)
	if err != nil {
		return err
	}
	defer db.Close()
	n, err := tablebase.Compare(e.ctx, da, db)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.stdout, "the %d classes complete in %s are in %s with the same entries\n", n, a, b)
	return nil
}

// tablesStatus is "tables status".
func tablesStatus(e *env, shared string, jsonOut bool) error {
	if shared == "" {
		return usagef("status wants --shared DIR")
	}
	sts, err := tablebase.Status(shared)
	if err != nil {
		return err
	}
	var done, total uint64
	tw := tabwriter.NewWriter(e.stdout, 2, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "class\tpositions\tstate\tcheckpoint")
	for _, st := range sts {
		total += st.Positions
		if st.State == "complete" {
			done += st.Positions
		}
		if jsonOut {
			json.NewEncoder(e.stdout).Encode(st)
			continue
		}
		ck := "-"
		if st.Checkpoint >= 0 {
			ck = fmt.Sprintf("level %d", st.Checkpoint)
		}
		fmt.Fprintf(tw, "%s\t%d\t%s\t%s\n", st.Class, st.Positions, st.State, ck)
	}
	if jsonOut {
		return json.NewEncoder(e.stdout).Encode(map[string]uint64{"positions_complete": done, "positions": total})
	}
	tw.Flush()
	fmt.Fprintf(e.stdout, "%s of %s positions complete (%.1f%%)\n", si(float64(done)), si(float64(total)), 100*float64(done)/float64(max(total, 1)))
	return nil
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

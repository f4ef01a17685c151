package proofstore

import (
	"context"
	"errors"
	"fmt"
	"github.com/geister-solver/geister/internal/badgerdb"
	"io"
	"os"
)

// OpenForReading opens an existing store for listing or checking:
// read-only if it can (a store left by a process that died needs one
// read-write opening to replay its log), shared with this process's
// other users (release it with Close). A missing directory is an
// error naming it; a store another process writes gives ErrLocked.
func OpenForReading(dir string) (*Store, error) {
	if _, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("no proof store in %s: %w", dir, err)
	}
	o := DefaultOptions()
	o.ReadOnly = true
	st, err := OpenShared(dir, o)
	if err == nil || errors.Is(err, ErrLocked) {
		return st, err
	}
	if !badgerdb.IsStore(dir) {
		// Not a store at all: never turn the directory into one.
		return nil, fmt.Errorf("%s is not a proof store: %w", dir, err)
	}
	if st, err2 := OpenShared(dir, DefaultOptions()); err2 == nil {
		return st, nil
	}
	return nil, err
}

// Summary is a store's size and counters.
type Summary struct {
	Dir   string   `json:"dir"`
	Size  Size     `json:"size"`
	Count Counters `json:"counters"`
}

// Summarize reads the size and counters of the store in dir.
func Summarize(ctx context.Context, dir string) (Summary, error) {
	st, err := OpenForReading(dir)
	if err != nil {
		return Summary{}, err
	}
	defer Release(st)
	z, err := st.Size(ctx)
	if err != nil {
		return Summary{}, err
	}
	return Summary{Dir: dir, Size: z, Count: st.Stats()}, nil
}

// WriteText writes the summary for people: entries by kind, bytes, and
// the counters with the share of questions answered.
func (s Summary) WriteText(w io.Writer) {
	z, c := s.Size, s.Count
	fmt.Fprintf(w, "proof store %s: %d entries (%d wins, %d of them exact; %d no-wins; %d no-wins within a bound)", s.Dir, z.Entries, z.Wins, z.Exact, z.NoWins, z.Bounded)
	if z.Entries > 0 {
		fmt.Fprintf(w, ", %d bytes of keys and values (%.1f per entry), %d bytes on disk (%.1f per entry)\n", z.Bytes, float64(z.Bytes)/float64(z.Entries), z.DiskBytes, float64(z.DiskBytes)/float64(z.Entries))
	} else {
		fmt.Fprintf(w, ", %d bytes on disk\n", z.DiskBytes)
	}
	rate := 0.0
	if c.Hits+c.Misses > 0 {
		rate = 100 * float64(c.Hits) / float64(c.Hits+c.Misses)
	}
	fmt.Fprintf(w, "  %d hits, %d misses (%.1f%% answered), %d entries written, %d corrupt entries met, %d conflicting proofs met", c.Hits, c.Misses, rate, c.Written, c.Corrupt, c.Conflicts)
	if z.OtherFormat > 0 {
		fmt.Fprintf(w, "; %d keys of another format (ignored)", z.OtherFormat)
	}
	fmt.Fprintln(w)
}

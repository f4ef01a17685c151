package proofstore

import (
	"context"
	"fmt"
	"time"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/solver"
)

// VerifyOptions configure Verify.
type VerifyOptions struct {
	// Sample is the number of entries re-searched, drawn at random (every
	// entry when it is at least their number; 0: none, only checksums and
	// lines are checked).
	Sample int
	// Seed seeds the draw.
	Seed uint64
	// Time bounds the re-search of one entry (0: none); an entry not
	// settled in time is counted unconfirmed, not as a disagreement.
	Time time.Duration
	// TTMegabytes sizes the fresh searches' tables (default 64).
	TTMegabytes int
	// Progress, when set, is called after each re-searched entry.
	Progress func(done, total int)
}

// Disagreement is a stored entry an independent search contradicts.
type Disagreement struct {
	Position string   `json:"position"` // canonical, prover = f
	Question string   `json:"question"`
	Stored   string   `json:"stored"`
	Found    string   `json:"found"`
	Entry    Entry    `json:"-"`
	Line     []string `json:"line,omitempty"` // the stored line
}

// VerifyReport is what Verify found.
type VerifyReport struct {
	Entries     int            `json:"entries"`
	Corrupt     []string       `json:"corrupt,omitempty"` // every corrupt entry, with why
	Sampled     int            `json:"sampled"`
	Confirmed   int            `json:"confirmed"`
	Unconfirmed []string       `json:"unconfirmed,omitempty"` // not settled within the time
	Disagree    []Disagreement `json:"disagreements,omitempty"`
	Elapsed     time.Duration  `json:"-"`
}

// OK reports whether nothing is wrong (unconfirmed entries are not
// wrong, only unchecked).
func (r *VerifyReport) OK() bool { return len(r.Corrupt) == 0 && len(r.Disagree) == 0 }

// Verify reads every entry (checksum, layout, and its line replayed to
// the win) and re-checks a random sample with searches that share
// nothing with the ones that stored them: a claimed win of the prover is
// certified by solver.Certify (every opponent reply walked with the plain
// move generator down to a won position, within the claimed plies); a
// claimed win of the opponent by a fresh df-pn bounded by the claimed
// plies; every "no win" (ever, or within D plies, or below an exact DTW)
// by a fresh df-pn with that bound. Pending entries are flushed first.
func Verify(ctx context.Context, s *Store, o VerifyOptions) (VerifyReport, error) {
	start := time.Now()
	var rep VerifyReport
	if err := s.Flush(); err != nil {
		return rep, err
	}
	if o.TTMegabytes <= 0 {
		o.TTMegabytes = 64
	}
	r := engine.NewRand(o.Seed)
	var sample []ScanEntry
	err := s.Scan(ctx, func(se ScanEntry) error {
		rep.Entries++
		if se.Err != nil {
			rep.Corrupt = append(rep.Corrupt, se.Err.Error())
			return nil
		}
		// Reservoir sampling over the good entries.
		good := rep.Entries - len(rep.Corrupt)
		switch {
		case len(sample) < o.Sample:
			sample = append(sample, se)
		case o.Sample > 0:
			if j := r.Intn(good); j < o.Sample {
				sample[j] = se
			}
		}
		return nil
	})
	if err != nil {
		return rep, err
	}
	for i, se := range sample {
		ectx, cancel := ctx, context.CancelFunc(func() {})
		if o.Time > 0 {
			ectx, cancel = context.WithTimeout(ctx, o.Time)
		}
		found, settled, err := recheck(ectx, se, o.TTMegabytes)
		cancel()
		if ctx.Err() != nil {
			return rep, ctx.Err()
		}
		rep.Sampled++
		switch {
		case err != nil:
			return rep, err
		case found != "":
			d := Disagreement{Position: se.Pos.String(), Question: se.Question.String(), Stored: entryText(&se.Entry), Found: found, Entry: se.Entry}
			for _, m := range se.Entry.PV {
				d.Line = append(d.Line, m.String())
			}
			rep.Disagree = append(rep.Disagree, d)
		case !settled:
			rep.Unconfirmed = append(rep.Unconfirmed, fmt.Sprintf("%s (%s): %s", se.Pos.String(), se.Question, entryText(&se.Entry)))
		default:
			rep.Confirmed++
		}
		if o.Progress != nil {
			o.Progress(i+1, len(sample))
		}
	}
	rep.Elapsed = time.Since(start)
	return rep, nil
}

// entryText says what an entry claims.
func entryText(e *Entry) string {
	switch {
	case e.Win && e.Exact:
		return fmt.Sprintf("win, DTW exactly %d", e.Plies)
	case e.Win && e.NoWinWithin > 0:
		return fmt.Sprintf("win, DTW at most %d and more than %d", e.Plies, e.NoWinWithin)
	case e.Win:
		return fmt.Sprintf("win, DTW at most %d", e.Plies)
	case e.NoWinEver:
		return "no win"
	}
	return fmt.Sprintf("no win within %d plies", e.NoWinWithin)
}

// recheck searches one entry afresh. It returns what contradicts the
// entry ("" when nothing does), and whether every claim was settled.
func recheck(ctx context.Context, se ScanEntry, ttMB int) (string, bool, error) {
	e, p := &se.Entry, se.Pos
	forOpp := se.Question == OpponentWins
	fresh := func(bound int) (solver.Answer, error) {
		s := solver.New(solver.Options{TTMegabytes: ttMB, MaxPlies: bound, ForOpponent: forOpp})
		return s.Solve(ctx, p, engine.First)
	}
	settled := true
	if e.Win {
		if !forOpp {
			_, err := solver.Certify(ctx, p, engine.First, e.Plies, ttMB)
			switch {
			case err != nil && ctx.Err() != nil:
				settled = false
			case err != nil:
				return fmt.Sprintf("no win within %d plies could be certified: %v", e.Plies, err), true, nil
			}
		} else {
			a, err := fresh(e.Plies)
			if err != nil {
				return "", false, err
			}
			switch a.Result {
			case solver.NoWin:
				return fmt.Sprintf("no win within %d plies", e.Plies), true, nil
			case solver.Unknown:
				settled = false
			}
		}
	}
	var bound int
	switch {
	case e.NoWinEver:
		bound = 0
	case e.NoWinWithin > 0:
		bound = e.NoWinWithin
	default:
		return "", settled, nil
	}
	a, err := fresh(bound)
	if err != nil {
		return "", false, err
	}
	switch a.Result {
	case solver.Win:
		return fmt.Sprintf("a win in %d plies (line %v)", a.Plies, a.PV), true, nil
	case solver.Unknown:
		settled = false
	}
	return "", settled, nil
}

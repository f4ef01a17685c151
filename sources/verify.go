package sources

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/geister-solver/geister/proofstore"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
	"github.com/geister-solver/geister/tablebase"
)

// RequireTables opens the endgame tables in dir (or a path list of
// stores), which must exist: read-only, so that other processes may read
// them at the same time. A missing directory is a *NoTablesError
// (wrapping what opening found, an fs.ErrNotExist).
func RequireTables(dir string) (*tablebase.DB, error) {
	db, err := tablebase.OpenReadOnly(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, &NoTablesError{Dir: dir, Err: err}
	}
	return db, err
}

// TablesCheck is what VerifyTables found; as JSON it is the line of
// "geister verify --table --json".
type TablesCheck struct {
	Tables tablebase.VerifyReport   `json:"tables"`
	Sample []solver.CrossCheckClass `json:"dfpn_sample"`
	OK     bool                     `json:"ok"`
}

// VerifyTables checks the endgame tables in dir: the classes named (each
// must be complete there), or every complete one. Every block is checked
// against its checksum and every entry against its children
// (tablebase.Verify, which reports to progress when not nil), then
// o.Samples random positions of each class are compared with a df-pn
// search that does not use the tables (solver.CrossCheck).
func VerifyTables(ctx context.Context, dir string, classes []purple.Class, o solver.CrossCheckOptions, progress func(tablebase.Progress)) (TablesCheck, error) {
	db, err := RequireTables(dir)
	if err != nil {
		return TablesCheck{}, err
	}
	defer db.Close()
	for _, c := range classes {
		if !db.Has(c) {
			return TablesCheck{}, fmt.Errorf("class %s is not complete in %s", c, dir)
		}
	}
	rep, err := tablebase.Verify(ctx, db, classes, progress)
	if err != nil {
		return TablesCheck{}, err
	}
	if len(classes) == 0 {
		for _, m := range db.Classes() {
			if c, err := m.PurpleClass(); err == nil && m.Complete {
				classes = append(classes, c)
			}
		}
	}
	var sample []solver.CrossCheckClass
	if o.Samples > 0 {
		if sample, err = solver.CrossCheck(ctx, db, classes, o); err != nil {
			return TablesCheck{}, err
		}
	}
	return TablesCheck{rep, sample, rep.OK() && solver.Disagreements(sample) == 0}, nil
}

// WriteText writes the check in words: the tables' report, then, when o
// asked for a sample, the comparison with df-pn.
func (c TablesCheck) WriteText(w io.Writer, o solver.CrossCheckOptions) {
	c.Tables.WriteText(w)
	if o.Samples > 0 {
		solver.WriteCrossCheck(w, c.Sample, o.Nodes)
	}
}

// StoreCheck is what VerifyStore found; as JSON it is the line of
// "geister verify --store --json".
type StoreCheck struct {
	Dir    string                  `json:"dir"`
	Report proofstore.VerifyReport `json:"proof_store"`
	OK     bool                    `json:"ok"`
}

// VerifyStore checks the proof store in dir (proofstore.Verify), opened
// for reading (another process may be writing it).
func VerifyStore(ctx context.Context, dir string, o proofstore.VerifyOptions) (StoreCheck, error) {
	st, err := proofstore.OpenForReading(dir)
	if err != nil {
		return StoreCheck{}, err
	}
	defer proofstore.Release(st)
	rep, err := proofstore.Verify(ctx, st, o)
	if err != nil {
		return StoreCheck{}, err
	}
	return StoreCheck{dir, rep, rep.OK()}, nil
}

// WriteText writes the check in words (proofstore.VerifyReport.WriteText;
// with quiet only the faults and the counts).
func (c StoreCheck) WriteText(w io.Writer, quiet bool) { c.Report.WriteText(w, c.Dir, quiet) }

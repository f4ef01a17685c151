package sources

import "io/fs"

// NoTablesError is the error of a directory that holds no endgame tables
// where tables are needed (RequireTables, VerifyTables, WriteListing
// without a proof store). It matches fs.ErrNotExist (errors.Is).
type NoTablesError struct {
	Dir string
	Err error // what opening the directory found, if anything
}

func (e *NoTablesError) Error() string {
	if e.Err == nil {
		return "no endgame tables in " + e.Dir
	}
	return "no endgame tables in " + e.Dir + ": " + e.Err.Error()
}

func (e *NoTablesError) Unwrap() error {
	if e.Err == nil {
		return fs.ErrNotExist
	}
	return e.Err
}

package tablebase

import (
	"context"
	"os"
	"strings"
)

// MergeDirs merges the stores in the directories from (each a store or a
// path list of stores) into the store in the directory out, created if
// needed (Merge). The report, nil when a store could not be opened, is
// valid as far as the merge went.
func MergeDirs(ctx context.Context, out string, from []string) (*MergeReport, error) {
	src, err := OpenReadOnly(strings.Join(from, string(os.PathListSeparator)))
	if err != nil {
		return nil, err
	}
	defer src.Close()
	dst, err := Open(out)
	if err != nil {
		return nil, err
	}
	rep, err := Merge(ctx, dst, src)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	return &rep, err
}

// CompareDirs compares the stores in the directories a and b (Compare).
func CompareDirs(ctx context.Context, a, b string) (classes int, err error) {
	da, err := OpenReadOnly(a)
	if err != nil {
		return 0, err
	}
	defer da.Close()
	db, err := OpenReadOnly(b)
	if err != nil {
		return 0, err
	}
	defer db.Close()
	return Compare(ctx, da, db)
}

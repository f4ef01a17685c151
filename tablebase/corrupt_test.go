package tablebase

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
)

// Bytes flipped in the store's files, wherever they fall, give errors
// (naming the class and block where the damage is read) and never a
// panic: for Open, Probe, Scan and Verify.
func TestCorruptFiles(t *testing.T) {
	src := t.TempDir()
	db, err := Open(src)
	if err != nil {
		t.Fatal(err)
	}
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	if _, err := Build(context.Background(), db, []purple.Class{c}, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	ssts, _ := filepath.Glob(filepath.Join(src, "*.sst"))
	if len(ssts) == 0 {
		t.Fatal("no .sst file in the store")
	}
	orig, err := os.ReadFile(ssts[0])
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewRand(7)
	var probes []engine.Position
	for range 200 {
		probes = append(probes, randomPosition(r, c))
	}
	n := len(orig)
	detected := 0
	for _, off := range []int{0, 1, 10, 100, 1000, 5000, n / 3, n / 2, 2 * n / 3, n - 300, n - 200, n - 50, n - 10, n - 1} {
		dir := t.TempDir()
		ents, _ := os.ReadDir(src)
		for _, e := range ents {
			b, _ := os.ReadFile(filepath.Join(src, e.Name()))
			if filepath.Join(src, e.Name()) == ssts[0] {
				b = append([]byte(nil), orig...)
				for i := off; i < min(off+4, n); i++ {
					b[i] ^= 0xff
				}
			}
			os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644)
		}
		db, err := OpenReadOnly(dir)
		if err != nil {
			if !strings.Contains(err.Error(), dir) {
				t.Errorf("offset %d: open error does not name the store: %v", off, err)
			}
			detected++
			continue
		}
		found := false
		check := func(what string, err error) {
			if err == nil {
				return
			}
			found = true
			if !errors.Is(err, ErrCorrupt) && !errors.Is(err, ErrNotInTable) {
				t.Errorf("offset %d: %s: %v is not ErrCorrupt", off, what, err)
			}
			if errors.Is(err, ErrCorrupt) && (!strings.Contains(err.Error(), c.String()) || !strings.Contains(err.Error(), "block")) {
				t.Errorf("offset %d: %s: %v does not name the class and block", off, what, err)
			}
		}
		for i := range probes {
			_, err := db.Probe(&probes[i], engine.First)
			check("probe", err)
		}
		check("scan", db.Scan(context.Background(), c, func(engine.Position, Entry) error { return nil }))
		rep, err := Verify(context.Background(), db, []purple.Class{c}, nil)
		check("verify", err)
		if err == nil && !rep.OK() {
			found = true
			// The damaged blocks are named (the manifest's figures then
			// disagree too).
			named := false
			for _, cv := range rep.Classes {
				for _, p := range cv.Problems {
					named = named || strings.Contains(p, "block")
				}
			}
			if !named {
				t.Errorf("offset %d: verify names no block: %+v", off, rep.Classes)
			}
		}
		if found {
			detected++
		}
		db.Close()
	}
	if detected < 8 {
		t.Errorf("only %d of 14 damaged stores were noticed", detected)
	}
}

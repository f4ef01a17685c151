package solver

import (
	"context"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

func smallTable(t *testing.T) (*tablebase.DB, purple.Class) {
	t.Helper()
	db, err := tablebase.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	c := purple.Class{Blues: 1, Reds: 1, OppPieces: 2, OppReds: 1}
	if _, err := tablebase.Build(context.Background(), db, []purple.Class{c}, tablebase.BuildOptions{Workers: 2}); err != nil {
		t.Fatal(err)
	}
	return db, c
}

// The counts of an enumeration equal those of probing every placement of
// the class one by one, for several filters: per distance, with mirror
// images (every position) and without (each mirror pair once).
func TestEnumerate(t *testing.T) {
	ts, c := smallTable(t)
	t.Run("counts equal brute force", func(t *testing.T) { enumerateCounts(t, ts, c) })
	t.Run("unique", func(t *testing.T) { enumerateUnique(t, ts, c) })
	t.Run("sample", func(t *testing.T) { sample(t, ts, c) })
	t.Run("sample class", func(t *testing.T) { sampleClass(t, ts, c) })
	t.Run("cross-check", func(t *testing.T) { crossCheck(t, ts, c) })
	t.Run("lookup only", func(t *testing.T) { lookupOnly(t, ts, c) })
}

func enumerateCounts(t *testing.T, ts *tablebase.DB, c purple.Class) {
	type key struct{ side, dtw int }
	all := map[key]uint64{} // every position
	sym := map[key]uint64{} // positions that are their own mirror image
	squares := engine.BoardSquares
	for bi, b := range squares {
		for ri, r := range squares {
			if ri == bi {
				continue
			}
			for i := 0; i < 36; i++ {
				for j := i + 1; j < 36; j++ {
					if i == bi || i == ri || j == bi || j == ri {
						continue
					}
					for side := 0; side < 2; side++ {
						var p engine.Position
						p.Put(engine.First, engine.Blue, b)
						p.Put(engine.First, engine.Red, r)
						p.Put(engine.Second, engine.Unknown, squares[i])
						p.Put(engine.Second, engine.Unknown, squares[j])
						p.SetReds(engine.First, 1)
						p.SetReds(engine.Second, 1)
						p.SetTurn(engine.Player(side))
						if err := p.Validate(); err != nil {
							t.Fatal(err)
						}
						v, d, err := ts.ProbeValue(&p, engine.First)
						if err != nil {
							t.Fatal(err)
						}
						if v != purple.Win {
							continue
						}
						all[key{side, d}]++
						if mirrors(&p) == 1 {
							sym[key{side, d}]++
						}
					}
				}
			}
		}
	}
	count := func(f Filter) (withMirrors, folded uint64, byDTW map[int]uint64) {
		byDTW = map[int]uint64{}
		for k, n := range all {
			if (f.Side >= 0 && k.side != f.Side) || !f.keepDTW(k.dtw) {
				continue
			}
			withMirrors += n
			// Mirror pairs once: (all + self-symmetric) / 2.
			folded += (n + sym[k]) / 2
			byDTW[k.dtw] += n
		}
		return
	}
	filters := []Filter{
		{Side: -1},
		{Side: 0},
		{Side: 1, MinDTW: 10},
		{Side: -1, DTW: 7},
		{Side: 0, MinDTW: 17},
	}
	for _, f := range filters {
		var listed uint64
		got, err := Enumerate(context.Background(), ts, c, f, func(e Enumerated) error {
			listed++
			if e.Pos.Turn() == engine.Second && f.Side == 0 || !f.keepDTW(e.Plies) {
				t.Fatalf("%+v: %s (DTW %d) passed the filter", f, e.Pos.String(), e.Plies)
			}
			return nil
		}, nil)
		if err != nil {
			t.Fatal(err)
		}
		wantAll, wantFolded, byDTW := count(f)
		if got.WithMirrors != wantAll || got.Matched != wantFolded || listed != got.Matched {
			t.Errorf("%+v: enumerated %d (%d with mirrors, %d listed), brute force %d (%d with mirrors)", f, got.Matched, got.WithMirrors, listed, wantFolded, wantAll)
		}
		if got.Scanned != 706860 {
			t.Errorf("%+v: scanned %d positions, want 706860 (1413720 with both sides, mirror pairs once)", f, got.Scanned)
		}
		for _, d := range got.ByDTW {
			if d.WithMirrors != byDTW[d.Plies] {
				t.Errorf("%+v: DTW %d: %d with mirrors, brute force %d", f, d.Plies, d.WithMirrors, byDTW[d.Plies])
			}
			delete(byDTW, d.Plies)
		}
		if len(byDTW) > 0 {
			t.Errorf("%+v: distances missing from the enumeration: %v", f, byDTW)
		}
	}
	if all[key{0, 1}] == 0 || all[key{1, 19}] != 0 || all[key{0, 19}] == 0 {
		t.Errorf("unexpected brute-force distances: %v", all)
	}
}

// --unique positions have exactly one winning move: re-solved by df-pn
// without tables, the listed move wins and every other loses the sure win.
func enumerateUnique(t *testing.T, ts *tablebase.DB, c purple.Class) {
	var found []Enumerated
	counts, err := Enumerate(context.Background(), ts, c, Filter{Side: -1, MinDTW: 13, Unique: true}, func(e Enumerated) error {
		if e.Pos.Turn() != engine.First || e.Move == engine.NoMove {
			t.Fatalf("unique %s without the prover to move or a move", e.Pos.String())
		}
		found = append(found, e)
		if len(found) == 4 {
			return ErrStop
		}
		return nil
	}, nil)
	if err != nil || !counts.Stopped || len(found) != 4 {
		t.Fatalf("%v, %+v, %d found", err, counts, len(found))
	}
	s := New(Options{TTMegabytes: 32})
	for _, e := range found {
		var ml engine.MoveList
		ml.Generate(&e.Pos)
		for _, m := range ml.Slice() {
			q := e.Pos
			q.Make(purple.ProverMove(&e.Pos, engine.First, m))
			win := q.Outcome() == engine.FirstWins
			if q.Outcome() == engine.Ongoing {
				a, err := s.Solve(context.Background(), q, engine.First)
				if err != nil || a.Result == Unknown {
					t.Fatal(err, a.Result)
				}
				win = a.Result == Win
			}
			if win != (m == e.Move.Plain()) {
				t.Errorf("%s: move %s wins: %v; the listed only winning move is %s", e.Pos.String(), m, win, e.Move)
			}
		}
	}
}

// Sample draws positions of the class and answers each; with tables off,
// small material is decided within the budget and agrees with the table.
func sample(t *testing.T, ts *tablebase.DB, c purple.Class) {
	n := 0
	err := Sample(context.Background(), c, 20, 5, -1, Options{Shortest: true, MaxNodes: 2_000_000, TTMegabytes: 16}, 2, 0, func(s Sampled) {
		n++
		if s.Err != nil {
			t.Fatal(s.Err)
		}
		v, d, err := ts.ProbeValue(&s.Pos, engine.First)
		if err != nil {
			t.Fatal(err)
		}
		switch s.Answer.Result {
		case Win:
			if v != purple.Win || (s.Answer.Exact && s.Answer.Plies != d) {
				t.Errorf("%s: sampled win in %d (exact %v), table %v %d", s.Pos.String(), s.Answer.Plies, s.Answer.Exact, v, d)
			}
		case NoWin:
			if v == purple.Win {
				t.Errorf("%s: sampled no-win, table win in %d", s.Pos.String(), d)
			}
		}
	})
	if err != nil || n != 20 {
		t.Fatalf("%v, %d answers", err, n)
	}
	if _, err := RandomPosition(engine.NewRand(1), purple.Class{Blues: 0, Reds: 1, OppPieces: 2, OppReds: 1}, engine.First); err == nil {
		t.Error("a class without blues gave a position")
	}
}

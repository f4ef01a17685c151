package proofstore

import (
	"bytes"
	"encoding/binary"
	"errors"
	"reflect"
	"testing"

	"github.com/geister-solver/geister/engine"
	"github.com/geister-solver/geister/internal/badgerdb"
	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/solver"
)

func testKey(q Question) key {
	p := engine.MustParsePosition("uu1B2/6/R5/6/6/6 f R1r1")
	return makeKey(purple.KeyOf(&p, engine.First), q)
}

// sampleEntries covers every field and every kind of entry.
func sampleEntries() []Entry {
	pv := []engine.Move{engine.NewMove(engine.Sq(3, 1), engine.Sq(4, 1)), engine.NewMove(engine.Sq(1, 1), engine.Sq(2, 1))}
	return []Entry{
		{Win: true, Plies: 5, Exact: true, NoWinWithin: 4, Move: pv[0], PV: pv, Nodes: 108, Solver: 1},
		{Win: true, Plies: 9, Move: pv[0], PV: pv, Nodes: 1 << 40, Solver: 7},
		{Win: true, Plies: 9, NoWinWithin: 5, PV: pv[1:], Nodes: 0, Solver: 65535},
		{Win: true, Plies: 1, Exact: true, Move: pv[0], PV: pv[:1], Nodes: 1},
		{Win: true, Plies: maxPlies, Exact: true, NoWinWithin: maxPlies - 1, PV: pv, Nodes: ^uint64(0)},
		{NoWinEver: true, Nodes: 123456, Solver: 1},
		{NoWinWithin: 12, Nodes: 99, Solver: 2},
		{NoWinWithin: maxPlies, Nodes: 1},
	}
}

func TestValueRoundTrip(t *testing.T) {
	for _, q := range []Question{ProverWins, OpponentWins} {
		k := testKey(q)
		for i, e := range sampleEntries() {
			if err := e.check(); err != nil {
				t.Fatalf("entry %d: %v", i, err)
			}
			v := encodeValue(k[:], &e)
			got, err := decodeValue(k[:], v)
			if err != nil {
				t.Fatalf("entry %d (%+v): %v", i, e, err)
			}
			if !reflect.DeepEqual(got, e) {
				t.Errorf("entry %d: decoded %+v, want %+v", i, got, e)
			}
			if again := encodeValue(k[:], &got); !bytes.Equal(again, v) {
				t.Errorf("entry %d: re-encoding differs", i)
			}
			// Every byte matters: a flip anywhere is caught.
			for j := range v {
				w := append([]byte(nil), v...)
				w[j] ^= 0x20
				if _, err := decodeValue(k[:], w); !errors.Is(err, ErrCorrupt) {
					t.Errorf("entry %d: byte %d flipped: %v", i, j, err)
				}
			}
			// The same value under another key is caught.
			other := testKey(1 - q)
			if _, err := decodeValue(other[:], v); !errors.Is(err, ErrCorrupt) {
				t.Errorf("entry %d under another key: %v", i, err)
			}
			for n := 0; n < len(v); n++ {
				if _, err := decodeValue(k[:], v[:n]); !errors.Is(err, ErrCorrupt) {
					t.Errorf("entry %d cut to %d bytes: %v", i, n, err)
				}
			}
		}
	}
}

// resum recomputes the checksum of a value whose body was edited, so that
// the checks behind the checksum are tested.
func resum(k key, v []byte) []byte {
	body := v[:len(v)-sumLen]
	return binary.BigEndian.AppendUint64(append([]byte(nil), body...), badgerdb.Sum(k[:], body))
}

func TestDecodeRejectsInconsistentValues(t *testing.T) {
	k := testKey(ProverWins)
	good := sampleEntries()[0]
	v := encodeValue(k[:], &good)
	for name, edit := range map[string]func([]byte){
		"another format":           func(b []byte) { b[0] = FormatVersion + 1 },
		"unknown flag":             func(b []byte) { b[1] |= 0x80 },
		"win and no win ever":      func(b []byte) { b[1] |= flagNoWinEver },
		"exact without the bound":  func(b []byte) { b[5] = 2 },
		"bound at the plies":       func(b []byte) { b[5] = 5; b[1] &^= flagExact },
		"no win with a move":       func(b []byte) { b[1] = 0; b[3] = 0 },
		"line longer than plies":   func(b []byte) { b[3] = 1; b[5] = 0 },
		"move not first of line":   func(b []byte) { b[7] ^= 1 },
		"line longer than stored":  func(b []byte) { b[11] = 3 },
		"bytes after the line":     func(b []byte) { b[11] = 1 },
		"line move with the flag":  func(b []byte) { b[len(b)-2] |= 0x10 },
		"line move beyond 12 bits": func(b []byte) { b[len(b)-2] |= 0x80 },
		"win without plies":        func(b []byte) { b[3], b[5] = 0, 0 },
		"plies missing, exact set": func(b []byte) { b[2], b[3] = 0, 0 },
	} {
		w := append([]byte(nil), v...)
		edit(w[:len(w)-sumLen])
		if _, err := decodeValue(k[:], resum(k, w)); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
	}
}

// interval is an independent reading of what an entry proves: the DTW
// lies in [lo, hi] (hi = inf: no win known; lo = inf: no win at all).
type interval struct{ lo, hi int }

const inf = 1 << 30

func intervalOf(e Entry) interval {
	switch {
	case e.NoWinEver:
		return interval{inf, inf}
	case e.Win && e.Exact:
		return interval{e.Plies, e.Plies}
	case e.Win:
		return interval{e.NoWinWithin + 1, e.Plies}
	}
	return interval{e.NoWinWithin + 1, inf}
}

// settles answers "a win within bound (0: any)?" from an interval alone.
func (iv interval) settles(bound int, shortest bool) (solver.Result, bool) {
	limit := bound
	if bound == 0 {
		limit = inf - 1
	}
	switch {
	case iv.lo == inf:
		return solver.NoWin, true
	case iv.hi <= limit && (!shortest || iv.lo == iv.hi):
		return solver.Win, true
	case iv.hi <= limit:
		return solver.Unknown, false
	case bound > 0 && iv.lo > bound:
		return solver.NoWin, true
	}
	return solver.Unknown, false
}

func gridEntries() []Entry {
	var out []Entry
	for p := 1; p <= 7; p++ {
		for l := 0; l < p; l++ {
			out = append(out, Entry{Win: true, Plies: p, NoWinWithin: l})
		}
		out = append(out, Entry{Win: true, Plies: p, Exact: true})
	}
	for l := 1; l <= 7; l++ {
		out = append(out, Entry{NoWinWithin: l})
	}
	out = append(out, Entry{NoWinEver: true})
	for i := range out {
		out[i].normalize()
	}
	return out
}

func TestAnswerCoversOnlyItsQuestions(t *testing.T) {
	for _, e := range gridEntries() {
		for bound := 0; bound <= 9; bound++ {
			for _, shortest := range []bool{false, true} {
				r, ok := e.answer(bound, shortest)
				wr, wok := intervalOf(e).settles(bound, shortest)
				if r != wr || ok != wok {
					t.Errorf("%+v, bound %d, shortest %v: %v %v, want %v %v", e, bound, shortest, r, ok, wr, wok)
				}
			}
		}
	}
	// The brief's cases, spelled out.
	up := Entry{Win: true, Plies: 9}
	if _, ok := up.answer(0, true); ok {
		t.Error("an upper bound answered a shortest question")
	}
	bounded := Entry{NoWinWithin: 6}
	if _, ok := bounded.answer(0, false); ok {
		t.Error("no win within 6 answered the unbounded question")
	}
	if r, ok := bounded.answer(7, false); ok {
		t.Errorf("no win within 6 answered bound 7: %v", r)
	}
	if r, ok := bounded.answer(6, false); !ok || r != solver.NoWin {
		t.Error("no win within 6 did not answer bound 6")
	}
}

func TestMergeIntersectsIntervals(t *testing.T) {
	es := gridEntries()
	for _, a := range es {
		for _, b := range es {
			m, err := merge(a, b)
			ia, ib := intervalOf(a), intervalOf(b)
			lo, hi := max(ia.lo, ib.lo), min(ia.hi, ib.hi)
			if lo > hi {
				if !errors.Is(err, ErrConflict) {
					t.Errorf("merge(%+v, %+v) = %+v, %v; want a conflict", a, b, m, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("merge(%+v, %+v): %v", a, b, err)
				continue
			}
			if err := m.check(); err != nil {
				t.Errorf("merge(%+v, %+v) = %+v: %v", a, b, m, err)
			}
			if got := intervalOf(m); got != (interval{lo, hi}) {
				t.Errorf("merge(%+v, %+v) = %+v, interval %v, want [%d, %d]", a, b, m, got, lo, hi)
			}
		}
		if m, err := merge(a, a); err != nil || !reflect.DeepEqual(m, a) {
			t.Errorf("merge of %+v with itself: %+v, %v", a, m, err)
		}
	}
}

func FuzzDecodeValue(f *testing.F) {
	k := testKey(ProverWins)
	for _, e := range sampleEntries() {
		f.Add(encodeValue(k[:], &e))
	}
	f.Add([]byte{})
	f.Add(make([]byte, 20))
	f.Fuzz(func(t *testing.T, v []byte) {
		e, err := decodeValue(k[:], v)
		if err != nil {
			if !errors.Is(err, ErrCorrupt) {
				t.Fatalf("error %v does not wrap ErrCorrupt", err)
			}
			return
		}
		if err := e.check(); err != nil {
			t.Fatalf("accepted an inconsistent entry %+v: %v", e, err)
		}
		if again := encodeValue(k[:], &e); !bytes.Equal(again, v) {
			t.Fatalf("accepted a value that does not re-encode to itself")
		}
		// With the checksum recomputed, arbitrary bodies must not panic.
		if len(v) > sumLen {
			decodeValue(k[:], resum(k, v))
		}
	})
}

package dfpn

import (
	"math/rand/v2"
	"testing"
)

// fixedCondTable is what condTable must answer: a direct-mapped table
// of condTableSize slots, here a map of the slots in use.
type fixedCondTable map[uint64]condEntry

func (t fixedCondTable) put(key uint64, d *depSet) {
	key |= 1
	t[key&(condTableSize-1)] = condEntry{key, *d}
}

func (t fixedCondTable) get(key uint64) (*depSet, bool) {
	key |= 1
	if e, ok := t[key&(condTableSize-1)]; ok && e.key == key {
		return &e.deps, true
	}
	return nil, false
}

// lookup is the search's lookup in t (Searcher.evalChild): the bitmap,
// then the slot.
func lookup(t *condTable, key uint64) (*depSet, bool) {
	if !t.inUse(key) {
		return nil, false
	}
	return t.find(key)
}

// TestCondTableAsFixed: the table of path-dependent disproofs, a map
// while it holds few and then arrays, answers every lookup as a table
// of its full size does, through puts, lookups and a clear every 50,000
// operations (a lookup that skipped the bitmap, or a clear that left
// it, would find keys put before the clear), of keys whose lowest bits
// meet at every width (many share the lowest 11, some all 17, some
// differ only above them), on both sides of the change; it makes no
// arrays while few keys are put.
func TestCondTableAsFixed(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 4 {
		var got condTable
		want := fixedCondTable{}
		// A pool of keys: low bits drawn from few values at each width;
		// in round 0 too few to leave the map.
		pool := make([]uint64, 3000+round*20000)
		for i := range pool {
			low := uint64(r.IntN(1 << 11))
			if r.IntN(3) > 0 {
				low |= uint64(r.IntN(8)) << 11
			}
			if r.IntN(4) == 0 {
				low |= uint64(r.IntN(1<<(condTableBits-11))) << 11
			}
			pool[i] = r.Uint64()&^(condTableSize-1) | low
		}
		lookups, found, clears := 0, 0, 0
		for op := range 400000 {
			key := pool[r.IntN(len(pool))]
			switch x := r.IntN(100); {
			case op%50000 == 49999:
				got.clear()
				clear(want)
				clears++
			case x < 45:
				d := depSet{n: uint8(r.IntN(maxDeps + 1))}
				for k := range int(d.n) {
					d.h[k] = r.Uint64()
				}
				got.put(key, &d)
				want.put(key, &d)
			default:
				g, gok := lookup(&got, key)
				w, wok := want.get(key)
				lookups++
				if gok != wok || (gok && *g != *w) {
					t.Fatalf("round %d, op %d, key %#x: got %v %+v, want %v %+v (arrays made: %v)", round, op, key, gok, g, wok, w, got.keys != nil)
				}
				if gok {
					found++
				}
			}
		}
		if (got.keys == nil) != (round == 0) || found < lookups/20 || clears != 8 {
			t.Errorf("round %d: arrays made %v, %d of %d lookups found, %d clears: the test says little", round, got.keys != nil, found, lookups, clears)
		}
	}
	var small condTable
	for range condSmall {
		small.put(r.Uint64(), &depSet{})
	}
	if small.keys != nil {
		t.Errorf("arrays made for %d keys", condSmall)
	}
}

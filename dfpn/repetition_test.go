package dfpn

import (
	"math/rand/v2"
	"testing"
)

// fixedCondTable is condTable as it was, all its condTableSize slots
// made at once: the answers the growing table must give.
type fixedCondTable struct {
	used []uint64
	keys []uint64
	deps []depSet
}

func (t *fixedCondTable) put(key uint64, d *depSet) {
	if t.keys == nil {
		t.used = make([]uint64, condTableSize/64)
		t.keys = make([]uint64, condTableSize)
		t.deps = make([]depSet, condTableSize)
	}
	key |= 1
	i := key & (condTableSize - 1)
	t.used[i/64] |= 1 << (i % 64)
	t.keys[i], t.deps[i] = key, *d
}

func (t *fixedCondTable) get(key uint64) (*depSet, bool) {
	if t.keys == nil {
		return nil, false
	}
	key |= 1
	i := key & (condTableSize - 1)
	if t.used[i/64]&(1<<(i%64)) != 0 && t.keys[i] == key {
		return &t.deps[i], true
	}
	return nil, false
}

func (t *fixedCondTable) clear() { clear(t.used) }

// TestCondTableAsFixed: the table of path-dependent disproofs, a map
// while it holds few and then arrays, answers every lookup as a table
// of its full size made at once does, through puts, lookups and clears
// of keys whose lowest bits meet at every width (many share the lowest
// 11, some all 17, some differ only above them), on both sides of the
// change; it makes no arrays while few keys are put.
func TestCondTableAsFixed(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 4 {
		var got condTable
		var want fixedCondTable
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
		lookups, found := 0, 0
		for op := range 400000 {
			key := pool[r.IntN(len(pool))]
			switch x := r.IntN(100); {
			case x < 45:
				d := depSet{n: uint8(r.IntN(maxDeps + 1))}
				for k := range int(d.n) {
					d.h[k] = r.Uint64()
				}
				got.put(key, &d)
				want.put(key, &d)
			case x < 99 || op%50000 != 0:
				g, gok := got.get(key)
				w, wok := want.get(key)
				lookups++
				if gok != wok || (gok && *g != *w) {
					t.Fatalf("round %d, op %d, key %#x: got %v %+v, want %v %+v (arrays made: %v)", round, op, key, gok, g, wok, w, got.keys != nil)
				}
				if gok {
					found++
				}
			default:
				got.clear()
				want.clear()
			}
		}
		if (got.keys == nil) != (round == 0) || found < lookups/10 {
			t.Errorf("round %d: arrays made %v, %d of %d lookups found: the test says little", round, got.keys != nil, found, lookups)
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

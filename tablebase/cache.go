package tablebase

import (
	"sync"
	"sync/atomic"
)

// blockCache keeps decoded blocks, sharded to keep lock contention low,
// each shard replacing its blocks by the CLOCK rule (a block used since
// the hand last passed gets a second chance).
type blockCache struct {
	shards [cacheShards]cacheShard
}

const cacheShards = 64

type cacheShard struct {
	mu    sync.RWMutex
	index map[uint64]int32
	slots []cacheSlot // fixed length; the first n are in use
	n     int
	hand  int
}

type cacheSlot struct {
	key  uint64
	data []byte
	used atomic.Bool
}

func newBlockCache(blocks int) *blockCache {
	per := max(blocks/cacheShards, 2)
	c := &blockCache{}
	for i := range c.shards {
		c.shards[i].index = map[uint64]int32{}
		c.shards[i].slots = make([]cacheSlot, per)
	}
	return c
}

func (c *blockCache) shard(key uint64) *cacheShard {
	h := key * 0x9e3779b97f4a7c15
	return &c.shards[h>>58]
}

// get returns byte off of the cached block key.
func (c *blockCache) get(key uint64, off int) (uint8, bool) {
	sh := c.shard(key)
	sh.mu.RLock()
	i, ok := sh.index[key]
	var v uint8
	if ok {
		s := &sh.slots[i]
		v = s.data[off]
		if !s.used.Load() {
			s.used.Store(true)
		}
	}
	sh.mu.RUnlock()
	return v, ok
}

// put caches a decoded block.
func (c *blockCache) put(key uint64, data []byte) {
	sh := c.shard(key)
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if _, ok := sh.index[key]; ok {
		return
	}
	if sh.n < len(sh.slots) {
		sh.slots[sh.n].key, sh.slots[sh.n].data = key, data
		sh.index[key] = int32(sh.n)
		sh.n++
		return
	}
	for {
		s := &sh.slots[sh.hand]
		if s.used.Load() {
			s.used.Store(false)
			sh.hand = (sh.hand + 1) % len(sh.slots)
			continue
		}
		delete(sh.index, s.key)
		s.key, s.data = key, data
		sh.index[key] = int32(sh.hand)
		sh.hand = (sh.hand + 1) % len(sh.slots)
		return
	}
}

// reset drops every cached block (after a class is rebuilt).
func (c *blockCache) reset() {
	for i := range c.shards {
		sh := &c.shards[i]
		sh.mu.Lock()
		sh.index = map[uint64]int32{}
		for j := range sh.slots {
			sh.slots[j].data = nil
			sh.slots[j].used.Store(false)
		}
		sh.n, sh.hand = 0, 0
		sh.mu.Unlock()
	}
}

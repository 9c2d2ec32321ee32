package hierarchy

import (
	"sync"
	"sync/atomic"
)

// idCache maps int32 ids (here: resolved method ids) to values for one
// receiver class. Reads take no lock and write no shared memory, so they
// scale across cores: a reader atomically loads the table pointer, then
// probes keys with atomic loads. A writer (serialised by a striped mutex)
// stores the value first and then publishes the key atomically, which
// orders the value write before any read that observes the key; when the
// table is half full it builds a larger one and swaps the pointer.
type idCache[V any] struct {
	p atomic.Pointer[idTable[V]]
}

type idTable[V any] struct {
	keys []atomic.Int32 // id+1; 0 marks an empty slot
	vals []V
	n    int // occupied slots (written under the mutex only)
}

func idSlot(key int32, mask int) int {
	return int((uint32(key)*0x9E3779B1)>>7) & mask
}

func (c *idCache[V]) get(id int32) (V, bool) {
	var zero V
	t := c.p.Load()
	if t == nil {
		return zero, false
	}
	return t.lookup(id + 1)
}

func (t *idTable[V]) lookup(key int32) (V, bool) {
	mask := len(t.keys) - 1
	for i := idSlot(key, mask); ; i = (i + 1) & mask {
		switch t.keys[i].Load() {
		case key:
			return t.vals[i], true
		case 0:
			var zero V
			return zero, false
		}
	}
}

// put stores v for id unless present and returns the stored value; mu
// must be the same mutex for every put on this cache.
func (c *idCache[V]) put(mu *sync.Mutex, id int32, v V) V {
	key := id + 1
	mu.Lock()
	defer mu.Unlock()
	t := c.p.Load()
	if t != nil {
		if old, ok := t.lookup(key); ok {
			return old
		}
	}
	if t == nil || 2*(t.n+1) > len(t.keys) {
		size := 8
		if t != nil {
			size = 2 * len(t.keys)
		}
		nt := &idTable[V]{keys: make([]atomic.Int32, size), vals: make([]V, size)}
		if t != nil {
			for i := range t.keys {
				if k := t.keys[i].Load(); k != 0 {
					nt.insert(k, t.vals[i])
				}
			}
		}
		nt.insert(key, v)
		c.p.Store(nt) // publishes the new table and everything in it
		return v
	}
	t.insert(key, v)
	return v
}

// insert adds a key known to be absent: the value before the key.
func (t *idTable[V]) insert(key int32, v V) {
	mask := len(t.keys) - 1
	i := idSlot(key, mask)
	for t.keys[i].Load() != 0 {
		i = (i + 1) & mask
	}
	t.vals[i] = v
	t.keys[i].Store(key)
	t.n++
}

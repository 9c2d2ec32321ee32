package hierarchy

import (
	"sync"
	"testing"
)

// The first dispatch cache design, kept to measure the per-class idCache
// against (BenchmarkDispatch/sharded-rwmutex-map): lock-striped maps keyed
// by (receiver id, method id). A read is an RLock, which writes the
// shard's reader count, and one map probe.
const (
	cacheShardBits = 8
	cacheShards    = 1 << cacheShardBits
)

type shardedCache[V any] struct {
	shards [cacheShards]cacheShard[V]
}

type cacheShard[V any] struct {
	mu sync.RWMutex
	m  map[uint64]V
	_  [32]byte // pad to a cache line against false sharing
}

func shardOf(k uint64) uint64 {
	return (k * 0x9E3779B97F4A7C15) >> (64 - cacheShardBits) // Fibonacci hashing
}

func (c *shardedCache[V]) get(k uint64) (V, bool) {
	s := &c.shards[shardOf(k)]
	s.mu.RLock()
	v, ok := s.m[k]
	s.mu.RUnlock()
	return v, ok
}

// put stores v unless k is present, and returns the stored value, so that
// racing writers agree on one result.
func (c *shardedCache[V]) put(k uint64, v V) V {
	s := &c.shards[shardOf(k)]
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.m[k]; ok {
		return old
	}
	if s.m == nil {
		s.m = make(map[uint64]V)
	}
	s.m[k] = v
	return v
}

// BenchmarkBuildJDK adds every class of the JDK 17 jmods (pre-parsed) to
// a Builder and builds the hierarchy.
func BenchmarkBuildJDK(b *testing.B) {
	skipIfNoJDK(b)
	classes := jdk(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		build(classes)
	}
	b.ReportMetric(float64(len(classes)), "classes")
}

// benchPairs returns a JDK hierarchy and 100k virtual calls on it.
func benchPairs(b *testing.B) (*Hierarchy, []dispatchPair) {
	skipIfNoJDK(b)
	h := build(jdk(b))
	return h, dispatchPairs(h, 100000, 42)
}

// BenchmarkDispatch measures cached selection over 100k distinct
// (receiver, method) pairs; "uncached" is the JVMS lookup itself.
func BenchmarkDispatch(b *testing.B) {
	h, pairs := benchPairs(b)
	for _, p := range pairs {
		h.Dispatch(p.recv, p.m) // warm the cache
	}
	b.Run("cached", func(b *testing.B) {
		i := 0
		for b.Loop() {
			p := pairs[i]
			h.Dispatch(p.recv, p.m)
			if i++; i == len(pairs) {
				i = 0
			}
		}
	})
	b.Run("cached-parallel", func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				p := pairs[i]
				h.Dispatch(p.recv, p.m)
				if i++; i == len(pairs) {
					i = 0
				}
			}
		})
	})
	b.Run("uncached", func(b *testing.B) {
		i := 0
		for b.Loop() {
			p := pairs[i]
			h.selectVirtual(p.recv, p.m)
			if i++; i == len(pairs) {
				i = 0
			}
		}
	})
	b.Run("sharded-rwmutex-map", func(b *testing.B) {
		// The first design: lock-striped maps keyed by (receiver, method).
		var c shardedCache[selection]
		for _, p := range pairs {
			c.put(uint64(uint32(p.recv.ID))<<32|uint64(uint32(p.m.ID)), selection{})
		}
		b.RunParallel(func(pb *testing.PB) {
			i := 0
			for pb.Next() {
				p := pairs[i]
				c.get(uint64(uint32(p.recv.ID))<<32 | uint64(uint32(p.m.ID)))
				if i++; i == len(pairs) {
					i = 0
				}
			}
		})
	})
	b.Run("syncmap", func(b *testing.B) {
		// The alternative the cache was measured against.
		var m sync.Map
		for _, p := range pairs {
			m.Store(uint64(uint32(p.recv.ID))<<32|uint64(uint32(p.m.ID)), selection{})
		}
		i := 0
		for b.Loop() {
			p := pairs[i]
			if v, ok := m.Load(uint64(uint32(p.recv.ID))<<32 | uint64(uint32(p.m.ID))); ok {
				_ = v.(selection)
			}
			if i++; i == len(pairs) {
				i = 0
			}
		}
	})
}

// BenchmarkDispatchTargets measures uncached CHA over the JDK: each
// iteration builds a fresh target set for one resolved method.
func BenchmarkDispatchTargets(b *testing.B) {
	h, pairs := benchPairs(b)
	i := 0
	for b.Loop() {
		p := pairs[i]
		h.chaTargets(p.m.Class, p.m)
		if i++; i == len(pairs) {
			i = 0
		}
	}
}

// BenchmarkIsSubclass measures subtype tests between random JDK classes.
func BenchmarkIsSubclass(b *testing.B) {
	h, pairs := benchPairs(b)
	i := 0
	for b.Loop() {
		p := pairs[i]
		h.IsSubclass(p.recv, p.m.Class)
		if i++; i == len(pairs) {
			i = 0
		}
	}
}

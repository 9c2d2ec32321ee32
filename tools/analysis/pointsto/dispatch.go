package pointsto

import (
	"math"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// dispatchAll handles receiver objects objs (ascending) at a virtual site:
// JVM selection on their classes (cached per resolved method), then per
// target selected, the site bound to it once and its this given the
// objects that select it, together. Nested dispatches (native models
// add call sites while a target is bound) take the next batch, and objs
// is read only before anything else runs, so callers may pass a scratch
// slice.
func (s *solver) dispatchAll(st *site, objs []int32) {
	if len(objs) == 0 {
		return
	}
	sc := st.sel
	if sc == nil {
		sc = s.selections[st.resolved.ID]
		if sc == nil {
			sc = &selCache{byClass: map[int32]int32{}, index: map[*hierarchy.Method]int32{}}
			s.selections[st.resolved.ID] = sc
		}
		st.sel = sc
	}
	if s.batchDepth == len(s.batches) {
		s.batches = append(s.batches, &dispatchBatch{})
	}
	b := s.batches[s.batchDepth]
	s.batchDepth++
	for _, o := range objs {
		ti := s.selectIndex(sc, st.resolved, o)
		if ti < 0 {
			continue
		}
		for int(ti) >= len(b.byTarget) {
			b.byTarget = append(b.byTarget, nil)
		}
		if len(b.byTarget[ti]) == 0 {
			b.touched = append(b.touched, ti)
		}
		b.byTarget[ti] = append(b.byTarget[ti], o)
	}
	for _, ti := range b.touched {
		os := b.byTarget[ti]
		t := sc.targets[ti]
		var tm *method
		if st.bound.Contains(uint32(ti)) {
			tm = s.byID[t.ID]
		} else {
			if st.bound == nil {
				st.bound = &bitset{}
			}
			st.bound.add(s.pool, uint32(ti))
			tm = s.bindNew(st, t)
		}
		if tm != nil && len(tm.params) > 0 {
			s.seedAll(tm.params[0], os)
		}
		if t.IsNative() {
			for _, o := range os {
				s.nativeReceiver(st, t, o)
			}
		}
		b.byTarget[ti] = os[:0]
	}
	b.touched = b.touched[:0]
	s.batchDepth--
}

// dispatchBatch groups the receiver objects of one dispatchAll by target
// index.
type dispatchBatch struct {
	byTarget [][]int32
	touched  []int32 // target indices with objects, in first-seen order
}

// seedAll adds objects objs (ascending) to node n.
func (s *solver) seedAll(n int32, objs []int32) {
	if n < 0 {
		return
	}
	n = s.find(n)
	c := idCursor{b: s.nodes[n].pts}
	var pts, delta *bitset
	for _, o := range objs {
		if c.has(uint32(o)) {
			continue
		}
		if pts == nil {
			// The new objects are added after the ones c looks at, so
			// its array (if it stays one) only gains ids behind it.
			pts, delta = s.own(&s.nodes[n].pts), s.own(&s.nodes[n].delta)
			c.b = pts
		}
		pts.add(s.pool, uint32(o))
		delta.add(s.pool, uint32(o))
	}
	if pts != nil {
		s.enqueue(n)
	}
}

// selCache is the JVM selection of one resolved method per receiver
// class: target indices (-1 for none) by instantiated class index, in a
// map while few, then in a slice.
type selCache struct {
	targets []*hierarchy.Method
	index   map[*hierarchy.Method]int32
	byClass map[int32]int32
	dense   []uint16 // instantiated class index → target index + 2, 0 unknown
}

// selCacheDense is the least number of classes from which a selCache is
// a slice (a sixteenth of the instantiated classes, when more).
const selCacheDense = 64

// selectIndex returns the index of the method the class of object o
// selects for resolved method r (-1 for none).
func (s *solver) selectIndex(sc *selCache, r *hierarchy.Method, o int32) int32 {
	i := s.objInst[o]
	if sc.dense != nil {
		if int(i) < len(sc.dense) && sc.dense[i] != 0 {
			return int32(sc.dense[i]) - 2
		}
	} else if ti, ok := sc.byClass[i]; ok {
		return ti
	}
	ti := int32(-1)
	if t, out := s.h.Select(s.objClass[o], r); out.OK() && t != nil {
		var ok bool
		if ti, ok = sc.index[t]; !ok {
			ti = int32(len(sc.targets))
			sc.targets = append(sc.targets, t)
			sc.index[t] = ti
		}
	}
	if sc.dense == nil && (len(sc.byClass) < max(selCacheDense, int(s.numInst)/16) || len(sc.targets) > math.MaxUint16-2) {
		sc.byClass[i] = ti
		return ti
	}
	if sc.dense == nil {
		sc.dense = make([]uint16, s.numInst)
		for j, x := range sc.byClass {
			sc.dense[j] = uint16(x + 2)
		}
		sc.byClass = nil
	}
	if int(i) >= len(sc.dense) {
		sc.dense = append(sc.dense, make([]uint16, int(s.numInst)-len(sc.dense))...)
	}
	sc.dense[i] = uint16(ti + 2)
	return ti
}

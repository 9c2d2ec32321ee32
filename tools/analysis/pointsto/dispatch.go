package pointsto

import (
	"math"
	"slices"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// recvSource tells where the receiver objects of a dispatch come from, so
// that the targets' this nodes can take them as a set (sharing.go): the
// delta d of node n (a representative) and n's set cur (both held while
// the dispatch runs), or, for d nil, the whole set of n (a new site).
type recvSource struct {
	n      int32
	d, cur *bitset
}

// dispatchAll handles receiver objects objs (ascending) at a virtual site:
// JVM selection on their classes (cached per resolved method), then per
// target selected, the site bound to it once and its this given the
// objects that select it, together. When every object selects one target
// that is not native (nearly every dispatch), its this takes them from
// src as a set, which the sharing of equal sets often makes constant
// time: most receiver objects reach a this node along several sites (in
// CUP's AND_f link, 99.6% of those dispatched were there already).
// Nested dispatches (native models add call sites while a target is
// bound) take the next batch, and objs is read only before anything else
// runs, so callers may pass a scratch slice. It reports whether a this
// node then shares src's set cur.
func (s *solver) dispatchAll(st *site, objs []int32, src recvSource) bool {
	if len(objs) == 0 {
		return false
	}
	if st.resolved != nil && st.resolved.Class == s.vhClass && st.resolved.IsNative() { // varhandle.go
		return s.varHandleObjects(st, objs, src)
	}
	if len(s.handleIDs) > 0 { // handles.go
		if use := s.handleUse(st); use != 0 {
			hs := among(s.handleIDs, objs)
			shares := s.dispatchRest(st, objs, src)
			for _, o := range hs {
				if summary.IsVarHandle(s.handles[o].Kind) {
					continue // no MethodHandle
				}
				switch use {
				case handleInvoke:
					s.handleCalls(st, o)
				case handleBind:
					s.handleBindTo(st, o)
				case handleUpdate:
					s.updaterCall(st, o)
				case handleReflect:
					s.reflectFieldCall(st, o)
				default:
					s.handleAdapt(st, o)
				}
			}
			return shares
		}
	}
	return s.dispatchRest(st, objs, src)
}

// dispatchRest is dispatchAll without the method handles' calls.
func (s *solver) dispatchRest(st *site, objs []int32, src recvSource) bool {
	if st.serial != nil { // serial.go
		s.serialObjects(st.serial, objs)
		return false
	}
	if len(s.proxyIDs) > 0 { // proxy.go
		ps := among(s.proxyIDs, objs)
		shares := s.dispatchObjects(st, objs, src)
		if len(ps) > 0 {
			s.dispatchProxies(st, ps)
		}
		return shares
	}
	return s.dispatchObjects(st, objs, src)
}

// dispatchObjects is dispatchAll without the proxies' calls.
func (s *solver) dispatchObjects(st *site, objs []int32, src recvSource) bool {
	sc := st.sel
	if sc == nil {
		sc = s.selections[st.resolved.ID]
		if sc == nil {
			sc = &selCache{}
			s.selections[st.resolved.ID] = sc
		}
		st.sel = sc
	}
	one := s.selectIndex(sc, st.resolved, objs[0])
	for _, o := range objs[1:] {
		if s.selectIndex(sc, st.resolved, o) != one {
			one = -2
			break
		}
	}
	if one == -1 {
		return false // no object selects a method
	}
	if one >= 0 && !sc.targets[one].IsNative() {
		if src.d != nil {
			return s.bindAndSeed(st, sc, one, src.n, src.d, src.cur)
		}
		// Binding may add objects to n (an argument flowing to a
		// parameter of its own method), not selected yet: this takes
		// n's set as it is now.
		cur := s.nodes[src.n].pts
		retain(cur)
		s.bindAndSeed(st, sc, one, src.n, cur, cur)
		s.release(cur)
		return false
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
		tm, t := s.bindIndex(st, sc, ti)
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
	return false
}

// bindIndex binds site st to the target of index ti in its selection
// cache sc, once, and returns the target's solver record (nil if it has
// no body) and the target.
func (s *solver) bindIndex(st *site, sc *selCache, ti int32) (*method, *hierarchy.Method) {
	t := sc.targets[ti]
	if st.bound.Contains(uint32(ti)) {
		return s.byID[t.ID], t
	}
	if st.bound == nil {
		st.bound = &bitset{}
	}
	st.bound.add(s.pool, uint32(ti))
	return s.bindNew(st, t), t
}

// bindAndSeed binds site st to the target of index ti in sc, and adds
// the objects of d, all selecting it, to its this (seedDelta).
func (s *solver) bindAndSeed(st *site, sc *selCache, ti, n int32, d, cur *bitset) bool {
	tm, _ := s.bindIndex(st, sc, ti)
	if tm == nil || len(tm.params) == 0 || tm.params[0] < 0 {
		return false
	}
	if m := s.find(tm.params[0]); m != n {
		return s.seedDelta(m, d, cur)
	}
	return false
}

// seedDelta adds the objects of d, the delta of a node whose set is cur
// (or that set itself), to node m (a representative), which is no
// successor of that node: the shortcuts of flowDelta that assume m holds
// the node's former set do not apply. It reports whether m then shares
// cur.
func (s *solver) seedDelta(m int32, d, cur *bitset) bool {
	switch {
	case s.nodes[m].pts == cur:
		return true
	case s.nodes[m].delta == d || s.nodes[m].absorbed == d:
		return false
	}
	s.flowInto(d, nil, -1, m, cur, false)
	s.absorb(m, d)
	return s.nodes[m].pts == cur
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
// small hash table while few, then in a slice.
type selCache struct {
	targets []*hierarchy.Method
	index   map[*hierarchy.Method]int32 // of targets, once more than selTargetsScan
	byClass []selSlot                   // open addressing, linear probing
	known   int                         // classes in byClass
	dense   []uint16                    // instantiated class index → target index + 2, 0 unknown
}

// selSlot is an entry of selCache.byClass: class is the instantiated
// class index + 1 (0: empty).
type selSlot struct{ class, ti int32 }

// selCacheDense is the least number of classes from which a selCache is
// a slice (a sixteenth of the instantiated classes, when more); a map
// costs several times a probe of the table (selectIndex runs for every
// receiver object of every dispatch).
const selCacheDense = 64

// selTargetsScan is the number of targets found by a scan before they
// are indexed.
const selTargetsScan = 8

// slot returns the slot of class index i in byClass: its own, or the
// empty one where it goes.
func (sc *selCache) slot(i int32) *selSlot {
	mask := uint32(len(sc.byClass) - 1)
	h := uint32(i) * 0x9e3779b1
	for p := (h ^ h>>16) & mask; ; p = (p + 1) & mask {
		if e := &sc.byClass[p]; e.class == i+1 || e.class == 0 {
			return e
		}
	}
}

// remember records that class index i selects target index ti, in the
// table (grown to keep it at most half full).
func (sc *selCache) remember(i, ti int32) {
	if 2*(sc.known+1) > len(sc.byClass) {
		old := sc.byClass
		sc.byClass = make([]selSlot, max(8, 2*len(old)))
		for _, e := range old {
			if e.class != 0 {
				*sc.slot(e.class - 1) = e
			}
		}
	}
	*sc.slot(i) = selSlot{class: i + 1, ti: ti}
	sc.known++
}

// targetIndex returns the index of target t, adding it if new.
func (sc *selCache) targetIndex(t *hierarchy.Method) int32 {
	if sc.index != nil {
		if ti, ok := sc.index[t]; ok {
			return ti
		}
	} else if ti := slices.Index(sc.targets, t); ti >= 0 {
		return int32(ti)
	}
	ti := int32(len(sc.targets))
	sc.targets = append(sc.targets, t)
	switch {
	case sc.index != nil:
		sc.index[t] = ti
	case len(sc.targets) > selTargetsScan:
		sc.index = make(map[*hierarchy.Method]int32, 2*len(sc.targets))
		for j, x := range sc.targets {
			sc.index[x] = int32(j)
		}
	}
	return ti
}

// selectIndex returns the index of the method the class of object o
// selects for resolved method r (-1 for none).
func (s *solver) selectIndex(sc *selCache, r *hierarchy.Method, o int32) int32 {
	i := s.objInst[o]
	if sc.dense != nil {
		if int(i) < len(sc.dense) && sc.dense[i] != 0 {
			return int32(sc.dense[i]) - 2
		}
	} else if len(sc.byClass) > 0 {
		if e := sc.slot(i); e.class != 0 {
			return e.ti
		}
	}
	ti := int32(-1)
	if t, out := s.h.Select(s.objClass[o], r); out.OK() && t != nil {
		ti = sc.targetIndex(t)
	}
	if sc.dense == nil && (sc.known < max(selCacheDense, int(s.numInst)/16) || len(sc.targets) > math.MaxUint16-2) {
		sc.remember(i, ti)
		return ti
	}
	if sc.dense == nil {
		sc.dense = make([]uint16, s.numInst)
		for _, e := range sc.byClass {
			if e.class != 0 {
				sc.dense[e.class-1] = uint16(e.ti + 2)
			}
		}
		sc.byClass, sc.known = nil, 0
	}
	if int(i) >= len(sc.dense) {
		sc.dense = append(sc.dense, make([]uint16, int(s.numInst)-len(sc.dense))...)
	}
	sc.dense[i] = uint16(ti + 2)
	return ti
}

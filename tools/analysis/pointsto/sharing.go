package pointsto

// Sharing equal sets. Most pointer nodes of a large program end with a
// set equal to another node's: in the JDK's 0-CFA_f fragment, 410,000 of
// 2 million nodes hold more than 1,000 objects, in only 75 distinct sets.
// A node whose set becomes equal to the set of the node it copies from
// shares that set (reference-counted; a shared set is copied before it
// changes), which makes the memory of the sets that of the distinct ones.
//
// Sharing also makes propagation cheap along chains of equal sets. Each
// node keeps a snapshot (prop) of the set it had when it last propagated,
// the set its successors already have. When it next propagates its delta,
// a successor still holding that very snapshot (pointer equality) gains
// exactly the delta: it takes the node's current set and the delta as
// its own, in constant time, instead of a set operation per edge. The
// solver's order, and so its result, is that of plain difference
// propagation: the same nodes gain the same objects in the same order.

// unknownSet is the snapshot of a node whose propagated objects are no
// set it holds (after a collapse); it matches no node's set.
var unknownSet = &bitset{}

// retain and release count the holders of a set; a frozen set has no
// count.
func retain(b *bitset) {
	if b != nil && b != unknownSet && b.refs < frozenRefs {
		if checkRefs && b.n < 0 {
			panic("pointsto: a freed set is taken again")
		}
		b.refs++
	}
}

func (s *solver) release(b *bitset) {
	if b != nil && b != unknownSet && b.refs < frozenRefs {
		if checkRefs && b.refs <= 0 {
			panic("pointsto: a set is released more often than taken")
		}
		if b.refs--; b.refs == 0 {
			s.pool.put(b.words)
			b.words = nil
			if checkRefs {
				b.n = freed
			}
		}
	}
}

// checkRefs makes the package's tests catch reference-count errors: a
// freed set gets a negative size, which the set operations trip over,
// and taking a freed set again or releasing a set once too often panics.
var checkRefs = false

const freed = -1 << 30

// frozenRefs is the count of a frozen set: a warm start's set that the
// solvers restoring it share (warm_template.go), possibly at once. It is
// never changed: it counts as shared (so it is copied before a change),
// retain and release leave its count alone, and the table of interned
// sets does not take it (its hash is made when it is frozen).
const frozenRefs = 1 << 30

// freeze makes b frozen.
func freeze(b *bitset) {
	b.hash()
	b.refs = frozenRefs
}

// own makes *p a set held only by the caller's slot (copying a shared
// one, allocating an empty one for nil) and returns it.
func (s *solver) own(p **bitset) *bitset {
	b := *p
	switch {
	case b == nil:
		b = &bitset{refs: 1}
		*p = b
	case b.refs > 1:
		if b.refs < frozenRefs {
			b.refs--
		}
		b = b.clone(s.pool)
		b.refs = 1
		*p = b
	}
	return b
}

// share makes node n's set the set cur (equal to n's).
func (s *solver) share(n int32, cur *bitset) {
	retain(cur)
	s.release(s.nodes[n].pts)
	s.nodes[n].pts = cur
}

// addDelta adds the objects d, new to node n, to n's delta.
func (s *solver) addDelta(n int32, d *bitset) {
	if s.nodes[n].delta.IsEmpty() && d != &s.scratchArr && d != &s.scratchDense {
		retain(d)
		s.release(s.nodes[n].delta)
		s.nodes[n].delta = d
		return
	}
	if cur := s.nodes[n].delta; cur != nil && cur.refs > 1 {
		// Shared: make the union at once rather than copy, then grow, it.
		u := unionOf(s.pool, cur, d)
		u.refs = 1
		s.release(cur)
		s.nodes[n].delta = u
		return
	}
	s.own(&s.nodes[n].delta).or(s.pool, d)
}

// flowDelta propagates the delta d of node n along edge e. from is the
// snapshot of n before d (its successors hold at least that), cur the set
// of n (from plus d). It reports whether the successor then shares cur.
func (s *solver) flowDelta(n int32, d, from, cur *bitset, e edge) bool {
	m := s.find(e.to)
	var pass *bitset
	if e.filter >= 0 {
		pass = s.passing(e.filter)
		if len(s.anyInfos) > 0 { // anyarray.go
			s.anyArrayViews(d, pass, e.filter, m)
		}
	}
	if m == n {
		return false
	}
	pm := s.nodes[m].pts
	if pm == cur {
		return true // m has n's set
	}
	if s.nodes[m].delta == d || s.nodes[m].absorbed == d {
		return false // m has d already
	}
	if pm == from && (pass == nil || d.subsetOf(pass)) {
		// m held what n had propagated, so every object of d is new to m.
		s.share(m, cur)
		s.addDelta(m, d)
		s.absorb(m, d)
		s.enqueue(m)
		return true
	}
	s.flowInto(d, pass, e.filter, m, cur, true)
	if pass == nil {
		s.absorb(m, d)
	}
	return s.nodes[m].pts == cur
}

// absorb records that node m has every object of delta d: m skips d when
// it comes again along another path (holding d keeps it unchanged).
func (s *solver) absorb(m int32, d *bitset) {
	retain(d)
	s.release(s.nodes[m].absorbed)
	s.nodes[m].absorbed = d
}

// flowAll propagates the set of node from along a new edge to node to.
func (s *solver) flowAll(from, to, filter int32) {
	cur := s.nodes[from].pts
	if cur.IsEmpty() {
		return
	}
	var pass *bitset
	if filter >= 0 {
		pass = s.passing(filter)
		if len(s.anyInfos) > 0 { // anyarray.go
			s.anyArrayViews(cur, pass, filter, to)
		}
	}
	if from == to {
		return
	}
	pm := s.nodes[to].pts
	if pm == cur {
		return
	}
	if pm.IsEmpty() && (pass == nil || cur.subsetOf(pass)) {
		s.share(to, cur)
		s.addDelta(to, cur)
		s.enqueue(to)
		return
	}
	s.flowInto(cur, pass, filter, to, cur, true)
}

// flowInto adds the objects of src that pass filter f (all if pass is
// nil) to node m; if m's set then equals full, the set of the node src
// comes from, m shares it. Successors holding the same shared set get
// the same result (flowMemo). succ tells that m has every object of full
// that is not in src (a successor along an unfiltered edge; always so
// where src is full): then equal sizes make equal sets.
func (s *solver) flowInto(src, pass *bitset, f, m int32, full *bitset, succ bool) {
	pm := s.nodes[m].pts
	shared := pm != nil && pm.refs > 1
	if shared {
		for _, e := range s.memo {
			if e.src == src && e.pm == pm && e.filter == f {
				if e.pts != nil {
					s.enqueue(m)
					s.share(m, e.pts)
					s.addDelta(m, e.delta)
				}
				return
			}
		}
	}
	nw := &s.scratchArr
	if src.words != nil {
		nw = &s.scratchDense
	}
	diffInto(nw, src, pass, pm)
	if nw.n == 0 {
		if shared {
			s.remember(flowMemo{src: src, pm: pm, filter: f})
		}
		return
	}
	if nw.n == src.n {
		nw = src // every object of src is new to m: share it
	}
	s.enqueue(m)
	if pm.IsEmpty() {
		// m had no objects: its set and its delta are the new ones.
		x := nw
		switch {
		case nw.n == full.n:
			x = full
		case nw != src:
			x = s.setOf(nw)
		}
		s.share(m, x)
		s.addDelta(m, x)
		return
	}
	d := nw
	if nw != src && (shared || s.nodes[m].delta.IsEmpty()) {
		d = s.setOf(nw)
	}
	if shared {
		retain(pm) // the memo's key, which m may stop holding below
	}
	s.addDelta(m, d)
	switch {
	case pm.Len()+int(nw.n) == full.Len() && (pass == nil && succ || pm.subsetOf(full) && nw.subsetOf(full)):
		// m now has the objects of full (an unfiltered edge's target has
		// at least those): share it.
		s.share(m, full)
	case shared:
		u := s.internedUnion(pm, nw)
		if u != nil {
			retain(u)
		} else {
			u = unionOf(s.pool, pm, nw)
			u.refs = 1
			if pm.interned {
				u.base = pm
			}
		}
		s.release(pm)
		s.nodes[m].pts = u
	default:
		s.own(&s.nodes[m].pts).or(s.pool, nw)
	}
	if shared {
		s.remember(flowMemo{src: src, pm: pm, filter: f, pts: s.nodes[m].pts, delta: d})
		s.release(pm)
	}
}

// flowMemo is the result of a flow of src through filter into a node
// holding the shared set pm: its new set and delta (pts nil: nothing
// new). Nodes often share a set (interned when they propagated) and
// receive the same delta from the same node; the solver remembers the
// last few flows while a node propagates its delta.
type flowMemo struct {
	src, pm    *bitset
	filter     int32
	pts, delta *bitset
}

// memoSize is the number of flows remembered.
const memoSize = 8

// remember records flow e (holding its sets).
func (s *solver) remember(e flowMemo) {
	for _, b := range []*bitset{e.src, e.pm, e.pts, e.delta} {
		retain(b)
	}
	if len(s.memo) < memoSize {
		s.memo = append(s.memo, e)
		return
	}
	s.forget(s.memo[s.memoNext])
	s.memo[s.memoNext] = e
	s.memoNext = (s.memoNext + 1) % memoSize
}

func (s *solver) forget(e flowMemo) {
	for _, b := range []*bitset{e.src, e.pm, e.pts, e.delta} {
		s.release(b)
	}
}

// clearMemo forgets the flows remembered.
func (s *solver) clearMemo() {
	for _, e := range s.memo {
		s.forget(e)
	}
	s.memo, s.memoNext = s.memo[:0], 0
}

// canonMin is the size from which sets are interned.
const canonMin = 64

// intern returns the interned set equal to b, entering b if there is
// none. A node interns its set when it propagates it: sets that became
// equal along different paths, which propagation does not see, take the
// memory of one, and later propagation between such nodes takes
// constant time. The table holds its sets (so they do not change);
// sweep drops those no node holds any more.
func (s *solver) intern(b *bitset) *bitset {
	h := b.hash()
	for _, c := range s.interned[h] {
		if equalSets(b, c) {
			return c
		}
	}
	if b.refs < frozenRefs {
		s.enter(b, h)
	}
	return b
}

// setOf returns a set of the ids of scratch set b: the interned one if
// b is large (entering a copy if there is none).
func (s *solver) setOf(b *bitset) *bitset {
	if b.n < canonMin {
		x := &bitset{}
		x.or(s.pool, b)
		return x
	}
	h := b.hash()
	for _, c := range s.interned[h] {
		if equalSets(b, c) {
			return c
		}
	}
	x := &bitset{}
	x.or(s.pool, b)
	s.enter(x, h)
	return x
}

// enter puts b, of hash h, in the table.
func (s *solver) enter(b *bitset, h uint64) {
	// Sweep before b joins: a set new to setOf is held by the table alone
	// until its caller takes it, and a sweep would free it.
	if s.numInterned >= 2*s.internedAtSweep+1<<14 {
		s.sweep()
	}
	b.interned = true
	retain(b)
	s.interned[h] = append(s.interned[h], b)
	s.numInterned++
}

// sweep drops the interned sets only the table holds.
func (s *solver) sweep() {
	n := 0
	for h, l := range s.interned {
		out := l[:0]
		for _, c := range l {
			if c.refs == 1 {
				c.interned = false
				s.release(c)
			} else {
				out = append(out, c)
			}
		}
		clear(l[len(out):])
		if len(out) == 0 {
			delete(s.interned, h)
		} else {
			s.interned[h] = out
		}
		n += len(out)
	}
	s.numInterned, s.internedAtSweep = n, n
}

// internedUnion returns the interned set equal to pm ∪ nw (nw disjoint
// from pm), or nil. Nodes sharing a set often gain the same objects from
// different nodes: each would copy the shared set to grow it, and only
// interning, when they next propagate, would find the copies equal. The
// union's hash is pm's with the terms of the words nw changes, so
// finding it costs the words of nw and one comparison, not a copy.
func (s *solver) internedUnion(pm, nw *bitset) *bitset {
	n := pm.Len() + nw.Len()
	if n < canonMin || pm.words == nil {
		return nil
	}
	pm.hash()
	h := pm.h
	add := func(k int32, w uint64) {
		old := pm.word(k)
		h += term(k, old|w) - term(k, old)
	}
	if nw.words == nil {
		for i := 0; i < len(nw.arr); {
			k := int32(nw.arr[i] >> 6)
			var w uint64
			for ; i < len(nw.arr) && int32(nw.arr[i]>>6) == k; i++ {
				w |= 1 << (nw.arr[i] & 63)
			}
			add(k, w)
		}
	} else {
		for i, w := range nw.words {
			if w != 0 {
				add(nw.lo+int32(i), w)
			}
		}
	}
	for _, c := range s.interned[uint64(n)*hashLen+h] {
		if c.Len() == n && nw.subsetOf(c) && (c.base == pm && pm.interned || pm.subsetOf(c)) {
			return c
		}
	}
	return nil
}

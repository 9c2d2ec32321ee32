package pointsto

import "testing"

// live reports whether b still holds its ids: a released set's words are
// back in the pool while its count stays.
func live(b *bitset) bool {
	return b.words != nil || len(b.arr) == int(b.n)
}

func rangeSet(lo, hi uint32) *bitset {
	b := &bitset{}
	for x := lo; x < hi; x++ {
		b.add(nil, x)
	}
	return b
}

// A set that setOf enters when the table is due a sweep is the caller's:
// the sweep, which frees the sets only the table holds, must not free it.
func TestSetOfAtSweep(t *testing.T) {
	for _, ids := range [][2]uint32{{0, canonMin}, {0, 4 * canonMin}, {1000, 1000 + 8*canonMin}} {
		s := &solver{interned: map[uint64][]*bitset{}, pool: &wordPool{}}
		old := rangeSet(50000, 50000+canonMin) // only the table holds it: swept
		s.enter(old, old.hash())
		s.numInterned = 1 << 14 // due
		b := rangeSet(ids[0], ids[1])
		x := s.setOf(b)
		if !live(x) || x.refs != 1 || !equalSets(x, b) {
			t.Fatalf("ids %v: setOf returned a freed set (refs %d, %d ids, %d words, %d listed)", ids, x.refs, x.n, len(x.words), len(x.arr))
		}
		if live(old) {
			t.Fatalf("ids %v: the sweep did not run", ids)
		}
	}
}

// A flow into a node whose set is also its delta (two holders, so the set
// counts as shared) replaces the set; the memo, which keys the flow by the
// old set, must hold that set alive rather than take a freed one.
func TestMemoKeyOutlivesFlow(t *testing.T) {
	s := &solver{interned: map[uint64][]*bitset{}, pool: &wordPool{}}
	s.nodes = []node{{rep: 0}}
	pm := rangeSet(0, 2*canonMin)
	pm.refs = 2
	s.nodes[0].pts, s.nodes[0].delta = pm, pm
	src := rangeSet(2*canonMin, 4*canonMin)
	s.flowInto(src, nil, -1, 0, src, true)
	if got := s.nodes[0].pts; got.Len() != 4*canonMin || !live(got) {
		t.Fatalf("node set: %d ids, live %v", got.Len(), live(got))
	}
	if len(s.memo) != 1 || s.memo[0].pm != pm {
		t.Fatalf("memo: %+v", s.memo)
	}
	for _, b := range []*bitset{s.memo[0].pm, s.memo[0].pts, s.memo[0].delta} {
		if b != nil && (!live(b) || b.refs < 1) {
			t.Fatalf("memo holds a freed set (refs %d, %d ids, %d words, %d listed)", b.refs, b.n, len(b.words), len(b.arr))
		}
	}
	s.clearMemo()
	if pm.refs != 0 {
		t.Fatalf("old set: %d holders after the memo forgot it, want 0", pm.refs)
	}
}

// A dispatch adds a receiver node's delta to a this node, which is no
// successor of the receiver node: equal sizes (here {4, 5} and the delta
// {3} against the node's {1, 2, 3}) must not make it take that node's
// set.
func TestSeedDeltaNoSuccessor(t *testing.T) {
	s := &solver{interned: map[uint64][]*bitset{}, pool: &wordPool{}}
	s.nodes = []node{{rep: 0}, {rep: 1}}
	cur, d := rangeSet(1, 4), rangeSet(3, 4)
	cur.refs, d.refs = 1, 1
	s.nodes[1].pts = rangeSet(4, 6)
	s.nodes[1].pts.refs = 1
	if s.seedDelta(1, d, cur) {
		t.Error("seedDelta reports that the node shares the receiver node's set")
	}
	got := s.nodes[1].pts.appendTo(nil)
	if want := []int32{3, 4, 5}; len(got) != len(want) || got[0] != 3 || got[1] != 4 || got[2] != 5 {
		t.Errorf("this node: %v, want %v", got, want)
	}
	if s.nodes[1].absorbed != d {
		t.Error("the delta is not recorded as absorbed")
	}
	// Given the delta again (another site), the node stays as it is.
	s.clearMemo()
	s.nodes[1].queued, s.queue = false, nil
	pts := s.nodes[1].pts
	s.seedDelta(1, d, cur)
	if len(s.queue) != 0 || s.nodes[1].pts != pts {
		t.Error("the same delta changed the node again")
	}
}

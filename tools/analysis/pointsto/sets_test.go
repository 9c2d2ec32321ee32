package pointsto

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// model is a set as a sorted slice.
func model(b *bitset) []uint32 {
	var out []uint32
	b.Iterate(func(x uint32) bool {
		out = append(out, x)
		return true
	})
	return out
}

func fromSlice(xs []uint32) *bitset {
	b := &bitset{}
	for _, x := range xs {
		b.add(nil, x)
	}
	return b
}

func randomSet(r *rand.Rand) []uint32 {
	m := map[uint32]bool{}
	n := r.IntN(200)
	span := uint32(1 + r.IntN(20000))
	base := uint32(r.IntN(50000))
	for range n {
		m[base+uint32(r.IntN(int(span)))] = true
	}
	var out []uint32
	for x := range m {
		out = append(out, x)
	}
	slices.Sort(out)
	return out
}

func check(t *testing.T, what string, b *bitset, want []uint32) {
	t.Helper()
	got := model(b)
	if !slices.Equal(got, want) || b.Len() != len(want) {
		t.Fatalf("%s: got %v (len %d), want %v", what, got, b.Len(), want)
	}
	for _, x := range want {
		if !b.Contains(x) {
			t.Fatalf("%s: %d missing", what, x)
		}
	}
	if got := b.appendTo(nil); len(got) != len(want) {
		t.Fatalf("%s: appendTo %v", what, got)
	}
}

func union(a, b []uint32) []uint32 {
	out := slices.Concat(a, b)
	slices.Sort(out)
	return slices.Compact(out)
}

func TestBitset(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var scratch bitset
	for i := range 3000 {
		a, b, p := randomSet(r), randomSet(r), randomSet(r)
		if i%3 == 0 {
			p = union(p, a) // most pass
		}
		sa, sb, sp := fromSlice(a), fromSlice(b), fromSlice(p)
		check(t, "a", sa, a)
		// diffInto and or: the solver's flow.
		diffInto(&scratch, sa, sp, sb)
		var want []uint32
		for _, x := range a {
			if _, in := slices.BinarySearch(p, x); !in {
				continue
			}
			if _, in := slices.BinarySearch(b, x); !in {
				want = append(want, x)
			}
		}
		check(t, "diff", &scratch, want)
		diffInto(&scratch, sa, nil, sb)
		c := sb.clone(nil)
		c.or(nil, &scratch)
		check(t, "or diff", c, union(a, b))
		c = sb.clone(nil)
		c.or(nil, sa)
		check(t, "or", c, union(a, b))
		check(t, "unionOf", unionOf(nil, sa, sb), union(a, b))
		check(t, "unionOf scratch", unionOf(nil, sb, &scratch), union(a, b))
		if !equalSets(c, fromSlice(union(b, a))) {
			t.Fatal("equalSets")
		}
		if u := unionOf(nil, sa, sb); u.hash() != c.hash() {
			t.Fatal("hash")
		}
		dense := fromSlice(a)
		if len(a) > 0 && dense.words == nil {
			dense.toDense(nil, int32(a[0]>>6), int32(a[len(a)-1]>>6))
		}
		if dense.hash() != sa.hash() || !equalSets(dense, sa) {
			t.Fatal("hash of dense and array forms")
		}
		sub := true
		for _, x := range a {
			if _, in := slices.BinarySearch(p, x); !in {
				sub = false
			}
		}
		if sa.subsetOf(sp) != sub {
			t.Fatalf("subsetOf %v %v", a, p)
		}
		if equalSets(sa, sb) != slices.Equal(a, b) {
			t.Fatal("equalSets differs")
		}
	}
}

// TestIncrementalHash: the hash kept through add, or, unionOf and clone
// equals the hash computed from the ids, after random sequences of them
// on sets of every form.
func TestIncrementalHash(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	fresh := func(b *bitset) uint64 {
		c := &bitset{n: b.n}
		c.arr = model(b)
		return c.hash()
	}
	for range 300 {
		a := fromSlice(randomSet(r))
		a.hash() // from here on maintained
		for range 20 {
			switch r.IntN(4) {
			case 0:
				a.add(nil, uint32(r.IntN(70000)))
			case 1:
				a.or(nil, fromSlice(randomSet(r)))
			case 2:
				a = unionOf(nil, a, fromSlice(randomSet(r)))
			case 3:
				a = a.clone(nil)
			}
			if got, want := a.hash(), fresh(a); got != want {
				t.Fatalf("kept hash %x, from the ids %x (set of %d, dense %v)", got, want, a.Len(), a.words != nil)
			}
		}
	}
}

// TestInternedUnion: a shared set growing by new objects finds the
// interned set equal to the union (never one that differs), whatever
// the forms of the operands.
func TestInternedUnion(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		s := &solver{interned: map[uint64][]*bitset{}, pool: &wordPool{}}
		pm := fromSlice(randomSet(r))
		if pm.Len() == 0 {
			continue
		}
		if pm.words == nil { // shared sets worth looking up are dense
			lo, hi := pm.span()
			pm.toDense(nil, lo, hi)
		}
		var nw bitset
		diffInto(&nw, fromSlice(randomSet(r)), nil, pm)
		if r.IntN(2) == 0 && nw.Len() > 0 && nw.words == nil {
			lo, hi := nw.span()
			nw.toDense(nil, lo, hi)
		}
		if nw.Len() == 0 {
			continue
		}
		want := union(model(pm), model(&nw))
		u := unionOf(nil, pm, &nw)
		if len(want) < canonMin {
			if s.internedUnion(pm, &nw) != nil {
				t.Fatal("small union looked up")
			}
			continue
		}
		if s.internedUnion(pm, &nw) != nil {
			t.Fatal("found a union in an empty table")
		}
		// A set one object away from the union must not match.
		other := u.clone(nil)
		other.add(nil, 70001)
		s.enter(other, other.hash())
		if s.internedUnion(pm, &nw) != nil {
			t.Fatal("found a different set")
		}
		// Nor a set of the same size and hash that holds pm but not nw (a
		// collision, forced).
		fake := pm.clone(nil)
		for x := uint32(80000); fake.Len() < u.Len(); x++ {
			fake.add(nil, x)
		}
		s.interned[u.hash()] = append(s.interned[u.hash()], fake)
		if s.internedUnion(pm, &nw) != nil {
			t.Fatal("found a colliding set")
		}
		// Nor one that holds nw but not pm and names pm as its base while
		// pm is not interned (so may have changed): the base is trusted
		// only for an interned pm.
		fake2 := nw.clone(nil)
		for x := uint32(90000); fake2.Len() < u.Len(); x++ {
			fake2.add(nil, x)
		}
		fake2.base = pm
		s.interned[u.hash()] = append(s.interned[u.hash()], fake2)
		if s.internedUnion(pm, &nw) != nil {
			t.Fatal("found a set by its base")
		}
		s.enter(u, u.hash())
		got := s.internedUnion(pm, &nw)
		if got != u {
			t.Fatalf("union of %d and %d objects not found", pm.Len(), nw.Len())
		}
		check(t, "internedUnion", got, want)
	}
}

// TestSubsetDense: subsetOf agrees with the model for array and dense
// forms of both sets.
func TestSubsetDense(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	dense := func(xs []uint32) *bitset {
		b := fromSlice(xs)
		if b.words == nil && len(xs) > 0 {
			b.toDense(nil, int32(xs[0]>>6), int32(xs[len(xs)-1]>>6))
		}
		return b
	}
	for range 2000 {
		p := randomSet(r)
		var a []uint32
		for _, x := range p {
			if r.IntN(3) > 0 {
				a = append(a, x)
			}
		}
		if r.IntN(2) == 0 {
			a = union(a, []uint32{uint32(r.IntN(80000))})
		}
		want := true
		for _, x := range a {
			if _, in := slices.BinarySearch(p, x); !in {
				want = false
			}
		}
		array := func(xs []uint32) *bitset { return &bitset{arr: slices.Clone(xs), n: int32(len(xs))} }
		for f := range 4 {
			form := func(xs []uint32, d bool) *bitset {
				if d {
					return dense(xs)
				}
				return array(xs)
			}
			if got := form(a, f&1 != 0).subsetOf(form(p, f&2 != 0)); got != want {
				t.Fatalf("subsetOf(%v, %v) = %v (form %d)", a, p, got, f)
			}
		}
	}
}

// TestDiffIntoForms: diffInto agrees with the model for every form of
// source, filter and target (array or dense; no filter), including
// flows that bring nothing new and targets covering other word ranges.
func TestDiffIntoForms(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	form := func(xs []uint32, dense bool) *bitset {
		b := &bitset{arr: slices.Clone(xs), n: int32(len(xs))}
		if dense && len(xs) > 0 {
			b.toDense(nil, int32(xs[0]>>6), int32(xs[len(xs)-1]>>6))
		}
		return b
	}
	var out bitset
	for i := range 1500 {
		a, b, p := randomSet(r), randomSet(r), randomSet(r)
		switch i % 3 {
		case 0:
			b = union(b, a) // nothing new
		case 1:
			p = union(p, a)
		}
		var want, wantAll []uint32
		for _, x := range a {
			_, inB := slices.BinarySearch(b, x)
			_, inP := slices.BinarySearch(p, x)
			if !inB {
				wantAll = append(wantAll, x)
				if inP {
					want = append(want, x)
				}
			}
		}
		for f := range 8 {
			src, dst, pass := form(a, f&1 != 0), form(b, f&2 != 0), form(p, f&4 != 0)
			diffInto(&out, src, pass, dst)
			check(t, "diffInto", &out, want)
			diffInto(&out, src, nil, dst)
			check(t, "diffInto unfiltered", &out, wantAll)
		}
	}
}

// TestIDCursor: a cursor answers like Contains for increasing ids, on
// array and dense sets, while the set it reads gains the ids asked for
// (as seedAll adds them), and on nil and empty sets.
func TestIDCursor(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := range 1000 {
		xs, qs := randomSet(r), randomSet(r)
		if i%4 == 0 {
			qs = union(qs, xs)
		}
		b := fromSlice(xs)
		if i%2 == 1 && len(xs) > 0 && b.words == nil {
			b.toDense(nil, int32(xs[0]>>6), int32(xs[len(xs)-1]>>6))
		}
		grow := i%3 == 0
		c := idCursor{b: b}
		for _, q := range qs {
			_, want := slices.BinarySearch(xs, q)
			if got := c.has(q); got != want {
				t.Fatalf("set %v: has(%d) = %v (queries %v)", xs, q, got, qs)
			}
			if grow && !want {
				b.add(nil, q)
				xs = union(xs, []uint32{q})
			}
		}
		check(t, "cursor's set", b, xs)
	}
	var c idCursor
	if c.has(3) {
		t.Fatal("nil set has 3")
	}
	c = idCursor{b: &bitset{}}
	if c.has(0) {
		t.Fatal("empty set has 0")
	}
}

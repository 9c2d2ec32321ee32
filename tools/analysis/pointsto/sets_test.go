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

package report

import (
	"math/rand"
	"slices"
	"testing"

	"golang.org/x/tools/container/intsets"
)

// TestSetTableRoundTrip: every set decodes to what was added, whatever
// the encoding chose (explicit or as a difference), equal sets share an
// index, and names are sorted.
func TestSetTableRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	name := func(id int) string {
		return string(rune('a'+id%26)) + string(rune('A'+id/26%26)) + string(rune('0'+id/676))
	}
	b := newSetBuilder(name)
	var want [][]string
	var handles []int
	base := &intsets.Sparse{}
	for range 400 {
		base.Insert(rng.Intn(2000))
	}
	for i := range 300 {
		s := &intsets.Sparse{}
		switch i % 3 {
		case 0: // near the base set
			s.Copy(base)
			for range rng.Intn(10) {
				s.Insert(rng.Intn(2000))
				s.Remove(rng.Intn(2000))
			}
		case 1: // small and random
			for range rng.Intn(20) {
				s.Insert(rng.Intn(2000))
			}
		case 2: // a repeat of an earlier set's content, another pointer
			if i > 3 {
				s.Copy(b.distinct[handles[i-3]])
			}
		}
		var ns []string
		for _, x := range s.AppendTo(nil) {
			ns = append(ns, name(x))
		}
		slices.Sort(ns)
		want = append(want, ns)
		handles = append(handles, b.add(s))
	}
	if b.add(b.distinct[handles[7]]) != handles[7] {
		t.Error("the same set added twice gets two handles")
	}
	table := b.finish()
	index := func(h int) int { return h }
	if !slices.IsSorted(table.Names) {
		t.Error("names are not sorted")
	}
	explicit, deltas := 0, 0
	for _, s := range table.Sets {
		if s.Base == nil {
			explicit += len(s.Add)
		} else {
			deltas++
		}
	}
	if deltas == 0 {
		t.Error("no set was encoded as a difference")
	}
	for i, h := range handles {
		got, err := table.DecodeNames(index(h))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want[i]) && !(len(got) == 0 && len(want[i]) == 0) {
			t.Fatalf("set %d (index %d): decoded %q, want %q", i, index(h), got, want[i])
		}
		for j := range i {
			if slices.Equal(want[i], want[j]) != (index(handles[i]) == index(handles[j])) {
				t.Fatalf("sets %d and %d: equal contents %v, same index %v", i, j, slices.Equal(want[i], want[j]), index(handles[i]) == index(handles[j]))
			}
		}
	}
	if _, err := table.Decode(len(table.Sets)); err == nil {
		t.Error("out-of-range set decoded")
	}
	t.Logf("%d sets, %d distinct, %d as differences, %d explicit elements", len(handles), len(table.Sets), deltas, explicit)
}

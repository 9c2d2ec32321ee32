package callgraph

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
)

// TestRanksSortAsKeysAndNames sorts random sublists of the methods and
// classes of classes whose names are prefixes of each other, short and
// long, with the ranks of the whole set, and compares them with sorting
// Key and Name strings; lists holding a method or class outside the
// ranked set, and a set with "." in a class name, take the unranked way.
func TestRanksSortAsKeysAndNames(t *testing.T) {
	for _, withDot := range []bool{false, true} {
		names := prefixNames(withDot)
		h := prefixHierarchy(append(slices.Clone(names), "z/Outside"))
		var ms []*hierarchy.Method
		var cs []*hierarchy.Class
		for _, n := range names {
			cs = append(cs, h.Lookup(n))
			ms = append(ms, h.Lookup(n).Methods...)
		}
		outside := h.Lookup("z/Outside")
		r := NewRanks(ms, cs)
		if r.ok == withDot {
			t.Fatalf("with a dot in a name: %v, ranked methods: %v", withDot, r.ok)
		}
		rng := rand.New(rand.NewPCG(7, 8))
		for round := range 200 {
			n := 2 + rng.IntN(len(ms)-2)
			if round%2 == 0 {
				n = 2 + rng.IntN(shortList)
			}
			got := slices.Clone(ms)
			rng.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
			got = got[:n]
			if round%5 == 0 {
				got = append(got, outside.Methods[0])
			}
			want := slices.Clone(got)
			slices.SortFunc(want, func(a, b *hierarchy.Method) int { return cmp.Compare(a.Key(), b.Key()) })
			r.SortMethods(got)
			if !slices.Equal(got, want) {
				t.Fatalf("dot %v, round %d, methods: got %v\nwant %v", withDot, round, got, want)
			}
			gotC := slices.Clone(cs)
			rng.Shuffle(len(gotC), func(i, j int) { gotC[i], gotC[j] = gotC[j], gotC[i] })
			gotC = gotC[:min(n, len(gotC))]
			if round%5 == 0 {
				gotC = append(gotC, outside)
			}
			wantC := slices.Clone(gotC)
			slices.SortFunc(wantC, func(a, b *hierarchy.Class) int { return cmp.Compare(a.Name, b.Name) })
			r.SortClasses(gotC)
			if !slices.Equal(gotC, wantC) {
				t.Fatalf("dot %v, round %d, classes: got %v\nwant %v", withDot, round, gotC, wantC)
			}
		}
	}
}
